//! The tokenizer: a byte-level BPE trained with the `tokenizers` crate, with Qwen's
//! pre-tokenizer and special tokens; [`model_tokenizer`] gives it the special tokens and chat
//! template that `tokenizer_config.json` declares, so that `transformers.AutoTokenizer` loads
//! it and gives the same ids.

use tokenizers::models::bpe::{BpeTrainerBuilder, BPE};
use tokenizers::normalizers::unicode::NFC;
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::{
    AddedToken, DecoderWrapper, NormalizerWrapper, PostProcessorWrapper, PreTokenizerWrapper,
    SplitDelimiterBehavior, Tokenizer, TokenizerBuilder,
};

use super::PretrainError;
use crate::model::{Tok, TokenizerConfig};

/// Beginning/end of text and padding, as in Qwen's base models.
pub const ENDOFTEXT: &str = "<|endoftext|>";
/// ChatML turn markers, so Qwen3's chat template works with this tokenizer.
pub const IM_START: &str = "<|im_start|>";
pub const IM_END: &str = "<|im_end|>";
/// The special tokens get the first ids, in this order.
pub const SPECIAL_TOKENS: [&str; 3] = [ENDOFTEXT, IM_START, IM_END];

/// Qwen2/Qwen3's pre-tokenization regex (letters, single digits, punctuation runs, newlines).
const QWEN_SPLIT: &str = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

// The chat template written into tokenizer_config.json: Qwen3's ChatML layout, one definition
// shared with the tokenizer's own fallback.
use crate::model::CHATML_TEMPLATE as CHAT_TEMPLATE;

/// Trains a byte-level BPE of at most `vocab_size` tokens (special tokens included) on the
/// given texts. Every byte is in the initial alphabet, so any text can be encoded. A small
/// corpus may give fewer tokens than asked (no pair left to merge).
pub fn train_tokenizer<S: AsRef<str> + Send>(
    texts: impl Iterator<Item = S> + Send,
    vocab_size: usize,
) -> Result<Tokenizer, PretrainError> {
    let err = |e: tokenizers::Error| PretrainError::Tokenizer(e.to_string());
    let split = Split::new(
        SplitPattern::Regex(QWEN_SPLIT.to_string()),
        SplitDelimiterBehavior::Isolated,
        false,
    )
    .map_err(err)?;
    let pre = Sequence::new(vec![
        PreTokenizerWrapper::Split(split),
        PreTokenizerWrapper::ByteLevel(ByteLevel::new(false, false, false)),
    ]);
    let mut builder = TokenizerBuilder::<
        BPE,
        NormalizerWrapper,
        PreTokenizerWrapper,
        PostProcessorWrapper,
        DecoderWrapper,
    >::default()
    .with_model(BPE::default())
    .with_normalizer(Some(NormalizerWrapper::NFC(NFC)))
    .with_pre_tokenizer(Some(PreTokenizerWrapper::Sequence(pre)))
    .with_post_processor(Some(PostProcessorWrapper::ByteLevel(ByteLevel::new(
        false, false, false,
    ))))
    .with_decoder(Some(DecoderWrapper::ByteLevel(ByteLevel::default())))
    .build()
    .map_err(err)?;
    let mut trainer = BpeTrainerBuilder::new()
        .vocab_size(vocab_size)
        .min_frequency(2)
        .show_progress(false)
        .special_tokens(
            SPECIAL_TOKENS
                .iter()
                .map(|t| AddedToken::from(t.to_string(), true))
                .collect(),
        )
        .initial_alphabet(ByteLevel::alphabet().into_iter().collect())
        .build();
    builder.train(&mut trainer, texts).map_err(err)?;
    Ok(builder.into())
}

/// The trained tokenizer as the model folder has it: `<|endoftext|>` as BOS, EOS and padding,
/// the ChatML markers, Qwen3's chat template and the training window as `model_max_length`
/// (written by the model module's saver, the one writer of `tokenizer_config.json`).
pub fn model_tokenizer(tok: &Tokenizer, model_max_length: usize) -> Result<Tok, PretrainError> {
    let eot = tok
        .token_to_id(ENDOFTEXT)
        .ok_or_else(|| PretrainError::Tokenizer(format!("special token {ENDOFTEXT} missing")))?;
    let config = TokenizerConfig {
        additional_special_tokens: vec![IM_START.to_string(), IM_END.to_string()],
        chat_template: Some(CHAT_TEMPLATE.to_string()),
        model_max_length: Some(model_max_length),
        plain_encoding: true,
    };
    Ok(Tok::new(tok.clone(), Some(eot), Some(eot), Some(eot)).with_config(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "Who's there?\nNay, answer me: stand, and unfold yourself.\n\
        Long live the king!\nBernardo? He.\nYou come most carefully upon your hour.\n\
        'Tis now struck twelve; get thee to bed, Francisco. 1599 and 1600.\n";

    #[test]
    fn trained_tokenizer_round_trips_and_keeps_special_tokens_first() {
        let tok = train_tokenizer(std::iter::repeat_n(TEXT, 4), 400).unwrap();
        assert_eq!(tok.token_to_id(ENDOFTEXT), Some(0));
        assert_eq!(tok.token_to_id(IM_START), Some(1));
        assert_eq!(tok.token_to_id(IM_END), Some(2));
        // 3 special + 256 bytes + merges, and the merges were learned.
        let v = tok.get_vocab_size(true);
        assert!(v > 259 && v <= 400, "vocab {v}");
        let text = "Who's there? Ünïcödé, 42 — and <|im_end|> too\n";
        let enc = tok.encode(text, false).unwrap();
        assert!(enc.get_ids().contains(&2), "special token kept whole");
        assert!(
            enc.get_ids().len() < text.len(),
            "merges shorten the sequence"
        );
        assert_eq!(tok.decode(enc.get_ids(), false).unwrap(), text);
        // Digits are split one by one, as in Qwen.
        let enc = tok.encode("1599", false).unwrap();
        assert_eq!(enc.get_ids().len(), 4);
    }

    #[test]
    fn the_model_tokenizer_declares_every_special_token_and_the_template() {
        let tok = train_tokenizer(std::iter::repeat_n(TEXT, 4), 300).unwrap();
        let d = tempfile::tempdir().unwrap();
        model_tokenizer(&tok, 64).unwrap().save(d.path()).unwrap();
        let text = std::fs::read_to_string(d.path().join("tokenizer_config.json")).unwrap();
        let cfg: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(cfg["eos_token"], ENDOFTEXT);
        assert_eq!(cfg["model_max_length"], 64);
        assert_eq!(cfg["add_bos_token"], false);
        assert_eq!(
            cfg["additional_special_tokens"],
            serde_json::json!([IM_START, IM_END])
        );
        let declared: Vec<&str> = ["0", "1", "2"]
            .iter()
            .map(|id| cfg["added_tokens_decoder"][id]["content"].as_str().unwrap())
            .collect();
        assert_eq!(declared, SPECIAL_TOKENS);
        assert_eq!(cfg["chat_template"], CHAT_TEMPLATE);
    }

    #[test]
    fn training_is_deterministic() {
        let a = train_tokenizer(std::iter::repeat_n(TEXT, 4), 350).unwrap();
        let b = train_tokenizer(std::iter::repeat_n(TEXT, 4), 350).unwrap();
        assert_eq!(a.to_string(false).unwrap(), b.to_string(false).unwrap());
    }
}
