//! The test-time search flags `eval` and `play` share (`--refine R`, `--children D`,
//! `--parents P`): each becomes its `[search]` key, so the config's checks are the flags'
//! checks (the round cap, the children's count, in `config/validate.rs`) and a run's own
//! `[search]` applies where a flag is absent; and what the draws must allow, refused before
//! any work.
use frost_host::config::{Scope, TrainConfig};
use frost_host::frost::Search;

use super::target::{resolve, Target, TargetArgs};

/// The search flags `eval` and `play` share.
pub struct SearchFlags {
    pub refine: Option<usize>,
    pub children: Option<usize>,
    pub parents: Option<usize>,
}

/// Resolves a target for a command that may search at test time: `--refine R` is
/// `search.rounds`, `--children D` is `search.children` and `--parents P` is `search.parents`,
/// the config is the one the round runs with (`TrainConfig::for_search`), and the rounds are
/// `--refine R`, else the config's `search.rounds` when it searches (None: sampling only).
pub fn resolve_search(
    target: &TargetArgs,
    mut extra: Vec<String>,
    flags: &SearchFlags,
) -> anyhow::Result<(Target, Option<usize>)> {
    // `search.children = 0` in a config means frost.d; a flag that says 0 means none.
    anyhow::ensure!(
        flags.children != Some(0),
        "--children 0: each Frost round verifies at least 1 child; leave --children out for the \
         config's D (search.children, else frost.d)"
    );
    if let Some(r) = flags.refine {
        extra.push(format!("search.rounds={r}"));
    }
    if let Some(d) = flags.children {
        extra.push(format!("search.children={d}"));
    }
    if let Some(p) = flags.parents {
        extra.push(format!("search.parents={p}"));
    }
    let mut t = resolve(target, &extra)?;
    t.cfg = t.cfg.for_search();
    let search = &t.cfg.search;
    let rounds = flags
        .refine
        .or((search.rounds > 0).then_some(search.rounds));
    Ok((t, rounds))
}

/// A test-time round as `[search]` sets it: from the best `search.parents` members (0: all),
/// its children verified in the judge's own batches.
pub fn search(cfg: &TrainConfig) -> Search {
    Search {
        parents: cfg.search.parents,
        verify_batch: 0,
    }
}

/// Refuses what `draws` moves to start from (`key`: the setting that gives them) cannot give a
/// search of `rounds` rounds: more parents than draws; and under `frost.scope = "parent"`,
/// which splits D evenly over the round's P parents, a D that P does not divide (as training
/// refuses D % K): each round would verify fewer children than the sampled arm draws per block,
/// so the two arms would not spend the same.
pub fn check_draws(
    cfg: &TrainConfig,
    rounds: usize,
    draws: usize,
    key: &str,
) -> anyhow::Result<()> {
    let p = cfg.search.parents;
    anyhow::ensure!(
        p <= draws,
        "--parents {p} (search.parents): a round proposes from at most the {draws} moves of \
         {key}; 0 or leaving it out = all"
    );
    if rounds == 0 || cfg.frost.scope != Scope::Parent {
        return Ok(());
    }
    let d = cfg.frost.d;
    anyhow::ensure!(
        !(p == 0 && cfg.frost.keep_parents),
        "frost.scope = \"parent\" with frost.keep_parents: a round's parents are the whole group \
         (search.parents = 0), which grows by the children kept, so search.children = {d} \
         cannot stay a multiple of them; set --parents P (search.parents) to a P dividing {d}"
    );
    let parents = search(cfg).parents_among(draws);
    anyhow::ensure!(
        d.is_multiple_of(parents),
        "frost.scope = \"parent\" needs search.children = {d} (--children, else frost.d) to be a \
         multiple of the {parents} parents a round proposes from (search.parents, 0 = all {draws} \
         of {key}), so that each round verifies all D (what the sampled arm draws per block)"
    );
    Ok(())
}
