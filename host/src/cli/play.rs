//! `frost-host play RUN_OR_MODEL`: one round of the game, as training deals it, on a text of
//! one's own (`--text FILE`) or a held-out passage (`--seed S`): the prompt, K sampled moves
//! with their exact scores, the game's reference move; `--refine R` then runs R Frost rounds
//! (training's own round, `frost::refine`) on those moves at test time and shows every
//! verified edit with its exact gain and the judge budget spent.
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;
use serde_json::json;

use super::search_flags::{self, SearchFlags};
use super::target::TargetArgs;
use frost_host::corpus::Document;
use frost_host::frost::{self, Group, Nets};
use frost_host::judge::{self, Budget};
use frost_host::round::{describe, TokenizedSplit};
use frost_host::seeds::{self, derive_seed};
use frost_host::sizes::{self, Need};
use frost_host::terminal::printable;
use frost_host::train;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub target: TargetArgs,
    /// Play on this text (one document) instead of the run's held-out split.
    #[arg(long, value_name = "FILE")]
    pub text: Option<PathBuf>,
    /// Round seed: which passage, and the draws.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Moves to sample (default: the config's sampling.k).
    #[arg(long)]
    pub k: Option<usize>,
    /// Frost rounds to run on the sampled moves at test time (default: the config's
    /// search.rounds; 0: none).
    #[arg(long, value_name = "R")]
    pub refine: Option<usize>,
    /// Children verified per Frost round, D (search.children; default: the config's, else
    /// frost.d).
    #[arg(long, value_name = "D")]
    pub children: Option<usize>,
    /// Each Frost round's judge backward on the best P current moves only (search.parents;
    /// default: the config's, 0 = all).
    #[arg(long, value_name = "P")]
    pub parents: Option<usize>,
    /// Also write the round, the moves, every verified edit and the budget as JSON here.
    #[arg(long, value_name = "FILE.json")]
    pub out: Option<PathBuf>,
}

/// A move with its exact score.
#[derive(Serialize)]
struct Scored {
    tokens: Vec<u32>,
    text: String,
    score: f64,
}

/// One verified child of a Frost round at test time.
#[derive(Serialize)]
struct Edit {
    parent: usize,
    pos: usize,
    from: String,
    to: String,
    parent_move: Scored,
    child_move: Scored,
    /// child score - parent score, both exact.
    gain: f64,
    /// The child replaced its parent (the best strictly better child of that parent).
    replaced: bool,
}

