//! Weights & Biases (`[run.wandb]`): the figures TensorBoard gets (every numeric field of each
//! `metrics.jsonl` and `eval.jsonl` line, under its JSON key, at the line's step), the resolved
//! config, the game's and the models' hashes, through wandb's own SDK in the Python interpreter
//! embedded in this process (the one torch.distributed runs in, `crate::dist`). The package is
//! imported from where the interpreter Frost uses ([`crate::run::python::interpreter`]) finds
//! it; the W&B side is `wandb.py`.
//!
//! - **Files.** `wandb.init(dir=RUN)`: W&B's own folder `RUN/wandb/` (offline: one
//!   `offline-run-<time>-<id>/run-<id>.wandb` per launch, which `wandb sync` uploads).
//! - **Resume.** `RUN/wandb/frost.json` holds the W&B run's id and the last step whose row W&B
//!   has committed (W&B writes a step's row when a later step is logged, or at finish). A
//!   resumed run continues that id (`resume="allow"`) and does not log those steps again: the
//!   resumed process repeats the steps after its checkpoint with the same figures, and W&B
//!   drops a step it already holds.
//! - **Failures.** A missing `wandb` package, or one that fails to start, is one warning line
//!   and the run trains without W&B. A failed log warns once and stops W&B for the process
//!   (as TensorBoard's output does); metrics.jsonl and eval.jsonl keep every step.

use std::ffi::CString;
use std::path::{Path, PathBuf};

use pyo3::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::config::WandbSection;

/// W&B's folder under the run directory (`wandb.init(dir=RUN)` makes it).
pub const DIR: &str = "wandb";

/// Frost's record of the W&B run, in [`DIR`].
const RECORD: &str = "frost.json";

/// The W&B side, run in the embedded interpreter.
const HELPER: &str = include_str!("wandb.py");

/// What `RUN/wandb/frost.json` holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Record {
    /// The W&B run's id.
    id: String,
    /// The last step whose row W&B has written.
    committed_step: Option<u64>,
}

/// The run's W&B output: off, or a started W&B run.
pub struct Wandb {
    live: Option<Live>,
}

struct Live {
    helper: Py<PyModule>,
    run: Py<PyAny>,
    record_path: PathBuf,
    record: Record,
    /// The step being logged: W&B writes its row when a later step comes.
    pending: Option<u64>,
    /// Steps up to this one are in W&B already (an earlier launch logged them).
    skip_through: Option<u64>,
}

impl Wandb {
    pub fn off() -> Self {
        Wandb { live: None }
    }

    /// Starts the W&B run of `run_dir` (or continues the one its record names) with `config`
    /// (a JSON object) as the run's config. Never fails: a problem is one warning line and
    /// no W&B output.
    pub fn start(w: &WandbSection, run_dir: &Path, config: &Value) -> Self {
        let python = crate::run::python::interpreter();
        let Some(site) = crate::dist::site::module_folder(&python, "wandb") else {
            tracing::warn!(
                "run.wandb: {} has no `wandb` package, so this run is not logged to W&B \
                 (`{} -m pip install wandb`, or FROST_PYTHON naming an interpreter that has it)",
                python.display(),
                python.display()
            );
            return Wandb::off();
        };
        match Live::start(w, run_dir, config, &site) {
            Ok(live) => {
                live.announce(w, run_dir);
                Wandb { live: Some(live) }
            }
            Err(msg) => {
                tracing::warn!("run.wandb: W&B did not start ({msg}); the run goes on without it");
                Wandb::off()
            }
        }
    }

    /// Whether figures go to W&B.
    pub fn is_on(&self) -> bool {
        self.live.is_some()
    }

    /// The numeric fields of a log line (a JSON object with a `step`) at its step. A failed
    /// log warns and turns W&B off.
    pub fn log(&mut self, line: &Value) {
        let Some(live) = &mut self.live else {
            return;
        };
        if let Err(msg) = live.log(line) {
            tracing::warn!(
                "run.wandb: {msg}; no more figures go to W&B in this run (metrics.jsonl and \
                 eval.jsonl go on)"
            );
            self.live = None;
        }
    }

    /// Ends the W&B run (its last row written), marked failed unless `ok`.
    pub fn finish(&mut self, ok: bool) {
        if let Some(mut live) = self.live.take() {
            if let Err(msg) = live.finish(ok) {
                tracing::warn!("run.wandb: finishing the W&B run: {msg}");
            }
        }
    }
}

