//! The title game (`games/title.wasm`, the authors' demo): its judge layout and bans against the
//! demo's formula computed by transformers on the tiny fixture model
//! (tests/fixtures/title_check.py): reward = log p(title | "Title:") + log p(text | "Title:" +
//! title + "\n"); the text's tokens and every token holding a line break banned from the title.

use frost_host::corpus::Document;
use frost_host::game::{Game, GameLimits};
use frost_host::judge::{self, Budget};
use frost_host::model::{LoadOptions, LoadedModel};
use frost_host::round::{Dealer, TokenizedSplit};
use frost_sdk::types::SegmentContent;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

use crate::common;
use crate::fixture::{fixture, tmp};

#[test]
fn title_scores_and_bans_as_the_demos_formula() {
    let f = fixture();
    let m = LoadedModel::load(&f.model, &LoadOptions::cpu()).unwrap();
    let tok = &m.tokenizer;
    let game = Game::load(&common::game_wasm("title"), &GameLimits::default(), false).unwrap();
    let config = json!({"text_tokens": 48, "prompt": "raw"}).to_string();
    let v_emb = m.net.embed_weight().size()[0];
    let mut dealer = Dealer::new(game, &config, tok, v_emb, tch::Device::Cpu).unwrap();
    let docs: Vec<Document> = (0..3)
        .map(|d| Document {
            name: format!("doc{d}"),
            text: std::fs::read_to_string(f.corpus.join(format!("doc{d}.txt"))).unwrap(),
        })
        .collect();
    let split = TokenizedSplit::new("test", &docs, tok);
    let dir = tmp("title");
    std::fs::create_dir_all(&dir).unwrap();
    // Three rounds, each with a random title the game allows.
    let mut cases = Vec::new();
    for seed in 0..3u64 {
        let asg = dealer.deal(tok, &split, seed).unwrap();
        let text: Vec<u32> = match &asg.round.judge.terms[0].segments.last().unwrap().content {
            SegmentContent::Tokens(ids) => ids.clone(),
            other => panic!("the text is the last segment, got {other:?}"),
        };
        assert_eq!(text.len(), 48);
        let banned: Vec<bool> = Vec::<bool>::try_from(&asg.banned).unwrap();
        let allowed: Vec<u32> = (0..tok.vocab_size() as u32)
            .filter(|&i| !banned[i as usize])
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let title: Vec<u32> = (0..10)
            .map(|_| allowed[rng.gen_range(0..allowed.len())])
            .collect();
        let got = judge::score(
            &m.net,
            &asg.program,
            std::slice::from_ref(&title),
            &mut Budget::default(),
        )[0];
        cases.push((text, title, banned, got));
    }
    let jobs: Vec<Value> = (cases.iter())
        .map(|(text, title, _, _)| {
            json!({"text_ids": text, "title_ids": title, "title_prefix": "Title:", "separator": "\n"})
        })
        .collect();
    let job = dir.join("jobs.json");
    std::fs::write(&job, Value::from(jobs).to_string()).unwrap();
    let o = common::run_python(
        "title_check.py",
        &[f.model.to_str().unwrap(), job.to_str().unwrap()],
    );
    let want: Vec<Value> = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(want.len(), cases.len());
    let mut checked_newline = false;
    for ((text, _, banned, got), want) in cases.iter().zip(&want) {
        let score = want["score"].as_f64().unwrap();
        eprintln!("title: frost {got:.6} nats, the demo's formula {score:.6}");
        assert!(score < -10.0, "a golden that tests nothing: {score}");
        assert!(
            (got - score).abs() < 1e-3,
            "frost {got} nats, the demo's formula {score}"
        );
        let vocab = want["vocab"].as_u64().unwrap() as usize;
        assert_eq!(vocab, tok.vocab_size());
        let want_banned: Vec<u32> = (want["banned"].as_array().unwrap().iter())
            .map(|x| x.as_u64().unwrap() as u32)
            .collect();
        let got_banned: Vec<u32> = (0..vocab as u32).filter(|&i| banned[i as usize]).collect();
        assert_eq!(got_banned, want_banned, "banned tokens");
        // Rows past the tokenizer are never moves.
        assert!(banned[vocab..].iter().all(|&b| b));
        checked_newline |= (0..vocab as u32)
            .any(|i| tok.decode(&[i]).contains('\n') && !text.contains(&i) && banned[i as usize]);
    }
    assert!(
        checked_newline,
        "some line-break token is banned by the rule, not by the text"
    );
}
