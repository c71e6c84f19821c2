//! `Tok`: a Hugging Face `tokenizer.json` plus the special token ids of the checkpoint, and
//! the one writer of `tokenizer_config.json`.

use std::path::Path;

use serde_json::Value;
use tokenizers::Tokenizer;

use super::ModelError;
use frost_sdk::ChatMessage;

pub struct Tok {
    inner: Tokenizer,
    /// The same tokenizer with special-token matching off: text (a game's, a passage's) is
    /// data, so `<|im_end|>` inside it is plain characters, never a control token.
    plain: Tokenizer,
    vocab: usize,
    bos: Option<u32>,
    eos: Option<u32>,
    pad: Option<u32>,
    config: TokenizerConfig,
}

/// What `tokenizer_config.json` declares besides the bos/eos/pad tokens `Tok` holds. Empty by
/// default; a tokenizer Frost trains itself (pretraining) fills it in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TokenizerConfig {
    /// Special tokens besides bos/eos/pad (e.g. ChatML's turn markers). When there are any,
    /// every special token is also declared in `added_tokens_decoder`.
    pub additional_special_tokens: Vec<String>,
    /// The Jinja chat template `transformers` renders.
    pub chat_template: Option<String>,
    /// The longest input the model was trained on.
    pub model_max_length: Option<usize>,
    /// Declare what `Tok` does itself: encoding adds no special tokens and no prefix space,
    /// decoding does not clean up spaces, there is no unknown token (left out by default, as
    /// `transformers` then replaces the post-processor of `tokenizer.json`).
    pub plain_encoding: bool,
}

/// Qwen3's ChatML layout as a Jinja template: what the embedded default model's
/// `tokenizer_config.json` carries, and what a ChatML tokenizer without a template of its own
/// (a bare `tokenizer.json`) is rendered with.
pub const CHATML_TEMPLATE: &str = "{%- for message in messages %}{{- '<|im_start|>' + \
    message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{%- endfor %}{%- if \
    add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- if enable_thinking is defined \
    and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}{%- endif %}{%- endif %}";

fn read_json(path: &Path) -> Result<Option<Value>, ModelError> {
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| ModelError::io(path, e))?;
    let v = serde_json::from_str(&text).map_err(|source| ModelError::Json {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Some(v))
}

impl Tok {
    pub fn new(inner: Tokenizer, bos: Option<u32>, eos: Option<u32>, pad: Option<u32>) -> Self {
        // Ids run 0..n but added tokens may sit above the base vocab: the bound is max id + 1.
        let vocab = inner
            .get_vocab(true)
            .values()
            .map(|&id| id as usize + 1)
            .max()
            .unwrap_or(0);
        let mut plain = inner.clone();
        plain.set_encode_special_tokens(true);
        Tok {
            inner,
            plain,
            vocab,
            bos,
            eos,
            pad,
            config: TokenizerConfig::default(),
        }
    }

    /// The same tokenizer, saved with `config` in its `tokenizer_config.json`.
    pub fn with_config(mut self, config: TokenizerConfig) -> Self {
        self.config = config;
        self
    }

    /// `tokenizer.json` alone, no special tokens.
    pub fn from_file(path: &Path) -> Result<Self, ModelError> {
        if !path.exists() {
            return Err(ModelError::MissingFile {
                path: path.to_path_buf(),
                what: "tokenizer".to_string(),
            });
        }
        let inner = Tokenizer::from_file(path).map_err(|e| ModelError::Tokenizer {
            path: path.to_path_buf(),
            msg: e.to_string(),
        })?;
        Ok(Tok::new(inner, None, None, None))
    }

    /// A model directory: `tokenizer.json`, special tokens from `tokenizer_config.json`, then
    /// `generation_config.json`, then `config.json` (first one that names each).
    pub fn from_dir(dir: &Path) -> Result<Self, ModelError> {
        let mut tok = Tok::from_file(&dir.join("tokenizer.json"))?;
        let tcfg = read_json(&dir.join("tokenizer_config.json"))?;
        let gcfg = read_json(&dir.join("generation_config.json"))?;
        let mcfg = read_json(&dir.join("config.json"))?;
        let lookup = |tok_field: &str, id_field: &str| -> Option<u32> {
            let by_text = tcfg.as_ref().and_then(|c| c.get(tok_field)).and_then(|v| {
                let s = match v {
                    Value::String(s) => Some(s.as_str()),
                    Value::Object(m) => m.get("content").and_then(|c| c.as_str()),
                    _ => None,
                };
                s.and_then(|s| tok.inner.token_to_id(s))
            });
            let by_id = |c: &Option<Value>| {
                c.as_ref()
                    .and_then(|c| c.get(id_field))
                    .and_then(|v| match v {
                        Value::Number(n) => n.as_u64().map(|n| n as u32),
                        Value::Array(a) => a.first().and_then(|n| n.as_u64()).map(|n| n as u32),
                        _ => None,
                    })
            };
            by_text.or_else(|| by_id(&gcfg)).or_else(|| by_id(&mcfg))
        };
        tok.bos = lookup("bos_token", "bos_token_id");
        tok.eos = lookup("eos_token", "eos_token_id");
        tok.pad = lookup("pad_token", "pad_token_id");
        // transformers 5 saves the template as `chat_template.jinja` (Qwen3.5's checkpoints
        // carry only that), which wins over `tokenizer_config.json`'s.
        let jinja = dir.join("chat_template.jinja");
        tok.config.chat_template = match jinja.is_file() {
            true => Some(std::fs::read_to_string(&jinja).map_err(|e| ModelError::io(&jinja, e))?),
            false => tcfg
                .as_ref()
                .and_then(|c| chat_template(c.get("chat_template")?)),
        };
        Ok(tok)
    }

