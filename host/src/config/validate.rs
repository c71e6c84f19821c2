//! Range checks of a parsed config, each naming its field. Every float, wherever it is
//! (hyperparameters, limits, the game's own config), must be finite: NaN slips through
//! comparisons like `x < 0.0`, so it is rejected generically first.

use super::{
    invalid, Baseline, ConfigError, FrostSection, KlEstimator, LoraSection, Refinement, Replace,
    SamplingSection, Scope, SearchSection, Selection, TrainConfig, UpdateRule, UpdateSection,
};

impl TrainConfig {
    /// Settings the user changed that cannot act under the rest of the config (logged as
    /// warnings when a run starts): see [`inert_knobs`].
    pub fn inert_knobs(&self) -> Vec<String> {
        inert_knobs(self)
    }

    /// The config a test-time search runs with: `frost.d` = `search.children` when that is set
    /// (the round itself reads `[frost]`). Validated with the rest: the children fit.
    pub fn for_search(&self) -> TrainConfig {
        let mut cfg = self.clone();
        if cfg.search.children > 0 {
            cfg.frost.d = cfg.search.children;
        }
        cfg
    }

    /// Range checks, each naming its field.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if let Some(pin) = &self.game.sha256 {
            if pin.len() != 64 || !pin.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(invalid(
                    "game.sha256",
                    format!("must be 64 hex digits (`sha256sum GAME.wasm` prints it), got {pin:?}"),
                ));
            }
        }
        let doc = toml::Value::try_from(self).expect("the config serializes to TOML");
        if let Some((field, x)) = non_finite(&doc, "") {
            return Err(invalid(&field, format!("must be a finite number, got {x}")));
        }
        if self.steps == 0 {
            return Err(invalid("steps", "must be >= 1"));
        }
        if let Some(l) = &self.model.lora {
            lora(l)?;
        }
        sampling(&self.sampling)?;
        frost(&self.frost, self.sampling.k)?;
        update(&self.update)?;
        if self.update.warmup_steps > self.steps {
            return Err(invalid(
                "update.warmup_steps",
                format!("must be <= steps ({})", self.steps),
            ));
        }
        if self.run.threads < 0 {
            return Err(invalid(
                "run.threads",
                "must be >= 0 (0 = libtorch's default)",
            ));
        }
        if self.run.collective_timeout_s == 0 || self.run.join_timeout_s == Some(0) {
            let field = match self.run.collective_timeout_s {
                0 => "run.collective_timeout_s",
                _ => "run.join_timeout_s",
            };
            return Err(invalid(field, "must be >= 1 (seconds)"));
        }
        search(&self.search, self.frost.d)?;
        self.train_search.check(&self.frost)?;
        self.parallel.check(self)?;
        if let Some(w) = &self.run.wandb {
            wandb(w)?;
        }
        if self.eval.train_best_of == 0 {
            return Err(invalid("eval.train_best_of", "must be >= 1"));
        }
        if self.eval.every > 0 {
            if self.eval.assignments == 0 {
                return Err(invalid(
                    "eval.assignments",
                    "must be >= 1 when eval.every > 0",
                ));
            }
            if self.eval.best_of == 0 {
                return Err(invalid("eval.best_of", "must be >= 1"));
            }
        }
        crate::sizes::check_counts(self).map_err(|e| ConfigError::Size(Box::new(e)))?;
        Ok(())
    }
}

/// The dotted path and value of the first NaN or infinite float in `v`.
fn non_finite(v: &toml::Value, path: &str) -> Option<(String, f64)> {
    let join = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match v {
        toml::Value::Float(x) if !x.is_finite() => Some((path.to_string(), *x)),
        toml::Value::Table(t) => t.iter().find_map(|(k, v)| non_finite(v, &join(k))),
        toml::Value::Array(a) => a
            .iter()
            .enumerate()
            .find_map(|(i, v)| non_finite(v, &format!("{path}[{i}]"))),
        _ => None,
    }
}

