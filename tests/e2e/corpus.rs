//! Real corpus layouts: a Hugging Face dataset download (parquet shards written by pyarrow)
//! and a folder of `.jsonl` / `.jsonl.gz` shards: the documents read, the held-out split,
//! and one-line errors for what a researcher gets wrong.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use frost_host::corpus::{
    load_corpus_with, row_key, Corpus, CorpusOptions, CorpusSource, Document,
};

use crate::common;

/// The corpora of `tests/fixtures/write_corpora.py`, written once per test process.
fn corpora() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        common::run_python("write_corpora.py", &[dir.path().to_str().unwrap()]);
        dir
    })
    .path()
}

fn load(path: PathBuf, text_field: &str) -> Result<Corpus, String> {
    let opts = CorpusOptions {
        text_field: text_field.into(),
        ..CorpusOptions::default()
    };
    load_corpus_with(&CorpusSource::Path(path), &opts).map_err(|e| e.to_string())
}

/// Every document of both sides, by name; and checks each is on the side its key says.
fn checked_documents(c: &Corpus) -> Vec<Document> {
    for (side, held) in [(&c.train, false), (&c.heldout, true)] {
        for d in side {
            let (file, index) = d.name.rsplit_once(['#', ':']).unwrap();
            let mut index: u64 = index.parse().unwrap();
            if d.name.contains(':') {
                index -= 1; // lines are named 1-based
            }
            assert_eq!(row_key(file, index).is_multiple_of(8), held, "{}", d.name);
        }
    }
    let mut all: Vec<Document> = c.train.iter().chain(&c.heldout).cloned().collect();
    all.sort_by(|a, b| a.name.cmp(&b.name));
    all
}

#[test]
fn a_hugging_face_parquet_download_reads_one_document_per_row() {
    let c = load(corpora().join("hf"), "text").unwrap();
    let docs = checked_documents(&c);
    // 30 + 20 rows, less a null and a blank text; README.md is not read.
    assert_eq!(docs.len(), 48);
    let shard0 = "data/train-00000-of-00002.parquet";
    let shard1 = "data/train-00001-of-00002.parquet";
    let name_of = |shard: &str, i| format!("{shard}#{i}");
    assert!(!docs
        .iter()
        .any(|d| d.name == name_of(shard0, 3) || d.name == name_of(shard0, 4)));
    for (s, shard, rows) in [(0, shard0, 30), (1, shard1, 20)] {
        for i in (0..rows).filter(|&i| s == 1 || !(3..=4).contains(&i)) {
            let d = docs.iter().find(|d| d.name == name_of(shard, i)).unwrap();
            assert_eq!(
                d.text,
                format!("shard {s} row {i}: caf\u{e9} \u{2014} the quick brown fox\nsecond line")
            );
        }
    }
    assert!(!c.heldout.is_empty() && c.train.len() > c.heldout.len());
    // The first 20 documents only (a cap): each keeps its side.
    let capped = CorpusOptions {
        max_documents: Some(20),
        ..CorpusOptions::default()
    };
    let part = load_corpus_with(&CorpusSource::Path(corpora().join("hf")), &capped).unwrap();
    assert_eq!(part.train.len() + part.heldout.len(), 20);
    assert!(part.heldout.iter().all(|d| c.heldout.contains(d)));
    assert!(part.train.iter().all(|d| c.train.contains(d)));
    // One shard on its own: named by its file name.
    let one = load(
        corpora()
            .join("hf/data")
            .join(shard1.rsplit('/').next().unwrap()),
        "text",
    );
    assert_eq!(checked_documents(&one.unwrap()).len(), 20);
}

