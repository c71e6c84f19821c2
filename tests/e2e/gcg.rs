//! `frost.selection = "gcg"` on the tiny fixture: its children lie within each position's top k
//! of a fresh Taylor estimate (computed apart here), the draw follows the seed, every child is
//! verified exactly and replaces its parent only when strictly better, the policy never runs
//! (the FLOP meter sees the judge's passes and nothing else), it trains and it searches at test
//! time, where each arm's best move comes with the player's log-prob of it (checked against the
//! policy's cache-free teacher-forced path).
use frost_host::config::{FrostSection, Selection};
use frost_host::frost::{self, Group, RoundReport, Search};
use frost_host::instrument::meter;
use frost_host::judge::{self, Budget};
use frost_host::model;
use frost_host::train::{self, Refining, Setup};
use tch::Kind;

use crate::fixture::{fixture, jsonl, run_cli_ok, test_config, tmp, train_run, write_config};
use crate::test_time_search::{nets, setup};

fn gcg(s: &Setup, d: usize, top_k: usize) -> FrostSection {
    let mut f = s.cfg.frost.clone();
    f.selection = Selection::Gcg;
    f.d = d;
    f.gcg_top_k = top_k;
    f
}

/// One round of `f` from the draws with `search` and `seed`: the report, the group after it
/// and the budget.
fn round(
    s: &Setup,
    moves: &[Vec<u32>],
    scores: &[f64],
    f: &FrostSection,
    search: Search,
    seed: u64,
) -> (RoundReport, Group, Budget) {
    let mut group = Group::sampled(moves.to_vec(), scores.to_vec());
    let mut budget = Budget::default();
    let asg = &s.heldout[0];
    let report = frost::refine_search(nets(s), asg, &mut group, f, search, 1.0, seed, &mut budget);
    (report, group, budget)
}

fn picks(r: &RoundReport) -> Vec<(usize, usize, u32)> {
    (r.children.iter())
        .map(|c| (c.parent, c.pos, c.token))
        .collect()
}

const ALL: Search = Search::ALL;
const ONE: Search = Search {
    parents: 1,
    verify_batch: 0,
};

#[test]
fn gcg_children_lie_within_each_positions_top_k_of_the_taylor_estimate() {
    let (s, moves, scores) = setup();
    let asg = &s.heldout[0];
    assert!(
        asg.words.is_none(),
        "the fixture's infill has a word rule: the top-k by hand below ignores it"
    );
    let banned: Vec<bool> = Vec::try_from(&asg.banned.to_kind(Kind::Bool)).unwrap();
    let k = 5;
    // One parent has 4 positions x 5 candidates: 12 fit, whatever repeats a member.
    let f = gcg(&s, 12, k);
    for search in [ALL, ONE] {
        let (report, _, budget) = round(&s, &moves, &scores, &f, search, 7);
        assert_eq!(report.children.len(), 12, "{search:?}");
        assert_eq!(budget.backwards, 1);
        let est = judge::taylor_proposal(s.judge(), &asg.program, &moves, &mut Budget::default())
            .estimate
            .to_kind(Kind::Double);
        for c in &report.children {
            // The top k of (parent, pos) by hand: every valid token but the parent's own.
            let row = est.get(c.parent as i64).get(c.pos as i64);
            let row: Vec<f64> = Vec::try_from(&row).unwrap();
            let mut valid: Vec<(f64, u32)> = (row.iter().enumerate())
                .filter(|&(t, _)| !banned[t] && t as u32 != moves[c.parent][c.pos])
                .map(|(t, &x)| (x, t as u32))
                .collect();
            valid.sort_by(|a, b| b.0.total_cmp(&a.0));
            let top: Vec<u32> = valid.iter().take(k).map(|&(_, t)| t).collect();
            // A near-tie at the k-th place may fall either way between a pass over one parent
            // (P = 1) and over four (here): float rounding, nothing else.
            let at_edge = (row[c.token as usize] - valid[k - 1].0).abs() < 1e-5;
            assert!(
                top.contains(&c.token) || at_edge,
                "{search:?}: {c:?} not in {top:?}"
            );
            let got = c.estimate.expect("gcg fills the estimate");
            assert!((got - row[c.token as usize]).abs() < 1e-4, "{got} vs {c:?}");
        }
        if search == ONE {
            let best = search.members(&scores)[0];
            assert!(report.children.iter().all(|c| c.parent == best));
        }
    }
}

