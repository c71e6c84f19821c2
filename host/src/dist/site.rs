//! Where the interpreter embedded in this process imports torch from, decided at run time:
//! a binary moved to another machine (the bundle, docs/install.md) must not look in the
//! folder of the machine it was built on.

use std::path::Path;
use std::process::Command;

/// The launcher's answer: the bundle's `frost` sets it from its interpreter (folders separated
/// by `:`, as PYTHONPATH).
pub const SITE_VAR: &str = "FROST_TORCH_SITE_PACKAGES";

/// The folders to put first on the embedded interpreter's `sys.path`, and where they came from
/// (for the one line when torch still cannot be imported). In order: [`SITE_VAR`]; the folder
/// holding torch for the interpreter [`crate::run::python::interpreter`] names, asked now; the
/// build's venv, as a last resort.
pub fn torch_site_packages() -> (Vec<String>, String) {
    if let Some(v) = std::env::var_os(SITE_VAR) {
        let v = v.to_string_lossy().into_owned();
        let dirs = v.split(':').filter(|d| !d.is_empty()).map(String::from);
        return (dirs.collect(), format!("{SITE_VAR}={v}"));
    }
    let python = crate::run::python::interpreter();
    if let Some(dir) = module_folder(&python, "torch") {
        let from = format!("{dir} (where {} finds torch)", python.display());
        return (vec![dir], from);
    }
    match option_env!("FROST_TORCH_SITE_PACKAGES") {
        Some(dir) => (
            vec![dir.to_string()],
            format!(
                "{dir} (the build's venv; {} finds no torch)",
                python.display()
            ),
        ),
        None => (Vec::new(), format!("{} finds no torch", python.display())),
    }
}

/// The folder above the package `module` (`torch`, `wandb`) for `python`, without importing
/// it (a spec lookup: fast).
pub fn module_folder(python: &Path, module: &str) -> Option<String> {
    let script = "import importlib.util as u, os, sys\n\
        s = u.find_spec(sys.argv[1])\n\
        print(os.path.dirname(list(s.submodule_search_locations)[0]) if s else '')\n";
    let out = Command::new(python)
        .args(["-c", script, module])
        .output()
        .ok()?;
    let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !dir.is_empty()).then_some(dir)
}