#[test]
fn parquet_mistakes_are_one_line_naming_the_file_and_the_fix() {
    let shard = corpora().join("hf/data/train-00000-of-00002.parquet");
    let err = load(corpora().join("hf"), "content").unwrap_err();
    assert_eq!(
        err,
        format!(
            "{}: no column `content` (it has: id, text, meta); set corpus.text_field to the \
             column holding the text",
            shard.display()
        )
    );
    let err = load(corpora().join("hf"), "id").unwrap_err();
    assert!(
        err.ends_with(
            "the column `id` is of type INT64, not text; set corpus.text_field to a string column"
        ),
        "{err}"
    );
    let err = load(corpora().join("hf"), "meta").unwrap_err();
    assert!(
        err.contains("the column `meta` is a nested column"),
        "{err}"
    );
    let err = load(corpora().join("brotli"), "text").unwrap_err();
    assert!(
        err.starts_with(&format!(
            "cannot read the parquet file {}",
            corpora().join("brotli/b.parquet").display()
        )) && err.contains("brotli")
            && err.ends_with("rewrite the file with one of those (e.g. pyarrow.parquet.write_table(..., compression=\"zstd\"))"),
        "{err}"
    );
    // A download that stopped early.
    let tmp = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(&shard).unwrap();
    let cut = tmp.path().join("cut.parquet");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let err = load(cut.clone(), "text").unwrap_err();
    assert!(
        err.starts_with(&format!("cannot read the parquet file {}", cut.display()))
            && err.ends_with("fetch it again) or leave it out of the corpus"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn a_folder_of_jsonl_and_gzipped_jsonl_shards() {
    let c = load(corpora().join("jsonl"), "content").unwrap();
    let docs = checked_documents(&c);
    assert_eq!(docs.len(), 40);
    let texts: Vec<&str> = docs.iter().map(|d| d.text.as_str()).collect();
    assert!(texts.contains(&"a line 24") && texts.contains(&"c line 0"));
    assert!(docs.iter().any(|d| d.name == "b/c.jsonl.gz:15"));
    assert!(!c.heldout.is_empty());
    // Its `text` field holds numbers.
    let err = load(corpora().join("jsonl"), "text").unwrap_err();
    assert_eq!(
        err,
        format!(
            "{}:1: the field `text` is a number, not text; set corpus.text_field to a string field",
            corpora().join("jsonl/a.jsonl").display()
        )
    );
}

#[test]
fn pretrain_reads_a_parquet_download_and_names_its_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let out = common::frost_host()
        .args([
            "pretrain",
            "--config",
            "tiny",
            "--steps",
            "2",
            "--threads",
            "1",
        ])
        .arg("--corpus")
        .arg(corpora().join("hf"))
        .arg("--out")
        .arg(tmp.path().join("model"))
        .env("FROST_CACHE", tmp.path().join("cache"))
        .env("FROST_LOG", "warn")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(tmp.path().join("model/pretrain.json")).unwrap())
            .unwrap();
    let heldout: Vec<&str> = report["corpus"]["heldout_files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let expected = load(corpora().join("hf"), "text").unwrap();
    let names: Vec<&str> = expected.heldout.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(heldout, names);
    assert!(heldout[0].starts_with("data/train-00000-of-00002.parquet#"));
    // A shard in a codec Frost is built without: one line naming the file and the fix.
    let out = common::frost_host()
        .args(["pretrain", "--config", "tiny", "--steps", "2", "--corpus"])
        .arg(corpora().join("brotli"))
        .arg("--out")
        .arg(tmp.path().join("other"))
        .env("FROST_CACHE", tmp.path().join("cache"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("b.parquet") && err.contains("rewrite the file"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn training_deals_from_a_jsonl_corpus_with_a_named_text_field() {
    use crate::fixture::{fixture, jsonl, tmp, train_run};
    // The fixture's text files as .jsonl rows under a field other than `text`.
    let dir = tmp("jsonl-corpus");
    std::fs::create_dir_all(&dir).unwrap();
    let mut rows = String::new();
    for e in std::fs::read_dir(&fixture().corpus).unwrap() {
        let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
        for chunk in text.split('\n').filter(|l| l.len() > 200) {
            rows.push_str(&serde_json::json!({"id": 1, "body": chunk}).to_string());
            rows.push('\n');
        }
    }
    std::fs::write(dir.join("train-00000.jsonl"), rows).unwrap();
    let out = tmp("jsonl-run");
    let source = format!("corpus.source=\"{}\"", dir.display());
    train_run(
        &out,
        &[
            &source,
            "corpus.text_field=\"body\"",
            "steps=1",
            "eval.every=0",
        ],
    );
    let samples = jsonl(&out.join("samples.jsonl"));
    assert_eq!(samples.len(), 1);
    // The wrong field is one clear error naming the field and the fix.
    let out = tmp("jsonl-bad");
    let o = crate::fixture::run_cli(&[
        "--config",
        crate::fixture::write_config(&fixture().root, true)
            .to_str()
            .unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--set",
        &source,
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(
        err.contains("`text`") && err.contains("corpus.text_field") && err.contains("body"),
        "{err}"
    );
    assert!(!out.exists(), "no run dir left behind");
}
