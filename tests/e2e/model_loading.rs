//! End-to-end tests: loading a checkpoint. What a broken or unsupported checkpoint folder is
//! told in one line, and the tokenizer's special tokens and chat template.

use crate::model::*;
use frost_host::model::{LoadOptions, LoadedModel, ModelError, Tok};
use std::path::{Path, PathBuf};

#[test]
fn loading_errors_name_the_problem() {
    let tmp = tempfile::tempdir().unwrap();
    let src = fixtures().join("gqa_tied_nested");
    let copy = |name: &str, edit: &dyn Fn(&mut serde_json::Value)| -> PathBuf {
        let d = tmp.path().join(name);
        std::fs::create_dir_all(&d).unwrap();
        for f in std::fs::read_dir(&src).unwrap() {
            let f = f.unwrap().path();
            std::fs::copy(&f, d.join(f.file_name().unwrap())).unwrap();
        }
        let p = d.join("config.json");
        let mut v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        edit(&mut v);
        std::fs::write(&p, v.to_string()).unwrap();
        d
    };
    let err = |d: &Path| match LoadedModel::load(d, &LoadOptions::cpu()) {
        Ok(_) => panic!("{} loaded", d.display()),
        Err(e) => e,
    };

    let e = err(&tmp.path().join("nowhere"));
    assert!(
        matches!(e, ModelError::MissingFile { .. }) && e.to_string().contains("config.json"),
        "{e}"
    );

    let e = err(&copy("llama", &|v| {
        v["architectures"] = serde_json::json!(["LlamaForCausalLM"])
    }));
    assert!(
        matches!(e, ModelError::Architecture { .. }) && e.to_string().contains("LlamaForCausalLM"),
        "{e}"
    );

    let e = err(&copy("shape", &|v| v["intermediate_size"] = 81.into()));
    assert!(
        matches!(e, ModelError::Shape { .. }) && e.to_string().contains("mlp"),
        "{e}"
    );

    let e = err(&copy("vocab", &|v| v["vocab_size"] = 64.into()));
    assert!(
        matches!(
            e,
            ModelError::VocabTooLarge {
                tokenizer: 80,
                embedding: 64
            }
        ),
        "{e}"
    );

    let e = err(&copy("rope", &|v| {
        v["rope_parameters"] = serde_json::json!({"rope_type": "yarn", "rope_theta": 1e4})
    }));
    assert!(e.to_string().contains("rope_type"), "{e}");

    let d = copy("noweights", &|_| {});
    std::fs::remove_file(d.join("model.safetensors")).unwrap();
    let e = err(&d);
    assert!(e.to_string().contains("model.safetensors"), "{e}");

    let d = copy("notok", &|_| {});
    std::fs::remove_file(d.join("tokenizer.json")).unwrap();
    let e = err(&d);
    assert!(e.to_string().contains("tokenizer.json"), "{e}");
}

#[test]
fn tokenizer_special_tokens_and_chat_template() {
    let tok = Tok::from_dir(&fixtures().join("gqa_tied_nested")).unwrap();
    assert_eq!(tok.vocab_size(), TOK_VOCAB as usize);
    assert_eq!(tok.eos_id(), tok.token_to_id("<|im_end|>"));
    assert_eq!(tok.pad_id(), tok.token_to_id("<|endoftext|>"));
    assert_eq!(tok.bos_id(), None);
    let (ids, offsets) = tok.encode_with_offsets("w1 w22  w3");
    assert_eq!(ids, vec![5, 26, 7]);
    assert_eq!(offsets, vec![(0, 2), (3, 6), (8, 10)]);
    let msg = |role: &str, content: &str| frost_host::sdk::ChatMessage {
        role: role.into(),
        content: content.into(),
    };
    // Qwen3's template with add_generation_prompt=True, enable_thinking=False.
    let text = tok
        .apply_chat_template(&[msg("system", "w1 w2"), msg("user", "w3")])
        .unwrap();
    assert_eq!(
        text,
        "<|im_start|>system\nw1 w2<|im_end|>\n<|im_start|>user\nw3<|im_end|>\n\
         <|im_start|>assistant\n<think>\n\n</think>\n\n"
    );
    // A tokenizer without ChatML tokens is refused by name.
    let plain = tokenizers::Tokenizer::new(
        tokenizers::models::wordlevel::WordLevel::builder()
            .vocab([("a".to_string(), 0u32), ("[UNK]".to_string(), 1)].into())
            .unk_token("[UNK]".into())
            .build()
            .unwrap(),
    );
    let e = Tok::new(plain, None, None, None)
        .apply_chat_template(&[msg("user", "a")])
        .unwrap_err();
    assert!(e.to_string().contains("<|im_start|>"), "{e}");
}
