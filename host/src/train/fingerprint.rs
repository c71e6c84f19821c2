//! Before any work, the ranks of a distributed run check that they were launched alike. Each
//! lists what it would train, field by field: Frost's version, the world size, the run
//! directory, the contents of the game, the player, the tokenizer and the judge, and every field
//! of the resolved config but a few rank-local ones ([`RANK_LOCAL`]). The lists are
//! all-gathered and a difference stops every rank with one line naming the field, both values
//! and the ranks. Without it, a rank launched with another config, game or model (a node's stale
//! copy) would train on something else, its gradients summed with the others'.

use std::path::Path;

use super::identity::{self, RunIdentity};
use super::setup::{check_device, game_path, model_dir, tokenizer_dir};
use super::{RunRequest, TrainError};
use crate::config::TrainConfig;
use crate::dist::{Dist, DistError, World};
use crate::run::files::io_error;

/// Config fields a rank may set for itself, and why. Every other field, those added later
/// included, must be the same on every rank.
pub const RANK_LOCAL: [(&str, &str); 6] = [
    ("run.threads", "the CPU threads of the rank's machine"),
    ("run.progress", "only rank 0 shows a progress bar"),
    ("game.path", "the game's bytes are compared instead"),
    ("model.path", "the model's weights are compared instead"),
    (
        "model.tokenizer",
        "the tokenizer's files are compared instead",
    ),
    ("judge.path", "the judge's weights are compared instead"),
];

/// Device fields: a rank uses `cuda:LOCAL_RANK` whatever the index, so only the kind counts.
const DEVICES: [&str; 2] = ["model.device", "judge.device"];

/// One rank's fields (name, value), or why it could not list them.
type Fields = Result<Vec<(String, String)>, String>;

/// Ranks launched with different settings: the first field that differs.
#[derive(Debug, thiserror::Error)]
#[error(
    "ranks disagree on {field}: rank 0 has {ours}, rank {rank} has {theirs}{also}; launch every \
     rank with the same Frost, --config/--set, game, models and --out (docs/scaling.md)"
)]
pub struct Disagreement {
    pub field: String,
    pub ours: String,
    pub rank: usize,
    pub theirs: String,
    /// ", as do ranks 3, 5": other ranks that differ from rank 0 on it.
    also: String,
}

/// Join the other ranks (none for one process) and check that they were launched alike, before
/// anything is loaded or written. `cfg` is this rank's placed config (its device).
pub(super) fn join(req: &RunRequest, cfg: &TrainConfig, world: World) -> Result<Dist, TrainError> {
    if world.size == 1 {
        return Ok(Dist::single());
    }
    let dist = init(cfg, world.clone())?;
    alike(&dist, fields(req, world.size).map_err(|e| e.to_string()))?;
    Ok(dist)
}

/// [`join`] for a launched command that reads a model (`eval`, `play`: one copy split over
/// the ranks, computing in step): the ranks check the Frost version, the command line and the
/// config field by field. A difference (another `--seed` would feed the ranks' shares
/// different passages, and rank 0 would print what came of the mix) stops every rank in one
/// line naming it.
pub(super) fn join_launched(cfg: &TrainConfig, world: World) -> Result<Dist, TrainError> {
    let dist = init(cfg, world)?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut mine = vec![
        ("the Frost version".to_string(), frost_version()),
        ("the command line".to_string(), args.join(" ")),
    ];
    mine.extend(config_fields(cfg));
    alike(&dist, Ok(mine))?;
    Ok(dist)
}

/// The process group joined with `cfg`'s device and timeouts.
fn init(cfg: &TrainConfig, world: World) -> Result<Dist, TrainError> {
    let device = check_device("model.device", cfg.model.device)?;
    let timeouts = (cfg.run.join_timeout(), cfg.run.collective_timeout_s);
    Ok(Dist::init(world, device, timeouts.0, timeouts.1)?)
}

/// Every rank's fields gathered and compared ([`compare`]).
fn alike(dist: &Dist, mine: Fields) -> Result<(), TrainError> {
    let bytes = postcard::to_stdvec(&mine).expect("fields serialize");
    let parts: Vec<Fields> = (dist.all_gather_bytes(&bytes)?.iter())
        .map(|b| {
            postcard::from_bytes::<Fields>(b).unwrap_or_else(|e| Err(format!("its fields: {e}")))
        })
        .collect();
    compare(&parts)
}

/// `r` on every rank: one rank's error (its setup) stops all of them naming it, instead of
/// leaving the others to fail at their next collective without saying why.
pub(super) fn all_ok<T>(dist: &Dist, r: Result<T, TrainError>) -> Result<T, TrainError> {
    if dist.is_single() {
        return r;
    }
    let agreed = dist.agree(r.as_ref().map(drop).map_err(|e| e.to_string()), false);
    let t = r?;
    agreed?;
    Ok(t)
}

