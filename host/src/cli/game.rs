//! `frost-host game-info` and `frost-host game-check`: what a game author runs to see what
//! the host and the judge will see.
use anyhow::{bail, Context};
use clap::Args;
use frost_host::config::{DeviceSpec, GameSection, TrainConfig};
use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::model::{read_config, CausalLm, LoadedModel, Tok};
use frost_host::round::{describe, Dealer, TokenizedSplit};
use frost_host::terminal::printable;
use frost_host::train;
use std::path::{Path, PathBuf};
use tch::Device;

#[derive(Args, Debug)]
pub struct GameInfoArgs {
    /// The game (.wasm component, or native plugin with --allow-native).
    pub game: PathBuf,
    /// Allow loading a native plugin (unsandboxed code: only for games you trust).
    #[arg(long)]
    pub allow_native: bool,
}

#[derive(Args, Debug)]
pub struct GameCheckArgs {
    /// The game (.wasm component, or native plugin with --allow-native).
    pub game: PathBuf,
    /// Run config (TOML), as training takes it; default: the embedded configs/tiny-infill.toml.
    /// The round is played with the game config training would give this game, and checked
    /// against the config's model (its tokenizer and context length). Repeatable, as training's:
    /// each later file is merged over the earlier ones.
    #[arg(long)]
    pub config: Vec<PathBuf>,
    /// The game's own config (.json or .toml), as if it were the run config's [game.config].
    #[arg(long, value_name = "FILE")]
    pub game_config: Option<PathBuf>,
    /// Override a config field as training's --set does, e.g. --set game.config.gap_tokens=4
    /// or --set game.config.program=@my-game.xent (`@FILE`: the file's text) (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
    /// Text to cut the round's passages from; default: a built-in Shakespeare sonnet sequence.
    #[arg(long)]
    pub text: Option<PathBuf>,
    /// A model folder or its tokenizer.json (special tokens are read from the folder's
    /// tokenizer_config.json as training does, its context from its config.json); default: the
    /// config's model (the embedded default model's).
    #[arg(long)]
    pub tokenizer: Option<PathBuf>,
    /// Round seed (also picks where the passages start in the text).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Allow loading a native plugin (unsandboxed code: only for games you trust).
    #[arg(long)]
    pub allow_native: bool,
    /// Play the round twice in fresh instances and fail if the two differ (a game must be a
    /// pure function of its config, seed and passages).
    #[arg(long)]
    pub verify: bool,
    /// The contributor's and reviewer's gate: play the examples of the game's manifest
    /// (frost-game.toml), score each reference move with the judge (the embedded default's
    /// unless --config names another) against its range, check the example configs against
    /// the game's config schema, and show how near the calls came to the sandbox's limits, in
    /// one table. Exit status 0: every check passed; 1: a check failed; 2: the game, a config
    /// or the model could not be loaded, or a flag is wrong.
    #[arg(long, conflicts_with_all = ["seed", "text"])]
    pub validate: bool,
}

/// Public-domain sample (Shakespeare, Sonnets 1-3) for `game-check` without `--text`.
pub(super) const SAMPLE_TEXT: &str = include_str!("sample_text.txt");

fn load(path: &Path, allow_native: bool) -> anyhow::Result<Game> {
    Game::load(path, &GameLimits::default(), allow_native).map_err(anyhow::Error::new)
}

pub fn info(args: GameInfoArgs) -> anyhow::Result<()> {
    let game = load(&args.game, args.allow_native)?;
    let i = game.info();
    // Everything here is the game's own text: printed escaped (`terminal::printable`).
    let text = format!(
        "name:        {}\nversion:     {}\nabi version: {}\nkind:        {:?}\n\
         description: {}\n\ndefault config:\n{}\n\nconfig schema:\n{}",
        i.name,
        i.version,
        i.abi_version,
        game.kind(),
        i.description,
        pretty(&i.default_config),
        pretty(&i.config_schema)
    );
    println!("{}", printable(&text));
    println!("\n{}", printable(&manifest_section(&game)));
    Ok(())
}

/// game-info's manifest part: the manifest's text as the component carries it, and whether
/// it parses and agrees with `describe()`; or that there is none, and how to add one.
fn manifest_section(game: &Game) -> String {
    use frost_host::game::manifest::{self, Manifest};
    let Some(bytes) = game.manifest_bytes() else {
        return format!(
            "manifest: none (add {} to the game's folder and build it again: \
             docs/writing-a-game.md, \"The manifest\")",
            manifest::FILE
        );
    };
    let text = String::from_utf8_lossy(bytes);
    let verdict = match Manifest::from_bytes(bytes) {
        Err(e) => format!("does not parse: {e}"),
        Ok(m) => match m.disagreements(game.info()).as_slice() {
            [] => format!("{} ({} example(s))", m.name_at_version(), m.examples.len()),
            d => format!("disagrees with describe(): {}", d.join("; ")),
        },
    };
    format!(
        "manifest ({}): {verdict}\n{}",
        manifest::FILE,
        text.trim_end()
    )
}

fn pretty(json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(json)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|_| json.to_string())
}

