//! Moments of a sample that the trainer core and the lab both report (`eval --refine`'s curves,
//! the report's and the selection study's statistics): one definition below both layers.

/// Mean; NaN for no values.
pub fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_of_values_and_of_none() {
        assert_eq!(mean(&[1.0, 2.0, 6.0]), 3.0);
        assert!(mean(&[]).is_nan());
    }

    /// The core never reaches up into the research tooling (lib.rs's layering): no module
    /// outside `lab/` and `pretrain/` names `crate::lab` (the binary, `cli/`, sits above both).
    #[test]
    fn the_core_never_uses_the_lab() {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, out);
                } else if p.extension().is_some_and(|x| x == "rs") {
                    out.push(p);
                }
            }
        }
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        // Built here, so that this file does not name it.
        let needle = format!("crate::{}", "lab");
        let mut files = Vec::new();
        walk(&src, &mut files);
        let above = ["lab", "pretrain", "cli", "main.rs"].map(|d| src.join(d));
        let core = files
            .iter()
            .filter(|f| !above.iter().any(|a| f.starts_with(a)));
        let mut reaching: Vec<String> = core
            .filter(|f| {
                let text = std::fs::read_to_string(f).unwrap();
                text.lines()
                    .any(|l| !l.trim_start().starts_with("//") && l.contains(&needle))
            })
            .map(|f| f.strip_prefix(&src).unwrap().display().to_string())
            .collect();
        reaching.sort();
        assert!(files.len() > 50, "{} sources", files.len());
        assert!(reaching.is_empty(), "the core uses the lab in {reaching:?}");
    }
}
