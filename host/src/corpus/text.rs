//! Plain-text documents (`.txt`, one document per file): reading, Project Gutenberg
//! boilerplate removal, and the held-out rule for whole works (one in eight by sorted name;
//! a single file holds out its last tenth). The default corpus's split is cited in the docs and
//! in `pretrain.json`, so this rule never changes.

use std::path::Path;

use super::{Corpus, CorpusError, Document};
use crate::run::files::io_error;

/// Reads one UTF-8 text file as a document named `name`, without its Gutenberg boilerplate.
pub(super) fn read_text_file(path: &Path, name: &str) -> Result<Document, CorpusError> {
    let bytes = std::fs::read(path).map_err(io_error(path))?;
    let text =
        String::from_utf8(bytes).map_err(|_| CorpusError::NotUtf8(path.display().to_string()))?;
    Ok(Document {
        name: name.to_string(),
        text: strip_gutenberg(&text),
    })
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
