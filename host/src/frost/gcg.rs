//! `gcg`: the selection of a GCG-style solver (Zou et al.'s Greedy Coordinate Gradient, as the
//! method's authors' xentlabs/xent_solver runs it on xent games): per parent and move position
//! the top k tokens by the Taylor estimate, then D children drawn uniformly at random among
//! those substitutions, seeded. No gate, so no policy forward.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tch::{Kind, Tensor};

use super::pick::{already_scored, keep_if_new};
use super::{Child, Knobs, Proposal};
use crate::config::Scope;
use crate::instrument::sync;

/// Up to `knobs.d` distinct children drawn uniformly at random (seeded by `knobs.seed`) among
/// the candidates of [`top_k_pools`], under `knobs.scope`: `group` draws from every parent's
/// pool at once; `parent` draws D / K from each parent's own (xent_solver's layout: every
/// gradient row gets an equal share of the candidates); `round-robin` deals one child per
/// parent in turn (group order), each parent's own in a random order, until D. A candidate
/// equal to a group member, a move already scored or a child already drawn is skipped, as
/// every rule does.
pub fn draw(p: &Proposal, key: &Tensor, knobs: &Knobs) -> Vec<Child> {
    let mut rng = ChaCha8Rng::seed_from_u64(knobs.seed);
    let mut pools: Vec<Vec<Child>> = match knobs.scope {
        Scope::Group => vec![top_k_pools(p, key, knobs.top_k).concat()],
        Scope::Parent | Scope::RoundRobin => top_k_pools(p, key, knobs.top_k),
    };
    for pool in &mut pools {
        pool.shuffle(&mut rng);
    }
    let mut lists: Vec<_> = pools.into_iter().map(Vec::into_iter).collect();
    let mut seen = already_scored(p);
    let mut out = Vec::new();
    // The next `want` new candidates of `list`, in its (random) order.
    let mut take = |list: &mut dyn Iterator<Item = Child>, want: usize, out: &mut Vec<Child>| {
        let mut got = 0;
        while got < want {
            let Some(c) = list.next() else { break };
            got += usize::from(keep_if_new(c, p.parents, &mut seen, out));
        }
    };
    let d = knobs.d;
    match knobs.scope {
        Scope::Group => take(&mut lists[0], d, &mut out),
        Scope::Parent => {
            let each = d / lists.len();
            for list in &mut lists {
                take(list, each, &mut out);
            }
        }
        // One per parent in turn, until D or a whole turn deals none (every pool spent).
        Scope::RoundRobin => loop {
            let before = out.len();
            for list in &mut lists {
                if out.len() < d {
                    take(list, 1, &mut out);
                }
            }
            if out.len() == before || out.len() == d {
                break;
            }
        },
    }
    out
}

/// Each parent's candidates: at every move position the `top_k` best valid tokens by `key`
/// ([K, L, V] f64, -inf = invalid: no-op, banned, padding, breaking the word rule), fewer where
/// fewer are valid. Ranked by their key, which for `gcg` is the Taylor estimate R~ (one read).
fn top_k_pools(p: &Proposal, key: &Tensor, top_k: usize) -> Vec<Vec<Child>> {
    let (k, l, v) = key.size3().expect("a [K, L, V] key");
    let kk = (top_k as i64).min(v);
    let (vals, idx) = key.topk(kk, 2, true, true);
    // Token ids are far below 2^53: exact as f64, so values and ids come back in one read.
    let both = sync::to_f64s(&Tensor::stack(&[vals, idx.to_kind(Kind::Double)], 0));
    let n = (k * l * kk) as usize;
    let (vals, ids) = both.split_at(n);
    let mut pools = vec![Vec::new(); p.parents.len()];
    for (flat, (&s, &token)) in vals.iter().zip(ids).enumerate() {
        if s == f64::NEG_INFINITY {
            continue;
        }
        let (parent, pos) = (flat / (l * kk) as usize, flat / kk as usize % l as usize);
        pools[parent].push(Child {
            parent,
            pos,
            token: token as u32,
            rank_score: s,
            // The key is the estimate itself.
            estimate: Some(s),
        });
    }
    pools
}

#[cfg(test)]
mod tests {
    use rand::Rng;
    use tch::Device;

    use super::*;
    use crate::config::Selection;
    use crate::frost::{select, TaylorView};

    const V: usize = 40;

