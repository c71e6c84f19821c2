//! Per-phase figures of training steps for `frost-host bench --phases`: seconds, tokens run
//! through the model, FLOPs counted from the model's shape (see flops.rs) and the peak resident
//! memory of each phase. The step names its phases as it enters them; their seconds are always
//! recorded (they are the metrics line's `time/*`), the rest only while a bench records (then
//! the model reports each forward here).

use std::cell::RefCell;
use std::time::Instant;

use crate::instrument::flops::ForwardFlops;

/// The phases in step order (the names of `train::metrics::PhaseTimes`).
pub const PHASES: [&str; 6] = ["sample", "score", "taylor", "verify", "update", "reduce"];

/// One phase's totals over a step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseStat {
    pub seconds: f64,
    /// CPU seconds the process spent in the phase (every thread): on a shared, loaded machine
    /// wall-clock seconds also count the other jobs, these do not. On a GPU, the host's work only.
    pub cpu_seconds: f64,
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
    /// Device-to-host reads in the phase (`instrument::sync`): a synchronization each on a GPU.
    pub syncs: f64,
    /// Collectives in the phase (a split model's and the run's; `dist::collectives_so_far`):
    /// calls and bytes.
    pub collectives: f64,
    pub collective_bytes: f64,
}

impl PhaseStat {
    const EMPTY: PhaseStat = PhaseStat {
        seconds: 0.0,
        cpu_seconds: 0.0,
        tokens: 0.0,
        forward_flops: 0.0,
        backward_flops: 0.0,
        peak_rss: None,
        rss_growth: None,
        syncs: 0.0,
        collectives: 0.0,
        collective_bytes: 0.0,
    };
}

/// Per step, per phase (indexed as [`PHASES`]).
pub type StepStats = [PhaseStat; PHASES.len()];

/// When a phase was entered: the wall clock, the process's CPU seconds, the device reads and
/// the collectives (calls, bytes) so far.
struct Entered {
    at: Instant,
    cpu: f64,
    reads: u64,
    sent: (u64, u64),
}

/// What a thread records: the step in progress (always: its seconds are the metrics line's
/// `time/*`) and, while a bench records, every finished step with its tokens, FLOPs and memory.
struct Recorder {
    step: StepStats,
    step_start: Option<Instant>,
    /// The phase in progress and what was counted when it was entered.
    current: Option<(usize, Entered)>,
    /// The steps kept for a bench; None when no bench records.
    kept: Option<Vec<StepStats>>,
    memory: bool,
    /// The resident set when the current phase was entered.
    entry_rss: Option<u64>,
}

// Per thread: a step runs on its caller's thread, and parallel tests stay apart.
thread_local! {
    static REC: RefCell<Recorder> = const {
        RefCell::new(Recorder {
            step: [PhaseStat::EMPTY; PHASES.len()],
            step_start: None,
            current: None,
            kept: None,
            memory: false,
            entry_rss: None,
        })
    };
}

fn with<T>(f: impl FnOnce(&mut Recorder) -> T) -> T {
    REC.with(|r| f(&mut r.borrow_mut()))
}

/// Starts keeping steps on this thread for a bench (clearing what was kept); `memory` also
/// tracks each phase's peak resident set (resetting the process's peak at every phase change).
pub fn start(memory: bool) {
    with(|r| {
        r.kept = Some(Vec::new());
        r.memory = memory;
    });
}

/// Stops keeping steps and returns the steps kept.
pub fn stop() -> Vec<StepStats> {
    with(|r| {
        r.memory = false;
        r.kept.take().unwrap_or_default()
    })
}

/// Whether a bench records on this thread, or its FLOPs are metered (`instrument::meter`):
/// lets the model skip working out its FLOPs otherwise.
pub fn counting() -> bool {
    crate::instrument::meter::counting() || with(|r| r.kept.is_some())
}

/// A step begins: its phases start from zero.
pub fn begin_step() {
    with(|r| {
        r.current = None;
        r.step = StepStats::default();
        r.step_start = Some(Instant::now());
    });
}

/// The seconds of a finished step: per phase (indexed as [`PHASES`]) and in all.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepSeconds {
    pub phases: [f64; PHASES.len()],
    pub total: f64,
}

/// The step ends: its seconds (kept with its other figures while a bench records).
pub fn end_step() -> StepSeconds {
    with(|r| {
        close(r);
        let total = r
            .step_start
            .take()
            .map_or(0.0, |t| t.elapsed().as_secs_f64());
        let step = std::mem::take(&mut r.step);
        if let Some(kept) = r.kept.as_mut() {
            kept.push(step);
        }
        StepSeconds {
            phases: step.map(|p| p.seconds),
            total,
        }
    })
}