fn lora(l: &LoraSection) -> Result<(), ConfigError> {
    if l.r < 1 {
        return Err(invalid("model.lora.r", "must be >= 1"));
    }
    if l.alpha <= 0.0 || !l.alpha.is_finite() {
        return Err(invalid("model.lora.alpha", "must be > 0"));
    }
    if l.dropout != 0.0 {
        // The authors' demo uses 0; the engine implements no adapter dropout.
        return Err(invalid(
            "model.lora.dropout",
            "must be 0 (adapter dropout is not supported)",
        ));
    }
    if l.target_modules.is_empty() {
        return Err(invalid("model.lora.target_modules", "must not be empty"));
    }
    Ok(())
}

fn sampling(s: &SamplingSection) -> Result<(), ConfigError> {
    if s.assignments_per_step == 0 {
        return Err(invalid("sampling.assignments_per_step", "must be >= 1"));
    }
    if s.k < 2 {
        return Err(invalid(
            "sampling.k",
            "must be >= 2 (group-relative advantages need a group)",
        ));
    }
    if !(s.temperature > 0.0 && s.temperature.is_finite()) {
        return Err(invalid("sampling.temperature", "must be > 0"));
    }
    if !(s.top_p > 0.0 && s.top_p <= 1.0) {
        return Err(invalid("sampling.top_p", "must be in (0, 1]"));
    }
    if s.top_k < 0 {
        return Err(invalid("sampling.top_k", "must be >= 0 (0 = off)"));
    }
    Ok(())
}

fn frost(f: &FrostSection, k: usize) -> Result<(), ConfigError> {
    if !(f.tau > 0.0 && f.tau < 1.0) {
        return Err(invalid(
            "frost.tau",
            format!("{} is outside (0, 1); the paper uses 1e-4", f.tau),
        ));
    }
    for (field, w) in [
        ("frost.linear_weight", f.linear_weight),
        ("frost.taylor_weight", f.taylor_weight),
    ] {
        if !(w >= 0.0 && w.is_finite()) {
            return Err(invalid(field, format!("{w} must be a finite number >= 0")));
        }
    }
    if f.gcg_top_k == 0 {
        return Err(invalid(
            "frost.gcg_top_k",
            "must be >= 1 (tokens kept per position; the default is 100)",
        ));
    }
    if f.refinement == Refinement::Frost {
        if f.d == 0 {
            return Err(invalid(
                "frost.d",
                "must be >= 1 with refinement = \"frost\"",
            ));
        }
        if f.scope == Scope::Parent && !f.d.is_multiple_of(k) {
            return Err(invalid(
                "frost.d",
                format!("scope = \"parent\" needs D to be a multiple of K = {k}"),
            ));
        }
        if f.rounds == 0 || f.rounds > crate::seeds::MAX_FROST_ROUNDS {
            let most = crate::seeds::MAX_FROST_ROUNDS;
            return Err(invalid("frost.rounds", format!("must be in 1..={most}")));
        }
    }
    Ok(())
}

// The one check of a search's rounds and children: `eval`/`play`'s --refine, --children and
// --parents are these keys. search.parents is checked by the command that searches, against
// its draws (eval.best_of or play's --k).
fn search(s: &SearchSection, d: usize) -> Result<(), ConfigError> {
    let most = crate::seeds::MAX_FROST_ROUNDS;
    if s.rounds >= most {
        return Err(invalid(
            "search.rounds",
            format!("must be below {most} (eval/play --refine R sets it)"),
        ));
    }
    if s.rounds == 0 {
        return Ok(());
    }
    let children = if s.children > 0 { s.children } else { d };
    if children == 0 {
        return Err(invalid(
            "search.children",
            "must be >= 1 when search.rounds > 0 and frost.d = 0 (a GRPO config): the children \
             each test-time round verifies (eval/play --children D)",
        ));
    }
    let size = |e| ConfigError::Size(Box::new(e));
    crate::sizes::check_rows("search.children", children).map_err(size)?;
    crate::sizes::check_rows(
        "search.rounds x search.children",
        s.rounds.saturating_mul(children),
    )
    .map_err(size)
}

