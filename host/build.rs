//! Bake torch's library directory into the binary's rpath so `frost-host` runs without
//! LD_LIBRARY_PATH, and force-link torch_cuda so CUDA is found when the wheel has it
//! (the linker drops it with --as-needed since no symbol is referenced directly). The same
//! for the Python library torch.distributed runs in (dist.rs): the interpreter the venv's
//! torch was installed for, not whichever libpython the loader would find first.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if os != "linux" {
        return;
    }
    python_rpath();
    if let Some(lib) = std::env::var_os("DEP_TCH_LIBTORCH_LIB") {
        let lib = std::path::PathBuf::from(lib);
        // Swapping the venv's torch (a CPU wheel for a CUDA one) changes this folder: relink,
        // so the binary picks up (or drops) libtorch_cuda instead of staying a stale CPU build.
        println!("cargo:rerun-if-changed={}", lib.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", lib.display());
        // site-packages/torch/lib -> site-packages: the last resort of dist/site.rs, for a binary
        // run where it was built without a launcher or a python that finds torch.
        if let Some(site) = lib.parent().and_then(|t| t.parent()) {
            println!(
                "cargo:rustc-env=FROST_TORCH_SITE_PACKAGES={}",
                site.display()
            );
        }
        if lib.join("libtorch_cuda.so").exists() {
            println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
            println!("cargo:rustc-link-arg=-L{}", lib.display());
            println!("cargo:rustc-link-arg=-ltorch_cuda");
            println!("cargo:rustc-link-arg=-Wl,--as-needed");
        }
    }
}

/// The rpath of the libpython that pyo3 links (the `python3` on PATH: the venv's, as for torch).
fn python_rpath() {
    let python = std::env::var("PYO3_PYTHON").unwrap_or_else(|_| "python3".into());
    let out = std::process::Command::new(&python)
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_config_var('LIBDIR') or '')",
        ])
        .output();
    if let Ok(out) = out {
        let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
        if !dir.is_empty() {
            println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        }
    }
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-env-changed=VIRTUAL_ENV");
}