#[test]
fn gcg_draw_follows_the_seed() {
    let (s, moves, scores) = setup();
    let f = gcg(&s, 8, 20);
    let draw = |seed| picks(&round(&s, &moves, &scores, &f, ONE, seed).0);
    assert_eq!(draw(1), draw(1));
    assert_ne!(draw(1), draw(2));
}

/// B = 16 children over the group, each scored exactly (rescored one by one here); each parent
/// takes its best child only when that child scores strictly higher, and is kept otherwise.
#[test]
fn gcg_verifies_every_child_and_replaces_only_when_strictly_better() {
    let (s, moves, scores) = setup();
    let asg = &s.heldout[0];
    let f = gcg(&s, 16, 10);
    let (mut replaced, mut kept) = (0, 0);
    for seed in 0..3 {
        let (report, group, budget) = round(&s, &moves, &scores, &f, ALL, seed);
        assert_eq!(report.children.len(), 16);
        assert_eq!((budget.backwards, budget.forwards), (1, 16));
        let mut best: Vec<Option<(f64, Vec<u32>)>> = vec![None; moves.len()];
        for (c, got) in report.children.iter().zip(&report.child_scores) {
            let child = c.tokens(&moves);
            let one = std::slice::from_ref(&child);
            let exact = judge::score(s.judge(), &asg.program, one, &mut Budget::default())[0];
            assert!((exact - got).abs() < 1e-4, "{exact} vs {got}");
            if best[c.parent].as_ref().is_none_or(|(b, _)| *got > *b) {
                best[c.parent] = Some((*got, child));
            }
        }
        for (p, b) in best.into_iter().enumerate() {
            match b {
                Some((score, mv)) if score > scores[p] => {
                    assert_eq!((&group.moves[p], group.scores[p]), (&mv, score));
                    replaced += 1;
                }
                _ => {
                    assert_eq!(group.moves[p], moves[p], "kept unless strictly better");
                    kept += 1;
                }
            }
        }
    }
    assert!(
        replaced > 0 && kept > 0,
        "{replaced} replaced, {kept} kept: a case unchecked"
    );
}

/// The FLOPs of a gcg round are exactly those of its judge passes (the Taylor pass on its
/// parent, the children's scoring), done again apart: no policy forward. The gated rule's round,
/// with the same meter, costs more by its policy pass.
#[test]
fn gcg_never_runs_the_policy() {
    let (s, moves, scores) = setup();
    let asg = &s.heldout[0];
    let parent = ONE.members(&scores)[0];
    let _on = meter::on();
    let spent = |work: &mut dyn FnMut()| {
        let before = meter::spent();
        work();
        meter::spent() - before
    };
    let judge_passes = |report: &RoundReport| {
        let children: Vec<Vec<u32>> = report.children.iter().map(|c| c.tokens(&moves)).collect();
        let one = std::slice::from_ref(&moves[parent]);
        let (prog, b) = (&asg.program, &mut Budget::default());
        spent(&mut || {
            judge::taylor_in_chunks(s.judge(), prog, one, 0, b);
            judge::score_batched(s.judge(), prog, &children, 0, b);
        })
    };
    let mut rounds = Vec::new();
    for rule in [Selection::Gcg, Selection::TaylorGated] {
        let mut f = gcg(&s, 8, 100);
        f.selection = rule;
        let mut report = None;
        let flops = spent(&mut || report = Some(round(&s, &moves, &scores, &f, ONE, 3).0));
        let report = report.unwrap();
        assert_eq!(report.children.len(), 8, "{rule:?}");
        rounds.push((flops, judge_passes(&report)));
    }
    let (gcg_round, gcg_judge) = rounds[0];
    assert!(gcg_judge > 0.0);
    assert!(
        (gcg_round - gcg_judge).abs() <= 1e-9 * gcg_judge,
        "{gcg_round} vs {gcg_judge}"
    );
    let (gated_round, gated_judge) = rounds[1];
    assert!(
        gated_round > gated_judge * (1.0 + 1e-6),
        "the meter sees the gate's policy pass"
    );
}