    /// Three distinct parents of four tokens, an estimate of seeded values, tokens 5 and 9
    /// banned: what a `gcg` round reads.
    struct Case {
        parents: Vec<Vec<u32>>,
        estimate: Tensor,
        zeros: Tensor,
        scores: Vec<f64>,
        banned: Tensor,
    }

    fn case() -> Case {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let parents: Vec<Vec<u32>> = (0..3)
            .map(|_| (0..4).map(|_| rng.gen_range(0..V as u32)).collect())
            .collect();
        let values: Vec<f64> = (0..3 * 4 * V).map(|_| rng.gen_range(-5.0..5.0)).collect();
        let estimate = Tensor::from_slice(&values).view([3, 4, V as i64]);
        let banned = Tensor::zeros([V as i64], (Kind::Bool, Device::Cpu)).index_fill(
            0,
            &Tensor::from_slice(&[5i64, 9]),
            1,
        );
        Case {
            parents,
            zeros: estimate.zeros_like(),
            estimate,
            scores: vec![0.0; 3],
            banned,
        }
    }

    fn proposal<'a>(c: &'a Case, verified: &'a [Vec<u32>]) -> Proposal<'a> {
        Proposal {
            parents: &c.parents,
            taylor: Some(TaylorView {
                estimate: &c.estimate,
                target_term: &c.zeros,
                scores: &c.scores,
            }),
            policy_logp: None,
            banned: &c.banned,
            substitution_ban: None,
            verified,
        }
    }

    fn knobs(scope: Scope, d: usize, top_k: usize, seed: u64) -> Knobs {
        Knobs {
            scope,
            d,
            tau: 0.5,
            linear_weight: 1.0,
            taylor_weight: 1.0,
            top_k,
            seed,
        }
    }

    /// The top `k` valid tokens of (parent, pos), computed apart from the rule: every token but
    /// the banned ones and the parent's own, sorted by value.
    fn top_k_by_hand(c: &Case, parent: usize, pos: usize, k: usize) -> Vec<u32> {
        let mut tokens: Vec<(f64, u32)> = (0..V as u32)
            .filter(|&t| t != 5 && t != 9 && t != c.parents[parent][pos])
            .map(|t| {
                let at = [parent as i64, pos as i64, t as i64];
                (c.estimate.double_value(&at), t)
            })
            .collect();
        tokens.sort_by(|a, b| b.0.total_cmp(&a.0));
        tokens.iter().take(k).map(|&(_, t)| t).collect()
    }

    fn picks(children: &[Child]) -> Vec<(usize, usize, u32)> {
        children
            .iter()
            .map(|c| (c.parent, c.pos, c.token))
            .collect()
    }

    #[test]
    fn children_are_within_each_positions_top_k_and_all_of_it_when_d_asks() {
        let c = case();
        let k = 5;
        for scope in [Scope::Group, Scope::Parent, Scope::RoundRobin] {
            let got = select(&proposal(&c, &[]), Selection::Gcg, &knobs(scope, 12, k, 7));
            assert_eq!(got.len(), 12, "{scope:?}");
            for ch in &got {
                let top = top_k_by_hand(&c, ch.parent, ch.pos, k);
                assert!(top.contains(&ch.token), "{scope:?}: {ch:?} not in {top:?}");
                let at = [ch.parent as i64, ch.pos as i64, ch.token as i64];
                assert_eq!(ch.estimate, Some(c.estimate.double_value(&at)));
            }
        }
        // D = the whole pool (3 parents x 4 positions x 5): exactly every top-k substitution.
        let all = select(
            &proposal(&c, &[]),
            Selection::Gcg,
            &knobs(Scope::Group, 60, k, 7),
        );
        let mut got = picks(&all);
        got.sort();
        let mut want: Vec<(usize, usize, u32)> = (0..3)
            .flat_map(|p| (0..4).map(move |i| (p, i)))
            .flat_map(|(p, i)| {
                top_k_by_hand(&c, p, i, k)
                    .into_iter()
                    .map(move |t| (p, i, t))
            })
            .collect();
        want.sort();
        assert_eq!(got, want);
        // No more than the pool, whatever D asks.
        let more = select(
            &proposal(&c, &[]),
            Selection::Gcg,
            &knobs(Scope::Group, 80, k, 7),
        );
        assert_eq!(more.len(), 60);
    }

    #[test]
    fn the_draw_is_reproducible_with_the_seed_and_changes_with_it() {
        let c = case();
        let draw = |scope, seed| {
            picks(&select(
                &proposal(&c, &[]),
                Selection::Gcg,
                &knobs(scope, 6, 5, seed),
            ))
        };
        for scope in [Scope::Group, Scope::Parent, Scope::RoundRobin] {
            assert_eq!(draw(scope, 1), draw(scope, 1));
            assert_ne!(draw(scope, 1), draw(scope, 2), "{scope:?}");
        }
    }

