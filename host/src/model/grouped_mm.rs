//! Whether `torch._grouped_mm` can run the routed experts on a device: the rule of torch's own
//! checks (aten/src/ATen/native/cuda/Blas.cpp `_grouped_mm_cuda`, mirrored by
//! `torch/_meta_registrations.py` `_meta_grouped_mm_common`) as transformers applies them
//! (`integrations/moe.py` `_can_use_grouped_mm`). On CUDA: inputs in bf16 only; torch 2.8 runs it
//! on Hopper alone (compute capability 9.x); from 2.9 on any capability from 8.0 (Hopper and
//! Blackwell get the CUTLASS kernel, others torch's own loop of GEMMs); before 2.8 it does not
//! exist. On the CPU: f32, bf16 or f16 from torch 2.11 (2.8 and before have no CPU kernel, 2.9
//! and 2.10 also need 16-byte-aligned data), and only for a pass that builds a graph: there its
//! backward beats the loop's, while a forward alone runs faster as the loop
//! (docs/performance.md, "Families against transformers"). Elsewhere the experts run as a loop
//! ([`super::moe`]), said once per CUDA device in one info line. The torch version is the one
//! this process runs on, read at run time ([`torch_version`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use tch::{Device, Kind};

/// The torch this process runs on (`major.minor`), read once from beside the libtorch it loaded
/// ([`loaded_torch_lib`], [`version_beside`]): not the one it was built against, since a binary
/// (a bundle) may run on another torch. None when it cannot be read: the experts then run as the
/// loop, which every torch runs.
fn torch_version() -> Option<(u32, u32)> {
    static VERSION: OnceLock<Option<(u32, u32)>> = OnceLock::new();
    *VERSION.get_or_init(|| {
        let maps = std::fs::read_to_string("/proc/self/maps").ok()?;
        parse_version(&version_beside(&loaded_torch_lib(&maps)?)?)
    })
}

/// The path of the `libtorch_cpu.so` mapped into a process, from its `/proc/PID/maps` text
/// (a mapped file's path is the rest of its line, from its first `/`).
fn loaded_torch_lib(maps: &str) -> Option<PathBuf> {
    let path = |line: &str| {
        line.find('/')
            .map(|at| PathBuf::from(line[at..].trim_end()))
    };
    maps.lines()
        .filter_map(path)
        .find(|p| p.file_name().is_some_and(|n| n == "libtorch_cpu.so"))
}

/// The version of the torch whose library is `lib` (`.../lib/libtorch_cpu.so`): a wheel's
/// `torch/version.py` (`__version__ = '2.13.0+cu130'`) or a libtorch archive's `build-version`,
/// in the folder above `lib/`.
fn version_beside(lib: &Path) -> Option<String> {
    let root = lib.parent()?.parent()?;
    let wheel = std::fs::read_to_string(root.join("version.py")).ok();
    let from_wheel = wheel.as_deref().and_then(|s| {
        let line = s.lines().find(|l| l.starts_with("__version__"))?;
        Some(line.split(['\'', '"']).nth(1)?.to_string())
    });
    let archive = || std::fs::read_to_string(root.join("build-version")).ok();
    from_wheel.or_else(archive).map(|v| v.trim().to_string())
}