    /// Writes `tokenizer.json` and a `tokenizer_config.json` naming the special tokens (and
    /// what `with_config` added).
    pub fn save(&self, dir: &Path) -> Result<(), ModelError> {
        let path = dir.join("tokenizer.json");
        self.inner
            .save(&path, false)
            .map_err(|e| ModelError::Tokenizer {
                path: path.clone(),
                msg: e.to_string(),
            })?;
        let path = dir.join("tokenizer_config.json");
        let cfg = self.config_json().map_err(|msg| ModelError::Tokenizer {
            path: path.clone(),
            msg,
        })?;
        crate::run::files::write_json(&path, &cfg).map_err(|e| ModelError::io(e.path, e.source))
    }

    /// The content of `tokenizer_config.json`.
    fn config_json(&self) -> Result<Value, String> {
        let name = |id: Option<u32>| id.and_then(|i| self.inner.id_to_token(i));
        let mut cfg = serde_json::json!({
            "tokenizer_class": "PreTrainedTokenizerFast",
            "bos_token": name(self.bos),
            "eos_token": name(self.eos),
            "pad_token": name(self.pad),
        });
        let c = &self.config;
        let map = cfg.as_object_mut().expect("an object");
        if c.plain_encoding {
            for flag in [
                "add_bos_token",
                "add_eos_token",
                "add_prefix_space",
                "clean_up_tokenization_spaces",
            ] {
                map.insert(flag.into(), false.into());
            }
            map.insert("unk_token".into(), Value::Null);
        }
        if let Some(n) = c.model_max_length {
            map.insert("model_max_length".into(), n.into());
        }
        if !c.additional_special_tokens.is_empty() {
            map.insert(
                "additional_special_tokens".into(),
                c.additional_special_tokens.clone().into(),
            );
            map.insert("added_tokens_decoder".into(), self.added_tokens_decoder()?);
        }
        if let Some(t) = &c.chat_template {
            map.insert("chat_template".into(), t.clone().into());
        }
        Ok(cfg)
    }

    /// `{id: {content, special: true, ...}}` for every special token, by id.
    fn added_tokens_decoder(&self) -> Result<Value, String> {
        let mut ids = std::collections::BTreeMap::new();
        for id in [self.bos, self.eos, self.pad].into_iter().flatten() {
            if let Some(t) = self.inner.id_to_token(id) {
                ids.insert(id, t);
            }
        }
        for t in &self.config.additional_special_tokens {
            let id = self
                .inner
                .token_to_id(t)
                .ok_or_else(|| format!("special token {t} missing"))?;
            ids.insert(id, t.clone());
        }
        let entries = ids.into_iter().map(|(id, t)| {
            let entry = serde_json::json!({
                "content": t, "lstrip": false, "normalized": false, "rstrip": false,
                "single_word": false, "special": true
            });
            (id.to_string(), entry)
        });
        Ok(Value::Object(entries.collect()))
    }

    pub fn inner(&self) -> &Tokenizer {
        &self.inner
    }

    /// Tokens the tokenizer can produce (possibly fewer than the embedding's rows).
    pub fn vocab_size(&self) -> usize {
        self.vocab
    }