/// What this rank would train, field by field, in the order they are compared.
fn fields(req: &RunRequest, world_size: usize) -> Result<Vec<(String, String)>, TrainError> {
    let cfg = &req.config;
    let id = RunIdentity::new(&model_dir(cfg), &game_path(cfg)?, &cfg.game.config)?;
    let tok = tokenizer_dir(cfg);
    let tokenizer = identity::tokenizer_hash(&tok).map_err(io_error(&tok))?;
    let judge = match cfg.judge.path.is_empty() {
        true => "the player's base weights".to_string(),
        false => {
            let dir = Path::new(&cfg.judge.path);
            identity::content_hash(dir).map_err(io_error(dir))?
        }
    };
    let out = req.out.display();
    let run_dir = match (req.resume, req.default_out) {
        (true, _) => format!("--resume {out}"),
        (false, true) => "no --out (rank 0 names it)".to_string(),
        (false, false) => format!("--out {out}"),
    };
    let mut list = vec![
        ("the Frost version".to_string(), frost_version()),
        ("the world size".to_string(), world_size.to_string()),
        ("the run directory".to_string(), run_dir),
        ("the game file (SHA-256)".to_string(), id.game_hash),
        (
            "the player model (SHA-256)".to_string(),
            id.base_model.content_hash.unwrap_or_default(),
        ),
        ("the tokenizer (SHA-256)".to_string(), tokenizer),
        ("the judge model (SHA-256)".to_string(), judge),
    ];
    list.extend(config_fields(cfg));
    Ok(list)
}

/// This build's version. `FROST_TEST_VERSION` stands in another build in the tests (a test
/// hook, not a setting: nothing else reads it).
fn frost_version() -> String {
    std::env::var("FROST_TEST_VERSION").unwrap_or_else(|_| env!("CARGO_PKG_VERSION").to_string())
}

/// Every leaf of the serialized config as (`dotted.key`, JSON value), but [`RANK_LOCAL`]'s, and
/// devices by kind only.
fn config_fields(cfg: &TrainConfig) -> Vec<(String, String)> {
    let mut out = crate::config::leaves(&serde_json::to_value(cfg).expect("config serializes"));
    out.retain(|(k, _)| !RANK_LOCAL.iter().any(|(f, _)| f == k));
    for (k, v) in &mut out {
        if DEVICES.contains(&k.as_str()) {
            let kind = v.trim_matches('"').split(':').next().unwrap_or_default();
            *v = format!("\"{kind}\"");
        }
    }
    out
}

/// The first field (in rank 0's order, then fields only other ranks have) whose value is not
/// the same on every rank, as the error every rank stops with; a rank that could not list its
/// fields stops them all with its error.
fn compare(parts: &[Fields]) -> Result<(), TrainError> {
    let mut lists = Vec::new();
    for (rank, p) in parts.iter().enumerate() {
        match p {
            Ok(l) => lists.push(l.as_slice()),
            Err(msg) => {
                return Err(DistError::Rank {
                    rank,
                    msg: msg.clone(),
                }
                .into())
            }
        }
    }
    let mut names: Vec<&str> = Vec::new();
    for (k, _) in lists.iter().flat_map(|l| l.iter()) {
        if !names.contains(&k.as_str()) {
            names.push(k.as_str());
        }
    }
    let value =
        |l: &[(String, String)], k: &str| l.iter().find(|(f, _)| f == k).map(|(_, v)| v.clone());
    for name in names {
        let ours = value(lists[0], name);
        let differ: Vec<usize> = (1..lists.len())
            .filter(|&r| value(lists[r], name) != ours)
            .collect();
        let Some(&rank) = differ.first() else {
            continue;
        };
        let absent = || "nothing (no such field)".to_string();
        let (ours, theirs) = shorten(
            &ours.unwrap_or_else(absent),
            &value(lists[rank], name).unwrap_or_else(absent),
        );
        let also = match &differ[1..] {
            [] => String::new(),
            more => {
                let ranks: Vec<String> = more.iter().map(|r| r.to_string()).collect();
                format!(" (ranks {} differ too)", ranks.join(", "))
            }
        };
        return Err(Disagreement {
            field: name.to_string(),
            ours,
            rank,
            theirs,
            also,
        }
        .into());
    }
    Ok(())
}

