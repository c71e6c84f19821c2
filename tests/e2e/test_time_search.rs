//! Frost as a test-time search (`frost::refine_search`, `eval --refine --parents P`): P = all is
//! training's round; a round's backward runs on the best P members only; D = 64 children
//! verified in several judge passes are one pass's; the round after a replacement proposes
//! from the child's own gradient (checked against a fresh Taylor pass on the child); each arm's
//! FLOPs are counted and `scripts/test-time.py` reads them.
use frost_host::frost::{self, Group, Nets, Precomputed, Search};
use frost_host::judge::{self, Budget};
use frost_host::train::{self, Setup};
use serde_json::Value;

use crate::fixture::{jsonl, test_config, tmp};
use crate::test_time::{eval, f};

/// The fixture's player (base model) with its held-out assignments, and the N = 4 draws of the
/// first one with their exact scores.
pub(crate) fn setup() -> (Setup, Vec<Vec<u32>>, Vec<f64>) {
    let mut cfg = test_config(true);
    cfg.eval.assignments = 2;
    let s = train::setup(&cfg).unwrap();
    let asg = &s.heldout[0];
    let moves = train::sample_checked(&s, &s.model.net, &[asg], 4, &[11], false)
        .unwrap()
        .moves;
    let scores = judge::score(s.judge(), &asg.program, &moves, &mut Budget::default());
    (s, moves, scores)
}

pub(crate) fn nets(s: &Setup) -> Nets<'_> {
    Nets {
        policy: &s.model.net,
        judge: s.judge(),
    }
}

/// (parent, pos, token) of each child of a round.
type Picks = Vec<(usize, usize, u32)>;

fn picks(r: &frost::RoundReport) -> Picks {
    (r.children.iter())
        .map(|c| (c.parent, c.pos, c.token))
        .collect()
}

/// `rounds` rounds of `search` from the draws: each round's picks and scores, the group and
/// the budget after them.
fn run(
    s: &Setup,
    moves: &[Vec<u32>],
    scores: &[f64],
    f: &frost_host::config::FrostSection,
    search: Option<Search>,
    rounds: usize,
) -> (Vec<(Picks, Vec<f64>)>, Group, Budget) {
    let asg = &s.heldout[0];
    let mut group = Group::sampled(moves.to_vec(), scores.to_vec());
    let mut budget = Budget::default();
    let mut out = Vec::new();
    for r in 0..rounds {
        let (g, b, seed) = (&mut group, &mut budget, 100 + r as u64);
        let report = match search {
            // Training's own round, the reference for P = all.
            None => frost::refine(nets(s), asg, g, f, 1.0, seed, b, Precomputed::default()),
            Some(x) => frost::refine_search(nets(s), asg, g, f, x, 1.0, seed, b),
        };
        out.push((picks(&report), report.child_scores));
    }
    (out, group, budget)
}

#[test]
fn search_over_all_parents_is_trainings_round_exactly() {
    let (s, moves, scores) = setup();
    let f = s.cfg.frost.clone();
    let reference = run(&s, &moves, &scores, &f, None, 3);
    for parents in [0, 4, 9] {
        let search = Search {
            parents,
            verify_batch: 0,
        };
        assert_eq!(run(&s, &moves, &scores, &f, Some(search), 3), reference);
    }
    assert!(
        reference.0.iter().any(|(p, _)| !p.is_empty()),
        "no child verified: nothing compared"
    );
}

/// P = 1: one backward per round on the best member only, every child its child; D = 64
/// children verified 8 at a time are verified 64 at once: the same children, scores to float
/// rounding, the same group.
#[test]
fn one_parent_with_64_children_in_several_batches_equals_one_batch() {
    let (s, moves, scores) = setup();
    let mut f = s.cfg.frost.clone();
    f.d = 64;
    let best = (0..scores.len())
        .max_by(|&a, &b| scores[a].total_cmp(&scores[b]).then(b.cmp(&a)))
        .unwrap();
    let at = |verify_batch| Search {
        parents: 1,
        verify_batch,
    };
    let (one, g1, b1) = run(&s, &moves, &scores, &f, Some(at(64)), 1);
    let (many, g8, b8) = run(&s, &moves, &scores, &f, Some(at(8)), 1);
    let (p1, s1) = &one[0];
    let (p8, s8) = &many[0];
    assert_eq!(p1.len(), 64, "64 children verified");
    assert!(
        p1.iter().all(|c| c.0 == best),
        "every child is the best member's"
    );
    assert_eq!(p1, p8);
    for (a, b) in s1.iter().zip(s8) {
        assert!((a - b).abs() < 1e-5, "{a} vs {b}");
    }
    assert_eq!(g1.moves, g8.moves);
    assert_eq!((b1.backwards, b1.forwards), (1, 64));
    assert_eq!(b1, b8);
    // Exact rescoring of the children one by one gives the batched scores.
    let asg = &s.heldout[0];
    for ((parent, pos, token), sc) in p1.iter().zip(s1).take(5) {
        let mut child = moves[*parent].clone();
        child[*pos] = *token;
        let exact = judge::score(s.judge(), &asg.program, &[child], &mut Budget::default())[0];
        assert!((exact - sc).abs() < 1e-5, "{exact} vs {sc}");
    }
}

