//! `frost-host game-info` and `frost-host game-check`: what a game author runs to see what
//! the host and the judge will see.
use anyhow::{bail, Context};
use clap::Args;
use frost_host::game::{banned_token_ids, passage_from_text, passage_window, Game, GameLimits};
use frost_host::model::Tok;
use frost_host::sdk::{Prompt, PromptSegment, Round, SegmentContent};
use std::path::{Path, PathBuf};

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
    /// Text to cut the round's passages from; default: a built-in Shakespeare sonnet sequence.
    #[arg(long)]
    pub text: Option<PathBuf>,
    /// tokenizer.json; default: the embedded default model's.
    #[arg(long)]
    pub tokenizer: Option<PathBuf>,
    /// Round seed (also picks where the passages start in the text).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Allow loading a native plugin (unsandboxed code: only for games you trust).
    #[arg(long)]
    pub allow_native: bool,
}

/// Public-domain sample (Shakespeare, Sonnets 1-3) for `game-check` without `--text`.
const SAMPLE_TEXT: &str = include_str!("sample_text.txt");

fn load(path: &Path, allow_native: bool) -> anyhow::Result<Game> {
    Game::load(path, &GameLimits::default(), allow_native).map_err(anyhow::Error::new)
}

pub fn info(args: GameInfoArgs) -> anyhow::Result<()> {
    let game = load(&args.game, args.allow_native)?;
    let i = game.info();
    println!("name:        {}", i.name);
    println!("version:     {}", i.version);
    println!("abi version: {}", i.abi_version);
    println!("kind:        {:?}", game.kind());
    println!("description: {}", i.description);
    println!("\ndefault config:\n{}", pretty(&i.default_config));
    println!("\nconfig schema:\n{}", pretty(&i.config_schema));
    Ok(())
}

fn pretty(json: &str) -> String {
    serde_json::from_str::<serde_json::Value>(json)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .unwrap_or_else(|_| json.to_string())
}

/// A config file as the JSON string a game takes (TOML is converted).
fn read_config(path: &Path) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("reading config {}", path.display()))?;
    let value: serde_json::Value = if path.extension().is_some_and(|e| e == "toml") {
        toml::from_str(&text).with_context(|| format!("parsing {} as TOML", path.display()))?
    } else {
        serde_json::from_str(&text)
            .with_context(|| format!("parsing {} as JSON", path.display()))?
    };
    Ok(value.to_string())
}

pub fn check(args: GameCheckArgs) -> anyhow::Result<()> {
    let mut game = load(&args.game, args.allow_native)?;
    let config = match &args.config {
        Some(p) => read_config(p)?,
        None => String::new(),
    };
    let req = game.configure(&config)?;
    let tok_path = match &args.tokenizer {
        Some(p) => p.clone(),
        None => frost_host::pretrain::default_model_dir().join("tokenizer.json"),
    };
    if !tok_path.exists() {
        bail!(
            "no tokenizer at {}: build the default model with `frost-host pretrain` (or `make demo`), \
             or pass --tokenizer FILE",
            tok_path.display()
        );
    }
    let tok = Tok::from_file(&tok_path)
        .with_context(|| format!("loading tokenizer {}", tok_path.display()))?;
    let text = match &args.text {
        Some(p) => {
            std::fs::read_to_string(p).with_context(|| format!("reading text {}", p.display()))?
        }
        None => SAMPLE_TEXT.to_string(),
    };
    let whole = passage_from_text(tok.inner(), &text);
    let needed: usize = req.passages.iter().map(|p| p.tokens as usize).sum();
    if whole.token_ids.len() < needed {
        bail!(
            "the text has {} tokens, the game's config needs {needed} (passages of {:?} tokens): pass a longer --text",
            whole.token_ids.len(),
            req.passages.iter().map(|p| p.tokens).collect::<Vec<_>>()
        );
    }
    // Consecutive windows from a seeded start, so different seeds show different passages.
    let mut start = (frost_host::sdk::Rng::new(args.seed)
        .below((whole.token_ids.len() - needed + 1) as u64)) as usize;
    let passages: Vec<_> = req
        .passages
        .iter()
        .map(|p| {
            let w = passage_window(&whole, start, p.tokens as usize);
            start += p.tokens as usize;
            w
        })
        .collect();
    let round = game.new_round(&config, args.seed, &passages, tok.vocab_size() as u32)?;
    println!(
        "game {} {}: move of {} tokens, {} passage(s) of {:?} tokens, seed {}",
        game.info().name,
        game.info().version,
        req.move_tokens,
        req.passages.len(),
        req.passages.iter().map(|p| p.tokens).collect::<Vec<_>>(),
        args.seed
    );
    print_round(&tok, &round, req.move_tokens);
    Ok(())
}

fn print_round(tok: &Tok, round: &Round, move_tokens: u32) {
    println!("\n=== player prompt ===");
    match &round.prompt {
        Prompt::Chat(msgs) => match tok.apply_chat_template(msgs) {
            Ok(rendered) => {
                println!("(chat, as the model reads it)\n{rendered}<MOVE: {move_tokens} tokens>")
            }
            Err(e) => {
                println!("(chat messages; {e})");
                for m in msgs {
                    println!("--- {} ---\n{}", m.role, m.content);
                }
            }
        },
        Prompt::Raw(segs) => {
            println!("(raw segments; the move follows the last one)");
            for (i, s) in segs.iter().enumerate() {
                match s {
                    PromptSegment::Text(t) => println!("[{i}] text {t:?}"),
                    PromptSegment::Tokens(ids) => {
                        println!("[{i}] {} tokens {:?}", ids.len(), tok.decode(ids))
                    }
                }
            }
        }
    }
    println!("\n=== judge program ===");
    println!("reward = sum over terms of weight * (-CE over the scored segments); scored spans are ⟦marked⟧");
    for (t, term) in round.judge.terms.iter().enumerate() {
        println!(
            "\nterm {t}: weight {:+}{}",
            term.weight,
            if term.bos { ", starts with BOS" } else { "" }
        );
        let mut flat = if term.bos {
            "<BOS>".to_string()
        } else {
            String::new()
        };
        for (i, s) in term.segments.iter().enumerate() {
            let (label, text) = match &s.content {
                SegmentContent::Text(x) => {
                    (format!("text, {} tokens", tok.encode(x).len()), x.clone())
                }
                SegmentContent::Tokens(ids) => (format!("{} tokens", ids.len()), tok.decode(ids)),
                SegmentContent::Move => (
                    format!("MOVE, {move_tokens} tokens"),
                    format!("<MOVE: {move_tokens} tokens>"),
                ),
            };
            let mark = if s.scored { "SCORED " } else { "context" };
            println!("  [{i}] {mark} ({label}): {text:?}");
            if s.scored {
                flat.push_str(&format!("⟦{text}⟧"));
            } else {
                flat.push_str(&text);
            }
        }
        println!("  the judge reads:\n{flat}");
    }
    println!("\n=== move constraints ===");
    let c = &round.constraints;
    println!("banned token ids: {}", c.banned_token_ids.len());
    println!(
        "banned strings ({}): {:?}",
        c.banned_strings.len(),
        c.banned_strings
    );
    if !c.banned_strings.is_empty() || !c.banned_token_ids.is_empty() {
        let all = banned_token_ids(tok.inner(), c);
        println!(
            "tokens banned in all: {} of {}",
            all.len(),
            tok.vocab_size()
        );
    }
    match &round.reference_move {
        Some(m) => println!("\nreference move: {:?} ({} tokens)", tok.decode(m), m.len()),
        None => println!("\nreference move: none"),
    }
}
