//! How a distributed run starts, as launchers start it (each rank its own command line, as
//! `srun` does): ranks launched with anything different are refused before any work, naming the
//! field; a rank that never starts and a taken port are named within seconds.
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common;
use crate::distributed::{master_port, train_args};
use crate::distributed_faults::srun_rank;
use crate::fixture::{fixture, tmp, write_config};

/// Ranks 0 and 1 of 2 with their own arguments and environments (srun-style, one port): their
/// outputs and how long the slower took.
fn two_ranks(args: [Vec<String>; 2], envs: [&[(&str, &str)]; 2]) -> (Vec<Output>, Duration) {
    let port = master_port().to_string();
    let started = Instant::now();
    let children: Vec<_> = (0..2)
        .map(|r| {
            let mut c = srun_rank(r, &port);
            c.args(&args[r]).envs(envs[r].iter().copied());
            c.spawn().unwrap()
        })
        .collect();
    let outs = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    (outs, started.elapsed())
}

fn owned(args: Vec<&str>) -> Vec<String> {
    args.into_iter().map(String::from).collect()
}

/// A process's whole stderr: what a failed assertion shows.
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The last line of a process's stderr (the error line).
fn last_line(o: &Output) -> String {
    let err = String::from_utf8_lossy(&o.stderr);
    err.lines().last().unwrap_or_default().to_string()
}

/// A copy of the fixture model whose weights differ in one byte (same names, same sizes).
fn other_model(dir: &Path) -> PathBuf {
    let copy = dir.join("model-b");
    std::fs::create_dir_all(&copy).unwrap();
    for e in std::fs::read_dir(&fixture().model).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_file() {
            std::fs::copy(e.path(), copy.join(e.file_name())).unwrap();
        }
    }
    let w = copy.join("model.safetensors");
    let mut bytes = std::fs::read(&w).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&w, bytes).unwrap();
    copy
}

/// Rank 1's arguments, its environment, the field named, rank 0's and rank 1's values.
type Case<'a> = (
    Vec<String>,
    &'a [(&'a str, &'a str)],
    &'a str,
    &'a str,
    &'a str,
);

