//! Shared helpers for the end-to-end tests.
#![allow(
    dead_code,
    reason = "each test module uses a different subset of these helpers"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use tch::{Kind, Tensor};
use tokenizers::Tokenizer;

/// The workspace root (the folder holding the Makefile).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The project venv's python, which has torch, transformers, peft and tensorboard after
/// `make setup-test`.
pub fn python() -> PathBuf {
    let py = root().join(".venv/bin/python");
    assert!(
        py.exists(),
        "no project venv at {}: run `make test`",
        py.display()
    );
    py
}

/// Run a python script from tests/fixtures with arguments; panics with its stderr on failure.
pub fn run_python(script: &str, args: &[&str]) -> Output {
    let out = Command::new(python())
        .arg(root().join("tests/fixtures").join(script))
        .args(args)
        .output()
        .expect("spawn python");
    assert!(
        out.status.success(),
        "python {script} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The frost-host binary built for this test run.
pub fn frost_host() -> Command {
    Command::new(env!("CARGO_BIN_EXE_frost-host"))
}

/// A built game component under games/ (built by `make games`).
pub fn game_wasm(name: &str) -> PathBuf {
    let p = root().join("games").join(format!("{name}.wasm"));
    assert!(p.exists(), "{} missing: run `make games`", p.display());
    p
}

/// Public-domain sample text (Shakespeare, Sonnets 1-3), as `game-check` uses by default.
pub const SAMPLE: &str = include_str!("../../host/src/cli/sample_text.txt");

/// A small byte-level BPE trained on the sample text (the project's own trainer and layout),
/// saved once per test process for the CLI tests: the tokenizer and its `tokenizer.json`.
pub fn sample_tokenizer() -> &'static (Tokenizer, PathBuf) {
    static TOK: OnceLock<(Tokenizer, PathBuf)> = OnceLock::new();
    TOK.get_or_init(|| {
        let tok = frost_host::pretrain::bpe::train_tokenizer(SAMPLE.lines(), 400)
            .expect("train tokenizer");
        let dir = tempfile::tempdir().expect("tempdir").keep();
        // With a tokenizer_config.json naming <|endoftext|> as BOS/EOS, as a model folder has.
        let eot = tok.token_to_id("<|endoftext|>");
        frost_host::model::Tok::new(tok.clone(), eot, eot, eot)
            .save(&dir)
            .expect("save tokenizer");
        (tok, dir.join("tokenizer.json"))
    })
}

/// The largest absolute difference between two tensors of one shape (in f64).
pub fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
    assert_eq!(a.size(), b.size());
    (a.to_kind(Kind::Double) - b.to_kind(Kind::Double))
        .abs()
        .max()
        .double_value(&[])
}