/// `[run.wandb]`: the names W&B would refuse at `wandb.init`, refused before the run starts.
fn wandb(w: &super::WandbSection) -> Result<(), ConfigError> {
    let bad = ['/', '\\', '#', '?', '%', ':'];
    if w.project.trim().is_empty() || w.project.len() > 128 || w.project.contains(bad) {
        return Err(invalid(
            "run.wandb.project",
            "must be 1-128 characters without / \\ # ? % : (W&B's rule for project names)",
        ));
    }
    let blank = |s: &Option<String>| s.as_ref().is_some_and(|s| s.trim().is_empty());
    if blank(&w.entity) {
        return Err(invalid(
            "run.wandb.entity",
            "must not be empty (leave it out for the account's default)",
        ));
    }
    if blank(&w.name) {
        return Err(invalid(
            "run.wandb.name",
            "must not be empty (leave it out for W&B's generated name)",
        ));
    }
    if let Some(t) = (w.tags.iter()).find(|t| t.trim().is_empty() || t.chars().count() > 64) {
        return Err(invalid(
            "run.wandb.tags",
            format!("{t:?}: a tag must be 1-64 characters (W&B's limit)"),
        ));
    }
    Ok(())
}

fn update(u: &UpdateSection) -> Result<(), ConfigError> {
    if !(u.lr > 0.0 && u.lr.is_finite()) {
        return Err(invalid("update.lr", "must be > 0"));
    }
    if u.weight_decay < 0.0 {
        return Err(invalid("update.weight_decay", "must be >= 0"));
    }
    if !(0.0..1.0).contains(&u.beta1) {
        return Err(invalid("update.beta1", "must be in [0, 1)"));
    }
    if !(0.0..1.0).contains(&u.beta2) {
        return Err(invalid("update.beta2", "must be in [0, 1)"));
    }
    if u.adam_eps <= 0.0 {
        return Err(invalid("update.adam_eps", "must be > 0"));
    }
    if u.grad_clip < 0.0 {
        return Err(invalid("update.grad_clip", "must be >= 0 (0 = off)"));
    }
    if !(u.clip_eps > 0.0 && u.clip_eps < 1.0) {
        return Err(invalid("update.clip_eps", "must be in (0, 1)"));
    }
    if u.kl_beta < 0.0 {
        return Err(invalid("update.kl_beta", "must be >= 0"));
    }
    if u.router_aux_loss_coef.is_some_and(|c| c < 0.0) {
        return Err(invalid(
            "update.router_aux_loss_coef",
            "must be >= 0 (0 = off)",
        ));
    }
    if !(1..=64).contains(&u.iterations) {
        return Err(invalid("update.iterations", "must be in 1..=64"));
    }
    if !(0.0..=1.0).contains(&u.min_lr_ratio) {
        return Err(invalid("update.min_lr_ratio", "must be in [0, 1]"));
    }
    if let Some(h) = u.clip_eps_high {
        if !(h > 0.0 && h < 10.0) {
            return Err(invalid(
                "update.clip_eps_high",
                "must be in (0, 10) (DAPO uses 0.28)",
            ));
        }
    }
    if let Some(c) = u.dual_clip {
        if c <= 1.0 {
            return Err(invalid(
                "update.dual_clip",
                "must be > 1 (verl's clip_ratio_c is 3)",
            ));
        }
    }
    if u.entropy_coef < 0.0 {
        return Err(invalid("update.entropy_coef", "must be >= 0 (0 = off)"));
    }
    if u.cispo_cap.is_some_and(|c| !(1.0..=1e6).contains(&c)) {
        return Err(invalid(
            "update.cispo_cap",
            "must be >= 1 (the importance weight is min(ratio, cap); ScaleRL and TRL use 5)",
        ));
    }
    for (field, tau) in [
        ("update.sapo_tau_pos", u.sapo_tau_pos),
        ("update.sapo_tau_neg", u.sapo_tau_neg),
    ] {
        if tau.is_some_and(|t| !(t > 0.0 && t <= 1e3)) {
            return Err(invalid(field, "must be in (0, 1000] (TRL uses 1 and 1.05)"));
        }
    }
    Ok(())
}

