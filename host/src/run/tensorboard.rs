//! TensorBoard event files under `RUN/tb/` (`run.tensorboard`, on by default): every numeric
//! field of each `metrics.jsonl` and `eval.jsonl` line as a scalar under its JSON key, at the
//! line's step, written as the line is, so `tensorboard --logdir runs/` shows a run while it
//! trains. W&B gets the same figures (`figures`) from `crate::run::wandb`.
//!
//! The format: a file of TFRecords (u64 LE length, masked CRC-32C of the length, the bytes,
//! masked CRC-32C of the bytes), each an `Event` protobuf: first `file_version`, then one
//! `Event { wall_time, step, summary { value { tag, simple_value } ... } }` per log line. The
//! few fields needed are encoded by hand in `tfrecord.rs`.
//!
//! - **Names.** A tag is exactly the JSON key (`sampled/mean`, `time/step_s`, `eval/best_of_8`);
//!   `step` is the event's step; null (a non-finite figure, `eval/reference` without a
//!   reference) and non-numbers (`skipped`) are left out. Values are f32, as TensorBoard keeps
//!   them. A tag gets one value per step: `eval.jsonl`'s `budget/judge_*_total` repeat the step
//!   line's (the same numbers), so at a step with both only the first is written.
//! - **Resume.** [`rewind`] cuts the event files back to the checkpoint's step with the jsonl
//!   logs ([`crate::run::dir::RunDir::rewind_logs`]), so readers that do not purge (`wandb
//!   sync`, a fresh TensorBoard) see each step once. The resumed process then opens a new file
//!   (named to sort after the old ones: readers go through a run's files in name order) that
//!   starts with a `SessionLog START` at the first step logged again, on which a TensorBoard
//!   (its Python loader) that had already read the orphaned steps drops every step from there
//!   on. (Its fast loader ignores it, but replaces a tag's steps as they are logged again.)
//! - **Failures.** Opening the file (or rewinding) fails the run before it trains, like the
//!   other logs. A failed write during the run warns once and stops the TensorBoard output for
//!   the rest of the process: training goes on and `metrics.jsonl` / `eval.jsonl` (what
//!   everything else reads) keep every step; `tb/` lacks those after the failure.

use std::collections::HashSet;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::Value;

use crate::run::files::{io_error, write_atomic, IoError};
use crate::run::tfrecord::{event, record, records, summary};
#[cfg(test)]
use crate::run::tfrecord::{parse_record, read_varint};

/// The folder under the run directory.
pub const DIR: &str = "tb";

/// Event file names start with this (TensorBoard's own convention, which readers look for).
const PREFIX: &str = "events.out.tfevents.";

/// The run's TensorBoard output: off, or one event file of this process.
pub struct Tensorboard {
    file: Option<EventFile>,
}

struct EventFile {
    path: PathBuf,
    file: fs::File,
    /// The step of the last event written, and the tags written at it.
    step: Option<u64>,
    tags: HashSet<String>,
}

impl Tensorboard {
    pub fn off() -> Self {
        Tensorboard { file: None }
    }

    /// A new event file in `dir` (created if missing). `restart_at`: on resume, the first step
    /// that will be logged again, written first as a `SessionLog START`.
    pub fn open(dir: &Path, restart_at: Option<u64>) -> Result<Self, IoError> {
        fs::create_dir_all(dir).map_err(io_error(dir))?;
        let path = dir.join(file_name(dir));
        let file = fs::OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(&path)
            .map_err(io_error(&path))?;
        let mut f = EventFile {
            path,
            file,
            step: None,
            tags: HashSet::new(),
        };
        let mut bytes = record(&event(wall_time(), 0, 3, b"brain.Event:2"));
        if let Some(step) = restart_at {
            // SessionLog { status: START (1) }.
            bytes.extend(record(&event(wall_time(), step, 7, &[0x08, 0x01])));
        }
        f.write(&bytes).map_err(io_error(&f.path))?;
        Ok(Tensorboard { file: Some(f) })
    }

    /// Where events go (None: off, or stopped after a failed write).
    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().map(|f| f.path.as_path())
    }

    /// The numeric fields of a log line (a JSON object with a `step`) as one event, flushed.
    /// A failed write warns and turns the output off.
    pub fn log(&mut self, line: &Value) {
        let Some(f) = &mut self.file else {
            return;
        };
        let Some(step) = line.get("step").and_then(Value::as_u64) else {
            return;
        };
        if f.step != Some(step) {
            f.step = Some(step);
            f.tags.clear();
        }
        let values: Vec<(&str, f32)> = figures(line)
            .filter(|(tag, _)| f.tags.insert(tag.to_string()))
            .map(|(tag, x)| (tag, x as f32))
            .collect();
        if values.is_empty() {
            return;
        }
        let bytes = record(&event(wall_time(), step, 5, &summary(&values)));
        if let Err(e) = f.write(&bytes) {
            tracing::warn!(
                "{}: {e}; no more TensorBoard events are written in this run \
                 (metrics.jsonl and eval.jsonl go on)",
                f.path.display()
            );
            self.file = None;
        }
    }
}

