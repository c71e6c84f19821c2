//! The published games, end to end through the game's own API (the error messages:
//! `error_tests.rs`).

use super::*;
use frost_sdk::{JudgeSegment, JudgeTerm, Prompt, PromptSegment, SegmentContent};

pub(crate) const CONDENSE: &str = include_str!("../../../tests/fixtures/xent/games/Condense.xent");
const CONTRAST: &str = include_str!("../../../tests/fixtures/xent/games/Contrast.xent");
const SYNTHESIZE: &str = include_str!("../../../tests/fixtures/xent/games/Synthesize.xent");
const TWO_WAYS_FILE: &str = include_str!("../../../tests/fixtures/xent/games/Two-Ways.xent");
const HORIZON: &str = include_str!("../../../tests/fixtures/xent/games/Horizon.xent");
const ALETHIOMETER: &str = include_str!("../../../tests/fixtures/xent/games/Alethiometer.xent");

pub(crate) fn config(program: &str) -> XentConfig {
    XentConfig {
        program: program.to_string(),
        story_tokens: 4,
        approximate_word_bans: true,
        ..XentConfig::default()
    }
}

/// Passage `i`: tokens 10i+1.. with one word per token.
fn passages(texts: &[&str]) -> Vec<Passage> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let words: Vec<&str> = t.split(' ').collect();
            let mut offsets = Vec::new();
            let mut at = 0u32;
            for (k, w) in words.iter().enumerate() {
                let len = w.len() as u32 + u32::from(k > 0);
                offsets.push((at, at + len));
                at += len;
            }
            Passage {
                text: t.to_string(),
                token_ids: (0..words.len() as u32)
                    .map(|k| 10 * i as u32 + k + 1)
                    .collect(),
                offsets,
            }
        })
        .collect()
}

fn play(c: &XentConfig, texts: &[&str]) -> Round {
    let req = Xent::requirements(c).unwrap();
    assert_eq!(req.passages.len(), texts.len());
    Xent::new_round(c, 0, &passages(texts)).unwrap()
}

pub(crate) fn err(c: &XentConfig) -> String {
    Xent::requirements(c).unwrap_err()
}

fn toks(ids: &[u32]) -> SegmentContent {
    SegmentContent::Tokens(ids.to_vec())
}

fn term(weight: f64, segments: Vec<JudgeSegment>) -> JudgeTerm {
    JudgeTerm {
        weight,
        bos: false,
        segments,
        max_token_ce: None,
    }
}

use JudgeSegment as S;

#[test]
fn condense_is_xed_with_the_story_words_banned() {
    let r = play(&config(CONDENSE), &["The cat sat down"]);
    // xed(s | x) = xent(s) - xent(s | x): weight -1 on [s], +1 on [x, s0, ⟦s1..⟧].
    assert_eq!(
        r.judge.terms,
        vec![
            term(-1.0, vec![S::scored(toks(&[1, 2, 3, 4]))]),
            term(
                1.0,
                vec![
                    S::unscored(SegmentContent::Move),
                    S::scored_from_second(toks(&[1, 2, 3, 4])),
                ]
            ),
        ]
    );
    assert_eq!(
        r.constraints.banned_strings,
        vec!["the", "cat", "sat", "down"]
    );
    let Prompt::Chat(m) = &r.prompt else { panic!() };
    assert!(
        m[0].content.contains("s:\nThe cat sat down\n"),
        "{}",
        m[0].content
    );
    assert!(m[0].content.contains("Write `x` (10 tokens)"));
    assert_eq!(
        Xent::requirements(&config(CONDENSE)).unwrap().move_tokens,
        10
    );
}