impl Drop for Wandb {
    /// A run that ended without [`Wandb::finish`] (a panic) is finished as failed.
    fn drop(&mut self) {
        self.finish(false);
    }
}

impl Live {
    fn start(w: &WandbSection, run_dir: &Path, config: &Value, site: &str) -> Result<Live, String> {
        let record_path = run_dir.join(DIR).join(RECORD);
        let earlier = read_record(&record_path);
        let args = serde_json::json!({
            "project": w.project,
            "entity": w.entity,
            "name": w.name,
            "tags": w.tags,
            "mode": w.mode.name(),
            "dir": run_dir,
            "id": earlier.as_ref().map(|r| r.id.clone()),
            "config": config,
        });
        let (helper, run, id) = Python::attach(|py| -> PyResult<_> {
            let path = py.import("sys")?.getattr("path")?;
            if !path.contains(site)? {
                path.call_method1("insert", (0, site))?;
            }
            let code = CString::new(HELPER).expect("no NUL in the helper");
            let helper = PyModule::from_code(py, &code, c"frost_wandb.py", c"frost_wandb")?;
            let run = helper.call_method1("start", (args.to_string(),))?;
            let id: String = run.getattr("id")?.extract()?;
            Ok((helper.unbind(), run.unbind(), id))
        })
        .map_err(|e| crate::dist::one_line(&e))?;
        let skip_through = earlier
            .filter(|r| r.id == id)
            .and_then(|r| r.committed_step);
        let live = Live {
            helper,
            run,
            record_path,
            record: Record {
                id,
                committed_step: skip_through,
            },
            pending: None,
            skip_through,
        };
        live.save()?;
        Ok(live)
    }

    /// One line saying where the run's W&B data goes.
    fn announce(&self, w: &WandbSection, run_dir: &Path) {
        let id = &self.record.id;
        let dir = run_dir.join(DIR);
        match w.mode {
            crate::config::WandbMode::Offline => tracing::info!(
                "W&B: offline run {id} under {} (`wandb sync {}/offline-run-*` uploads it)",
                dir.display(),
                dir.display()
            ),
            crate::config::WandbMode::Online => {
                tracing::info!("W&B: run {id} in project {}", w.project)
            }
        }
    }

    fn log(&mut self, line: &Value) -> Result<(), String> {
        let Some(step) = line.get("step").and_then(Value::as_u64) else {
            return Ok(());
        };
        if self.skip_through.is_some_and(|done| step <= done) {
            return Ok(());
        }
        let figures: serde_json::Map<String, Value> = crate::run::tensorboard::figures(line)
            .map(|(k, x)| (k.to_string(), Value::from(x)))
            .collect();
        if figures.is_empty() {
            return Ok(());
        }
        let figures = Value::Object(figures).to_string();
        Python::attach(|py| {
            let args = (self.run.bind(py), figures, step);
            self.helper.bind(py).call_method1("log", args).map(drop)
        })
        .map_err(|e| crate::dist::one_line(&e))?;
        let committed = self.pending.filter(|&p| p < step);
        self.pending = Some(step);
        match committed {
            // Logging a later step made W&B write the pending one's row.
            Some(done) => {
                self.record.committed_step = Some(done);
                self.save()
            }
            None => Ok(()),
        }
    }

    fn finish(&mut self, ok: bool) -> Result<(), String> {
        Python::attach(|py| {
            let args = (self.run.bind(py), if ok { 0 } else { 1 });
            self.helper.bind(py).call_method1("finish", args).map(drop)
        })
        .map_err(|e| crate::dist::one_line(&e))?;
        if self.pending.is_some() {
            self.record.committed_step = self.pending;
        }
        self.save()
    }

    fn save(&self) -> Result<(), String> {
        crate::run::files::write_json(&self.record_path, &self.record).map_err(|e| e.to_string())
    }
}

/// The record an earlier launch left, if it can be read (else a new W&B run, with a warning).
fn read_record(path: &Path) -> Option<Record> {
    let text = std::fs::read_to_string(path).ok()?;
    match serde_json::from_str(&text) {
        Ok(r) => Some(r),
        Err(e) => {
            tracing::warn!(
                "run.wandb: {}: {e}; this launch starts a new W&B run",
                path.display()
            );
            None
        }
    }
}
