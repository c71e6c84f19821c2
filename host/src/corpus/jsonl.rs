//! `.jsonl` and `.jsonl.gz` corpora: one JSON object per line, the document's text in a named
//! string field. Read line by line, so a large file is never held whole.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use serde_json::Value;

use super::CorpusError;
use crate::run::files::io_error;

/// Calls `add(line_index, text)` for each line's text (0-based index over all lines, blank
/// ones included, so the index is the line number less one) until `add` returns false.
/// Blank lines and `null` texts are skipped.
pub(super) fn read(
    path: &Path,
    field: &str,
    add: &mut dyn FnMut(u64, String) -> bool,
) -> Result<(), CorpusError> {
    let file = std::fs::File::open(path).map_err(io_error(path))?;
    let raw: Box<dyn Read> = if path.to_string_lossy().ends_with(".gz") {
        // Multi-member, as `cat a.gz b.gz` and some writers produce.
        Box::new(flate2::read::MultiGzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let mut reader = BufReader::new(raw);
    let mut line = Vec::new();
    for index in 0u64.. {
        line.clear();
        if reader
            .read_until(b'\n', &mut line)
            .map_err(io_error(path))?
            == 0
        {
            return Ok(());
        }
        let at = || format!("{}:{}", path.display(), index + 1);
        let text = std::str::from_utf8(&line).map_err(|_| CorpusError::NotUtf8(at()))?;
        if text.trim().is_empty() {
            continue;
        }
        if let Some(doc) = text_of(text, field, &at)? {
            if !add(index, doc) {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// The text of one JSON line (`None` for a `null` text); errors name the line (`at`).
fn text_of(
    line: &str,
    field: &str,
    at: &dyn Fn() -> String,
) -> Result<Option<String>, CorpusError> {
    let bad = |msg: String| CorpusError::BadJson { at: at(), msg };
    let value: Value = serde_json::from_str(line).map_err(|e| bad(e.to_string()))?;
    let Value::Object(mut obj) = value else {
        return Err(bad(format!("found {}", kind(&value))));
    };
    match obj.remove(field) {
        Some(Value::String(s)) => Ok(Some(s)),
        Some(Value::Null) => Ok(None),
        Some(other) => Err(CorpusError::NotText {
            at: at(),
            kind: "field",
            field: field.to_string(),
            found: kind(&other).to_string(),
        }),
        None => {
            let keys: Vec<&str> = obj.keys().map(|k| k.as_str()).collect();
            Err(CorpusError::MissingField {
                at: at(),
                kind: "field",
                field: field.to_string(),
                found: if keys.is_empty() {
                    "no fields".to_string()
                } else {
                    keys.join(", ")
                },
            })
        }
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `content` as a `.jsonl` file; returns (line index, text) pairs or the error line.
    fn read_str(content: &[u8], field: &str) -> Result<Vec<(u64, String)>, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("docs.jsonl");
        std::fs::write(&path, content).unwrap();
        let mut got = Vec::new();
        read(&path, field, &mut |i, t| {
            got.push((i, t));
            true
        })
        .map(|()| got)
        .map_err(|e| {
            e.to_string()
                .replace(&dir.path().display().to_string(), "DIR")
        })
    }

    #[test]
    fn reads_the_named_field_of_each_line_skipping_blank_lines_and_nulls() {
        let content = b"{\"id\": 1, \"content\": \"first doc\", \"text\": \"not this\"}\n\
            \n\
            {\"content\": null}\n\
            {\"content\": \"third \\u00e9 line\\nwith a newline\"}\n";
        assert_eq!(
            read_str(content, "content").unwrap(),
            [
                (0, "first doc".to_string()),
                (3, "third \u{e9} line\nwith a newline".to_string())
            ]
        );
        // No final newline, Windows line ends: still one document per line.
        let content = b"{\"text\": \"a\"}\r\n{\"text\": \"b\"}";
        assert_eq!(
            read_str(content, "text").unwrap(),
            [(0, "a".to_string()), (1, "b".to_string())]
        );
    }

    #[test]
    fn a_missing_field_names_the_line_and_the_fields_there_are() {
        let content = b"{\"text\": \"ok\"}\n{\"content\": \"x\", \"id\": 7}\n";
        assert_eq!(
            read_str(content, "text").unwrap_err(),
            "DIR/docs.jsonl:2: no field `text` (it has: content, id); set corpus.text_field to \
             the field holding the text"
        );
    }

    #[test]
    fn a_field_that_is_not_a_string_is_named_with_its_type() {
        let content = b"{\"text\": [\"a\", \"b\"]}\n";
        assert_eq!(
            read_str(content, "text").unwrap_err(),
            "DIR/docs.jsonl:1: the field `text` is an array, not text; set corpus.text_field to \
             a string field"
        );
    }

    #[test]
    fn a_bad_line_is_reported_as_file_and_line() {
        let content = b"{\"text\": \"ok\"}\n{\"text\": \"cut short\n";
        let err = read_str(content, "text").unwrap_err();
        assert!(
            err.starts_with("DIR/docs.jsonl:2: not a JSON object ("),
            "{err}"
        );
        assert!(
            err.ends_with("a .jsonl corpus holds one JSON object per line"),
            "{err}"
        );
        let err = read_str(b"\"just a string\"\n", "text").unwrap_err();
        assert!(
            err.starts_with("DIR/docs.jsonl:1: not a JSON object (found a string)"),
            "{err}"
        );
        let err = read_str(b"{\"text\": \"ok\"}\n{\"text\": \"\xff\"}\n", "text").unwrap_err();
        assert_eq!(
            err,
            "corpus file DIR/docs.jsonl:2 is not UTF-8 text: convert it or leave it out of the \
             corpus"
        );
    }

    #[test]
    fn an_empty_file_has_no_documents_and_reading_stops_when_asked() {
        assert_eq!(read_str(b"", "text").unwrap(), []);
        assert_eq!(read_str(b"\n \n", "text").unwrap(), []);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("docs.jsonl");
        std::fs::write(&path, "{\"text\": \"a\"}\n{\"text\": \"b\"}\nnot json\n").unwrap();
        let mut got = Vec::new();
        read(&path, "text", &mut |i, _| {
            got.push(i);
            got.len() < 2
        })
        .unwrap();
        assert_eq!(got, [0, 1], "the bad third line is never read");
    }

    #[test]
    fn reads_gzipped_lines() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("docs.jsonl.gz");
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(b"{\"text\": \"zipped one\"}\n{\"text\": \"zipped two\"}\n")
            .unwrap();
        std::fs::write(&path, gz.finish().unwrap()).unwrap();
        let mut got = Vec::new();
        read(&path, "text", &mut |_, t| {
            got.push(t);
            true
        })
        .unwrap();
        assert_eq!(got, ["zipped one", "zipped two"]);
    }
}
