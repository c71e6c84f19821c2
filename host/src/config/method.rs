//! The method's sections: `[frost]` (refinement, selection rule, its knobs) and `[update]` (the
//! loss, the optimizer, the passes over a batch), with every variant documented for
//! `frost-host schema`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

fn default_taylor_weight() -> f64 {
    2.0
}

fn default_linear_weight() -> f64 {
    0.1
}

/// `frost.gcg_top_k`: the shipped config of the method's authors' GCG solver
/// (xentlabs/xent_solver, `configs/gcg/test.json`: `top_k = 100`; GCG's paper uses 256).
pub const DEFAULT_GCG_TOP_K: usize = 100;

fn default_gcg_top_k() -> usize {
    DEFAULT_GCG_TOP_K
}

/// What happens to a sampled group before the update (`frost.refinement`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Refinement {
    /// Vanilla GRPO: the group is trained on as sampled.
    None,
    /// Frost: Taylor proposal, gate, top-D, verify, replace.
    Frost,
}

/// How Frost ranks the candidate single-token substitutions of the group's moves
/// (`frost.selection`, the paper's ablation; docs/method.md, "Selection rules"). Every rule
/// skips no-ops, banned tokens and padding rows, and de-duplicates children.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Selection {
    /// The paper's method: rank by the judge's first-order (Taylor) estimate of the score
    /// change R~(k, i, v), keeping only tokens the policy finds plausible,
    /// pi(v | prompt, y_<i) > tau. Costs one judge backward and one policy forward per group.
    TaylorGated,
    /// Rank by the Taylor estimate R~(k, i, v) with no gate. Costs one judge backward.
    Taylor,
    /// Rank by the policy's own log pi(v | prompt, y_<i), no judge gradient. Costs one policy
    /// forward.
    TopProb,
    /// Uniformly random valid substitutions, seeded from the run seed: the control.
    Random,
    /// Rank by the estimated improvement of the child over its own parent, with the linear
    /// term weighted: T(k, i, v) + frost.linear_weight * (g_i . E_v - g_i . E_{y_i}) (the exact
    /// target term plus the down-weighted gradient term; the parent's R(y) is left out, so a
    /// good parent does not draw every child), gated like `taylor-gated`. Costs one judge
    /// backward and one policy forward.
    TaylorGain,
    /// Rank by the policy's prior plus the judge's estimated improvement:
    /// log pi(v | prompt, y_<i) + frost.taylor_weight * (T + frost.linear_weight * linear
    /// term); no gate (the prior is in the key). Costs one judge backward and one policy
    /// forward.
    PriorTaylor,
    /// The gradient search of a GCG-style solver (the method's authors' xent_solver): per
    /// parent and move position the top `frost.gcg_top_k` tokens by the Taylor estimate
    /// R~(k, i, v), no gate; then D children drawn uniformly at random (seeded from the run
    /// seed) among those parents x L x k substitutions. Costs one judge backward, no policy
    /// forward.
    Gcg,
}

impl Selection {
    /// Every rule, in the order the docs list them.
    pub const ALL: [Selection; 7] = [
        Selection::TaylorGated,
        Selection::Taylor,
        Selection::TopProb,
        Selection::Random,
        Selection::TaylorGain,
        Selection::PriorTaylor,
        Selection::Gcg,
    ];

    /// Whether the rule ranks by the judge's Taylor proposal (one judge backward per group).
    pub fn needs_taylor(self) -> bool {
        !matches!(self, Selection::TopProb | Selection::Random)
    }

    /// Whether the rule reads the policy's log-probs of every substitution (one policy
    /// forward per group).
    pub fn needs_policy(self) -> bool {
        !matches!(self, Selection::Taylor | Selection::Random | Selection::Gcg)
    }

    /// The rule's config name (`taylor-gated`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Selection::TaylorGated => "taylor-gated",
            Selection::Taylor => "taylor",
            Selection::TopProb => "top-prob",
            Selection::Random => "random",
            Selection::TaylorGain => "taylor-gain",
            Selection::PriorTaylor => "prior-taylor",
            Selection::Gcg => "gcg",
        }
    }
}

/// Where the top D children are chosen (`frost.scope`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// Top-D pooled over all parents x positions x tokens.
    Group,
    /// D split evenly over the parents.
    Parent,
    /// One child per parent in turn (parents in the order of their best candidate), until D:
    /// children spread over the group for any D.
    RoundRobin,
}