/// The step enters phase `name` (one of [`PHASES`]), ending the phase it was in.
pub fn enter(name: &str) {
    with(|r| {
        close(r);
        let Some(i) = PHASES.iter().position(|p| *p == name) else {
            return;
        };
        if r.memory {
            crate::instrument::memory::reset_peak_rss();
            r.entry_rss = crate::instrument::memory::rss_bytes();
        }
        let reads = crate::instrument::sync::reads();
        let entered = Entered {
            at: Instant::now(),
            cpu: cpu_seconds(),
            reads,
            sent: crate::dist::collectives_so_far(),
        };
        r.current = Some((i, entered));
    });
}

/// The current phase ends (the rest of the step is not a phase).
pub fn leave() {
    with(close);
}

fn close(r: &mut Recorder) {
    let Some((i, then)) = r.current.take() else {
        return;
    };
    let sent = crate::dist::collectives_so_far();
    let entry = r.entry_rss.take();
    let s = &mut r.step[i];
    s.seconds += then.at.elapsed().as_secs_f64();
    s.cpu_seconds += cpu_seconds() - then.cpu;
    s.syncs += (crate::instrument::sync::reads() - then.reads) as f64;
    s.collectives += (sent.0 - then.sent.0) as f64;
    s.collective_bytes += (sent.1 - then.sent.1) as f64;
    if r.memory {
        if let Some(b) = crate::instrument::memory::peak_rss_bytes() {
            s.peak_rss = s.peak_rss.max(Some(b));
            if let Some(e) = entry {
                s.rss_growth = s.rss_growth.max(Some(b.saturating_sub(e)));
            }
        }
    }
}

/// The CPU seconds this process has used so far, all threads (0 where it cannot be read).
pub fn cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    match unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut t) } {
        0 => t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9,
        _ => 0.0,
    }
}

/// A model forward of `tokens` new tokens; `graph`: it recorded a graph for a backward, whose
/// FLOPs are counted with it (every such forward in a step is differentiated once). Also added
/// to the meter when it counts.
pub fn count_forward(f: ForwardFlops, tokens: i64, graph: bool, base_trained: bool) {
    let parts = match graph {
        true => f.backward_parts(base_trained),
        false => ForwardFlops::default(),
    };
    let backward = parts.total();
    crate::instrument::meter::add(f, parts);
    with(|r| {
        let Some((i, ..)) = r.current else {
            return;
        };
        if r.kept.is_none() {
            return;
        }
        let s = &mut r.step[i];
        s.tokens += tokens as f64;
        s.forward_flops += f.total();
        s.backward_flops += backward;
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
        begin_step();
        enter("score");
        count_forward(f, 5, false, false); // no bench: seconds only
        let off = end_step();
        assert!(off.phases[1] >= 0.0 && off.total >= off.phases[1]);
        start(false);
        begin_step();
        enter("score");
        count_forward(f, 5, false, false);
        count_forward(f, 5, true, false);
        enter("update");
        count_forward(f, 3, true, true);
        leave();
        count_forward(f, 3, true, true); // outside a phase: dropped
        let secs = end_step();
        begin_step();
        enter("sample");
        end_step();
        let steps = stop();
        assert_eq!(steps.len(), 2);
        assert_eq!(secs.phases[1], steps[0][1].seconds);
        let score = steps[0][1];
        assert_eq!((score.tokens, score.forward_flops), (10.0, 24.0));
        assert_eq!(score.backward_flops, 10.0 + 4.0);
        let update = steps[0][4];
        assert_eq!((update.tokens, update.backward_flops), (3.0, 24.0));
        assert!(score.seconds >= 0.0 && steps[0][0].seconds == 0.0);
        assert!(score.cpu_seconds >= 0.0 && steps[0][0].cpu_seconds == 0.0);
        assert_eq!(steps[1][4], PhaseStat::default());
        assert!(!counting());
        // The meter counts every forward (and its backward) with or without a phase.
        let on = crate::instrument::meter::on();
        assert!(counting());
        count_forward(f, 5, false, false);
        count_forward(f, 5, true, false);
        assert_eq!(crate::instrument::meter::spent(), 12.0 + 12.0 + 14.0);
        drop(on);
        assert!(!counting());
    }

    #[test]
    fn cpu_seconds_advance_with_work() {
        let start = cpu_seconds();
        let wall = Instant::now();
        let mut x = 0u64;
        while cpu_seconds() - start < 0.01 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
            assert!(wall.elapsed().as_secs() < 30, "no CPU time counted in 30 s");
        }
    }
}