/// CISPO's and SAPO's own settings under another rule, and the rules themselves where the
/// ratio is 1 (one pass: the same gradient as GRPO's).
fn rule_knobs(u: &UpdateSection, inert: &mut impl FnMut(&str, &str)) {
    let own = [
        ("cispo_cap", u.cispo_cap.is_some(), UpdateRule::Cispo),
        ("sapo_tau_pos", u.sapo_tau_pos.is_some(), UpdateRule::Sapo),
        ("sapo_tau_neg", u.sapo_tau_neg.is_some(), UpdateRule::Sapo),
    ];
    for (field, _, rule) in own.into_iter().filter(|(_, set, _)| *set) {
        if u.rule != rule {
            let why = format!("it acts under rule = \"{}\" only", rule.name());
            inert(field, &why);
        } else if u.iterations == 1 {
            inert(field, RATIO_IS_ONE);
        }
    }
    if matches!(u.rule, UpdateRule::Cispo | UpdateRule::Sapo) && u.iterations == 1 {
        let why = format!(
            "\"{}\" trains as \"grpo\" with update.iterations = 1 (at ratio 1 both give the \
             same gradient); set update.iterations >= 2 for it to act",
            u.rule.name()
        );
        inert("rule", &why);
    }
}

/// Why a setting of the importance ratio cannot act with one pass over the batch.
const RATIO_IS_ONE: &str = "with update.iterations = 1 the ratio is exactly 1 on the one pass \
                            over the batch; set update.iterations >= 2 for it to act";

