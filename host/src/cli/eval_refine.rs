//! `frost-host eval --refine R`: the output of Frost at test time against sampling more
//! (`train::evaluate_refined` does the work): a table on the terminal, a `refine` section in
//! `--out`, and `--curve`'s lines, one per arm and round in eval.jsonl's style, each with every
//! assignment's figures so that `scripts/test-time.py` can bootstrap over assignments and seeds.
//! The flags and their checks, shared with `play`, are search_flags.rs's.
use std::io::Write;
use std::path::Path;

use serde_json::{json, Value};

use frost_host::config::TrainConfig;
use frost_host::frost::Search;
use frost_host::lab::stats;
use frost_host::round::Assignment;
use frost_host::sizes::{self, Need};
use frost_host::train::{ArmPoint, RefineCurve, Setup};

/// Refuses, before anything is sampled, a `--refine` whose batches cannot fit in the memory
/// there is (the longest prompt of `assignments` sizes them), as `play` and training do.
pub fn check_memory(
    s: &Setup,
    cfg: &TrainConfig,
    assignments: &[Assignment],
    rounds: usize,
) -> anyhow::Result<()> {
    let shape = sizes::Shape::new(&s.model.config, cfg.model.dtype.kind());
    let prompt = assignments.iter().map(|a| a.prompt_ids.len()).max();
    let len = assignments.iter().map(|a| a.move_len).max();
    let (Some(prompt), Some(len)) = (prompt, len) else {
        return Ok(());
    };
    let needs = sizes::refine_needs(cfg, &shape, prompt as u64, len as u64, rounds);
    let mem = sizes::available(s.model.net.device());
    Ok(sizes::check_fits(&Need::none(), &needs, mem.as_ref())?)
}

/// Both arms' curves over the assignments.
pub struct Curve<'a> {
    per: &'a [RefineCurve],
    n: usize,
    d: usize,
    /// The members each round proposes from (N: all).
    parents: usize,
}

/// An arm's points in one assignment's curves.
type Points = fn(&RefineCurve) -> &[ArmPoint];

/// The two arms by their names in the output.
const ARMS: [(&str, Points); 2] = [("frost", |c| &c.frost), ("sampled", |c| &c.sampled)];

impl<'a> Curve<'a> {
    /// `search`: whose parents each round proposes from, of the N draws.
    pub fn new(per: &'a [RefineCurve], n: usize, d: usize, search: &Search) -> Self {
        let parents = search.parents_among(n);
        Curve { per, n, d, parents }
    }

    fn rounds(&self) -> usize {
        self.per.first().map_or(0, |c| c.frost.len() - 1)
    }

    /// Moves the arm has drawn after round (block) r.
    fn drawn(&self, arm: &str, r: usize) -> usize {
        match arm {
            "frost" => self.n,
            _ => self.n + r * self.d,
        }
    }

    /// One arm's figures after round r: means over assignments, budget totals.
    fn line(&self, arm: usize, r: usize) -> Value {
        let (name, points) = ARMS[arm];
        let at: Vec<&ArmPoint> = self.per.iter().map(|c| &points(c)[r]).collect();
        let m = at.len().max(1) as f64;
        let children: usize = (self.per.iter())
            .map(|c| c.children[..r].iter().sum::<usize>())
            .sum();
        json!({
            "arm": name,
            "rounds": r,
            "n": self.drawn(name, r),
            "children_per_round": self.d,
            "parents": self.parents,
            "eval/best_of": at.iter().map(|p| p.best).sum::<f64>() / m,
            "eval/mean": at.iter().map(|p| p.mean).sum::<f64>() / m,
            // Measured outside the arms' budgets: the player's log-prob of each best move.
            "eval/best_logp": at.iter().map(|p| p.best_logp).sum::<f64>() / m,
            "budget/judge_forwards_total": at.iter().map(|p| p.forwards).sum::<u64>(),
            "budget/judge_backwards_total": at.iter().map(|p| p.backwards).sum::<u64>(),
            "frost/children_total": if name == "frost" { Some(children) } else { None },
            "time/seconds_total": at.iter().map(|p| p.seconds).sum::<f64>(),
            "budget/flops_total": at.iter().map(|p| p.flops).sum::<f64>(),
            "assignments": at,
        })
    }

    /// Every line: Frost's rounds 0..=R, then the sampled arm's.
    fn lines(&self) -> Vec<Value> {
        (0..ARMS.len())
            .flat_map(|arm| (0..=self.rounds()).map(move |r| (arm, r)))
            .map(|(arm, r)| self.line(arm, r))
            .collect()
    }

    /// The `refine` section of `--out`: the lines, and each assignment's curves with the
    /// children each round verified.
    pub fn json(&self) -> Value {
        json!({
            "rounds": self.rounds(),
            "children_per_round": self.d,
            "parents": self.parents,
            "lines": self.lines(),
            "curves": self.per,
        })
    }