/// `[frost]`: steps 4-6 of a step (propose, gate and select, verify and replace).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrostSection {
    /// "frost" refines each group; "none" is vanilla GRPO.
    pub refinement: Refinement,
    /// Children verified per assignment (D).
    pub d: usize,
    /// Gate: keep candidates with policy probability > tau.
    pub tau: f64,
    /// How candidates are ranked.
    pub selection: Selection,
    /// Top-D over the whole group, D / K per parent, or round-robin over the parents.
    pub scope: Scope,
    /// `taylor-gain`, `prior-taylor`: weight of the Taylor linear term (the gradient's estimate
    /// of the change to the later tokens) next to the exact target term; 1 = as estimated, 0 =
    /// the exact target term alone. Default 0.1 (tuned by `analyze-selection`).
    #[serde(default = "default_linear_weight")]
    pub linear_weight: f64,
    /// `prior-taylor`: weight of the judge's estimated improvement next to the policy's
    /// log-prob (0 = `top-prob`). Default 2 (tuned by `analyze-selection`).
    #[serde(default = "default_taylor_weight")]
    pub taylor_weight: f64,
    /// `gcg`: the tokens kept per parent and move position, the best by the Taylor estimate,
    /// among which the D children are drawn uniformly. Default 100 (the method's authors'
    /// xent_solver config; GCG's paper uses 256).
    #[serde(default = "default_gcg_top_k")]
    pub gcg_top_k: usize,
    /// Mutation rounds per step (1 = the paper's method; more is an extension).
    pub rounds: usize,
    /// Compute the Taylor proposal this many parents at a time (0 = the whole group in one
    /// judge backward). Exact; bounds the backward's activation memory on large models.
    #[serde(default)]
    pub taylor_chunk: usize,
    /// When a verified child replaces its parent: "better" (the paper's rule: the parent's best
    /// child, when it scores strictly higher), or "above-mean" (that child, only when it also
    /// scores above the group's sampled mean, so that a replaced member's advantage is never
    /// negative: the update never pushes a judge-approved edit down).
    #[serde(default)]
    pub replace: Replace,
    /// Keep each replaced parent: its child joins the group beside it (the group grows past K,
    /// the judge budget is unchanged) instead of taking its place, so the update still pushes
    /// the parent's tokens by the parent's own advantage.
    #[serde(default)]
    pub keep_parents: bool,
    /// At most this many members of a group take a child per step (0 = no cap): those whose
    /// child gains the most over its parent. Targets the rules that replace most of the group.
    #[serde(default)]
    pub max_replaced: usize,
    /// The group the advantages' baseline (mean, and std when normalized) is taken over:
    /// "final" (the group after Frost, the paper's) or "sampled" (the group as the policy
    /// sampled it, so a child's advantage is not lowered by the very gain it brought).
    #[serde(default)]
    pub baseline: Baseline,
}

/// `frost.baseline`: which group the advantages are measured against.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Baseline {
    /// The final group, children included (the paper's).
    #[default]
    Final,
    /// The group as sampled, before any child.
    Sampled,
}

/// `frost.replace`: which verified children replace their parents.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Replace {
    /// The parent's best child, when strictly better than the parent.
    #[default]
    Better,
    /// As `better`, and only when the child also beats the mean of the group as sampled.
    AboveMean,
}

/// The policy-gradient loss (`update.rule`; docs/method.md, "Update rules").
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum UpdateRule {
    /// Clipped-ratio GRPO with group-relative advantages.
    Grpo,
    /// REINFORCE with a group-mean baseline and exact full-vocabulary KL (the authors' demo).
    Reinforce,
    /// CISPO (MiniMax-M1, 2025; TRL's `loss_type = "cispo"`): REINFORCE on the token
    /// log-probs weighted by the importance ratio capped at `update.cispo_cap`, the weight
    /// detached, so no token loses its gradient to a clip.
    Cispo,
    /// SAPO (Soft Adaptive Policy Optimization, 2025; TRL's `loss_type = "sapo"`): the clip
    /// replaced by a smooth gate of the ratio, sigmoid(tau (r - 1)) * 4 / tau, with temperature
    /// `update.sapo_tau_pos` for positive advantages and `update.sapo_tau_neg` otherwise.
    Sapo,
}

impl UpdateRule {
    /// The rule's config name (`grpo`, ...).
    pub fn name(self) -> &'static str {
        match self {
            UpdateRule::Grpo => "grpo",
            UpdateRule::Reinforce => "reinforce",
            UpdateRule::Cispo => "cispo",
            UpdateRule::Sapo => "sapo",
        }
    }
}