/// `"2.13.0+cu130"` -> (2, 13).
fn parse_version(v: &str) -> Option<(u32, u32)> {
    let mut parts = v.split(['.', '+']);
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// Why the grouped GEMM cannot run, or Ok when it can: `torch` (major, minor), the device's
/// compute `capability` (major, minor), the activations' `kind`.
pub(super) fn grouped_mm_support(
    torch: Option<(u32, u32)>,
    capability: Option<(i32, i32)>,
    kind: Kind,
) -> Result<(), String> {
    if kind != Kind::BFloat16 {
        return Err(format!("it takes bf16 inputs only, not {kind:?}"));
    }
    let Some(torch) = torch else {
        return Err("the version of the torch this process runs on could not be read".into());
    };
    let Some(cap) = capability else {
        return Err("the GPU's compute capability could not be read".into());
    };
    let (t, c) = (
        format!("{}.{}", torch.0, torch.1),
        format!("{}.{}", cap.0, cap.1),
    );
    match torch {
        t_ if t_ < (2, 8) => Err(format!(
            "torch {t} has no torch._grouped_mm (2.8 and later)"
        )),
        (2, 8) if cap.0 != 9 => Err(format!(
            "torch {t} runs it on compute capability 9.x only, this GPU is {c}"
        )),
        _ if cap < (8, 0) => Err(format!(
            "torch {t} runs it from compute capability 8.0, this GPU is {c}"
        )),
        _ => Ok(()),
    }
}

/// Why the CPU cannot run the grouped GEMM in `kind` under `torch`, or Ok when it can.
pub(super) fn grouped_mm_cpu_support(torch: Option<(u32, u32)>, kind: Kind) -> Result<(), String> {
    if !matches!(kind, Kind::Float | Kind::BFloat16 | Kind::Half) {
        return Err(format!(
            "its CPU kernel takes f32, bf16 or f16, not {kind:?}"
        ));
    }
    match torch {
        None => Err("the version of the torch this process runs on could not be read".into()),
        Some(t) if t < (2, 11) => Err(format!(
            "torch {}.{} has no CPU kernel (2.8 and before) or needs 16-byte-aligned data (2.9, \
             2.10)",
            t.0, t.1
        )),
        Some(_) => Ok(()),
    }
}

/// Whether the routed experts on `device` in `kind` run as one grouped GEMM; on the CPU only
/// when the pass builds a graph (`graph`). The CUDA answer is computed once per device and
/// dtype; a fallback to the loop is logged once, with its reason.
pub(super) fn grouped_mm_on(device: Device, kind: Kind, graph: bool) -> bool {
    let index = match device {
        Device::Cpu => return graph && grouped_mm_cpu_support(torch_version(), kind).is_ok(),
        Device::Cuda(index) => index,
        _ => return false,
    };
    static SEEN: Mutex<Option<HashMap<(usize, String), bool>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let key = (index, format!("{kind:?}"));
    *seen
        .get_or_insert_with(HashMap::new)
        .entry(key)
        .or_insert_with(|| {
            match grouped_mm_support(torch_version(), compute_capability(index), kind) {
                Ok(()) => true,
                // In f32 the loop is the design (no message); bf16 is where the grouped GEMM was
                // wanted.
                Err(_) if kind != Kind::BFloat16 => false,
                Err(why) => {
                    tracing::info!(
                    "MoE experts on cuda:{index} run as a loop over the experts, not one grouped \
                     GEMM: {why}"
                );
                    false
                }
            }
        })
}

/// The compute capability of CUDA device `index` from the CUDA runtime torch loaded (looked up
/// at run time: a CPU build has none, and links none); None when it cannot be read.
fn compute_capability(index: usize) -> Option<(i32, i32)> {
    type GetAttribute = unsafe extern "C" fn(*mut i32, i32, i32) -> i32;
    // cudaDevAttrComputeCapabilityMajor / Minor.
    const MAJOR: i32 = 75;
    const MINOR: i32 = 76;
    // SAFETY: dlsym on the global scope with a NUL-terminated name; a null result is checked.
    let sym = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"cudaDeviceGetAttribute".as_ptr()) };
    if sym.is_null() {
        return None;
    }
    // SAFETY: the CUDA runtime's `cudaError_t cudaDeviceGetAttribute(int*, cudaDeviceAttr, int)`.
    let get = unsafe { std::mem::transmute::<*mut libc::c_void, GetAttribute>(sym) };
    let read = |attr: i32| {
        let mut v = 0i32;
        // SAFETY: `v` outlives the call; an error code other than 0 is refused.
        (unsafe { get(&mut v, attr, index as i32) } == 0).then_some(v)
    };
    Some((read(MAJOR)?, read(MINOR)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grouped_gemm_runs_where_torch_runs_it_and_nowhere_else() {
        let bf16 = Kind::BFloat16;
        let (hopper, ampere, turing, blackwell) =
            (Some((9, 0)), Some((8, 0)), Some((7, 5)), Some((10, 0)));
        let ok = |t, c, k| grouped_mm_support(t, c, k).is_ok();
        // torch 2.9 and later: capability 8.0 and up, bf16 only.
        for torch in [(2, 9), (2, 11), (2, 13), (3, 0)] {
            let t = Some(torch);
            assert!(ok(t, hopper, bf16) && ok(t, ampere, bf16) && ok(t, blackwell, bf16));
            assert!(!ok(t, turing, bf16), "{torch:?}");
            for kind in [Kind::Float, Kind::Half, Kind::Double] {
                assert!(!ok(t, hopper, kind), "{torch:?} {kind:?}");
            }
        }
        // torch 2.8: Hopper only.
        assert!(ok(Some((2, 8)), hopper, bf16));
        assert!(!ok(Some((2, 8)), ampere, bf16) && !ok(Some((2, 8)), blackwell, bf16));
        // Before 2.8 it does not exist; unknowns refuse.
        assert!(!ok(Some((2, 7)), hopper, bf16));
        assert!(!ok(None, hopper, bf16) && !ok(Some((2, 13)), None, bf16));
        // The reason names what is missing.
        let why = grouped_mm_support(Some((2, 8)), ampere, bf16).unwrap_err();
        assert!(why.contains("2.8") && why.contains("8.0"), "{why}");
    }

    /// The version comes from beside the libtorch this process mapped (a bundle built against
    /// one torch runs on another's library), never from the build.
    #[test]
    fn the_torch_version_is_the_loaded_librarys_and_the_cpu_groups_only_with_a_graph() {
        assert_eq!(parse_version("2.13.0+cu130"), Some((2, 13)));
        assert_eq!(parse_version("2.11.0"), Some((2, 11)));
        assert_eq!(parse_version("junk"), None);
        let maps = "7f00-7f10 r-xp 00000000 08:01 12 /usr/lib/x86_64-linux-gnu/libc.so.6\n\
                    7f20-7f30 r-xp 00000000 08:01 34 /opt/my env/torch/lib/libtorch_cpu.so\n\
                    7f40-7f50 rw-p 00000000 00:00 0 [heap]\n";
        let lib = PathBuf::from("/opt/my env/torch/lib/libtorch_cpu.so");
        assert_eq!(loaded_torch_lib(maps), Some(lib));
        assert_eq!(
            loaded_torch_lib("7f40-7f50 rw-p 00000000 00:00 0 [heap]\n"),
            None
        );
        // A wheel's torch/version.py; a libtorch archive's build-version; neither.
        let dir = tempfile::tempdir().unwrap();
        let (wheel, archive) = (dir.path().join("torch"), dir.path().join("libtorch"));
        for d in [&wheel, &archive] {
            std::fs::create_dir_all(d.join("lib")).unwrap();
        }
        let py = "__version__ = '2.11.0+cu130'\ngit_version = 'abc'\n";
        std::fs::write(wheel.join("version.py"), py).unwrap();
        std::fs::write(archive.join("build-version"), "2.9.1+cpu\n").unwrap();
        let beside = |d: &Path| version_beside(&d.join("lib/libtorch_cpu.so"));
        assert_eq!(beside(&wheel).as_deref(), Some("2.11.0+cu130"));
        assert_eq!(beside(&archive).as_deref(), Some("2.9.1+cpu"));
        assert_eq!(beside(dir.path()), None);
        // This process: the torch it mapped (the supported range, 2.11 and later).
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let lib = loaded_torch_lib(&maps).expect("no libtorch_cpu.so mapped");
        let read = version_beside(&lib).and_then(|v| parse_version(&v));
        assert!(
            read.is_some_and(|v| v >= (2, 11)),
            "{}: {read:?}",
            lib.display()
        );
        assert_eq!(torch_version(), read);
        // The supported torch range (2.11+) has the CPU kernel.
        for kind in [Kind::Float, Kind::BFloat16] {
            assert!(grouped_mm_on(Device::Cpu, kind, true), "{kind:?}");
            assert!(
                !grouped_mm_on(Device::Cpu, kind, false),
                "{kind:?}: a forward alone"
            );
        }
        assert!(!grouped_mm_on(Device::Cpu, Kind::Double, true));
        let cpu = |t, k| grouped_mm_cpu_support(t, k).is_ok();
        assert!(cpu(Some((2, 11)), Kind::Float) && cpu(Some((3, 0)), Kind::Half));
        assert!(!cpu(Some((2, 10)), Kind::Float) && !cpu(Some((2, 8)), Kind::Float));
        assert!(!cpu(None, Kind::Float) && !cpu(Some((2, 13)), Kind::Double));
    }
}