    /// `--curve`: `head`'s fields, then each line's, one JSON object per line.
    pub fn write_lines(&self, path: &Path, head: &Value) -> anyhow::Result<()> {
        let mut text = Vec::new();
        for line in self.lines() {
            let mut obj = head.as_object().cloned().unwrap_or_default();
            obj.extend(line.as_object().cloned().unwrap_or_default());
            serde_json::to_writer(&mut text, &obj)?;
            writeln!(text)?;
        }
        super::output::write("--curve", path, &text)
    }

    /// The table: per round, both arms' best-of (means over assignments), their paired
    /// difference with its bootstrap interval over assignments, and what each spent per
    /// assignment.
    pub fn print(&self) {
        let (n, d, p) = (self.n, self.d, self.parents);
        println!("\nFrost at test time: best of {n} after r rounds of {d} children from the best {p}, against the best of {n} + r*{d} samples");
        println!(
            "  {:>2} {:>10} {:>10} {:>9}  {:<20} {:>15} {:>9} {:>15} {:>17} {:>17}",
            "r",
            "frost",
            "sampled",
            "diff",
            "95% interval",
            "fwd frost/samp",
            "backward",
            "s frost/samp",
            "GFLOP frost/samp",
            "log pi frost/samp"
        );
        let m = self.per.len().max(1) as f64;
        for r in 0..=self.rounds() {
            let f: Vec<&ArmPoint> = self.per.iter().map(|c| &c.frost[r]).collect();
            let g: Vec<&ArmPoint> = self.per.iter().map(|c| &c.sampled[r]).collect();
            let fb: Vec<f64> = f.iter().map(|p| p.best).collect();
            let gb: Vec<f64> = g.iter().map(|p| p.best).collect();
            let diff = stats::mean_difference(&fb, &gb, stats::RESAMPLES, stats::BOOTSTRAP_SEED);
            let per = |xs: &[&ArmPoint], v: fn(&ArmPoint) -> f64| {
                xs.iter().map(|p| v(p)).sum::<f64>() / m
            };
            println!(
                "  {r:>2} {:>10.3} {:>10.3} {:>+9.3}  {:<20} {:>15} {:>9.2} {:>15} {:>17} {:>17}",
                stats::mean(&fb),
                stats::mean(&gb),
                stats::mean(&fb) - stats::mean(&gb),
                diff.map_or("n/a".into(), |d| format!("[{:+.3}, {:+.3}]", d.lo, d.hi)),
                format!(
                    "{:.2}/{:.2}",
                    per(&f, |p| p.forwards as f64),
                    per(&g, |p| p.forwards as f64)
                ),
                per(&f, |p| p.backwards as f64),
                format!(
                    "{:.3}/{:.3}",
                    per(&f, |p| p.seconds),
                    per(&g, |p| p.seconds)
                ),
                format!(
                    "{:.3}/{:.3}",
                    per(&f, |p| p.flops) / 1e9,
                    per(&g, |p| p.flops) / 1e9
                ),
                format!(
                    "{:.2}/{:.2}",
                    per(&f, |p| p.best_logp),
                    per(&g, |p| p.best_logp)
                ),
            );
        }
        println!("  (judge forwards, backwards, seconds and GFLOP per assignment; the interval is over assignments;");
        println!("   log pi: the player's log-prob of each arm's best move, mean over assignments, measured outside the budgets)");
        if let Some(line) = self.headline() {
            println!("\n{line}");
        }
    }

    /// The last round in one sentence: the search's best against the samples', their paired
    /// difference with its interval, and what the search cost in seconds beside the samples.
    fn headline(&self) -> Option<String> {
        let r = self.rounds();
        if r == 0 || self.per.is_empty() {
            return None;
        }
        let best = |arm: Points| -> Vec<f64> { self.per.iter().map(|c| arm(c)[r].best).collect() };
        let seconds = |arm: Points| -> f64 {
            self.per.iter().map(|c| arm(c)[r].seconds).sum::<f64>() / self.per.len() as f64
        };
        let (f, g) = (best(ARMS[0].1), best(ARMS[1].1));
        let diff = stats::mean(&f) - stats::mean(&g);
        let interval = stats::mean_difference(&f, &g, stats::RESAMPLES, stats::BOOTSTRAP_SEED)
            .map_or(String::new(), |d| format!(" [{:+.2}, {:+.2}]", d.lo, d.hi));
        let (fs, gs) = (seconds(ARMS[0].1), seconds(ARMS[1].1));
        Some(format!(
            "After {r} rounds on {} assignments: Frost's search {:.2}, the best of {} samples {:.2}: \
             {diff:+.2} nats{interval} (95% over assignments), the search taking {:.2}x the \
             samples' seconds ({fs:.2} s against {gs:.2} s per assignment).",
            self.per.len(),
            stats::mean(&f),
            self.drawn("sampled", r),
            stats::mean(&g),
            fs / gs.max(f64::MIN_POSITIVE),
        ))
    }
}