/// The sections of a run config: a `--set` key outside them is most likely a game config
/// field written the way game-check took it before it took training's keys.
const SECTIONS: [&str; 11] = [
    "seed", "steps", "model", "judge", "game", "corpus", "sampling", "frost", "update", "eval",
    "run",
];

/// The run config game-check plays with: training's (`--config` or the embedded default, then
/// `--set`), the game at `game`, and `--game-config`'s table as its [game.config].
pub(super) fn run_config(a: &GameCheckArgs) -> anyhow::Result<TrainConfig> {
    for o in &a.overrides {
        let key = o.split_once('=').map_or(o.as_str(), |(k, _)| k).trim();
        let first = key.split('.').next().unwrap_or_default();
        if !key.is_empty() && !SECTIONS.contains(&first) {
            bail!(
                "--set {key}: game-check takes training's keys; a field of the game's own config \
                 is --set game.config.{key}=..."
            );
        }
    }
    let docs = super::train::config_docs(&a.config)?;
    let mut overrides = vec![format!(
        "game.path={}",
        toml::Value::String(a.game.display().to_string())
    )];
    let file = a.game_config.as_deref().map(game_config_file).transpose()?;
    if let Some(t) = &file {
        overrides.push(format!("game.config={}", toml::Value::Table(t.clone())));
    }
    overrides.extend(a.overrides.iter().cloned());
    let mut cfg = super::train::resolve_config(&docs, &overrides).map_err(|e| {
        let hint =
            match (a.config.iter().zip(&docs)).find(|(_, (t, _))| looks_like_a_game_config(t)) {
                Some((p, _)) => format!(
                    " ({} holds no run config section: a game's own config is --game-config {})",
                    p.display(),
                    p.display()
                ),
                None => String::new(),
            };
        anyhow::anyhow!("{e}{hint}")
    })?;
    if let Some(p) = &a.game_config {
        let label = format!("--game-config {}", p.display());
        cfg.game.origins.relabel("--set game.config", &label);
    }
    Ok(cfg)
}

fn looks_like_a_game_config(text: &str) -> bool {
    toml::from_str::<toml::Table>(text)
        .is_ok_and(|t| !t.keys().any(|k| SECTIONS.contains(&k.as_str())))
}

/// A game's own config file, TOML or JSON.
fn game_config_file(path: &Path) -> anyhow::Result<toml::Table> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading game config {}", path.display()))?;
    if path.extension().is_some_and(|e| e == "toml") {
        return toml::from_str(&text).map_err(|e| {
            anyhow::anyhow!(
                "parsing {} as TOML: {}",
                path.display(),
                frost_host::config::overrides::syntax_error(&e, &text)
            )
        });
    }
    let json: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("parsing {} as JSON", path.display()))?;
    toml::Table::try_from(json)
        .with_context(|| format!("{}: a game config is a JSON object", path.display()))
}

pub fn check(args: GameCheckArgs) -> anyhow::Result<()> {
    if args.validate {
        return super::game_validate::validate(&args);
    }
    let cfg = run_config(&args)?;
    let allow_native = args.allow_native || cfg.game.allow_native;
    let game =
        Game::load(&args.game, &cfg.game.limits, allow_native).map_err(anyhow::Error::new)?;
    let Tokenizing {
        tok,
        context,
        model_dir,
    } = tokenizing(&args, &cfg)?;
    let text = match &args.text {
        Some(p) => {
            std::fs::read_to_string(p).with_context(|| format!("reading text {}", p.display()))?
        }
        None => SAMPLE_TEXT.to_string(),
    };
    let models = match &model_dir {
        Some(dir) => scorers(&cfg, dir)?,
        None => None,
    };
    let scoring = models.as_ref().map(|(policy, judge)| Scoring {
        cfg: &cfg,
        policy: &policy.net,
        judge: judge.as_ref().map_or(&policy.net, |j| &j.net),
    });
    let check = Check {
        section: &cfg.game,
        tok: &tok,
        context,
        text: &text,
        seed: args.seed,
        verify: args.verify,
        scoring,
    };
    print!("{}", check_report(game, &check)?);
    Ok(())
}

/// The tokenizer game-check deals with, the model's context length, and the model folder
/// (when the tokenizer was given as a folder, or is the config's model's).
pub(super) struct Tokenizing {
    pub tok: Tok,
    pub context: Option<usize>,
    pub model_dir: Option<PathBuf>,
}