#[test]
fn gcg_trains() {
    let out = tmp("gcg-train");
    let sets = [
        "steps=1",
        "frost.selection=\"gcg\"",
        "frost.d=6",
        "frost.gcg_top_k=10",
    ];
    train_run(&out, &sets);
    let m = &jsonl(&out.join("metrics.jsonl"))[0];
    let f = |key: &str| m[key].as_f64().unwrap();
    // Two assignments: one Taylor backward and D = 6 verified children each.
    assert_eq!(f("budget/judge_backwards"), 2.0);
    assert_eq!(f("frost/children"), 6.0);
    assert!(f("budget/judge_forwards_children") <= 12.0);
}

/// `evaluate_refined`'s `best_logp` of every point is the player's log pi of the point's best
/// move, recomputed with the cache-free teacher-forced forward; the best move scores `best`.
#[test]
fn refine_curves_carry_the_players_logprob_of_each_best_move() {
    let mut cfg = test_config(true);
    cfg.eval.assignments = 2;
    cfg.frost.selection = Selection::Gcg;
    cfg.frost.d = 8;
    let s = train::setup(&cfg).unwrap();
    let how = Refining {
        rounds: 2,
        search: ONE,
    };
    let curves =
        train::evaluate_refined(&s, &s.model.net, &s.heldout, 0, how, &mut |_| {}).unwrap();
    let _guard = tch::no_grad_guard();
    let mut moved = false;
    for (c, asg) in curves.iter().zip(&s.heldout) {
        for p in c.frost.iter().chain(&c.sampled) {
            let moves =
                model::moves_tensor(std::slice::from_ref(&p.best_move), s.model.net.device());
            let banned = asg.banned.unsqueeze(0);
            let prompts = [asg.prompt_ids.clone()];
            let t = s.cfg.sampling.temperature;
            let lp = model::move_logprobs_no_cache(&s.model.net, &prompts, &moves, &banned, t);
            let want = lp
                .token
                .to_kind(Kind::Double)
                .sum(Kind::Double)
                .double_value(&[]);
            assert!(
                (p.best_logp - want).abs() < 1e-4,
                "{} vs {want}",
                p.best_logp
            );
            let one = std::slice::from_ref(&p.best_move);
            let exact = judge::score(s.judge(), &asg.program, one, &mut Budget::default())[0];
            assert!((exact - p.best).abs() < 1e-4, "{exact} vs {}", p.best);
        }
        moved |= c.sampled.last().unwrap().best_logp != c.sampled[0].best_logp;
        moved |= c.frost.last().unwrap().best_logp != c.frost[0].best_logp;
    }
    assert!(
        moved,
        "no arm changed its best move: one log-prob checked per assignment"
    );
}

/// The command of the brief: gcg at test time from the best draw, its curve with the log-prob.
#[test]
fn eval_refine_with_gcg_writes_the_logprob_in_its_curve() {
    let dir = tmp("gcg-eval");
    std::fs::create_dir_all(&dir).unwrap();
    let cfg = write_config(&fixture().root, true);
    let curve = dir.join("gcg.jsonl");
    let stdout = run_cli_ok(&[
        "eval",
        "base",
        "--config",
        cfg.to_str().unwrap(),
        "--set",
        "frost.selection=\"gcg\"",
        "--refine",
        "2",
        "--children",
        "16",
        "--parents",
        "1",
        "--set",
        "eval.assignments=2",
        "--curve",
        curve.to_str().unwrap(),
    ]);
    assert!(stdout.contains("log pi frost/samp"), "{stdout}");
    let lines = jsonl(&curve);
    assert_eq!(lines.len(), 6, "two arms x rounds 0..=2");
    for l in &lines {
        assert_eq!(l["selection"], "gcg");
        let logp = l["eval/best_logp"].as_f64().expect("eval/best_logp");
        assert!(logp.is_finite() && logp < 0.0, "{l}");
        let per: Vec<f64> = (l["assignments"].as_array().unwrap().iter())
            .map(|a| a["best_logp"].as_f64().unwrap())
            .collect();
        assert!((per.iter().sum::<f64>() / per.len() as f64 - logp).abs() < 1e-9);
        if l["arm"] == "frost" {
            assert_eq!(
                l["budget/judge_backwards_total"],
                2 * l["rounds"].as_u64().unwrap()
            );
        }
    }
}