pub fn run(a: PlayArgs) -> anyhow::Result<()> {
    anyhow::ensure!(a.k != Some(0), "--k must be at least 1");
    if let Some(k) = a.k {
        sizes::check_rows("--k", k)?;
    }
    let flags = SearchFlags {
        refine: a.refine,
        children: a.children,
        parents: a.parents,
    };
    let (mut t, refine) = search_flags::resolve_search(&a.target, Vec::new(), &flags)?;
    let refine = refine.unwrap_or(0);
    let k = a.k.unwrap_or(t.cfg.sampling.k);
    let key = if a.k.is_some() { "--k" } else { "sampling.k" };
    search_flags::check_draws(&t.cfg, refine, k, key)?;
    if let Some(out) = &a.out {
        super::output::prepare("--out", out)?;
    }
    let mut s = super::launched::setup(&mut t.cfg).context("play setup")?;
    if let Some(dir) = &t.checkpoint {
        train::load_weights(&mut s, dir)?;
    }
    let tok = &s.model.tokenizer;
    let deal_seed = derive_seed(a.seed, 0, seeds::PLAY, seeds::PLAY_DEAL);
    let asg = match &a.text {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("reading text {}", p.display()))?;
            let doc = Document {
                name: p.display().to_string(),
                text,
            };
            let split = TokenizedSplit::new("--text", std::slice::from_ref(&doc), tok);
            s.dealer.deal(tok, &split, deal_seed)?
        }
        None => {
            let corpus = frost_host::corpus::load_corpus_with(
                &t.cfg.corpus.source,
                &t.cfg.corpus.options(),
            )?;
            let split = TokenizedSplit::new("heldout", &corpus.heldout, tok);
            s.dealer.deal(tok, &split, deal_seed)?
        }
    };
    // The K moves are sampled in one batch (with all their logits when refining): refused
    // before it is allocated when it cannot fit.
    let shape = sizes::Shape::new(&s.model.config, t.cfg.model.dtype.kind());
    let (prompt, len) = (asg.prompt_ids.len() as u64, asg.move_len as u64);
    let batch = Need::new(
        key,
        k.to_string(),
        shape.sampling_bytes(k as u64, prompt, len, refine > 0),
        "the sampled moves",
    );
    let mem = sizes::available(s.model.net.device());
    sizes::check_fits(&Need::none(), &[batch], mem.as_ref())?;
    println!("{} on {}, seed {}\n", t.label, s.dealer.game_name, a.seed);
    println!("{}", printable(&describe(&asg, tok)));
    let mut budget = Budget::default();
    let sample_seed = derive_seed(a.seed, 0, seeds::PLAY, seeds::PLAY_SAMPLE);
    let moves = train::sample_checked(&s, &s.model.net, &[&asg], k, &[sample_seed], false)?.moves;
    let scores = judge::score(s.judge(), &asg.program, &moves, &mut budget);
    println!("=== {k} sampled moves, exact scores (higher is better) ===");
    for (j, (m, sc)) in moves.iter().zip(&scores).enumerate() {
        println!("  [{j}] {sc:>10.4}  {}", quote(&tok.decode(m)));
    }
    if let Some(r) = asg
        .reference_move
        .as_ref()
        .filter(|r| r.len() == asg.move_len)
    {
        let sc = judge::score(
            s.judge(),
            &asg.program,
            std::slice::from_ref(r),
            &mut budget,
        )[0];
        println!("  ref {sc:>10.4}  {}", quote(&tok.decode(r)));
    }
    let sampled: Vec<Scored> = (moves.iter().zip(&scores))
        .map(|(m, &sc)| scored(tok, m, sc))
        .collect();
    let sampled_budget = budget;
    let search = search_flags::search(&t.cfg);
    let nets = Nets {
        policy: &s.model.net,
        judge: s.judge(),
    };
    let mut group = Group::sampled(moves, scores);
    let temperature = t.cfg.sampling.temperature;
    let mut rounds: Vec<Vec<Edit>> = Vec::new();
    for r in 0..refine {
        let before = group.clone();
        let seed = derive_seed(a.seed, 0, seeds::PLAY, seeds::PLAY_ROUND + r as u64);
        let (f, g, b) = (&t.cfg.frost, &mut group, &mut budget);
        let report = frost::refine_search(nets, &asg, g, f, search, temperature, seed, b);
        let edits: Vec<Edit> = (report.children.iter().zip(&report.child_scores))
            .map(|(c, &sc)| {
                let (parent, child) = (&before.moves[c.parent], c.tokens(&before.moves));
                Edit {
                    parent: c.parent,
                    pos: c.pos,
                    from: tok.decode(&parent[c.pos..c.pos + 1]),
                    to: tok.decode(&[c.token]),
                    parent_move: scored(tok, parent, before.scores[c.parent]),
                    // Replaced its parent, or (`frost.keep_parents`) joined the group.
                    replaced: (group.moves[c.parent] == child && *parent != child)
                        || group.moves[before.moves.len()..].contains(&child),
                    child_move: scored(tok, &child, sc),
                    gain: sc - before.scores[c.parent],
                }
            })
            .collect();
        println!(
            "\n=== Frost round {} ({}): {} children verified ===",
            r + 1,
            t.cfg.frost.selection.name(),
            edits.len()
        );
        for e in &edits {
            println!(
                "  [{}] pos {:>2}: {} -> {}  gain {:+.4}{}",
                e.parent,
                e.pos,
                quote(&e.from),
                quote(&e.to),
                e.gain,
                match (e.replaced, t.cfg.frost.keep_parents) {
                    (true, false) => "  (replaces the move)",
                    (true, true) => "  (joins the group beside the move)",
                    (false, _) => "",
                }
            );
        }
        let improved = edits.iter().filter(|e| e.replaced).count();
        println!("  {improved} of {} moves improved", before.moves.len());
        rounds.push(edits);
    }
    if refine > 0 {
        println!("\n=== after {refine} Frost round(s) ===");
        for (j, (m, sc)) in group.moves.iter().zip(&group.scores).enumerate() {
            let was = match (j.checked_sub(group.sampled_len()), &group.replaced[j]) {
                (Some(c), _) => format!("  (child of [{}])", group.joined[c]),
                (None, Some((_, old))) => format!("  (was {old:.4})"),
                (None, None) => String::new(),
            };
            println!("  [{j}] {sc:>10.4}  {}{was}", quote(&tok.decode(m)));
        }
    }
    let refined = Budget {
        forwards: budget.forwards - sampled_budget.forwards,
        backwards: budget.backwards - sampled_budget.backwards,
    };
    println!(
        "\njudge budget: {} forwards, {} backwards ({} forwards and {} backwards for {} Frost round(s))",
        budget.forwards, budget.backwards, refined.forwards, refined.backwards, refine
    );
    if let Some(out) = &a.out {
        let final_moves: Vec<Scored> = (group.moves.iter().zip(&group.scores))
            .map(|(m, &sc)| scored(tok, m, sc))
            .collect();
        let doc = json!({
            "target": t.label,
            "game": s.dealer.game_name,
            "seed": a.seed,
            "rounds_run": refine,
            "parents": t.cfg.search.parents,
            "children": t.cfg.frost.d,
            "prompt": asg.prompt_text,
            "sampled": sampled,
            "rounds": rounds,
            "final": final_moves,
            "judge_forwards": budget.forwards,
            "judge_backwards": budget.backwards,
            "refinement_forwards": refined.forwards,
            "refinement_backwards": refined.backwards,
        });
        let text = serde_json::to_string_pretty(&doc)? + "\n";
        super::output::write("--out", out, &text)?;
        println!("wrote {}", out.display());
    }
    Ok(())
}

/// A move's text quoted with escapes, so spaces and newlines show.
fn quote(s: &str) -> String {
    printable(&format!("{s:?}")).into_owned()
}

fn scored(tok: &frost_host::model::Tok, tokens: &[u32], score: f64) -> Scored {
    Scored {
        tokens: tokens.to_vec(),
        text: tok.decode(tokens),
        score,
    }
}