/// Settings that cannot act under the rest of the config, each as one line naming the field,
/// why, and what would make it act. A field left at its default is not named: only a choice the
/// user made that changes nothing.
pub(super) fn inert_knobs(cfg: &TrainConfig) -> Vec<String> {
    let (u, base) = (&cfg.update, TrainConfig::default_embedded().update);
    let mut out = Vec::new();
    let mut inert = |field: &str, why: &str| {
        out.push(format!("update.{field} has no effect: {why}"));
    };
    let ratio_knobs = [
        ("clip_eps", u.clip_eps != base.clip_eps),
        ("aggregation", u.aggregation != base.aggregation),
        ("clip_eps_high", u.clip_eps_high.is_some()),
        ("dual_clip", u.dual_clip.is_some()),
    ];
    for (field, _) in ratio_knobs.into_iter().filter(|(_, changed)| *changed) {
        if u.rule == UpdateRule::Reinforce {
            inert(
                field,
                "the REINFORCE loss has no ratio (it acts under rule = \"grpo\")",
            );
        } else if matches!(u.rule, UpdateRule::Cispo | UpdateRule::Sapo) && field != "aggregation" {
            let why = format!(
                "rule = \"{}\" does not clip the ratio (it acts under rule = \"grpo\")",
                u.rule.name()
            );
            inert(field, &why);
        } else if u.iterations == 1 {
            inert(field, RATIO_IS_ONE);
        }
    }
    rule_knobs(u, &mut inert);
    if u.kl_estimator.is_some() && u.kl_beta == 0.0 {
        inert("kl_estimator", "update.kl_beta = 0 turns the KL term off");
    }
    if u.ref_refresh_every > 0 && u.kl_beta == 0.0 {
        inert(
            "ref_refresh_every",
            "update.kl_beta = 0 turns the KL term off, so there is no reference to refresh",
        );
    } else if u.ref_refresh_every > 0 && u.ref_refresh_every >= cfg.steps {
        inert(
            "ref_refresh_every",
            "the run ends before the first refresh (set it below steps)",
        );
    }
    if u.std_scope != base.std_scope && !u.normalize_std {
        inert(
            "std_scope",
            "update.normalize_std = false divides by no std (set it to true)",
        );
    }
    if u.min_lr_ratio != base.min_lr_ratio && u.lr_schedule == crate::config::LrSchedule::Constant {
        inert(
            "min_lr_ratio",
            "update.lr_schedule = \"constant\" does not decay (set \"linear\" or \"cosine\")",
        );
    }
    if u.max_extra_deals > 0 && !u.drop_tied_groups {
        inert(
            "max_extra_deals",
            "extra assignments replace dropped groups only with update.drop_tied_groups = true",
        );
    }
    // E_pi[grad log pi] = 0: as a loss term k1 pulls nothing toward the reference (it only adds
    // noise, and on Frost's children a pull toward nothing in particular).
    if u.kl_beta > 0.0 && u.kl_estimator() == KlEstimator::K1 {
        out.push(
            "update.kl_estimator = \"k1\" pulls nothing toward the reference: pi - ref at the \
             trained tokens has zero expected gradient on moves sampled from the policy (its \
             value is still logged as kl); use \"k3\", \"k2\" or \"exact\" for a KL penalty"
                .to_string(),
        );
    }
    let f = &cfg.frost;
    let child_knobs = [
        ("replace", f.replace != Replace::Better),
        ("keep_parents", f.keep_parents),
        ("max_replaced", f.max_replaced != 0),
        ("baseline", f.baseline != Baseline::Final),
    ];
    if f.gcg_top_k != crate::config::DEFAULT_GCG_TOP_K && f.selection != Selection::Gcg {
        out.push(format!(
            "frost.gcg_top_k has no effect: frost.selection = \"{}\" ranks no top-k (it acts \
             under selection = \"gcg\")",
            f.selection.name()
        ));
    }
    if f.refinement != Refinement::Frost {
        for (field, _) in child_knobs.into_iter().filter(|(_, set)| *set) {
            out.push(format!(
                "frost.{field} has no effect: frost.refinement = \"none\" verifies no child \
                 (set it to \"frost\")"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(sets: &[&str]) -> Result<TrainConfig, ConfigError> {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        TrainConfig::from_toml(crate::config::DEFAULT_CONFIG_TOML, "embedded", &sets)
    }

    #[test]
    fn search_absent_is_off_and_children_set_the_searchs_d() {
        let cfg = TrainConfig::default_embedded();
        assert_eq!(cfg.search, SearchSection::default());
        assert_eq!(cfg.for_search(), cfg, "no search: the config as it is");
        let cfg = with(&["search.rounds=8", "search.parents=1", "search.children=16"]).unwrap();
        let s = cfg.for_search();
        assert_eq!((s.frost.d, cfg.frost.d), (16, 4));
        assert_eq!(s.search, cfg.search);
        // children = 0: frost.d's.
        assert_eq!(with(&["search.rounds=2"]).unwrap().for_search().frost.d, 4);
    }

    #[test]
    fn a_search_that_cannot_run_names_its_key() {
        let field = |sets: &[&str]| match with(sets) {
            Err(ConfigError::Invalid { field, .. }) => field,
            Err(ConfigError::Size(e)) => e.to_string(),
            other => panic!("{sets:?}: {other:?}"),
        };
        let grpo = ["frost.refinement=\"none\"", "frost.d=0", "search.rounds=2"];
        assert_eq!(field(&grpo), "search.children");
        assert_eq!(field(&["search.rounds=1000000"]), "search.rounds");
        assert!(field(&["search.rounds=8", "search.children=70000"]).contains("search.children"));
        // Rounds = 0: nothing to check, GRPO's D = 0 included.
        with(&["frost.refinement=\"none\"", "frost.d=0"]).unwrap();
    }
}
