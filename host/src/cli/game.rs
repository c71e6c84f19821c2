//! `frost-host game-info` and `frost-host game-check`: what a game author runs to see what
//! the host and the judge will see.
use anyhow::{bail, Context};
use clap::Args;
use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::model::Tok;
use frost_host::round::{describe, Dealer, TokenizedSplit};
use frost_host::terminal::printable;
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
    /// The game's config (.json or .toml); default: the game's default config.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Override a field of the game's config, e.g. --set gap_tokens=4 or
    /// --set program=@my-game.xent (`@FILE`: the file's text) (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub overrides: Vec<String>,
    /// Text to cut the round's passages from; default: a built-in Shakespeare sonnet sequence.
    #[arg(long)]
    pub text: Option<PathBuf>,
    /// A model folder or its tokenizer.json (special tokens are read from the folder's
    /// tokenizer_config.json as training does); default: the embedded default model's.
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
}

/// Public-domain sample (Shakespeare, Sonnets 1-3) for `game-check` without `--text`.
const SAMPLE_TEXT: &str = include_str!("sample_text.txt");

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
    Ok(())
}

fn pretty(json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(json)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|_| json.to_string())
}

/// The game's config as the JSON string a game takes: the file (TOML or JSON), then the
/// `--set` overrides (the training config's syntax); empty = the game's default config.
fn game_config(path: Option<&Path>, overrides: &[String]) -> anyhow::Result<String> {
    let mut table = match path {
        None => toml::Table::new(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading config {}", path.display()))?;
            if path.extension().is_some_and(|e| e == "toml") {
                toml::from_str(&text)
                    .with_context(|| format!("parsing {} as TOML", path.display()))?
            } else {
                let json: serde_json::Value = serde_json::from_str(&text)
                    .with_context(|| format!("parsing {} as JSON", path.display()))?;
                toml::Table::try_from(json).with_context(|| {
                    format!("{}: a game config is a JSON object", path.display())
                })?
            }
        }
    };
    for o in overrides {
        frost_host::config::overrides::apply_override(&mut table, o)?;
    }
    if path.is_none() && overrides.is_empty() {
        return Ok(String::new());
    }
    Ok(serde_json::to_string(&table)?)
}

pub fn check(args: GameCheckArgs) -> anyhow::Result<()> {
    let game = load(&args.game, args.allow_native)?;
    let config = game_config(args.config.as_deref(), &args.overrides)?;
    let tok_path = match &args.tokenizer {
        Some(p) => p.clone(),
        None => frost_host::run::cache::default_model_dir().join("tokenizer.json"),
    };
    if !tok_path.exists() {
        bail!(
            "no tokenizer at {}: build the default model with `frost-host pretrain` (or `make demo`), \
             or pass --tokenizer FILE",
            tok_path.display()
        );
    }
    // As the trainer loads it: a model folder's tokenizer.json with the special tokens its
    // tokenizer_config.json / generation_config.json / config.json name.
    let tok = match tok_path.file_name().and_then(|n| n.to_str()) {
        _ if tok_path.is_dir() => Tok::from_dir(&tok_path),
        Some("tokenizer.json") => Tok::from_dir(tok_path.parent().unwrap_or(Path::new("."))),
        _ => Tok::from_file(&tok_path),
    }
    .with_context(|| format!("loading tokenizer {}", tok_path.display()))?;
    let text = match &args.text {
        Some(p) => {
            std::fs::read_to_string(p).with_context(|| format!("reading text {}", p.display()))?
        }
        None => SAMPLE_TEXT.to_string(),
    };
    print!(
        "{}",
        check_report(game, &config, &tok, &text, args.seed, args.verify)?
    );
    Ok(())
}

/// The round game-check shows, dealt exactly as training deals it (same [`Dealer::deal`], the
/// text as a one-document corpus split), then described.
pub fn check_report(
    game: Game,
    config_json: &str,
    tok: &Tok,
    text: &str,
    seed: u64,
    verify: bool,
) -> anyhow::Result<String> {
    let vocab = tok.vocab_size() as i64;
    let mut dealer = Dealer::new(game, config_json, tok, vocab, Device::Cpu)?;
    let doc = Document {
        name: "text".into(),
        text: text.to_string(),
    };
    let split = TokenizedSplit::new("--text", std::slice::from_ref(&doc), tok);
    let asg = if verify {
        dealer.deal_verified(tok, &split, seed)?
    } else {
        dealer.deal(tok, &split, seed)?
    };
    let info = dealer.game.info();
    let req = &dealer.requirements;
    Ok(format!(
        "game {} {}: move of {} tokens, {} passage(s) of {:?} tokens, seed {seed}\n\n{}",
        info.name,
        info.version,
        req.move_tokens,
        req.passages.len(),
        req.passages.iter().map(|p| p.tokens).collect::<Vec<_>>(),
        describe(&asg, tok)
    ))
}
