//! The selection-rule table from `frost-host analyze-selection --out FILE.json`: one row per
//! rule, its figures as columns (the known ones first, any others after them).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::EvidenceError;
use crate::run::files::io_error;

/// The figures analyze-selection writes, in the order the table shows them.
const KNOWN: [&str; 6] = [
    "improved_frac",
    "mean_gain",
    "best_gain",
    "spearman",
    "overshoot",
    "parents_touched",
];

#[derive(Debug, Clone, PartialEq)]
pub struct SelectionTable {
    pub source: PathBuf,
    /// "checkpoint X, D = 4" from the file's own fields.
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

pub fn read(path: &Path) -> Result<SelectionTable, EvidenceError> {
    let text = std::fs::read_to_string(path).map_err(io_error(path))?;
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| EvidenceError::bad(path, format!("not analyze-selection JSON: {e}")))?;
    let rules = v["rules"].as_array().ok_or_else(|| {
        EvidenceError::bad(
            path,
            "no \"rules\" list: not an analyze-selection --out file",
        )
    })?;
    let mut figures: Vec<String> = KNOWN.iter().map(|k| k.to_string()).collect();
    for r in rules {
        for k in r.as_object().into_iter().flat_map(|o| o.keys()) {
            if k != "rule" && k != "params" && !figures.contains(k) {
                figures.push(k.clone());
            }
        }
    }
    // Known figures no rule has are not shown.
    figures.retain(|k| rules.iter().any(|r| r.get(k).is_some()));
    let rows = rules
        .iter()
        .map(|r| {
            let mut row = vec![
                r["rule"].as_str().unwrap_or("?").to_string(),
                params(&r["params"]),
            ];
            row.extend(figures.iter().map(|k| cell(r.get(k))));
            row
        })
        .collect();
    let mut title = Vec::new();
    if let Some(c) = v["checkpoint"].as_str() {
        title.push(format!("checkpoint {c}"));
    }
    if let Some(d) = v["d"].as_u64() {
        title.push(format!("D = {d}"));
    }
    let mut columns = vec!["rule".to_string(), "params".to_string()];
    columns.extend(figures);
    Ok(SelectionTable {
        source: path.to_path_buf(),
        title: title.join(", "),
        columns,
        rows,
    })
}

/// `k=v, k=v` of a rule's parameters ("" when it has none).
fn params(p: &Value) -> String {
    match p.as_object() {
        Some(o) => o
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
            .collect::<Vec<_>>()
            .join(", "),
        None => String::new(),
    }
}

fn cell(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "-".into(),
        Some(Value::Number(n)) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (_, Some(f)) if f == 0.0 || f.abs() >= 1e-3 => format!("{f:.3}"),
            (_, Some(f)) => format!("{f:.1e}"),
            _ => n.to_string(),
        },
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_become_rows_with_known_figures_first() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sel.json");
        std::fs::write(
            &p,
            r#"{"checkpoint":"base","d":4,"rules":[
              {"rule":"top-prob","params":{},"improved_frac":0.4512,"mean_gain":1.7,
               "spearman":0.1,"zeta":3},
              {"rule":"taylor-gated","params":{"tau":0.0001},"improved_frac":0.17,
               "mean_gain":0.7,"spearman":null}]}"#,
        )
        .unwrap();
        let t = read(&p).unwrap();
        assert_eq!(t.title, "checkpoint base, D = 4");
        assert_eq!(
            t.columns,
            [
                "rule",
                "params",
                "improved_frac",
                "mean_gain",
                "spearman",
                "zeta"
            ]
        );
        assert_eq!(t.rows[0], ["top-prob", "", "0.451", "1.700", "0.100", "3"]);
        assert_eq!(
            t.rows[1],
            ["taylor-gated", "tau=0.0001", "0.170", "0.700", "-", "-"]
        );
        std::fs::write(&p, "{}").unwrap();
        assert!(read(&p)
            .unwrap_err()
            .to_string()
            .contains("analyze-selection"));
    }
}