/// With P = 1, once a child replaces the best member, the next round proposes from that child:
/// its children carry the estimates of a fresh Taylor pass on the child, not the parent's.
#[test]
fn a_round_after_a_replacement_uses_the_childs_own_gradient() {
    let (s, moves, scores) = setup();
    let mut f = s.cfg.frost.clone();
    f.d = 16;
    let asg = &s.heldout[0];
    let search = Search {
        parents: 1,
        verify_batch: 0,
    };
    let mut group = Group::sampled(moves.clone(), scores.clone());
    let mut budget = Budget::default();
    for r in 0..6 {
        let before = group.clone();
        let picked = search.members(&before.scores)[0];
        let (g, b, seed) = (&mut group, &mut budget, 200 + r);
        let report = frost::refine_search(nets(&s), asg, g, &f, search, 1.0, seed, b);
        assert_eq!(budget.backwards, r + 1, "one backward per round");
        // The proposal this round read: a fresh Taylor pass on the member as it is now.
        let taylor = |m: &Vec<u32>| {
            let one = std::slice::from_ref(m);
            judge::taylor_proposal(s.judge(), &asg.program, one, &mut Budget::default())
        };
        let fresh = taylor(&before.moves[picked]);
        for c in &report.children {
            assert_eq!(c.parent, picked);
            let want = fresh
                .estimate
                .double_value(&[0, c.pos as i64, c.token as i64]);
            let got = c.estimate.expect("the Taylor rule fills estimates");
            assert!(
                (want - got).abs() < 1e-4,
                "round {r}: {got} vs fresh {want}"
            );
        }
        if before.moves[picked] != moves[picked] && !report.children.is_empty() {
            // This round's parent is a child of an earlier round: the stale gradient (the
            // sampled move's) would have given other estimates.
            let stale = taylor(&moves[picked]);
            let differs = report.children.iter().any(|c| {
                let old = stale
                    .estimate
                    .double_value(&[0, c.pos as i64, c.token as i64]);
                (old - c.estimate.unwrap()).abs() > 1e-3
            });
            assert!(differs, "the child's estimates equal the stale parent's");
            return;
        }
    }
    panic!("no round proposed from a replaced member in 6 rounds: nothing checked");
}

/// `eval --refine --parents`: P = N gives the curves of no `--parents` (seconds aside); P = 1
/// spends one backward a round and fewer FLOPs than P = N; every arm's FLOPs grow with each
/// round or block; `scripts/test-time.py` plots and tests by forwards, FLOPs and seconds.
#[test]
fn eval_parents_and_flops_per_arm() {
    let dir = tmp("refine-parents");
    std::fs::create_dir_all(&dir).unwrap();
    let two = ["--refine", "2", "--children", "2"];
    let curve = dir.join("all.jsonl");
    let with_curve = [&two[..], &["--curve", curve.to_str().unwrap()]].concat();
    let all = eval(&dir, "all", &with_curve);
    let four = eval(&dir, "four", &[&two[..], &["--parents", "4"]].concat());
    let one = eval(&dir, "one", &[&two[..], &["--parents", "1"]].concat());
    let curves = |v: &Value| v["refine"]["curves"].as_array().unwrap().clone();
    // Seconds are wall-clock: everything else is compared.
    let strip = |points: &Value| {
        let mut points = points.clone();
        for p in points.as_array_mut().unwrap() {
            p.as_object_mut().unwrap().remove("seconds");
        }
        points
    };
    for (a, b) in curves(&all).iter().zip(curves(&four).iter()) {
        assert_eq!(a["children"], b["children"]);
        assert_eq!(strip(&a["frost"]), strip(&b["frost"]));
        assert_eq!(strip(&a["sampled"]), strip(&b["sampled"]));
    }
    assert_eq!(all["refine"]["parents"], 4);
    assert_eq!(one["refine"]["parents"], 1);
    for (a, o) in curves(&all).iter().zip(curves(&one).iter()) {
        assert_eq!(strip(&a["sampled"]), strip(&o["sampled"]));
        for r in 1..=2 {
            let (fa, fo) = (&a["frost"][r], &o["frost"][r]);
            assert_eq!(fo["backwards"].as_u64(), Some(r as u64));
            let round = |p: &Value, r: usize| f(&p[r]["flops"]) - f(&p[r - 1]["flops"]);
            // A backward on one parent instead of four, and the gate's pass on one.
            assert!(round(&o["frost"], r) < round(&a["frost"], r));
            assert!(round(&a["frost"], r) > 0.0 && round(&a["sampled"], r) > 0.0);
            assert!(f(&fa["flops"]) > 0.0);
        }
        assert_eq!(a["frost"][0]["flops"], a["sampled"][0]["flops"]);
    }
    for line in &jsonl(&curve) {
        assert!(f(&line["budget/flops_total"]) > 0.0);
        assert_eq!(line["parents"], 4);
    }

    // The script: all three axes, the equal-cost tables.
    let plots = dir.join("plots");
    let o = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../scripts/test-time.py"
        ))
        .arg(&plots)
        .arg(format!("base={}", curve.display()))
        .output()
        .expect("python3 runs scripts/test-time.py");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for svg in ["best_vs_forwards", "best_vs_flops", "best_vs_seconds"] {
        assert!(plots.join(format!("{svg}.svg")).exists(), "{svg}");
    }
    for axis in [
        "At equal FLOPs",
        "At equal seconds",
        "at equal judge budget",
    ] {
        assert!(text.contains(axis), "{axis}: {text}");
    }
}