/// Rank 1 launched with another lr, seed, steps, game, model, Frost version or --out: every
/// rank stops within seconds with one line naming the field, both values and the ranks, and no
/// run directory is left.
#[test]
fn ranks_launched_differently_are_refused_naming_the_field() {
    let dir = tmp("dist-differ");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let base = train_args(&cfg, &out, &["run.tensorboard=false"]);
    let condense = common::game_wasm("condense").display().to_string();
    let game = format!("game.path={condense:?}");
    let model = format!("model.path={:?}", other_model(&dir).display().to_string());
    let other_out = dir.join("run-b").display().to_string();
    let with = |extra: &[&str]| {
        let mut a = owned(base.clone());
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let version: &[(&str, &str)] = &[("FROST_TEST_VERSION", "0.0.0-other")];
    let none: &[(&str, &str)] = &[];
    let cases: Vec<Case> = vec![
        (
            with(&["--set", "update.lr=0.002"]),
            none,
            "update.lr",
            "0.001",
            "0.002",
        ),
        (with(&["--set", "seed=4"]), none, "seed", "3", "4"),
        (with(&["--set", "steps=9"]), none, "steps", "4", "9"),
        (
            with(&["--set", game.as_str()]),
            none,
            "the game file (SHA-256)",
            "",
            "",
        ),
        (
            with(&["--set", model.as_str()]),
            none,
            "the player model (SHA-256)",
            "",
            "",
        ),
        (
            with(&[]),
            version,
            "the Frost version",
            env!("CARGO_PKG_VERSION"),
            "0.0.0-other",
        ),
    ];
    let mut out_args = owned(base.clone());
    let at = out_args.iter().position(|a| a == "--out").unwrap();
    out_args[at + 1] = other_out.clone();
    let out_case = (out_args, none, "the run directory", "--out", "run-b");
    for (rank1, env1, field, ours, theirs) in cases.into_iter().chain([out_case]) {
        let (outs, took) = two_ranks([owned(base.clone()), rank1], [none, env1]);
        for (r, o) in outs.iter().enumerate() {
            assert!(!o.status.success(), "{field}: rank {r} trained");
            let line = last_line(o);
            let named = format!("ranks disagree on {field}: rank 0 has ");
            assert!(
                line.starts_with("error: ") && line.contains(&named),
                "{field}: {line}"
            );
            assert!(
                line.contains(ours) && line.contains(theirs),
                "{field}: {line}"
            );
            assert!(line.contains(", rank 1 has "), "{field}: {line}");
        }
        // Refused at the start, not at the end of a step or the collective timeout (600 s).
        assert!(took < Duration::from_secs(120), "{field}: took {took:?}");
        assert!(!out.exists(), "{field}: a run directory was left");
    }
}

/// Only rank 0 of 2 is launched (then only rank 1): each stops after the join timeout with one
/// line saying how many ranks joined and what to check, and leaves no run directory.
#[test]
fn a_rank_that_never_starts_is_named() {
    let dir = tmp("dist-missing");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let sets = ["run.join_timeout_s=3", "run.tensorboard=false"];
    let alone = |rank: usize| {
        let mut c = srun_rank(rank, &master_port().to_string());
        c.args(train_args(&cfg, &out, &sets));
        c.output().unwrap()
    };
    let o = alone(0);
    assert!(
        !o.status.success(),
        "rank 0 alone succeeded: {}",
        stderr(&o)
    );
    let line = last_line(&o);
    assert!(
        line.contains("rank 0 of 2: only 1 of 2 ranks joined within 3 s")
            && line.contains("every rank was launched")
            && line.contains("MASTER_PORT")
            && !line.contains("venv"),
        "{}",
        stderr(&o)
    );
    let o = alone(1);
    assert!(
        !o.status.success(),
        "rank 1 alone succeeded: {}",
        stderr(&o)
    );
    let line = last_line(&o);
    assert!(
        line.contains("rank 1 of 2: could not join rank 0 within 3 s")
            && line.contains("every rank was launched"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists(), "a run directory was left");
}

/// MASTER_PORT held by another process: rank 0 names it and stops at once, not after the
/// join timeout.
#[test]
fn a_taken_master_port_fails_fast() {
    let dir = tmp("dist-port");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let started = Instant::now();
    let mut c = srun_rank(0, &port);
    c.args(train_args(&cfg, &out, &["run.tensorboard=false"]));
    let o = c.output().unwrap();
    let took = started.elapsed();
    assert!(!o.status.success());
    let line = last_line(&o);
    assert!(
        line.contains(&format!("MASTER_PORT {port} is already in use"))
            && line.contains("EADDRINUSE"),
        "{line}"
    );
    // The join timeout is the default 600 s: a stop within it is a stop at once.
    assert!(took < Duration::from_secs(60), "took {took:?}");
    assert!(!out.exists(), "a run directory was left");
    drop(holder);
}

/// Both ranks launched on a MASTER_PORT another process holds: rank 0 names EADDRINUSE at once,
/// rank 1 (which reaches the holder, a socket that is no rendezvous) stops within the join
/// timeout, not after torch's own socket timeouts; each prints one line, and libtorch's C++
/// warnings and stack trace stay off the terminal.
#[test]
fn both_ranks_on_a_taken_port_end_within_the_join_timeout_in_one_line() {
    let dir = tmp("dist-port-2");
    let cfg = write_config(&dir, true);
    let out = dir.join("run");
    let holder = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = holder.local_addr().unwrap().port().to_string();
    let sets = ["run.join_timeout_s=5", "run.tensorboard=false"];
    let started = Instant::now();
    let children: Vec<_> = (0..2)
        .map(|r| {
            let mut c = srun_rank(r, &port);
            c.args(train_args(&cfg, &out, &sets))
                .env("FROST_LOG", "warn");
            c.spawn().unwrap()
        })
        .collect();
    let outs: Vec<Output> = (children.into_iter())
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let took = started.elapsed();
    for (r, o) in outs.iter().enumerate() {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "rank {r}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "rank {r}: {err}");
        assert!(
            !err.contains("frame #") && !err.contains("Exception raised from"),
            "rank {r}: {err}"
        );
    }
    assert!(
        last_line(&outs[0]).contains(&format!("MASTER_PORT {port} is already in use")),
        "{}",
        last_line(&outs[0])
    );
    let line = last_line(&outs[1]);
    assert!(
        line.contains("rank 1 of 2: could not join rank 0 within 5 s")
            && line.contains("MASTER_PORT"),
        "{line}"
    );
    // The join timeout (5 s, and its margin), plus starting two processes: not torch's 200 s.
    assert!(took < Duration::from_secs(60), "took {took:?}");
    assert!(!out.exists(), "a run directory was left");
    drop(holder);
}