    /// Drawn uniformly: over 1,200 seeds, each of a 12-candidate pool (1 parent x 4 positions
    /// x top 3) comes out about 100 times as the one child.
    #[test]
    fn each_candidate_is_equally_likely() {
        let c = case();
        let parents = vec![c.parents[0].clone()];
        let (estimate, zeros) = (c.estimate.narrow(0, 0, 1), c.zeros.narrow(0, 0, 1));
        let one = Case {
            parents,
            estimate,
            zeros,
            scores: vec![0.0],
            banned: c.banned.shallow_clone(),
        };
        let mut counts = std::collections::HashMap::new();
        for seed in 0..1200 {
            let got = select(
                &proposal(&one, &[]),
                Selection::Gcg,
                &knobs(Scope::Group, 1, 3, seed),
            );
            *counts.entry(picks(&got)[0]).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 12, "{counts:?}");
        // Binomial(1200, 1/12): sd 9.6; 60..140 is over 4 sd either side.
        assert!(
            counts.values().all(|&n| (60..140).contains(&n)),
            "{counts:?}"
        );
    }

    #[test]
    fn scopes_share_d_and_moves_already_scored_are_never_drawn() {
        let c = case();
        let per_parent = |got: &[Child]| {
            (0..3)
                .map(|p| got.iter().filter(|c| c.parent == p).count())
                .collect::<Vec<_>>()
        };
        let parent = select(
            &proposal(&c, &[]),
            Selection::Gcg,
            &knobs(Scope::Parent, 6, 5, 4),
        );
        assert_eq!(per_parent(&parent), vec![2, 2, 2]);
        let rr = select(
            &proposal(&c, &[]),
            Selection::Gcg,
            &knobs(Scope::RoundRobin, 7, 5, 4),
        );
        assert_eq!(per_parent(&rr), vec![3, 2, 2]);
        // Parent 0 with its best position-0 token is a move already scored: never drawn again.
        let best = top_k_by_hand(&c, 0, 0, 1)[0];
        let mut scored = c.parents[0].clone();
        scored[0] = best;
        let verified = vec![scored];
        for seed in 0..50 {
            let got = select(
                &proposal(&c, &verified),
                Selection::Gcg,
                &knobs(Scope::Group, 30, 2, seed),
            );
            assert!(!picks(&got).contains(&(0, 0, best)));
            assert_eq!(got.len(), 23, "every other of the 3 x 4 x 2 candidates");
        }
    }

    /// `frost.gcg_top_k`: 100 by default, at least 1, passed to the rule, and named as inert
    /// under every other rule.
    #[test]
    fn the_knob_is_checked_reaches_the_rule_and_is_inert_under_other_rules() {
        use crate::config::{TrainConfig, DEFAULT_CONFIG_TOML};
        let cfg = |sets: &[&str]| {
            let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
            TrainConfig::from_toml(DEFAULT_CONFIG_TOML, "t", &sets)
        };
        let default = cfg(&[]).unwrap();
        assert_eq!(default.frost.gcg_top_k, 100);
        let err = cfg(&["frost.gcg_top_k=0"]).unwrap_err().to_string();
        assert!(err.contains("frost.gcg_top_k"), "{err}");
        let gcg = cfg(&["frost.selection=\"gcg\"", "frost.gcg_top_k=7"]).unwrap();
        assert!(gcg.inert_knobs().is_empty(), "{:?}", gcg.inert_knobs());
        assert_eq!(Knobs::from_config(&gcg.frost, 3).top_k, 7);
        assert!(!Selection::Gcg.needs_policy() && Selection::Gcg.needs_taylor());
        for rule in Selection::ALL.into_iter().filter(|&r| r != Selection::Gcg) {
            let set = format!("frost.selection=\"{}\"", rule.name());
            let inert = cfg(&[&set, "frost.gcg_top_k=7"]).unwrap().inert_knobs();
            assert_eq!(inert.len(), 1, "{rule:?}: {inert:?}");
            assert!(
                inert[0].starts_with("frost.gcg_top_k has no effect"),
                "{inert:?}"
            );
            // Left at its default it is not named.
            assert!(cfg(&[&set]).unwrap().inert_knobs().is_empty(), "{rule:?}");
        }
    }
}
