//! Per-phase figures of training steps for `frost-host bench --phases`: seconds, tokens run
//! through the model, FLOPs counted from the model's shape (see flops.rs) and the peak resident
//! memory of each phase. Off unless a bench turns it on; then the model reports each forward
//! here and the step names its phases as it enters them.

use std::cell::RefCell;
use std::time::Instant;

use crate::flops::ForwardFlops;

/// The phases in step order (the names of `train::metrics::PhaseTimes`).
pub const PHASES: [&str; 5] = ["sample", "score", "taylor", "verify", "update"];

/// One phase's totals over a step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseStat {
    pub seconds: f64,
    /// Tokens run through the transformer blocks (new tokens; cached ones not counted).
    pub tokens: f64,
    pub forward_flops: f64,
    /// Estimated for forwards that recorded a graph (see `ForwardFlops::backward`).
    pub backward_flops: f64,
    /// Peak resident set while in the phase (bytes); None where it cannot be measured.
    pub peak_rss: Option<u64>,
    /// The most the resident set grew above its size when the phase was entered (bytes): what
    /// the phase itself needed beyond memory already held (libtorch keeps freed memory).
    pub rss_growth: Option<u64>,
}

/// Per step, per phase (indexed as [`PHASES`]).
pub type StepStats = [PhaseStat; PHASES.len()];

struct Recorder {
    steps: Vec<StepStats>,
    current: Option<(usize, Instant)>,
    memory: bool,
    /// The resident set when the current phase was entered.
    entry_rss: Option<u64>,
}

// Per thread: a step runs on its caller's thread, and parallel tests stay apart.
thread_local! {
    static REC: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

fn with<T>(f: impl FnOnce(&mut Recorder) -> T) -> Option<T> {
    REC.with(|r| r.borrow_mut().as_mut().map(f))
}

/// Starts recording on this thread (clearing what was recorded); `memory` also tracks each
/// phase's peak resident set (resetting the process's peak at every phase change).
pub fn start(memory: bool) {
    REC.with(|r| {
        *r.borrow_mut() = Some(Recorder {
            steps: Vec::new(),
            current: None,
            memory,
            entry_rss: None,
        })
    });
}

/// Stops recording and returns the steps recorded.
pub fn stop() -> Vec<StepStats> {
    with(close);
    REC.with(|r| r.borrow_mut().take())
        .map(|r| r.steps)
        .unwrap_or_default()
}

/// Whether this thread is recording (lets the model skip working out its FLOPs).
pub fn counting() -> bool {
    REC.with(|r| r.borrow().is_some())
}

/// A step begins (ends the previous step's last phase).
pub fn begin_step() {
    with(|r| {
        close(r);
        r.steps.push(StepStats::default());
    });
}

/// The step enters phase `name` (one of [`PHASES`]), ending the phase it was in.
pub fn enter(name: &str) {
    with(|r| {
        close(r);
        let Some(i) = PHASES.iter().position(|p| *p == name) else {
            return;
        };
        if r.steps.is_empty() {
            r.steps.push(StepStats::default());
        }
        if r.memory {
            crate::memory::reset_peak_rss();
            r.entry_rss = crate::memory::rss_bytes();
        }
        r.current = Some((i, Instant::now()));
    });
}

/// The current phase ends (the rest of the step is not a phase).
pub fn leave() {
    with(close);
}

fn close(r: &mut Recorder) {
    let Some((i, t)) = r.current.take() else {
        return;
    };
    let (memory, entry) = (r.memory, r.entry_rss.take());
    let Some(step) = r.steps.last_mut() else {
        return;
    };
    let s = &mut step[i];
    s.seconds += t.elapsed().as_secs_f64();
    if memory {
        if let Some(b) = crate::memory::peak_rss_bytes() {
            s.peak_rss = s.peak_rss.max(Some(b));
            if let Some(e) = entry {
                s.rss_growth = s.rss_growth.max(Some(b.saturating_sub(e)));
            }
        }
    }
}

/// A model forward of `tokens` new tokens; `graph`: it recorded a graph for a backward, whose
/// FLOPs are counted with it (every such forward in a step is differentiated once).
pub fn count_forward(f: ForwardFlops, tokens: i64, graph: bool, base_trained: bool) {
    with(|r| {
        let Some((i, _)) = r.current else {
            return;
        };
        let Some(step) = r.steps.last_mut() else {
            return;
        };
        let s = &mut step[i];
        s.tokens += tokens as f64;
        s.forward_flops += f.total();
        if graph {
            s.backward_flops += f.backward(base_trained);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_add_up_per_step_and_nothing_is_counted_when_off() {
        let f = ForwardFlops {
            weights: 10.0,
            attention: 2.0,
            lora: 0.0,
        };
        count_forward(f, 5, false, false); // off: dropped
        start(false);
        begin_step();
        enter("score");
        count_forward(f, 5, false, false);
        count_forward(f, 5, true, false);
        enter("update");
        count_forward(f, 3, true, true);
        leave();
        count_forward(f, 3, true, true); // outside a phase: dropped
        begin_step();
        enter("sample");
        let steps = stop();
        assert_eq!(steps.len(), 2);
        let score = steps[0][1];
        assert_eq!((score.tokens, score.forward_flops), (10.0, 24.0));
        assert_eq!(score.backward_flops, 10.0 + 4.0);
        let update = steps[0][4];
        assert_eq!((update.tokens, update.backward_flops), (3.0, 24.0));
        assert!(score.seconds >= 0.0 && steps[0][0].seconds == 0.0);
        assert_eq!(steps[1][4], PhaseStat::default());
        assert!(!counting());
    }
}
