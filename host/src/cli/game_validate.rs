//! `frost-host game-check --validate`: the contributor's and the reviewer's gate. The game's
//! manifest (frost-game.toml, carried in its component) is parsed and compared with its
//! `describe()`; its default config and every example's config are checked against the config
//! schema it declares; every example is dealt as training deals it (twice, in fresh
//! instances: a game is a pure function) and its reference move scored exactly by the judge
//! against the example's range; and the calls' wall time, memory and reply sizes are shown
//! against the sandbox's limits. One table; exit status 0 when every check passed, 1 when one
//! failed, 2 when the game, a config or the model could not be loaded ([`UsageError`]).

use super::game::{run_config, scorers, tokenizing, GameCheckArgs, Tokenizing, SAMPLE_TEXT};
use anyhow::Context;
use frost_host::config::TrainConfig;
use frost_host::corpus::Document;
use frost_host::game::manifest::{self, schema, Example, Manifest};
use frost_host::game::{Game, GameLimits, Usage};
use frost_host::model::{CausalLm, Tok};
use frost_host::round::{Assignment, Dealer, TokenizedSplit};
use frost_host::terminal::printable;
use frost_host::train::sample::exact_score;
use serde_json::Value;
use tch::Device;

/// What could not be set up (the game, a config, the model): exit status 2, not 1.
#[derive(Debug)]
pub struct UsageError(pub anyhow::Error);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for UsageError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.chain().nth(1)
    }
}

fn usage(e: anyhow::Error) -> anyhow::Error {
    anyhow::Error::new(UsageError(e))
}

/// A usage fraction at or above this is shown as "near" the limit (never a failure: a call
/// over a limit fails the check that made it).
const NEAR: f64 = 0.5;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Status {
    Pass,
    Fail,
    /// A limit row: well under the limit.
    Ok,
    /// A limit row: at or above [`NEAR`] of the limit.
    Near,
}

impl Status {
    fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "FAIL",
            Status::Ok => "ok",
            Status::Near => "near",
        }
    }
}

struct Row {
    check: String,
    status: Status,
    detail: String,
}

fn row(check: impl Into<String>, status: Status, detail: impl Into<String>) -> Row {
    Row {
        check: check.into(),
        status,
        detail: detail.into(),
    }
}

fn pass_or_fail(ok: bool) -> Status {
    match ok {
        true => Status::Pass,
        false => Status::Fail,
    }
}

/// What the examples are played and scored with.
struct Bench<'a> {
    cfg: &'a TrainConfig,
    tok: &'a Tok,
    context: Option<usize>,
    judge: &'a CausalLm,
}

pub fn validate(args: &GameCheckArgs) -> anyhow::Result<()> {
    let cfg = run_config(args).map_err(usage)?;
    let allow_native = args.allow_native || cfg.game.allow_native;
    let game = Game::load(&args.game, &cfg.game.limits, allow_native)
        .map_err(|e| usage(anyhow::Error::new(e)))?;
    let shown = args.game.display().to_string();
    let manifest = match game.manifest() {
        None => anyhow::bail!(
            "{shown} carries no manifest: add {} to the game's folder (`frost-host game new` \
             writes one; docs/writing-a-game.md, \"The manifest\") and build it again",
            manifest::FILE
        ),
        Some(Err(e)) => anyhow::bail!("{shown}: {e}"),
        Some(Ok(m)) => m,
    };
    if manifest.examples.is_empty() {
        anyhow::bail!(
            "{shown}: the manifest has no [[example]]: give at least one round with its \
             reference move and score range (docs/writing-a-game.md, \"The manifest\")"
        );
    }
    let Tokenizing {
        tok,
        context,
        model_dir,
    } = tokenizing(args, &cfg).map_err(usage)?;
    let no_model = || {
        usage(anyhow::anyhow!(
            "--validate scores the reference moves with the judge, and {} holds no model \
             weights: give --tokenizer MODEL_DIR or a --config whose model has them",
            model_dir
                .as_deref()
                .unwrap_or(std::path::Path::new("--tokenizer"))
                .display()
        ))
    };
    let dir = model_dir.clone().ok_or_else(no_model)?;
    let models = scorers(&cfg, &dir).map_err(usage)?.ok_or_else(no_model)?;
    let judge = models.1.as_ref().map_or(&models.0.net, |j| &j.net);
    let bench = Bench {
        cfg: &cfg,
        tok: &tok,
        context,
        judge,
    };
    let judge_name = judge_label(&cfg, &dir);
    println!(
        "{}",
        printable(&format!(
            "validate {shown}: {} (api {}, {}), judge {judge_name}",
            manifest.name_at_version(),
            manifest.api,
            manifest.license
        ))
    );
    let mut rows = vec![manifest_row(&manifest, &game)];
    rows.extend(schema_rows(&manifest, &game, &cfg));
    let (example_rows, used) = play_examples(game, &manifest, &bench, args)?;
    rows.extend(example_rows);
    rows.extend(limit_rows(&used, &cfg.game.limits));
    print!("{}", printable(&table(&rows)));
    let checks = rows
        .iter()
        .filter(|r| matches!(r.status, Status::Pass | Status::Fail));
    let (n, failed) = checks.fold((0, 0), |(n, f), r| {
        (n + 1, f + (r.status == Status::Fail) as usize)
    });
    match failed {
        0 => {
            println!("all {n} checks passed");
            Ok(())
        }
        _ => {
            let names: Vec<&str> = (rows.iter())
                .filter(|r| r.status == Status::Fail)
                .map(|r| r.check.as_str())
                .collect();
            anyhow::bail!(
                "{shown}: {failed} of {n} checks failed: {}",
                printable(&names.join(", "))
            )
        }
    }
}