#[test]
fn contrast_rewards_black_and_bans_both_stories_words() {
    let r = play(&config(CONTRAST), &["a red fox", "big blue sea"]);
    let x_then = |ids: &[u32]| {
        vec![
            S::unscored(SegmentContent::Move),
            S::scored_from_second(toks(ids)),
        ]
    };
    // reward(black, xed(s1 | x1)) + reward(black, dex(s2 | x1)).
    assert_eq!(
        r.judge.terms,
        vec![
            term(-1.0, vec![S::scored(toks(&[1, 2, 3]))]),
            term(1.0, x_then(&[1, 2, 3])),
            term(-1.0, x_then(&[11, 12, 13])),
            term(1.0, vec![S::scored(toks(&[11, 12, 13]))]),
        ]
    );
    // Xent joins `s1 + s2` as text, so "fox" and "big" make one word.
    assert_eq!(
        r.constraints.banned_strings,
        vec!["red", "foxbig", "blue", "sea"]
    );
}

#[test]
fn synthesize_sums_three_xeds() {
    let r = play(&config(SYNTHESIZE), &["a b", "c d", "e f"]);
    assert_eq!(r.judge.terms.len(), 6);
    let weights: Vec<f64> = r.judge.terms.iter().map(|t| t.weight).collect();
    assert_eq!(weights, vec![-1.0, 1.0, -1.0, 1.0, -1.0, 1.0]);
}

#[test]
fn two_ways_concatenates_text_stories_and_move() {
    for program in [TWO_WAYS_FILE, TWO_WAYS] {
        let r = play(&config(program), &["one two", "three four"]);
        let lit = || {
            S::unscored(SegmentContent::Text(
                "I have a fun story to tell you:".into(),
            ))
        };
        let (s1, s2) = ([1u32, 2], [11u32, 12]);
        let seq = |first: &[u32], scored: &[u32], with_move: bool| {
            let mut v = vec![lit(), S::unscored(toks(first))];
            if with_move {
                v.push(S::unscored(SegmentContent::Move));
            }
            v.push(S::scored_from_second(toks(scored)));
            v
        };
        // nex = +1 (reward is -xent), xent = -1.
        assert_eq!(
            r.judge.terms,
            vec![
                term(1.0, seq(&s1, &s2, true)),
                term(1.0, seq(&s2, &s1, true)),
                term(-1.0, seq(&s1, &s2, false)),
                term(-1.0, seq(&s2, &s1, false)),
            ]
        );
        assert!(r.constraints.banned_strings.is_empty());
    }
}

