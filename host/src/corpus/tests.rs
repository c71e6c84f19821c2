//! Whole-corpus tests: formats in one folder, the caps, the held-out split, empty corpora.
//! (Line-level `.jsonl` tests are in `jsonl.rs`, `.txt` rules in `text.rs`, `.parquet` files
//! written by pyarrow in `tests/e2e/corpus.rs`.)

use super::*;

fn write(root: &Path, name: &str, content: &str) {
    let p = root.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, content).unwrap();
}

fn jsonl(texts: impl IntoIterator<Item = String>) -> String {
    texts
        .into_iter()
        .map(|t| format!("{}\n", serde_json::json!({ "id": 0, "text": t })))
        .collect()
}

fn load(root: &Path, opts: &CorpusOptions) -> Result<Corpus, CorpusError> {
    load_corpus_with(&CorpusSource::Path(root.to_path_buf()), opts)
}

fn names(d: &[Document]) -> Vec<&str> {
    d.iter().map(|d| d.name.as_str()).collect()
}

/// A folder of 200 lines in two shards.
fn two_shards(root: &Path) {
    write(
        root,
        "data/a.jsonl",
        &jsonl((0..120).map(|i| format!("doc a{i}"))),
    );
    write(
        root,
        "data/b.jsonl",
        &jsonl((0..80).map(|i| format!("doc b{i}"))),
    );
}

#[test]
fn the_row_split_is_about_one_in_eight_by_hash_and_pinned() {
    let dir = tempfile::tempdir().unwrap();
    two_shards(dir.path());
    let c = load(dir.path(), &CorpusOptions::default()).unwrap();
    assert_eq!(c.train.len() + c.heldout.len(), 200);
    assert!((15..=35).contains(&c.heldout.len()), "{}", c.heldout.len());
    for d in &c.heldout {
        let (file, line) = d.name.rsplit_once(':').unwrap();
        let line: u64 = line.parse().unwrap();
        assert!(row_key(file, line - 1).is_multiple_of(8), "{}", d.name);
        assert_eq!(d.text, format!("doc {}{}", &file[5..6], line - 1));
    }
    // Pinned (values from Python's hashlib): the rule is part of the corpus's identity (a
    // change moves documents between training and evaluation), so a change must be deliberate.
    assert_eq!(row_key("data/a.jsonl", 0), 0xcf1b_329e_ed81_7872);
    assert_eq!(c.heldout.len(), 23);
    assert_eq!(
        names(&c.heldout)[..3],
        ["data/a.jsonl:12", "data/a.jsonl:25", "data/a.jsonl:36"]
    );
}

#[test]
fn the_row_split_depends_on_neither_location_nor_the_cap() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    two_shards(a.path());
    two_shards(&b.path().join("elsewhere/deeper"));
    let full = load(a.path(), &CorpusOptions::default()).unwrap();
    let moved = load(
        &b.path().join("elsewhere/deeper"),
        &CorpusOptions::default(),
    )
    .unwrap();
    assert_eq!(names(&full.heldout), names(&moved.heldout));
    assert_eq!(names(&full.train), names(&moved.train));
    // The first 150 documents: each on the side it has in the full corpus.
    let capped = CorpusOptions {
        max_documents: Some(150),
        ..CorpusOptions::default()
    };
    let part = load(a.path(), &capped).unwrap();
    assert_eq!(part.train.len() + part.heldout.len(), 150);
    assert!(part.heldout.iter().all(|d| full.heldout.contains(d)));
    assert!(part.train.iter().all(|d| full.train.contains(d)));
    assert!(names(&part.train).contains(&"data/b.jsonl:30"));
    assert!(!names(&part.train).contains(&"data/b.jsonl:31"));
}

#[test]
fn a_byte_cap_stops_after_the_document_that_reaches_it() {
    let dir = tempfile::tempdir().unwrap();
    // Ten documents of 10 bytes; blank and null texts are neither documents nor bytes.
    let mut lines: String = (0..10)
        .map(|i| format!("{{\"text\": \"document {i}\"}}\n"))
        .collect();
    lines.insert_str(0, "{\"text\": \"   \"}\n{\"text\": null}\n");
    write(dir.path(), "docs.jsonl", &lines);
    let opts = CorpusOptions {
        max_bytes: Some(25),
        ..CorpusOptions::default()
    };
    let c = load(dir.path(), &opts).unwrap();
    let mut all = names(&c.train);
    all.extend(names(&c.heldout));
    all.sort();
    assert_eq!(all, ["docs.jsonl:3", "docs.jsonl:4", "docs.jsonl:5"]);
}