/// The judge's folder name, and whether it is the embedded default's.
fn judge_label(cfg: &TrainConfig, player: &std::path::Path) -> String {
    let path = match cfg.judge.path.is_empty() {
        true => player.to_path_buf(),
        false => std::path::PathBuf::from(&cfg.judge.path),
    };
    let name = (path.file_name()).map_or(path.display().to_string(), |n| {
        n.to_string_lossy().into_owned()
    });
    match cfg.model.path.is_empty() && cfg.judge.path.is_empty() {
        true => format!("{name} (the embedded default)"),
        false => name,
    }
}

/// The manifest against the game's own `describe()`.
fn manifest_row(m: &Manifest, game: &Game) -> Row {
    match m.disagreements(game.info()).as_slice() {
        [] => row(
            "manifest",
            Status::Pass,
            "name, version, api and description agree with describe()",
        ),
        d => row("manifest", Status::Fail, d.join("; ")),
    }
}

/// The default config and every example's config against the game's config schema.
fn schema_rows(m: &Manifest, game: &Game, cfg: &TrainConfig) -> Vec<Row> {
    let info = game.info();
    let schema: Value = match serde_json::from_str(&info.config_schema) {
        Ok(s) => s,
        Err(e) => {
            return vec![row(
                "schema",
                Status::Fail,
                format!("describe()'s config-schema is not JSON: {e}"),
            )]
        }
    };
    let mut rows = Vec::new();
    let default: Value = serde_json::from_str(&info.default_config).unwrap_or(Value::Null);
    let outcome = schema::check(&schema, &default);
    rows.push(row(
        "schema: default config",
        pass_or_fail(outcome.is_ok()),
        outcome
            .err()
            .unwrap_or_else(|| "the game's default config fits its schema".into()),
    ));
    for (i, e) in m.examples.iter().enumerate() {
        let config = serde_json::to_value(example_section(cfg, e).resolved(&info.name))
            .expect("a TOML table is JSON");
        let outcome = schema::check(&schema, &config);
        rows.push(row(
            format!("schema: {}", e.label(i)),
            pass_or_fail(outcome.is_ok()),
            outcome
                .err()
                .unwrap_or_else(|| format!("config {config} fits the schema")),
        ));
    }
    rows
}

/// The run config's game section with the example's config fields over its [game.config].
fn example_section(cfg: &TrainConfig, e: &Example) -> frost_host::config::GameSection {
    let mut section = cfg.game.clone();
    for (k, v) in &e.config {
        section.config.insert(k.clone(), v.clone());
    }
    section
}

/// Every example dealt and its reference move scored; the most the calls used of the limits.
fn play_examples(
    game: Game,
    m: &Manifest,
    bench: &Bench,
    args: &GameCheckArgs,
) -> anyhow::Result<(Vec<Row>, Usage)> {
    let mut rows = Vec::new();
    let mut used = game.usage().clone();
    let mut game = Some(game);
    for (i, e) in m.examples.iter().enumerate() {
        let g = match game.take() {
            Some(g) => g,
            None => {
                let native = args.allow_native || bench.cfg.game.allow_native;
                Game::load(&args.game, &bench.cfg.game.limits, native)
                    .map_err(|e| usage(anyhow::Error::new(e)))?
            }
        };
        let label = e.label(i);
        match example(g, e, bench) {
            Ok((detail, back)) => {
                used.merge(back.usage());
                rows.push(row(label, detail.0, detail.1));
                game = Some(back);
            }
            Err(e) => rows.push(row(label, Status::Fail, format!("{e:#}"))),
        }
    }
    Ok((rows, used))
}

/// One example: dealt as training deals it (verified: twice, in fresh instances), its
/// reference move tokenized, checked legal and scored. Returns the status and the detail,
/// and the game back.
fn example(game: Game, e: &Example, b: &Bench) -> anyhow::Result<((Status, String), Game)> {
    let tok = b.tok;
    let section = example_section(b.cfg, e);
    let mut dealer = Dealer::configured(game, &section, tok, tok.vocab_size() as i64, Device::Cpu)?;
    if let Some(m) = b.context {
        dealer = dealer.with_max_positions(m);
    }
    let doc = Document {
        name: "text".into(),
        text: e.text.clone().unwrap_or_else(|| SAMPLE_TEXT.to_string()),
    };
    let split = TokenizedSplit::new("example text", std::slice::from_ref(&doc), tok);
    let asg = dealer.deal_verified(tok, &split, e.seed)?;
    let name = dealer.game_name.clone();
    let verdict = judge_reference(&asg, e, b, &name)?;
    Ok((verdict, dealer.game))
}