/// Two values as printed: whole when short, else the same window of each around their first
/// difference (long hashes, paths, tables).
fn shorten(a: &str, b: &str) -> (String, String) {
    const MAX: usize = 40;
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len() <= MAX && b.len() <= MAX {
        return (a.iter().collect(), b.iter().collect());
    }
    let first = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let start = first.saturating_sub(MAX / 2);
    let window = |s: &[char]| {
        let end = (start + MAX).min(s.len());
        let mut w: String = s[start.min(end)..end].iter().collect();
        if start > 0 {
            w.insert(0, '…');
        }
        if end < s.len() {
            w.push('…');
        }
        w
    };
    (window(&a), window(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(pairs: &[(&str, &str)]) -> Fields {
        Ok(pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect())
    }

    fn refusal(parts: &[Fields]) -> String {
        compare(parts).unwrap_err().to_string()
    }

    #[test]
    fn the_first_differing_field_is_named_with_both_values_and_the_ranks() {
        let a = list(&[("steps", "3"), ("update.lr", "0.001")]);
        assert!(compare(&[a.clone(), a.clone(), a.clone()]).is_ok());
        let b = list(&[("steps", "3"), ("update.lr", "0.002")]);
        let e = refusal(&[a.clone(), b.clone()]);
        assert!(
            e.starts_with("ranks disagree on update.lr: rank 0 has 0.001, rank 1 has 0.002;"),
            "{e}"
        );
        let e = refusal(&[a.clone(), a.clone(), b.clone(), b]);
        assert!(e.contains("rank 2 has 0.002 (ranks 3 differ too)"), "{e}");
        // A field only one rank has (another version's), either way round.
        let c = list(&[("steps", "3"), ("update.lr", "0.001"), ("new.knob", "1")]);
        let e = refusal(&[a.clone(), c.clone()]);
        assert!(
            e.contains("new.knob: rank 0 has nothing (no such field), rank 1 has 1"),
            "{e}"
        );
        let e = refusal(&[c, a.clone()]);
        assert!(e.contains("rank 0 has 1, rank 1 has nothing"), "{e}");
        // A rank that could not list its fields stops every rank with its own error.
        let e = refusal(&[a, Err("game file g.wasm does not exist".into())]);
        assert_eq!(e, "rank 1: game file g.wasm does not exist");
    }

    #[test]
    fn long_values_are_cut_around_their_first_difference() {
        let a = format!("{}1{}", "a".repeat(100), "z".repeat(100));
        let b = format!("{}2{}", "a".repeat(100), "z".repeat(100));
        let (x, y) = shorten(&a, &b);
        assert_eq!(x, format!("…{}1{}…", "a".repeat(20), "z".repeat(19)));
        assert_eq!(y, format!("…{}2{}…", "a".repeat(20), "z".repeat(19)));
        let (x, _) = shorten(&"f".repeat(64), &"e".repeat(64));
        assert_eq!(x, format!("{}…", "f".repeat(40)));
        assert_eq!(shorten("0.001", "0.002"), ("0.001".into(), "0.002".into()));
    }

    #[test]
    fn every_config_field_counts_but_the_rank_local_ones() {
        let cfg = TrainConfig::default_embedded();
        let fields = config_fields(&cfg);
        let get = |k: &str| fields.iter().find(|(f, _)| f == k).map(|(_, v)| v.as_str());
        assert!(get("update.lr").is_some());
        assert_eq!(get("seed"), Some(cfg.seed.to_string().as_str()));
        assert_eq!(get("steps"), Some(cfg.steps.to_string().as_str()));
        assert!(get("run.collective_timeout_s").is_some());
        for (local, _) in RANK_LOCAL {
            assert_eq!(get(local), None, "{local}");
        }
        // Every leaf of the serialized config but the rank-local ones (each of which exists).
        let leaves = crate::config::leaves(&serde_json::to_value(&cfg).unwrap());
        assert_eq!(leaves.len(), fields.len() + RANK_LOCAL.len(), "{leaves:?}");
        // The device's index is rank-local, its kind is not.
        let mut other = cfg.clone();
        other.model.device = crate::config::DeviceSpec::Cuda(Some(3));
        let mut cuda = cfg.clone();
        cuda.model.device = crate::config::DeviceSpec::Cuda(None);
        assert_eq!(config_fields(&other), config_fields(&cuda));
        assert_ne!(config_fields(&other), fields);
        // A game config entry is a field of its own.
        let mut g = cfg.clone();
        g.game
            .config
            .insert("gap_tokens".into(), toml::Value::Integer(99));
        let diff: Vec<_> = (config_fields(&g).into_iter())
            .filter(|f| !fields.contains(f))
            .collect();
        assert_eq!(
            diff,
            vec![("game.config.gap_tokens".to_string(), "99".to_string())]
        );
    }
}
