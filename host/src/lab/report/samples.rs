//! What a run's `samples.jsonl` shows the reader: the moves of its first and last logged
//! steps (early against late), next to the game's reference move.

use std::path::Path;

use serde::Deserialize;

use super::EvidenceError;
use crate::run::files::{io_error, log_lines};

/// One `samples.jsonl` line, as far as the report reads it (every field optional, so lines of
/// older runs read too).
#[derive(Debug, Clone, Deserialize)]
pub struct SamplesLine {
    pub step: u64,
    #[serde(default)]
    pub assignments: Vec<SampledAssignment>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SampledAssignment {
    #[serde(default)]
    pub prompt: String,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(default)]
    pub moves: Vec<SampledMove>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SampledMove {
    #[serde(rename = "move", default)]
    pub text: String,
    #[serde(default)]
    pub score: Option<f64>,
    /// The move first sampled in this member's place (differs when Frost replaced it).
    #[serde(default)]
    pub sampled: Option<String>,
    #[serde(default)]
    pub sampled_score: Option<f64>,
    #[serde(default)]
    pub replaced: bool,
}

/// The first and the last line of `dir/samples.jsonl` that parse; None without any.
pub fn early_and_late(dir: &Path) -> Result<Option<(SamplesLine, SamplesLine)>, EvidenceError> {
    let path = dir.join("samples.jsonl");
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(&path)(e).into()),
    };
    let mut first: Option<SamplesLine> = None;
    // Only the last two lines are kept to parse (a long run's log is large); of those the
    // last that parses (a crash can leave a torn last line).
    let mut tail: [Option<String>; 2] = [None, None];
    // A line that is not UTF-8 (torn inside a character) is skipped.
    for line in log_lines(file) {
        let Some(line) = line.map_err(io_error(&path))? else {
            continue;
        };
        if first.is_none() {
            first = serde_json::from_str(&line).ok();
        } else if !line.trim().is_empty() {
            tail = [tail[1].take(), Some(line)];
        }
    }
    let last: Option<SamplesLine> = tail
        .iter()
        .rev()
        .flatten()
        .find_map(|t| serde_json::from_str(t).ok());
    Ok(match (first, last) {
        (Some(f), Some(l)) => Some((f, l)),
        (Some(f), None) => Some((f.clone(), f)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_and_last_lines_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let line = |step: u64, text: &str| {
            format!(
                "{{\"step\":{step},\"assignments\":[{{\"prompt\":\"p\",\"reference\":\"r\",\
                 \"moves\":[{{\"move\":\"{text}\",\"score\":-1.5,\"sampled\":\"s\",\
                 \"sampled_score\":-2.0,\"replaced\":true,\"move_ids\":[1]}}]}}]}}\n"
            )
        };
        let text = line(1, "a") + &line(2, "b") + &line(3, "c") + "{\"torn";
        std::fs::write(dir.path().join("samples.jsonl"), text).unwrap();
        let (early, late) = early_and_late(dir.path()).unwrap().unwrap();
        assert_eq!(early.step, 1);
        // A torn last line: the last complete one is shown.
        assert_eq!(late.step, 3);
        std::fs::write(
            dir.path().join("samples.jsonl"),
            line(1, "a") + &line(2, "b") + &line(3, "c"),
        )
        .unwrap();
        let (early, late) = early_and_late(dir.path()).unwrap().unwrap();
        assert_eq!((early.step, late.step), (1, 3));
        let m = &late.assignments[0].moves[0];
        assert_eq!(
            (m.text.as_str(), m.score, m.replaced),
            ("c", Some(-1.5), true)
        );
        assert_eq!(late.assignments[0].reference.as_deref(), Some("r"));
        assert!(early_and_late(&dir.path().join("none")).unwrap().is_none());
    }
}
