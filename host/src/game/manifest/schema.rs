//! A game config checked against the JSON Schema the game declares (`describe()`'s
//! `config-schema`): the part of JSON Schema the SDKs write (schemars for Rust games,
//! `frost_game.config` for Python ones): `type`, `enum`, `const`, `properties`,
//! `additionalProperties`, `required`, `items`, `minimum`/`maximum`, `$ref` into
//! `definitions`/`$defs`, `allOf`/`anyOf`/`oneOf`. Other keywords are not checked; the game's
//! own `configure` still has the last word.

use serde_json::Value;

/// Checks `value` against `schema` (the whole schema document); the error names the field
/// (`gap_tokens: expected an integer, got "8"`).
pub fn check(schema: &Value, value: &Value) -> Result<(), String> {
    Checker { root: schema }.check(schema, value, "", 0)
}

struct Checker<'a> {
    root: &'a Value,
}

/// Deeper than any config: a `$ref` cycle ends here.
const MAX_DEPTH: usize = 64;

fn shown(v: &Value) -> String {
    let s = v.to_string();
    match s.chars().count() > 40 {
        true => format!("{}...", s.chars().take(40).collect::<String>()),
        false => s,
    }
}

fn at(path: &str) -> String {
    match path.is_empty() {
        true => "the config".into(),
        false => path.to_string(),
    }
}

fn is_type(name: &str, v: &Value) -> bool {
    match name {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64() || v.as_f64().is_some_and(|f| f.fract() == 0.0),
        _ => true,
    }
}

impl Checker<'_> {
    fn check(&self, s: &Value, v: &Value, path: &str, depth: usize) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err(format!("{}: the schema nests too deep", at(path)));
        }
        let Some(s) = s.as_object() else {
            return Ok(()); // `true` or `{}`-like: anything.
        };
        if let Some(r) = s.get("$ref").and_then(Value::as_str) {
            let target = self
                .resolve(r)
                .ok_or_else(|| format!("{}: the schema's $ref {r:?} points nowhere", at(path)))?;
            self.check(target, v, path, depth + 1)?;
        }
        if let Some(t) = s.get("type") {
            let names: Vec<&str> = match t {
                Value::String(n) => vec![n.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            if !names.is_empty() && !names.iter().any(|n| is_type(n, v)) {
                return Err(format!(
                    "{}: expected {}, got {}",
                    at(path),
                    names.join(" or "),
                    shown(v)
                ));
            }
        }
        if let Some(options) = s.get("enum").and_then(Value::as_array) {
            if !options.contains(v) {
                let list: Vec<String> = options.iter().map(shown).collect();
                return Err(format!(
                    "{}: {} is not one of {}",
                    at(path),
                    shown(v),
                    list.join(", ")
                ));
            }
        }
        if let Some(c) = s.get("const") {
            if c != v {
                return Err(format!("{}: {} is not {}", at(path), shown(v), shown(c)));
            }
        }
        if let Some(x) = v.as_f64() {
            if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
                if x < min {
                    return Err(format!("{}: {x} is below the minimum {min}", at(path)));
                }
            }
            if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
                if x > max {
                    return Err(format!("{}: {x} is above the maximum {max}", at(path)));
                }
            }
        }
        if let Some(all) = s.get("allOf").and_then(Value::as_array) {
            for sub in all {
                self.check(sub, v, path, depth + 1)?;
            }
        }
        for key in ["anyOf", "oneOf"] {
            if let Some(any) = s.get(key).and_then(Value::as_array) {
                let errors: Vec<String> = any
                    .iter()
                    .filter_map(|sub| self.check(sub, v, path, depth + 1).err())
                    .collect();
                if errors.len() == any.len() && !any.is_empty() {
                    return Err(match any.len() {
                        1 => errors[0].clone(),
                        _ => format!(
                            "{}: {} matches none of its {} forms",
                            at(path),
                            shown(v),
                            any.len()
                        ),
                    });
                }
            }
        }
        if let Some(obj) = v.as_object() {
            self.check_object(s, obj, path, depth)?;
        }
        if let (Some(items), Some(arr)) = (s.get("items"), v.as_array()) {
            for (i, item) in arr.iter().enumerate() {
                self.check(items, item, &format!("{}[{i}]", at(path)), depth + 1)?;
            }
        }
        Ok(())
    }

    fn check_object(
        &self,
        s: &serde_json::Map<String, Value>,
        obj: &serde_json::Map<String, Value>,
        path: &str,
        depth: usize,
    ) -> Result<(), String> {
        let props = s.get("properties").and_then(Value::as_object);
        let field = |k: &str| match path.is_empty() {
            true => k.to_string(),
            false => format!("{path}.{k}"),
        };
        for (k, item) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(sub) => self.check(sub, item, &field(k), depth + 1)?,
                None => match s.get("additionalProperties") {
                    Some(Value::Bool(false)) => {
                        let known: Vec<&str> =
                            props.map_or(vec![], |p| p.keys().map(String::as_str).collect());
                        return Err(format!(
                            "{}: unknown field (the game's fields: {})",
                            field(k),
                            known.join(", ")
                        ));
                    }
                    Some(sub @ Value::Object(_)) => self.check(sub, item, &field(k), depth + 1)?,
                    _ => {}
                },
            }
        }
        if let Some(required) = s.get("required").and_then(Value::as_array) {
            if let Some(missing) = required
                .iter()
                .filter_map(Value::as_str)
                .find(|k| !obj.contains_key(*k))
            {
                return Err(format!("{}: missing (required)", field(missing)));
            }
        }
        Ok(())
    }

    /// A local `$ref` (`#/definitions/X`, `#/$defs/X`, any `#/a/b` pointer).
    fn resolve(&self, r: &str) -> Option<&Value> {
        self.root.pointer(r.strip_prefix('#')?)
    }
}