#[test]
fn a_mixed_folder_splits_works_by_name_and_rows_by_hash() {
    let dir = tempfile::tempdir().unwrap();
    for w in ["a", "b", "c"] {
        write(
            dir.path(),
            &format!("works/{w}.txt"),
            &format!("the work {w}\n"),
        );
    }
    write(
        dir.path(),
        "rows.jsonl",
        &jsonl((0..40).map(|i| format!("row {i}"))),
    );
    write(dir.path(), "README.md", "# not a document");
    let c = load(dir.path(), &CorpusOptions::default()).unwrap();
    // The works as `split_heldout` alone splits them (the middle one of three held out).
    assert_eq!(names(&c.train)[..2], ["works/a.txt", "works/c.txt"]);
    assert_eq!(names(&c.heldout)[0], "works/b.txt");
    let rows_held: Vec<&str> = names(&c.heldout)[1..].to_vec();
    assert!(!rows_held.is_empty());
    assert!(rows_held.iter().all(|n| n.starts_with("rows.jsonl:")));
    assert_eq!(c.train.len() + c.heldout.len(), 43, "README.md is not read");
}

#[test]
fn a_small_corpus_of_rows_keeps_a_document_on_each_side() {
    for n in 2..12 {
        let dir = tempfile::tempdir().unwrap();
        write(
            dir.path(),
            "few.jsonl",
            &jsonl((0..n).map(|i| format!("row {i}"))),
        );
        let c = load(dir.path(), &CorpusOptions::default()).unwrap();
        assert!(!c.train.is_empty() && !c.heldout.is_empty(), "{n} rows");
        assert_eq!(c.train.len() + c.heldout.len(), n);
    }
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "one.jsonl", &jsonl(["only row".to_string()]));
    let c = load(dir.path(), &CorpusOptions::default()).unwrap();
    assert_eq!((names(&c.train), c.heldout.len()), (vec!["one.jsonl:1"], 0));
}

#[test]
fn an_empty_corpus_names_the_path_and_the_formats_read() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "README.md", "# a dataset card");
    write(dir.path(), "empty.jsonl", "\n{\"text\": \"  \"}\n");
    write(dir.path(), "blank.txt", "\n\n");
    let err = load(dir.path(), &CorpusOptions::default())
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "the corpus {} has no documents (1 other file(s) skipped, e.g. README.md): a corpus \
             reads {FORMATS}, and skips empty texts",
            dir.path().display()
        )
    );
    let err = load(&dir.path().join("blank.txt"), &CorpusOptions::default()).unwrap_err();
    assert!(err
        .to_string()
        .contains("blank.txt has no documents: a corpus reads .txt files"));
}

#[test]
fn a_text_field_of_another_name_is_read_and_a_missing_one_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "x.jsonl", "{\"content\": \"hello there\"}\n");
    let opts = CorpusOptions {
        text_field: "content".into(),
        ..CorpusOptions::default()
    };
    let c = load(dir.path(), &opts).unwrap();
    assert_eq!(c.train[0].text, "hello there");
    let err = load(dir.path(), &CorpusOptions::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.ends_with(
            "x.jsonl:1: no field `text` (it has: content); set corpus.text_field to \
                       the field holding the text"
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn files_linked_as_in_the_hugging_face_cache_are_read_under_their_link_name() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "blobs/9f86d081",
        &jsonl(["linked row".to_string()]),
    );
    let snapshot = dir.path().join("snapshots/abc/data");
    std::fs::create_dir_all(&snapshot).unwrap();
    std::os::unix::fs::symlink(
        dir.path().join("blobs/9f86d081"),
        snapshot.join("train.jsonl"),
    )
    .unwrap();
    let c = load(&dir.path().join("snapshots/abc"), &CorpusOptions::default()).unwrap();
    assert_eq!(names(&c.train), ["data/train.jsonl:1"]);
    assert_eq!(c.train[0].text, "linked row");
}