/// The tokenizer and the context of the model training would use, unless --tokenizer names
/// another: a model folder, or a tokenizer.json (whose folder's config.json, when there is
/// one, gives the context).
pub(super) fn tokenizing(args: &GameCheckArgs, cfg: &TrainConfig) -> anyhow::Result<Tokenizing> {
    let (tok_path, model_dir) = match &args.tokenizer {
        Some(p) if p.is_dir() => (p.clone(), p.clone()),
        Some(p) => (
            p.clone(),
            p.parent().unwrap_or(Path::new(".")).to_path_buf(),
        ),
        None => (train::tokenizer_dir(cfg), train::model_dir(cfg)),
    };
    let tok_file = match tok_path.is_dir() {
        true => tok_path.join("tokenizer.json"),
        false => tok_path.clone(),
    };
    if !tok_file.exists() {
        bail!(
            "no tokenizer at {}: pass --tokenizer FILE (a tokenizer.json or a model folder)",
            tok_file.display()
        );
    }
    // As the trainer loads it: a model folder's tokenizer.json with the special tokens its
    // tokenizer_config.json / generation_config.json / config.json name.
    let tok = match tok_file.file_name().and_then(|n| n.to_str()) {
        Some("tokenizer.json") => Tok::from_dir(tok_file.parent().unwrap_or(Path::new("."))),
        _ => Tok::from_file(&tok_file),
    }
    .with_context(|| format!("loading tokenizer {}", tok_file.display()))?;
    let context = match model_dir.join("config.json").is_file() {
        true => Some(
            read_config(&model_dir)
                .with_context(|| format!("reading the model config in {}", model_dir.display()))?
                .max_position_embeddings as usize,
        ),
        false => None,
    };
    Ok(Tokenizing {
        tok,
        context,
        model_dir: tok_path.is_dir().then_some(model_dir),
    })
}

/// The player and judge training would score with, on the CPU, when `dir` holds the model's
/// weights (a tokenizer alone scores nothing).
pub(super) fn scorers(
    cfg: &TrainConfig,
    dir: &Path,
) -> anyhow::Result<Option<(LoadedModel, Option<LoadedModel>)>> {
    let weights = ["model.safetensors", "model.safetensors.index.json"];
    if !weights.iter().any(|w| dir.join(w).is_file()) {
        return Ok(None);
    }
    let mut cfg = cfg.clone();
    cfg.model.path = dir.display().to_string();
    cfg.model.device = DeviceSpec::Cpu;
    cfg.judge.device = cfg.judge.device.map(|_| DeviceSpec::Cpu);
    let loaded = train::load_player_and_judge(&cfg, Device::Cpu)
        .with_context(|| format!("loading the model in {} to score a move", dir.display()))?;
    Ok(Some(loaded))
}

/// What game-check scores a sampled move with, as training's first deal does.
pub struct Scoring<'a> {
    pub cfg: &'a TrainConfig,
    pub policy: &'a CausalLm,
    pub judge: &'a CausalLm,
}

/// What game-check plays a round with.
pub struct Check<'a> {
    /// The run config's game section: the game gets its resolved config.
    pub section: &'a GameSection,
    pub tok: &'a Tok,
    /// The model's context length (`max_position_embeddings`), when a model is known.
    pub context: Option<usize>,
    pub text: &'a str,
    pub seed: u64,
    pub verify: bool,
    /// The model to sample a move and score it exactly with, when its weights are there.
    pub scoring: Option<Scoring<'a>>,
}

/// The round game-check shows, dealt exactly as training deals it (the same game config,
/// [`Dealer::configured`], the same bounds with the model's context, the same
/// [`Dealer::deal`], the text as a one-document corpus split), then described.
pub fn check_report(game: Game, c: &Check) -> anyhow::Result<String> {
    let tok = c.tok;
    let vocab = tok.vocab_size() as i64;
    let mut dealer = Dealer::configured(game, c.section, tok, vocab, Device::Cpu)?;
    if let Some(m) = c.context {
        dealer = dealer.with_max_positions(m);
    }
    let doc = Document {
        name: "text".into(),
        text: c.text.to_string(),
    };
    let split = TokenizedSplit::new("--text", std::slice::from_ref(&doc), tok);
    let asg = match c.verify {
        true => dealer.deal_verified(tok, &split, c.seed)?,
        false => dealer.deal(tok, &split, c.seed)?,
    };
    let info = dealer.game.info();
    let req = &dealer.requirements;
    let seed = c.seed;
    let mut out = format!(
        "game {} {}: move of {} tokens, {} passage(s) of {:?} tokens, seed {seed}\n\n{}",
        info.name,
        info.version,
        req.move_tokens,
        req.passages.len(),
        req.passages.iter().map(|p| p.tokens).collect::<Vec<_>>(),
        describe(&asg, tok)
    );
    let (prompt, mv) = (asg.prompt_ids.len(), asg.move_len);
    out.push_str(&match c.context {
        Some(m) => format!(
            "\nfits the model's context: prompt {prompt} + move {mv} = {} of {m} tokens\n",
            prompt + mv
        ),
        None => format!(
            "\nprompt {prompt} + move {mv} = {} tokens (no model config.json: the context length \
             is not checked)\n",
            prompt + mv
        ),
    });
    if c.verify {
        out.push_str(&format!(
            "verified: seed {seed} played again in a fresh instance gives the same round\n"
        ));
    }
    out.push_str(&match &c.scoring {
        Some(sc) => {
            let game = (dealer.game_name.as_str(), tok);
            let score = train::check_sampled_scores(sc.cfg, sc.policy, sc.judge, &asg, game, seed)?;
            format!("a sampled move's exact score: {score:.4} nats, every term finite\n")
        }
        None => "scores not checked: no model weights with this tokenizer\n".to_string(),
    });
    Ok(out)
}
