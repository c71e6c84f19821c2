//! Bake torch's library directory into the binary's rpath so `frost-host` runs without
//! LD_LIBRARY_PATH, and force-link torch_cuda so CUDA is found when the wheel has it
//! (the linker drops it with --as-needed since no symbol is referenced directly).
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os != "linux" {
        return;
    }
    if let Some(lib) = std::env::var_os("DEP_TCH_LIBTORCH_LIB") {
        let lib = std::path::PathBuf::from(lib);
        // Swapping the venv's torch (a CPU wheel for a CUDA one) changes this folder: relink,
        // so the binary picks up (or drops) libtorch_cuda instead of staying a stale CPU build.
        println!("cargo:rerun-if-changed={}", lib.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
        if lib.join("libtorch_cuda.so").exists() {
            println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
            println!("cargo:rustc-link-arg=-L{}", lib.display());
            println!("cargo:rustc-link-arg=-ltorch_cuda");
            println!("cargo:rustc-link-arg=-Wl,--as-needed");
        }
    }
}