impl EventFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.file.write_all(bytes)?;
        self.file.flush()
    }
}

/// The line's numeric fields but `step`, as (JSON key, value): the figures TensorBoard and
/// W&B (`crate::run::wandb`) log.
pub(crate) fn figures(line: &Value) -> impl Iterator<Item = (&str, f64)> {
    let fields = line.as_object().into_iter().flatten();
    fields.filter_map(|(k, v)| match v {
        Value::Number(n) if k != "step" => n.as_f64().map(|x| (k.as_str(), x)),
        _ => None,
    })
}

/// `events.out.tfevents.<unix seconds>.<host>.<pid>.<n>`, its seconds raised past every
/// event file already in `dir` so that it sorts after them (a resume within the second).
fn file_name(dir: &Path) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let newest = event_files(dir)
        .iter()
        .filter_map(|p| file_seconds(p))
        .max();
    let now = wall_time() as u64;
    let secs = newest.map_or(now, |s| now.max(s + 1));
    let host = fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().replace(['/', '\\'], "_"))
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".into());
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!("{PREFIX}{secs:010}.{host}.{}.{n}", std::process::id())
}

fn file_seconds(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?.strip_prefix(PREFIX)?;
    name.split('.').next()?.parse().ok()
}

/// The event files in `dir`, by name (the order readers use).
fn event_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(PREFIX))
        .map(|e| e.path())
        .collect();
    files.sort();
    files
}

/// Cut the event files in `dir` back to `last_step` (None: before step 0): each file loses its
/// records from the first whose step is later (a file's steps only grow), and a torn or
/// corrupt record (a crash mid-write) and all after it; a file left without events is removed,
/// and `dir` too when that empties it. Files stay byte for byte as written up to the cut.
pub fn rewind(dir: &Path, last_step: Option<u64>) -> Result<(), IoError> {
    for path in event_files(dir) {
        let bytes = fs::read(&path).map_err(io_error(&path))?;
        let (mut cut, mut events, mut torn) = (0, 0, false);
        for rec in records(&bytes) {
            let Some((end, step, is_version)) = rec else {
                torn = true;
                break;
            };
            if !is_version && last_step.is_none_or(|last| step > last) {
                break;
            }
            events += usize::from(!is_version);
            cut = end;
        }
        if torn {
            tracing::warn!("{}: dropped a torn or corrupt record", path.display());
        }
        if events == 0 {
            fs::remove_file(&path).map_err(io_error(&path))?;
        } else if cut < bytes.len() {
            write_atomic(&path, &bytes[..cut])?;
        }
    }
    if last_step.is_none() {
        // Only if empty: whatever else someone put there stays.
        let _ = fs::remove_dir(dir);
    }
    Ok(())
}