/// `update.cispo_cap` when absent: ScaleRL's and TRL's recommended epsilon_max.
pub const DEFAULT_CISPO_CAP: f64 = 5.0;
/// `update.sapo_tau_pos` when absent: TRL's `sapo_temperature_pos` default.
pub const DEFAULT_SAPO_TAU_POS: f64 = 1.0;
/// `update.sapo_tau_neg` when absent: TRL's `sapo_temperature_neg` default.
pub const DEFAULT_SAPO_TAU_NEG: f64 = 1.05;

/// How the GRPO ratio and loss are aggregated (`update.aggregation`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// One ratio per token; mean over all tokens of the batch.
    Token,
    /// One ratio per move, exp of its mean token log-ratio (GSPO-style); mean over moves.
    Sequence,
}

/// `[update]`: step 7, advantages, the loss and one AdamW step.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct UpdateSection {
    /// The loss: clipped-ratio GRPO, REINFORCE, CISPO or SAPO.
    pub rule: UpdateRule,
    /// AdamW learning rate.
    pub lr: f64,
    /// AdamW decoupled weight decay.
    pub weight_decay: f64,
    /// AdamW first-moment decay.
    pub beta1: f64,
    /// AdamW second-moment decay.
    pub beta2: f64,
    /// AdamW epsilon.
    pub adam_eps: f64,
    /// Clip the global gradient norm to this (0 = off).
    pub grad_clip: f64,
    /// GRPO ratio clip epsilon. Acts only with `iterations` >= 2: on the one pass of
    /// `iterations = 1` the ratio is exactly 1.
    pub clip_eps: f64,
    /// Divide advantages by the group std.
    pub normalize_std: bool,
    /// Per-token or per-move ratios. Acts only with `iterations` >= 2 (at ratio 1 both give
    /// the same gradient).
    pub aggregation: Aggregation,
    /// KL to the reference policy (adapters off); 0 = off.
    pub kl_beta: f64,
    /// Rows (moves) per micro-batch of the update; gradients accumulate over micro-batches
    /// before the one AdamW step (0 = the whole batch at once). Exact; bounds activation memory.
    #[serde(default)]
    pub micro_batch: usize,
    /// Optimizer steps on each step's batch (mu, TRL's `num_iterations`, verl's `ppo_epochs`):
    /// the old log-probs are the first pass's, so from the second pass on the ratio moves off
    /// 1 and `clip_eps` and `aggregation` act. 1 = one step per batch.
    #[serde(default = "default_iterations")]
    pub iterations: usize,
    /// How the KL is computed; absent = "k3" under `grpo`, "exact" under `reinforce`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kl_estimator: Option<KlEstimator>,
    /// The learning rate over the run: "constant" (default), "linear" or "cosine" decay from
    /// `lr` to `lr * min_lr_ratio` at the last step, after `warmup_steps`.
    #[serde(default)]
    pub lr_schedule: LrSchedule,
    /// Steps of linear warmup from `lr / warmup_steps` to `lr` (0 = none).
    #[serde(default)]
    pub warmup_steps: u64,
    /// The decaying schedules end at `lr * min_lr_ratio` (verl's `min_lr_ratio`), in [0, 1].
    #[serde(default)]
    pub min_lr_ratio: f64,
    /// Each member's baseline: "group-mean" (GRPO) or "leave-one-out" (RLOO: the mean of the
    /// other members).
    #[serde(default)]
    pub baseline: AdvantageBaseline,
    /// With `normalize_std`: divide by the std of each group ("group", GRPO) or of the whole
    /// batch's scores ("batch", TRL's `scale_rewards = "batch"`).
    #[serde(default)]
    pub std_scope: StdScope,
    /// Upper clip of the ratio, 1 + clip_eps_high ("clip-higher", DAPO's 0.28); absent =
    /// `clip_eps` (a symmetric clip). `clip_eps` is the lower one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clip_eps_high: Option<f64>,
    /// Dual clip: with a negative advantage, the loss of a move is capped at -A * dual_clip
    /// (verl's `clip_ratio_c`, 3 there); must be > 1. Absent = off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dual_clip: Option<f64>,
    /// Entropy bonus: the loss minus this times the policy's mean token entropy over the
    /// trained moves (0 = off).
    #[serde(default)]
    pub entropy_coef: f64,
    /// Move the KL reference to the policy every N steps (TRL's `sync_ref_model` with
    /// mixup alpha 1); 0 = never, the reference stays the base weights.
    #[serde(default)]
    pub ref_refresh_every: u64,
    /// Dynamic groups (DAPO): a group whose scores all tie carries no signal and is left out
    /// of the loss (verl's `filter_groups`).
    #[serde(default)]
    pub drop_tied_groups: bool,
    /// With `drop_tied_groups`: deal up to this many more assignments per step, until the
    /// step has `assignments_per_step` untied groups (0 = only drop). Their judge forwards
    /// count in the step's budget.
    #[serde(default)]
    pub max_extra_deals: usize,
    /// On a mixture-of-experts model: the weight of the routers' load-balancing loss added to
    /// the loss (transformers' `router_aux_loss_coef`; 0 = off), each micro-batch's over its own
    /// tokens (train/update.rs). Absent = as transformers trains the checkpoint: its
    /// config.json's `router_aux_loss_coef` when `output_router_logits` is true there, else
    /// off. Under LoRA too: the routers stay frozen, but the term trains the adapters upstream
    /// of them. No effect on a dense model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub router_aux_loss_coef: Option<f64>,
    /// `rule = "cispo"`: the cap on the detached importance weight, min(ratio, cispo_cap)
    /// (ScaleRL's epsilon_max; TRL's `epsilon_high` under `loss_type = "cispo"`); >= 1.
    /// Absent = 5 (their recommendation). Acts only with `iterations` >= 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cispo_cap: Option<f64>,
    /// `rule = "sapo"`: the gate's temperature for moves with a positive advantage (TRL's
    /// `sapo_temperature_pos`); > 0. Absent = 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sapo_tau_pos: Option<f64>,
    /// `rule = "sapo"`: the gate's temperature for moves with a zero or negative advantage
    /// (TRL's `sapo_temperature_neg`); > 0. Absent = 1.05.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sapo_tau_neg: Option<f64>,
}