    /// No special tokens added.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        self.encode_with_offsets(text).0
    }

    /// Ids and the byte span of `text` each token covers.
    /// Special tokens written in `text` are encoded as plain text (see `plain`).
    pub fn encode_with_offsets(&self, text: &str) -> (Vec<u32>, Vec<(u32, u32)>) {
        let enc = self.plain.encode(text, false).expect("tokenizer encode");
        let offsets = enc
            .get_offsets()
            .iter()
            .map(|&(a, b)| (a as u32, b as u32))
            .collect();
        (enc.get_ids().to_vec(), offsets)
    }

    /// Special tokens are kept in the text.
    pub fn decode(&self, ids: &[u32]) -> String {
        self.inner.decode(ids, false).unwrap_or_default()
    }

    /// The text of one token, None for an id the tokenizer does not know.
    pub fn token_text(&self, id: u32) -> Option<String> {
        self.inner.id_to_token(id)?;
        self.inner.decode(&[id], false).ok()
    }

    /// Ids of the tokenizer's added tokens (`<|im_end|>`, `<|endoftext|>`, `<think>`, tool and
    /// vision markers ...), sorted: control tokens, never part of a move.
    pub fn added_token_ids(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.inner.get_added_tokens_decoder().into_keys().collect();
        ids.sort_unstable();
        ids
    }

    pub fn token_to_id(&self, token: &str) -> Option<u32> {
        self.inner.token_to_id(token)
    }

    pub fn bos_id(&self) -> Option<u32> {
        self.bos
    }
    pub fn eos_id(&self) -> Option<u32> {
        self.eos
    }
    pub fn pad_id(&self) -> Option<u32> {
        self.pad
    }

    /// The checkpoint's chat template, from `chat_template.jinja` or `tokenizer_config.json`.
    pub fn chat_template(&self) -> Option<&str> {
        self.config.chat_template.as_deref()
    }

    /// The prompt a chat model reads: the checkpoint's own Jinja chat template rendered as
    /// transformers' `apply_chat_template(messages, add_generation_prompt=True,
    /// enable_thinking=False)` does. A ChatML tokenizer without a template gets
    /// [`CHATML_TEMPLATE`].
    pub fn apply_chat_template(&self, messages: &[ChatMessage]) -> Result<String, ModelError> {
        let template = match &self.config.chat_template {
            Some(t) => t.as_str(),
            None => {
                for t in ["<|im_start|>", "<|im_end|>"] {
                    if self.inner.token_to_id(t).is_none() {
                        return Err(ModelError::ChatTemplate(format!(
                            "the tokenizer has no chat template and no {t} token; chat prompts \
                             need a chat model's tokenizer (or use a raw prompt)"
                        )));
                    }
                }
                CHATML_TEMPLATE
            }
        };
        let name = |id: Option<u32>| id.and_then(|i| self.inner.id_to_token(i));
        render_chat(template, messages, name(self.bos), name(self.eos))
    }

    /// A chat rendered with the template and tokenized so that only the template's own text
    /// can yield special tokens: it is rendered with a placeholder for each message's content,
    /// the template's pieces are tokenized with special tokens, the contents as plain text.
    /// (A template that rewrites a content, e.g. strips a reasoning block, sees the
    /// placeholder: the content is inserted as the game wrote it.)
    pub fn encode_chat(&self, messages: &[ChatMessage]) -> Result<(String, Vec<u32>), ModelError> {
        let mark = |i: usize| format!("\u{E000}frost-content-{i}\u{E001}");
        let masked: Vec<ChatMessage> = messages
            .iter()
            .enumerate()
            .map(|(i, m)| ChatMessage {
                role: m.role.clone(),
                content: mark(i),
            })
            .collect();
        let mut rest = self.apply_chat_template(&masked)?;
        let (mut text, mut ids) = (String::new(), Vec::new());
        let control = |t: &str| self.inner.encode(t, false).expect("tokenizer encode");
        for (i, m) in messages.iter().enumerate() {
            let Some((before, after)) = rest.split_once(&mark(i)) else {
                return Err(ModelError::ChatTemplate(format!(
                    "the chat template does not output message {i}'s content once, as is"
                )));
            };
            text.push_str(before);
            ids.extend(control(before).get_ids());
            text.push_str(&m.content);
            ids.extend(self.encode(&m.content));
            rest = after.to_string();
        }
        text.push_str(&rest);
        ids.extend(control(&rest).get_ids());
        Ok((text, ids))
    }
}

/// `chat_template` is a string, or a list of named templates (the "default" one is used).
fn chat_template(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(list) => list
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some("default"))
            .and_then(|t| t.get("template")?.as_str().map(str::to_string)),
        _ => None,
    }
}

/// Renders a Hugging Face chat template with minijinja configured as transformers configures
/// Jinja2 (trim_blocks, lstrip_blocks, Python string methods, `raise_exception`).
fn render_chat(
    template: &str,
    messages: &[ChatMessage],
    bos: Option<String>,
    eos: Option<String>,
) -> Result<String, ModelError> {
    // One line: the error's kind and place, not minijinja's multi-line source excerpt.
    let err = |e: minijinja::Error| ModelError::ChatTemplate(format!("cannot be rendered: {e}"));
    let mut env = minijinja::Environment::new();
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
    env.add_function(
        "raise_exception",
        |msg: String| -> Result<String, minijinja::Error> {
            Err(minijinja::Error::new(
                minijinja::ErrorKind::InvalidOperation,
                msg,
            ))
        },
    );
    env.add_template("chat", template).map_err(err)?;
    let messages: Vec<Value> = messages
        .iter()
        .map(|m| serde_json::json!({"role": m.role, "content": m.content}))
        .collect();
    env.get_template("chat")
        .map_err(err)?
        .render(minijinja::context! {
            messages => messages,
            add_generation_prompt => true,
            enable_thinking => false,
            bos_token => bos,
            eos_token => eos,
        })
        .map_err(err)
}
