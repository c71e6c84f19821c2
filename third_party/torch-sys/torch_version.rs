//! Frost patch (README.md): the torch versions this shim builds against, a range instead of
//! upstream's one exact version, read from the installation itself. Used by build.rs; its
//! tests run with `cargo test -p torch-sys --lib` (src/lib.rs includes it under cfg(test)).

use std::path::{Path, PathBuf};

/// Supported torch: 2.MIN_MINOR to 2.MAX_MINOR. The shim's ops newer than 2.MIN_MINOR are
/// guarded by guard_ops.py; each minor in the range was compiled (README.md).
pub const MIN_MINOR: u32 = 11;
pub const MAX_MINOR: u32 = 15;

/// (major, minor, patch) of a torch version string: "2.11.0", "2.11.0+cu130", "2.13.0a0+git1234".
pub fn parse(version: &str) -> Option<(u32, u32, u32)> {
    let base = version.trim().split('+').next()?;
    let mut parts = base.splitn(3, '.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    // The patch may carry a pre-release suffix (a0, rc1, .dev20260101): its leading digits.
    let patch = parts.next().unwrap_or("0");
    let digits: String = patch.chars().take_while(char::is_ascii_digit).collect();
    Some((major, minor, digits.parse().ok()?))
}

/// Ok for a version in the range, else one line naming the version, where it came from, the
/// range and the fix.
pub fn check(version: &str, source: &str) -> Result<(), String> {
    let version = version.trim();
    match parse(version) {
        Some((2, minor, _)) if (MIN_MINOR..=MAX_MINOR).contains(&minor) => Ok(()),
        Some(_) => Err(format!(
            "torch {version} ({source}) is outside the range this build supports, \
             2.{MIN_MINOR} to 2.{MAX_MINOR}: point TORCH_PYTHON at a Python whose torch is in \
             that range (or LIBTORCH at such a libtorch), or use the project venv (`make setup`)"
        )),
        None => Err(format!(
            "cannot read a torch version from {source} (got {version:?}): point TORCH_PYTHON at \
             a Python with torch 2.{MIN_MINOR} to 2.{MAX_MINOR} (or LIBTORCH at such a libtorch)"
        )),
    }
}

/// The C++ standard to compile the shim with: torch 2.14 and newer need C++20 (their headers
/// refuse older ones); older torch keeps upstream's C++17, so what they compile is unchanged.
pub fn cxx_standard(version: &str) -> &'static str {
    match parse(version) {
        Some((2, minor, _)) if minor < 14 => "c++17",
        Some(_) => "c++20",
        None => "c++17",
    }
}

/// The version of a libtorch folder (LIBTORCH) and the file it was read from: `build-version`
/// (libtorch archives), `version.py` (a Python wheel's torch/ folder), else torch's version
/// header (system installs).
pub fn read_installed(libtorch: &Path) -> Option<(String, PathBuf)> {
    let build_version = libtorch.join("build-version");
    if let Ok(text) = std::fs::read_to_string(&build_version) {
        return Some((text.trim().to_string(), build_version));
    }
    let version_py = libtorch.join("version.py");
    if let Ok(text) = std::fs::read_to_string(&version_py) {
        // `__version__ = '2.11.0+cu130'`
        let line = text.lines().find(|l| l.starts_with("__version__"))?;
        let value = line.split_once('=')?.1.trim().trim_matches(|c| c == '\'' || c == '"');
        return Some((value.to_string(), version_py));
    }
    for header in
        ["include/torch/headeronly/version.h", "include/torch/csrc/api/include/torch/version.h"]
    {
        let path = libtorch.join(header);
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let define = |name: &str| {
            let line = text.lines().find(|l| l.starts_with(&format!("#define {name} ")))?;
            line.split_whitespace().nth(2).map(str::to_string)
        };
        if let (Some(major), Some(minor), Some(patch)) = (
            define("TORCH_VERSION_MAJOR"),
            define("TORCH_VERSION_MINOR"),
            define("TORCH_VERSION_PATCH"),
        ) {
            return Some((format!("{major}.{minor}.{patch}"), path));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_release_local_and_prerelease_versions() {
        assert_eq!(parse("2.11.0"), Some((2, 11, 0)));
        assert_eq!(parse("2.11.0+cu130\n"), Some((2, 11, 0)));
        assert_eq!(parse("2.13.0a0+git1234abc"), Some((2, 13, 0)));
        assert_eq!(parse("2.15.1rc1"), Some((2, 15, 1)));
        assert_eq!(parse("2.12"), Some((2, 12, 0)));
        assert_eq!(parse("nightly"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn accepts_the_range_and_refuses_outside_it_in_one_line() {
        for ok in ["2.11.0+cu130", "2.12.1", "2.13.0", "2.14.1", "2.15.0+cpu"] {
            assert_eq!(check(ok, "test"), Ok(()), "{ok}");
        }
        for (bad, shown) in [
            ("2.9.0", "torch 2.9.0 "),
            ("2.16.0+cu130", "torch 2.16.0+cu130 "),
            ("3.11.0", "torch 3.11.0 "),
        ] {
            let err = check(bad, "/opt/py/bin/python").unwrap_err();
            assert!(!err.contains('\n'), "one line: {err}");
            assert!(err.starts_with(shown), "names the version: {err}");
            assert!(err.contains("(/opt/py/bin/python)"), "names where it came from: {err}");
            assert!(err.contains("2.11 to 2.15"), "names the range: {err}");
            assert!(err.contains("TORCH_PYTHON"), "names the fix: {err}");
        }
        let err = check("garbage", "x").unwrap_err();
        assert!(!err.contains('\n') && err.contains("\"garbage\""), "{err}");
    }

    #[test]
    fn cxx20_from_torch_2_14_only() {
        assert_eq!(cxx_standard("2.11.0+cu130"), "c++17");
        assert_eq!(cxx_standard("2.13.0"), "c++17");
        assert_eq!(cxx_standard("2.14.1"), "c++20");
        assert_eq!(cxx_standard("2.15.0+cpu"), "c++20");
    }

    /// A fake installation per layout, each saying 2.9.0: found, and refused by check().
    #[test]
    fn reads_the_version_of_each_installation_layout() {
        let root = std::env::temp_dir().join(format!("torch-sys-version-{}", std::process::id()));
        let layouts: [(&str, &str); 4] = [
            ("build-version", "2.9.0+cpu\n"),
            ("version.py", "from typing import Optional\n__version__ = '2.9.0+cu126'\ngit_version = 'abc'\n"),
            ("include/torch/headeronly/version.h", "#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 9\n#define TORCH_VERSION_PATCH 0\n"),
            ("include/torch/csrc/api/include/torch/version.h", "#pragma once\n#define TORCH_VERSION_MAJOR 2\n#define TORCH_VERSION_MINOR 9\n#define TORCH_VERSION_PATCH 0\n"),
        ];
        for (i, (file, text)) in layouts.iter().enumerate() {
            let dir = root.join(i.to_string());
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
            let (version, from) = read_installed(&dir).expect(file);
            assert_eq!(from, path);
            assert_eq!(parse(&version), Some((2, 9, 0)), "{file}: {version}");
            let err = check(&version, &from.display().to_string()).unwrap_err();
            assert!(err.starts_with("torch 2.9.0") && !err.contains('\n'), "{err}");
        }
        assert_eq!(read_installed(&root.join("missing")), None);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