/// `update.lr_schedule`: how the learning rate decays after the warmup.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum LrSchedule {
    /// `lr` at every step after the warmup.
    #[default]
    Constant,
    /// Linear from `lr` to `lr * min_lr_ratio` at the last step.
    Linear,
    /// Half a cosine from `lr` to `lr * min_lr_ratio` at the last step.
    Cosine,
}

/// `update.baseline`: what each member's score is measured against.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum AdvantageBaseline {
    /// The mean of the baseline group (`frost.baseline`), the member itself included (GRPO).
    #[default]
    GroupMean,
    /// The mean of the baseline group without the member's own slot (RLOO).
    LeaveOneOut,
}

/// `update.std_scope`: which scores the advantages' std is taken over.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum StdScope {
    /// Each group's own baseline scores.
    #[default]
    Group,
    /// Every baseline score of the step's batch (every rank's).
    Batch,
}

/// How the KL to the reference is computed (`update.kl_estimator`; docs/training.md).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum KlEstimator {
    /// `exp(ref - pi) - (ref - pi) - 1` at the trained tokens: cheap, but unbiased only for
    /// tokens sampled from the policy, which Frost's replaced children are not.
    K3,
    /// The full-vocabulary KL(pi || ref) at every position of the trained moves: exact whoever
    /// chose the tokens. Use it with Frost (`frost.refinement = "frost"`).
    Exact,
    /// `pi - ref` (log-probs) at the trained tokens: unbiased for sampled tokens, can be
    /// negative per token. As a loss term its expected gradient on sampled tokens is zero
    /// (`E[grad log pi] = 0`): chosen with `kl_beta > 0` the run warns (`inert_knobs`).
    K1,
    /// `(pi - ref)^2 / 2` at the trained tokens: low variance, biased.
    K2,
}

fn default_iterations() -> usize {
    1
}

impl UpdateSection {
    /// The KL estimator in force: the configured one, else the rule's default.
    pub fn kl_estimator(&self) -> KlEstimator {
        self.kl_estimator.unwrap_or(match self.rule {
            UpdateRule::Grpo | UpdateRule::Cispo | UpdateRule::Sapo => KlEstimator::K3,
            UpdateRule::Reinforce => KlEstimator::Exact,
        })
    }

    /// CISPO's cap in force: `cispo_cap`, else [`DEFAULT_CISPO_CAP`].
    pub fn cispo_cap(&self) -> f64 {
        self.cispo_cap.unwrap_or(DEFAULT_CISPO_CAP)
    }

    /// SAPO's temperatures in force, (positive advantages, the others).
    pub fn sapo_taus(&self) -> (f64, f64) {
        (
            self.sapo_tau_pos.unwrap_or(DEFAULT_SAPO_TAU_POS),
            self.sapo_tau_neg.unwrap_or(DEFAULT_SAPO_TAU_NEG),
        )
    }
}
