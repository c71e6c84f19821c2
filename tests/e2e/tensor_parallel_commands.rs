//! `play` and `eval` under torchrun with the model split over the ranks launched
//! (`parallel.tensor` = 2): what one process prints and writes, rank 0 alone printing and
//! writing; a launch whose split does not match the ranks is refused in one line.
use std::path::Path;

use serde_json::Value;

use crate::distributed::{ok, torchrun_cmd, train_args};
use crate::fixture::{run_cli, run_cli_ok, tmp, write_config};
use crate::test_time::read_json;

/// Every number of `a` within 1e-5 plus 1e-6 of itself of `b`'s (the judge's log-sum-exp is
/// reduced over the split vocabulary: docs/scaling.md), everything else equal. Fields named
/// in `timed` (seconds) are skipped.
fn assert_close(a: &Value, b: &Value, at: &str, timed: &[&str]) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let (mut kx, mut ky): (Vec<_>, Vec<_>) = (x.keys().collect(), y.keys().collect());
            kx.sort();
            ky.sort();
            assert_eq!(kx, ky, "{at}: fields");
            for (k, v) in x.iter().filter(|(k, _)| !timed.contains(&k.as_str())) {
                assert_close(v, &y[k], &format!("{at}.{k}"), timed);
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            assert_eq!(x.len(), y.len(), "{at}: lengths");
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                assert_close(p, q, &format!("{at}[{i}]"), timed);
            }
        }
        (Value::Number(p), Value::Number(q)) if !(p.is_i64() && q.is_i64()) => {
            let (p, q) = (p.as_f64().unwrap(), q.as_f64().unwrap());
            assert!((p - q).abs() <= 1e-5 + 1e-6 * p.abs(), "{at}: {p} vs {q}");
        }
        _ => assert_eq!(a, b, "{at}"),
    }
}

/// A 2-step run of the tiny model (its checkpoint is what the commands read).
fn trained(dir: &Path) -> std::path::PathBuf {
    let cfg = write_config(dir, true);
    let run = dir.join("run");
    let sets = ["steps=2", "run.tensorboard=false"];
    ok(run_cli(&train_args(&cfg, &run, &sets)), "training");
    run
}

/// Runs `args` (writing `--out OUT`) on one process and split over 2 ranks: each one's stdout
/// without its "wrote" line, and its JSON.
fn one_and_split(args: &[&str], dir: &Path, name: &str) -> [(String, Value); 2] {
    let run = |split: bool| {
        let out = dir.join(format!("{name}-{split}.json"));
        let mut a = args.to_vec();
        a.extend(["--out", out.to_str().unwrap()]);
        let printed = match split {
            false => run_cli_ok(&a),
            true => {
                a.extend(["--set", "parallel.tensor=2"]);
                let o = torchrun_cmd(2, &a).output().unwrap();
                let printed = String::from_utf8_lossy(&o.stdout).into_owned();
                ok(o, "torchrun");
                printed
            }
        };
        let text: Vec<&str> = (printed.lines())
            .filter(|l| !l.starts_with("wrote "))
            .collect();
        (text.join("\n"), read_json(&out))
    };
    [run(false), run(true)]
}

/// `play --refine 2 --parents 2` (sampling, exact scores, two Frost rounds on the best two
/// parents) split over 2 ranks prints exactly what one process prints, once, and writes the
/// same JSON (scores to 1e-5 plus 1e-6 of each).
#[test]
fn play_split_over_two_ranks_equals_one_process() {
    let dir = tmp("tp-play");
    let run = trained(&dir);
    let args = [
        "play",
        run.to_str().unwrap(),
        "--refine",
        "2",
        "--parents",
        "2",
    ];
    let [(one_text, one), (split_text, split)] = one_and_split(&args, &dir, "play");
    assert!(one_text.contains("Frost round 2"), "{one_text}");
    assert_eq!(one_text, split_text, "what play prints");
    assert_close(&one, &split, "play", &[]);
}

/// `eval --refine 1` on the held-out split: the same figures and curves (time aside), printed
/// once by rank 0.
#[test]
fn eval_split_over_two_ranks_equals_one_process() {
    let dir = tmp("tp-eval");
    let run = trained(&dir);
    let args = ["eval", run.to_str().unwrap(), "--refine", "1"];
    let [(one_text, one), (split_text, split)] = one_and_split(&args, &dir, "eval");
    let timed = ["seconds", "time/seconds_total"];
    assert_close(&one, &split, "eval", &timed);
    // The figures' table, printed once: every line before the search's (whose columns hold
    // seconds) as one process prints it.
    let head = |t: &str| -> String {
        let lines: Vec<&str> = t
            .lines()
            .take_while(|l| !l.starts_with("Frost at"))
            .collect();
        lines.join("\n")
    };
    assert!(one_text.contains("best_of_4"), "{one_text}");
    assert_eq!(head(&one_text), head(&split_text), "what eval prints");
    assert_eq!(split_text.matches("best_of_4").count(), 1, "{split_text}");
}

/// Launched on 2 ranks without splitting the model over them: one line, on each rank, naming
/// `parallel.tensor` and the value to set.
#[test]
fn a_launched_command_without_the_split_is_refused_in_one_line() {
    let dir = tmp("tp-refuse");
    let run = trained(&dir);
    let o = torchrun_cmd(2, &["eval", run.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(lines.len(), 2, "one line per rank:\n{err}");
    for l in lines {
        assert!(
            l.contains("parallel.tensor") && l.contains("parallel.tensor=2"),
            "{l}"
        );
    }
}

/// Ranks launched with different command lines (here another `--seed`, which would feed the
/// shares different passages) stop before loading anything, each with one line naming it.
#[test]
fn ranks_of_a_launched_command_launched_otherwise_stop_in_one_line() {
    use crate::distributed::master_port;
    use crate::distributed_faults::srun_rank;
    let dir = tmp("tp-alike");
    let run = trained(&dir);
    let port = master_port().to_string();
    let spawn = |rank: usize| {
        let seed = rank.to_string();
        let args = ["play", run.to_str().unwrap(), "--seed", &seed];
        let mut c = srun_rank(rank, &port);
        c.args(args).args(["--set", "parallel.tensor=2"]);
        c.env("FROST_LOG", "warn").spawn().unwrap()
    };
    let ranks = [spawn(0), spawn(1)];
    for (rank, child) in ranks.into_iter().enumerate() {
        let o = child.wait_with_output().unwrap();
        assert!(!o.status.success(), "rank {rank} went on");
        let err = String::from_utf8_lossy(&o.stderr);
        let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(lines.len(), 1, "rank {rank}: {err}");
        assert!(
            lines[0].contains("ranks disagree on the command line") && lines[0].contains("--seed"),
            "rank {rank}: {err}"
        );
    }
}