#[test]
fn the_pre_prompt_is_read_before_the_condition_in_every_term() {
    let texts = ["a b c d"];
    let judge = |reward: &str| {
        let program = format!("assign(s=story())\nelicit(x, 4)\n{reward}");
        play(&config(&program), &texts).judge.terms
    };
    let s = || S::scored_from_second(toks(&[1, 2, 3, 4]));
    let text = |t: &str| S::unscored(SegmentContent::Text(t.into()));
    let mv = || S::unscored(SegmentContent::Move);
    // Xent's Judge.xed: xent(s, pre) - xent(s | pre + x); the pre-prompt stays in both terms.
    let xed = vec![
        term(-1.0, vec![text("Poem:"), s()]),
        term(1.0, vec![text("Poem:"), mv(), s()]),
    ];
    assert_eq!(judge(r#"reward(xed(s | x, "Poem:"))"#), xed);
    let dex = vec![
        term(-1.0, vec![text("Poem:"), mv(), s()]),
        term(1.0, vec![text("Poem:"), s()]),
    ];
    assert_eq!(judge(r#"reward(dex(s | x, "Poem:"))"#), dex);
    let given = vec![text("Poem:"), mv(), s()];
    assert_eq!(
        judge(r#"reward(xent(s | x, "Poem:"))"#),
        vec![term(-1.0, given.clone())]
    );
    assert_eq!(
        judge(r#"reward(nex(s | x, "Poem:"))"#),
        vec![term(1.0, given)]
    );
    // The move as the pre-prompt: it stays in xed's unconditioned term too.
    assert_eq!(
        judge(r#"reward(xed(s | " the", x))"#),
        vec![
            term(-1.0, vec![mv(), s()]),
            term(1.0, vec![mv(), text(" the"), s()]),
        ]
    );
    // Pre-prompt and condition are one string, as Xent joins them before tokenizing.
    assert_eq!(
        judge(r#"reward(xent(s | "b" + x, "a"))"#)[0].segments[0],
        text("ab")
    );
    // No condition: xent(s, pre) reads the pre-prompt, xed(s, pre) and dex(s, pre) are 0.
    assert_eq!(
        judge("reward(xent(s, \"Poem:\"))\nreward(xent(x))")[0],
        term(-1.0, vec![text("Poem:"), s()])
    );
    for f in ["xed", "dex"] {
        assert_eq!(
            judge(&format!("reward({f}(s, \"Poem:\"))\nreward(xent(x))")),
            vec![term(-1.0, vec![S::scored(SegmentContent::Move)])],
            "{f}"
        );
        let e = err(&config(&format!(
            "assign(s=story())\nelicit(x, 4)\nreward({f}(s, \"Poem:\"))"
        )));
        assert!(e.contains("no reward depends on the move"), "{f}: {e}");
    }
}

#[test]
fn the_default_config_plays() {
    let c = XentConfig::default();
    let req = Xent::requirements(&c).unwrap();
    assert_eq!((req.move_tokens, req.passages.len()), (10, 2));
}

#[test]
fn horizon_plays_two_moves_with_its_ensures_as_penalties() {
    let r = play(&config(HORIZON), &["a b c d"]);
    let req = Xent::requirements(&config(HORIZON)).unwrap();
    assert_eq!((req.move_tokens, req.moves.clone()), (10, vec![5, 5]));
    let (x1, x2) = (SegmentContent::MovePart(0), SegmentContent::MovePart(1));
    let s = || S::unscored(toks(&[1, 2, 3, 4]));
    let text = |t: &str| SegmentContent::Text(t.into());
    // reward(dex(x2 | s)) = xent(x2 | s) - xent(x2): Frost's weights -1 and +1.
    assert_eq!(
        r.judge.terms,
        vec![
            term(-1.0, vec![s(), S::scored_from_second(x2.clone())]),
            term(1.0, vec![S::scored(x2.clone())]),
        ]
    );
    // ensure(xed(x1 | s) >= xed(t2 | t1)): g = xed(x1 | s) - xed(t2 | t1) >= 0.
    let xed_t = [
        term(1.0, vec![S::scored(text(" I eat food"))]),
        term(
            -1.0,
            vec![
                S::unscored(text("After the rain")),
                S::scored_from_second(text(" I eat food")),
            ],
        ),
    ];
    let mut first = vec![
        term(-1.0, vec![S::scored(x1.clone())]),
        term(1.0, vec![s(), S::scored_from_second(x1.clone())]),
    ];
    first.extend(xed_t.clone());
    assert_eq!(r.judge.penalties.len(), 2);
    assert_eq!(r.judge.penalties[0].terms, first);
    assert_eq!(
        (r.judge.penalties[0].threshold, r.judge.penalties[0].weight),
        (0.0, 1.0)
    );
    // ensure(xed(x2 | s + x1) >= ...): x1 then x2, side by side, one run of the move.
    assert_eq!(
        r.judge.penalties[1].terms[1].segments,
        vec![s(), S::unscored(x1), S::scored_from_second(x2)]
    );
    let Prompt::Chat(m) = &r.prompt else { panic!() };
    assert!(m[0]
        .content
        .contains("Write `x1` (5 tokens) then `x2` (5 tokens)"));
}

#[test]
fn alethiometer_is_a_word_whitelist_the_host_enforces() {
    let r = play(&config(ALETHIOMETER), &["a b c d"]);
    let allowed = r.constraints.allowed_words.expect("a whitelist");
    // The symbols exactly as listed (only_uses_words compares pieces, hyphens kept).
    assert_eq!(allowed.len(), 36);
    assert!(allowed.contains(&"alpha-omega".to_string()) && allowed.contains(&"owl".to_string()));
    assert!(r.judge.penalties.is_empty());
    // Two whitelists on the same move: both hold.
    let c = config("elicit(x, 2)\nensure(only_uses_words(\"a b c\", x))\nensure(only_uses_words(\"b c d\", x))\nreward(xent(x))");
    let r = play(&c, &[]);
    assert_eq!(
        r.constraints.allowed_words,
        Some(vec!["b".into(), "c".into()])
    );
}

#[test]
fn ensures_compare_in_nats_and_constants_in_bits() {
    let c = config(
        "assign(s=story())\nelicit(x, 2)\nensure(xed(s | x) >= 2, 1 <= nex(x))\nreward(xed(s | x))",
    );
    let mut c2 = c.clone();
    c2.penalty_weight = 3.0;
    let r = play(&c2, &["a b"]);
    let p = &r.judge.penalties;
    assert_eq!(p.len(), 2);
    let ln2 = std::f64::consts::LN_2;
    assert_eq!((p[0].threshold, p[0].weight), (2.0 * ln2, 3.0));
    // 1 <= nex(x) is nex(x) >= 1: -xent(x) >= ln 2, a weight +1 term.
    assert_eq!((p[1].threshold, p[1].terms[0].weight), (ln2, 1.0));
    c2.penalty_weight = 0.0;
    assert!(err(&c2).starts_with("penalty_weight must be"));
}

#[test]
fn word_bans_are_host_enforced_by_default() {
    let mut c = config(CONDENSE);
    c.approximate_word_bans = false;
    let r = play(&c, &["The cat, a dog"]);
    // Every word, short ones too; no banned strings.
    assert_eq!(r.constraints.banned_words, vec!["the", "cat", "a", "dog"]);
    assert!(r.constraints.banned_strings.is_empty());
}

#[test]
fn remove_common_words_on_texts_is_exact() {
    let c = config(
        "assign(s=story(), t=story())\nassign(p=remove_common_words(s, t))\nelicit(x, 3)\nreward(nex(s | p + x))",
    );
    let r = play(&c, &["Cat dog, bird", "the cat"]);
    assert_eq!(
        r.judge.terms[0].segments[0],
        S::unscored(SegmentContent::Text("dog, bird".into()))
    );
    assert!(r.constraints.banned_strings.is_empty());
}

#[test]
fn weights_sums_and_white_rewards_combine() {
    let c = config(
        "assign(s=story())\nelicit(x, 4)\nreward(0.5 * xed(s | x) - 2 * nex(x))\nreward(white, nex(x))\nreward(xent(x))",
    );
    let r = play(&c, &["a b c d"]);
    let weights: Vec<f64> = r.judge.terms.iter().map(|t| t.weight).collect();
    // 0.5 xed: -0.5 [s], +0.5 [x s]; -2 nex(x) - nex(x) (white) + xent(x) = 4 xent(x): -4 [x].
    assert_eq!(weights, vec![-0.5, 0.5, -4.0]);
    assert_eq!(
        r.judge.terms[2].segments,
        vec![S::scored(SegmentContent::Move)]
    );
}

#[test]
fn raw_prompt_shows_registers_before_the_elicit() {
    let mut c = config(CONDENSE);
    c.prompt = PromptStyle::Raw;
    let r = play(&c, &["a b c d"]);
    assert_eq!(
        r.prompt,
        Prompt::Raw(vec![
            PromptSegment::Text("s:\n".into()),
            PromptSegment::Tokens(vec![1, 2, 3, 4]),
            PromptSegment::Text("\n\n".into()),
            PromptSegment::Text("x:".into()),
        ])
    );
}

#[test]
fn constant_ensures_pass_and_story_lengths_come_from_the_program() {
    let c = config(
        "assign(s=story(7), t=story())\nelicit(x, 2)\nensure(only_uses_words(\"a b\", \"b a\"), 2 >= 1)\nreward(nex(s | x))",
    );
    let req = Xent::requirements(&c).unwrap();
    assert_eq!(
        req.passages.iter().map(|p| p.tokens).collect::<Vec<_>>(),
        vec![7, 4]
    );
}