fn wall_time() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Each record's (step, summary tags and values) of a file; the file_version and
    /// SessionLog events as tags "file_version" and "start".
    fn read(path: &Path) -> Vec<(u64, Vec<(String, f32)>)> {
        let bytes = fs::read(path).unwrap();
        let mut out = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let (len, data) = parse_record(&bytes[at..]).expect("intact record");
            at += len;
            out.push(decode_event(data));
        }
        out
    }

    fn decode_event(mut b: &[u8]) -> (u64, Vec<(String, f32)>) {
        let (mut step, mut values) = (0, Vec::new());
        while !b.is_empty() {
            let k = read_varint(&mut b).unwrap();
            match k {
                0x09 => b = &b[8..],
                0x10 => step = read_varint(&mut b).unwrap(),
                _ => {
                    let n = read_varint(&mut b).unwrap() as usize;
                    let (msg, rest) = b.split_at(n);
                    b = rest;
                    match k >> 3 {
                        3 => values.push(("file_version".into(), 0.0)),
                        7 => values.push(("start".into(), f32::from(msg[1]))),
                        5 => values.extend(decode_summary(msg)),
                        f => panic!("field {f}"),
                    }
                }
            }
        }
        (step, values)
    }

    fn decode_summary(mut b: &[u8]) -> Vec<(String, f32)> {
        let mut out = Vec::new();
        while !b.is_empty() {
            assert_eq!(read_varint(&mut b), Some(0x0a));
            let n = read_varint(&mut b).unwrap() as usize;
            let (mut v, rest) = b.split_at(n);
            b = rest;
            assert_eq!(read_varint(&mut v), Some(0x0a));
            let t = read_varint(&mut v).unwrap() as usize;
            let tag = String::from_utf8(v[..t].to_vec()).unwrap();
            assert_eq!(v[t], 0x15);
            out.push((tag, f32::from_le_bytes(v[t + 1..t + 5].try_into().unwrap())));
        }
        out
    }

    #[test]
    fn lines_become_events_with_their_numeric_keys() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("tb");
        let mut tb = Tensorboard::open(&dir, None).unwrap();
        tb.log(
            &json!({"step": 1, "loss": 0.5, "skipped": false, "frost/children": 3,
                       "eval/reference": null, "note": "x"}),
        );
        // An eval line at the same step: the repeated budget total is written once.
        tb.log(&json!({"step": 1, "budget/judge_forwards_total": 8, "eval/mean": -2.25}));
        tb.log(&json!({"step": 2, "budget/judge_forwards_total": 16}));
        let files = event_files(&dir);
        assert_eq!(files.len(), 1);
        let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
        let pid = format!(".{}.", std::process::id());
        assert!(name.starts_with(PREFIX) && name.contains(&pid), "{name}");
        let events = read(&files[0]);
        let tags = |i: usize| events[i].1.clone();
        assert_eq!(events.len(), 4);
        assert_eq!(tags(0), vec![("file_version".to_string(), 0.0)]);
        assert_eq!(events[1].0, 1);
        let mut t1 = tags(1);
        t1.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            t1,
            vec![("frost/children".into(), 3.0), ("loss".into(), 0.5)]
        );
        assert_eq!(
            tags(2),
            vec![
                ("budget/judge_forwards_total".into(), 8.0),
                ("eval/mean".into(), -2.25)
            ]
        );
        assert_eq!(
            events[3],
            (2, vec![("budget/judge_forwards_total".into(), 16.0)])
        );
        // A repeated tag alone at its step writes nothing.
        tb.log(&json!({"step": 2, "budget/judge_forwards_total": 16}));
        assert_eq!(read(&files[0]).len(), 4);
    }

    #[test]
    fn rewind_cuts_each_file_at_the_step_and_a_resumed_file_sorts_last() {
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("tb");
        let mut tb = Tensorboard::open(&dir, None).unwrap();
        for step in 1..=4 {
            tb.log(&json!({"step": step, "x": step}));
        }
        let first = tb.path().unwrap().to_path_buf();
        // A record torn by a crash.
        let mut f = fs::OpenOptions::new().append(true).open(&first).unwrap();
        f.write_all(&record(&event(0.0, 5, 5, &summary(&[("x", 5.0)])))[..20])
            .unwrap();
        rewind(&dir, Some(2)).unwrap();
        let steps: Vec<u64> = read(&first).iter().map(|e| e.0).collect();
        assert_eq!(steps, vec![0, 1, 2]);
        // The resumed process's file, in the same second: it sorts after the first.
        let mut tb = Tensorboard::open(&dir, Some(3)).unwrap();
        tb.log(&json!({"step": 3, "x": 30}));
        let second = tb.path().unwrap().to_path_buf();
        assert_eq!(event_files(&dir), vec![first.clone(), second.clone()]);
        let events = read(&second);
        assert_eq!(events[1], (3, vec![("start".into(), 1.0)]));
        assert_eq!(events[2], (3, vec![("x".into(), 30.0)]));
        // Back to before step 3 again: the second file holds nothing earlier and goes.
        rewind(&dir, Some(2)).unwrap();
        assert_eq!(event_files(&dir), vec![first.clone()]);
        // Starting over: every file goes, and the emptied folder.
        rewind(&dir, None).unwrap();
        assert!(!dir.exists());
        rewind(&dir, None).unwrap();
    }

    #[test]
    fn a_failed_write_turns_the_output_off_and_logging_goes_on() {
        let d = tempfile::tempdir().unwrap();
        let mut tb = Tensorboard::open(&d.path().join("tb"), None).unwrap();
        // Writes to /dev/full fail with ENOSPC.
        let full = fs::OpenOptions::new()
            .append(true)
            .open("/dev/full")
            .expect("/dev/full (Linux) cannot be opened");
        tb.file.as_mut().unwrap().file = full;
        tb.log(&json!({"step": 1, "x": 1.0}));
        assert!(tb.path().is_none());
        tb.log(&json!({"step": 2, "x": 1.0}));
        assert!(Tensorboard::off().path().is_none());
    }
}
