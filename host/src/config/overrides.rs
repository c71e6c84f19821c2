//! `--set KEY=VALUE`: one syntax for the training config and the pretraining settings.
//!
//! An override is applied to the TOML document before it is deserialized, so it goes through
//! exactly the same checks as a value written in a file (unknown field, wrong type), and every
//! error names the field by its full dotted path (`frost.bogus`).

use serde::de::DeserializeOwned;

#[derive(Debug, thiserror::Error)]
pub enum OverrideError {
    #[error("`{0}`: expected KEY=VALUE (a dotted KEY for a nested field: section.field=VALUE)")]
    Malformed(String),
    #[error("`{key}`: `{part}` is not a table")]
    NotATable { key: String, part: String },
    #[error("`{key}`: {message}")]
    Value { key: String, message: String },
    #[error("`{key}=@{path}`: cannot read {path}: {source}")]
    File {
        key: String,
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Field(#[from] FieldError),
}

/// A value that does not fit its type: the field's dotted path (empty for the whole document)
/// and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{}", if path.is_empty() { message.clone() } else { format!("in `{path}`: {message}") })]
pub struct FieldError {
    pub path: String,
    pub message: String,
}

/// Sets `key.sub=value` in `doc`. The value is parsed as a TOML value (number, bool, string,
/// array, inline table); a bare word that is not valid TOML is taken as a string
/// (`--set model.device=cuda`). `KEY=@FILE` sets the file's text as a string (a `.xent`
/// program, a prompt). Missing tables on the way are created.
pub fn apply_override(doc: &mut toml::Table, spec: &str) -> Result<(), OverrideError> {
    let malformed = || OverrideError::Malformed(spec.to_string());
    let (key, raw) = spec.split_once('=').ok_or_else(malformed)?;
    let key = key.trim();
    if key.is_empty() || key.split('.').any(|p| p.trim().is_empty()) {
        return Err(malformed());
    }
    let raw = raw.trim();
    let value = if let Some(path) = raw.strip_prefix('@') {
        let text = std::fs::read_to_string(path).map_err(|source| OverrideError::File {
            key: key.to_string(),
            path: path.to_string(),
            source,
        })?;
        toml::Value::String(text)
    } else {
        parse_value(raw).map_err(|message| OverrideError::Value {
            key: key.to_string(),
            message,
        })?
    };
    let parts: Vec<&str> = key.split('.').map(str::trim).collect();
    let (last, path) = parts.split_last().expect("a key has one part at least");
    let mut table = doc;
    for p in path {
        let entry = table
            .entry(p.to_string())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
        table = match entry {
            toml::Value::Table(t) => t,
            _ => {
                return Err(OverrideError::NotATable {
                    key: key.to_string(),
                    part: p.to_string(),
                })
            }
        };
    }
    table.insert(last.to_string(), value);
    Ok(())
}

/// A `--set` value: TOML when it parses (number, bool, string, array, inline table), else the
/// bare word as a string (`model.device=cuda`, `model.path=2b-model`). A bare integer TOML
/// cannot hold is refused here, where it would otherwise reach its field as a string.
pub fn parse_value(raw: &str) -> Result<toml::Value, String> {
    if let Ok(mut t) = toml::from_str::<toml::Table>(&format!("v = {raw}")) {
        return Ok(t.remove("v").expect("parsed key"));
    }
    let digits = raw.strip_prefix(['-', '+']).unwrap_or(raw);
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == '_') {
        return Err(format!(
            "{raw} is out of range: an integer here is at most {}",
            i64::MAX
        ));
    }
    Ok(toml::Value::String(raw.to_string()))
}

/// A TOML syntax error in one line, with where it is in `text` ("line 3, column 8: ...")
/// rather than the parser's multi-line excerpt.
pub fn syntax_error(e: &toml::de::Error, text: &str) -> String {
    let message = e.message().trim_end().replace('\n', "; ");
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// Deserializes `doc` into `T`, naming the full path of a bad field (`frost.bogus`) rather
/// than only its last name.
pub fn from_table<T: DeserializeOwned>(doc: toml::Table) -> Result<T, FieldError> {
    serde_path_to_error::deserialize(toml::Value::Table(doc)).map_err(|e| {
        let path = e.path().to_string();
        FieldError {
            path: if path == "." { String::new() } else { path },
            message: e.into_inner().message().to_string(),
        }
    })
}

/// Applies the `--set` overrides to `doc` in order, then deserializes it into `T`.
pub fn from_table_with_overrides<T: DeserializeOwned>(
    mut doc: toml::Table,
    overrides: &[String],
) -> Result<T, OverrideError> {
    for o in overrides {
        apply_override(&mut doc, o)?;
    }
    Ok(from_table(doc)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        d: usize,
        name: String,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        lr: f64,
        inner: Inner,
    }

    fn doc() -> toml::Table {
        toml::from_str("lr = 0.5\n[inner]\nd = 1\nname = \"a\"\n").unwrap()
    }

    fn set(specs: &[&str]) -> Result<Outer, OverrideError> {
        let specs: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        from_table_with_overrides(doc(), &specs)
    }

    #[test]
    fn dotted_keys_set_nested_fields_and_bare_words_are_strings() {
        let o = set(&["inner.d = 8", "inner.name=cuda", "lr=1"]).unwrap();
        assert_eq!(
            o,
            Outer {
                lr: 1.0,
                inner: Inner {
                    d: 8,
                    name: "cuda".into()
                }
            }
        );
    }

    #[test]
    fn errors_name_the_key_or_the_field_path() {
        let e = set(&["inner.bogus=1"]).unwrap_err().to_string();
        assert!(e.contains("bogus") && e.contains("unknown field"), "{e}");
        let e = set(&["inner.d=two"]).unwrap_err().to_string();
        assert!(
            e.contains("in `inner.d`") && e.contains("invalid type"),
            "{e}"
        );
        let e = set(&["lr.x=1"]).unwrap_err();
        assert!(
            matches!(e, OverrideError::NotATable { ref part, .. } if part == "lr"),
            "{e}"
        );
        for bad in ["nokey", "=1", "a..b=1"] {
            assert!(
                matches!(set(&[bad]), Err(OverrideError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_integer_out_of_range_is_refused_and_words_starting_with_digits_stay_strings() {
        let e = set(&["inner.d=99999999999999999999"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("`inner.d`") && e.contains("out of range"), "{e}");
        assert!(set(&["inner.d=-1_000_000_000_000_000_000_000"]).is_err());
        let o = set(&["inner.d=1", "inner.name=2b-model"]).unwrap();
        assert_eq!(o.inner.name, "2b-model");
        assert_eq!(parse_value("1_000").unwrap(), toml::Value::Integer(1000));
    }

    #[test]
    fn a_syntax_error_is_one_line_with_its_line_and_column() {
        let text = "lr = 0.5\n[inner]\nd = = 1\n";
        let e = toml::from_str::<toml::Table>(text).unwrap_err();
        let m = syntax_error(&e, text);
        assert!(m.starts_with("line 3, column "), "{m}");
        assert!(!m.contains('\n'), "{m}");
    }
}