/// The reference move's verdict: its length, its legality, its exact score against the range.
fn judge_reference(
    asg: &Assignment,
    e: &Example,
    b: &Bench,
    game: &str,
) -> anyhow::Result<(Status, String)> {
    let ids = b.tok.encode(&e.reference);
    if ids.len() != asg.move_len {
        return Ok((
            Status::Fail,
            format!(
                "the reference move {:?} is {} tokens under this tokenizer, the round's move is \
                 {}: write a move of {} tokens",
                e.reference,
                ids.len(),
                asg.move_len,
                asg.move_len
            ),
        ));
    }
    let banned: Vec<bool> =
        Vec::<bool>::try_from(&asg.banned).context("reading the banned mask")?;
    if let Some(&id) = ids
        .iter()
        .find(|&&id| banned.get(id as usize).copied().unwrap_or(true))
    {
        return Ok((
            Status::Fail,
            format!(
                "the reference move uses {:?}, a token this round bans",
                b.tok.decode(&[id])
            ),
        ));
    }
    if asg.words.as_ref().is_some_and(|w| !w.allows(&ids)) {
        return Ok((
            Status::Fail,
            "the reference move breaks the round's word rule (banned or not allowed words)".into(),
        ));
    }
    let score = exact_score(b.judge, asg, &ids, game)?;
    let [lo, hi] = e.score;
    let inside = (lo..=hi).contains(&score);
    let own = (asg.reference_move.as_ref())
        .filter(|r| r.len() == asg.move_len && **r != ids)
        .map(|r| exact_score(b.judge, asg, r, game))
        .transpose()?
        .map_or(String::new(), |s| {
            format!("; the round's own reference move: {s:.2}")
        });
    Ok((
        pass_or_fail(inside),
        format!(
            "reference move scores {score:.2} nats, {} [{lo}, {hi}]{own}",
            if inside { "in" } else { "outside" }
        ),
    ))
}

/// The calls' wall time, memory and reply sizes against the sandbox's limits.
fn limit_rows(used: &Usage, limits: &GameLimits) -> Vec<Row> {
    let share = |used: f64, limit: f64| match limit > 0.0 {
        true => used / limit,
        false => 0.0,
    };
    let status = |f: f64| if f >= NEAR { Status::Near } else { Status::Ok };
    let mut rows = Vec::new();
    let f = share(used.max_call_ms, limits.call_timeout_ms as f64);
    rows.push(row(
        "limit: time per call",
        status(f),
        format!(
            "{:.1} ms of game.limits.call_timeout_ms = {} ({:.0}%)",
            used.max_call_ms,
            limits.call_timeout_ms,
            f * 100.0
        ),
    ));
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    rows.push(match used.max_memory_bytes {
        Some(m) => {
            let f = share(m as f64, limits.max_memory_bytes as f64);
            row(
                "limit: memory",
                status(f),
                format!(
                    "{:.1} MiB of game.limits.max_memory_bytes = {:.0} MiB ({:.0}%)",
                    mib(m),
                    mib(limits.max_memory_bytes),
                    f * 100.0
                ),
            )
        }
        None => row(
            "limit: memory",
            Status::Ok,
            "a native plugin: not sandboxed",
        ),
    });
    let f = share(used.max_output_bytes as f64, limits.max_output_bytes as f64);
    rows.push(row(
        "limit: output",
        status(f),
        format!(
            "{:.1} KiB of game.limits.max_output_bytes = {:.0} KiB ({:.0}%)",
            used.max_output_bytes as f64 / 1024.0,
            limits.max_output_bytes as f64 / 1024.0,
            f * 100.0
        ),
    ));
    rows
}

fn table(rows: &[Row]) -> String {
    let width = rows
        .iter()
        .map(|r| r.check.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    let mut out = format!("{:width$}  result  detail\n", "check");
    for r in rows {
        out.push_str(&format!(
            "{:width$}  {:6}  {}\n",
            r.check,
            r.status.word(),
            r.detail
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lines_up_and_limits_near_half_are_flagged() {
        let limits = GameLimits::default();
        let used = Usage {
            calls: 3,
            max_call_ms: 600.0,
            max_memory_bytes: Some(2 << 20),
            max_output_bytes: 2048,
        };
        let rows = limit_rows(&used, &limits);
        let statuses: Vec<Status> = rows.iter().map(|r| r.status).collect();
        assert_eq!(statuses, [Status::Near, Status::Ok, Status::Ok]);
        assert_eq!(
            rows[1].detail,
            "2.0 MiB of game.limits.max_memory_bytes = 256 MiB (1%)"
        );
        let t = table(&rows);
        assert!(
            t.starts_with("check                 result  detail\n"),
            "{t}"
        );
        assert!(
            t.contains("\nlimit: time per call  near    600.0 ms of"),
            "{t}"
        );
    }
}