#[cfg(test)]
mod tests {
    use super::check;
    use serde_json::json;

    /// The shape schemars writes for a Rust game's config (infill's, cut down).
    fn schemars_like() -> serde_json::Value {
        json!({
            "type": "object",
            "additionalProperties": false,
            "definitions": {
                "PromptStyle": {"oneOf": [
                    {"type": "string", "enum": ["chat"]},
                    {"type": "string", "enum": ["raw"]}
                ]}
            },
            "properties": {
                "gap_tokens": {"type": "integer", "format": "uint32", "minimum": 0.0},
                "prompt": {"allOf": [{"$ref": "#/definitions/PromptStyle"}]},
                "allowed_special": {"type": "array", "items": {"type": "string"}},
                "limit": {"type": ["number", "null"]}
            }
        })
    }

    #[test]
    fn a_good_config_passes() {
        let s = schemars_like();
        check(&s, &json!({})).unwrap();
        check(
            &s,
            &json!({"gap_tokens": 4, "prompt": "raw", "allowed_special": ["<a>"], "limit": null}),
        )
        .unwrap();
        check(&s, &json!({"limit": 2.5})).unwrap();
    }

    #[test]
    fn each_mistake_names_the_field() {
        let s = schemars_like();
        let e = |v| check(&s, &v).unwrap_err();
        assert_eq!(
            e(json!({"gap_tokenz": 4})),
            "gap_tokenz: unknown field (the game's fields: allowed_special, gap_tokens, limit, prompt)"
        );
        assert_eq!(
            e(json!({"gap_tokens": "8"})),
            "gap_tokens: expected integer, got \"8\""
        );
        assert_eq!(
            e(json!({"gap_tokens": -1})),
            "gap_tokens: -1 is below the minimum 0"
        );
        assert_eq!(
            e(json!({"prompt": "chatty"})),
            "prompt: \"chatty\" matches none of its 2 forms"
        );
        assert_eq!(
            e(json!({"allowed_special": [1]})),
            "allowed_special[0]: expected string, got 1"
        );
        assert_eq!(e(json!([])), "the config: expected object, got []");
    }

    #[test]
    fn the_python_sdks_shape_and_a_ref_cycle() {
        // frost_game.config: an enum of strings, Optional as a type list.
        let s = json!({"type": "object", "additionalProperties": false, "properties": {
            "score": {"type": "string", "enum": ["move+suffix", "suffix"]},
            "cap": {"type": ["integer", "null"]}}});
        check(&s, &json!({"score": "suffix", "cap": null})).unwrap();
        assert_eq!(
            check(&s, &json!({"score": "all"})).unwrap_err(),
            "score: \"all\" is not one of \"move+suffix\", \"suffix\""
        );
        let cyclic =
            json!({"definitions": {"a": {"$ref": "#/definitions/a"}}, "$ref": "#/definitions/a"});
        assert!(check(&cyclic, &json!(1)).unwrap_err().contains("too deep"));
    }
}
