use super::*;
use crate::types::{ChatMessage, JudgeTerm, PassageSpec};

fn req() -> Requirements {
    Requirements {
        move_tokens: 2,
        passages: vec![PassageSpec { tokens: 3 }],
        moves: vec![],
    }
}

fn round(terms: Vec<JudgeTerm>) -> Round {
    Round::new(Prompt::Raw(vec![PromptSegment::Tokens(vec![1, 2])]), terms)
        .with_reference_move(vec![3, 4])
}

fn term() -> JudgeTerm {
    JudgeTerm::new(1.0).bos()
}

fn rule(r: Result<(), RuleError>) -> &'static str {
    r.expect_err("expected a broken rule").rule
}

#[test]
fn a_baseline_term_without_the_move_is_allowed_next_to_one_with_it() {
    let r = round(vec![
        term().context_move().scored_tokens(vec![5]),
        term().scored_tokens(vec![5]),
    ]);
    validate_round(&r, &req(), 10).unwrap();
}

#[test]
fn round_rules() {
    let none = round(vec![term().scored_text("x")]);
    assert_eq!(
        rule(validate_round(&none, &req(), 10)),
        "the judge program has a move slot"
    );
    let two = round(vec![term().scored_move().scored_move()]);
    assert_eq!(
        rule(validate_round(&two, &req(), 10)),
        "at most one move slot per judge term"
    );
    let nothing_scored = round(vec![term().context_move()]);
    assert_eq!(
        rule(validate_round(&nothing_scored, &req(), 10)),
        "every judge term scores something"
    );
    let nan = round(vec![JudgeTerm::new(f64::NAN).scored_move()]);
    assert_eq!(
        rule(validate_round(&nan, &req(), 10)),
        "term weights are finite"
    );
    let no_terms = round(vec![]);
    assert_eq!(
        rule(validate_round(&no_terms, &req(), 10)),
        "the judge program has at least one term"
    );
    // Token id 10 is out of a 10-token vocabulary, 9 is in.
    let ok = round(vec![term().scored_move().scored_tokens(vec![9])]);
    validate_round(&ok, &req(), 10).unwrap();
    let bad = round(vec![term().scored_move().scored_tokens(vec![10])]);
    assert_eq!(
        rule(validate_round(&bad, &req(), 10)),
        "token ids are below the vocabulary size"
    );
    let banned = ok.clone().with_banned_token_ids(vec![10]);
    assert_eq!(
        rule(validate_round(&banned, &req(), 10)),
        "token ids are below the vocabulary size"
    );
    let mut raw_bad = ok.clone();
    raw_bad.prompt = Prompt::Raw(vec![PromptSegment::Tokens(vec![10])]);
    assert_eq!(
        rule(validate_round(&raw_bad, &req(), 10)),
        "token ids are below the vocabulary size"
    );
    let short_ref = ok.clone().with_reference_move(vec![1]);
    assert_eq!(
        rule(validate_round(&short_ref, &req(), 10)),
        "the reference move has the move's length"
    );
    let mut bad_role = ok.clone();
    bad_role.prompt = Prompt::Chat(vec![ChatMessage {
        role: "tool".into(),
        content: String::new(),
    }]);
    assert_eq!(
        rule(validate_round(&bad_role, &req(), 10)),
        "chat roles are system, user or assistant"
    );
    let mut empty = ok.clone();
    empty.prompt = Prompt::Chat(vec![]);
    assert_eq!(
        rule(validate_round(&empty, &req(), 10)),
        "the prompt is not empty"
    );
}

#[test]
fn move_parts_that_overflow_when_summed_are_refused() {
    // [u32::MAX, 5] wraps to 4 in a u32 sum; checked, it sums to nothing.
    for moves in [
        vec![u32::MAX, 5],
        vec![u32::MAX / 2 + 1, u32::MAX / 2 + 1, 4],
        vec![1, u32::MAX],
    ] {
        // As a game may write them by hand: a move of 4 tokens and these parts.
        let mut r = Requirements::new(4, &[3]).with_moves(moves.clone());
        r.move_tokens = 4;
        let e = rule(validate_requirements(&r, &GameLimits::default()));
        assert!(e.starts_with("several moves"), "{moves:?}: {e}");
        // Through the builder, the saturated total is a move too long.
        let built = Requirements::new(4, &[3]).with_moves(moves.clone());
        assert!(validate_requirements(&built, &GameLimits::default()).is_err());
    }
    let ok = Requirements::new(4, &[3]).with_moves(vec![1, 3]);
    validate_requirements(&ok, &GameLimits::default()).unwrap();
}

#[test]
fn rules_of_the_0_2_0_fields() {
    use crate::types::{JudgeSegment, Penalty};
    let two = Requirements::new(4, &[3]).with_moves(vec![2, 2]);
    validate_requirements(&two, &GameLimits::default()).unwrap();
    let mut bad = two.clone();
    bad.move_tokens = 5;
    assert!(rule(validate_requirements(&bad, &GameLimits::default())).starts_with("several moves"));
    let part = |k| SegmentContent::MovePart(k);
    // Adjacent consecutive parts are one slot; the whole move is one slot.
    let joined = round(vec![term()
        .segment(part(0), false)
        .push(JudgeSegment::scored_from_second(part(1)))]);
    validate_round(
        &joined.clone().with_reference_move(vec![1, 2, 3, 4]),
        &two,
        10,
    )
    .unwrap();
    let apart = round(vec![term()
        .segment(part(0), false)
        .scored_text("a")
        .segment(part(1), true)])
    .with_reference_move(vec![1, 2, 3, 4]);
    assert_eq!(
        rule(validate_round(&apart, &two, 10)),
        "at most one move slot per judge term"
    );
    let missing = round(vec![term().segment(part(2), true)]).with_reference_move(vec![1, 2, 3, 4]);
    assert_eq!(
        rule(validate_round(&missing, &two, 10)),
        "a move part is one of the requirements' moves"
    );
    let ok = round(vec![term().scored_move()]);
    for c in [0.0, -1.0, f64::INFINITY] {
        let clamp = round(vec![term().scored_move().max_token_ce(c)]);
        assert_eq!(
            rule(validate_round(&clamp, &req(), 10)),
            "a cross-entropy clamp is positive and finite"
        );
    }
    let pen = |w: f64| {
        ok.clone()
            .with_penalty(Penalty::at_least(vec![term().scored_move()], 0.0).weight(w))
    };
    validate_round(&pen(2.0), &req(), 10).unwrap();
    assert!(rule(validate_round(&pen(0.0), &req(), 10)).starts_with("a penalty has a finite"));
    // A move read only by a penalty still counts as a move slot.
    let only_pen = round(vec![term().scored_text("a")])
        .with_penalty(Penalty::at_least(vec![term().scored_move()], 1.0));
    validate_round(&only_pen, &req(), 10).unwrap();
    let two_words = ok.clone().with_banned_words(vec!["a b".into()]);
    assert_eq!(
        rule(validate_round(&two_words, &req(), 10)),
        "a word list holds single words"
    );
    // A whitelist compares pieces exactly: punctuation alone is a word, a space is not.
    validate_round(
        &ok.clone().with_allowed_words(vec!["--".into()]),
        &req(),
        10,
    )
    .unwrap();
    for bad in ["a b", ""] {
        let r = ok.clone().with_allowed_words(vec![bad.into()]);
        assert_eq!(
            rule(validate_round(&r, &req(), 10)),
            "a word list holds single words"
        );
    }
    let punct = ok.clone().with_banned_words(vec!["--".into()]);
    assert_eq!(
        rule(validate_round(&punct, &req(), 10)),
        "a word list holds single words"
    );
    let empty = ok.clone().with_allowed_words(vec![]);
    assert!(rule(validate_round(&empty, &req(), 10)).starts_with("allowed_words, when set"));
    validate_round(&ok.with_allowed_words(vec!["don't".into()]), &req(), 10).unwrap();
}

#[test]
fn requirement_rules() {
    let limits = GameLimits::default();
    let mut r = req();
    validate_requirements(&r, &limits).unwrap();
    for bad in [0, 257] {
        r.move_tokens = bad;
        assert_eq!(
            rule(validate_requirements(&r, &limits)),
            "move length is 1..=256 tokens"
        );
    }
    r.move_tokens = 256;
    r.passages[0].tokens = limits.max_passage_tokens + 1;
    assert!(rule(validate_requirements(&r, &limits)).starts_with("passage length"));
    r.passages = vec![PassageSpec { tokens: 1 }; limits.max_passages as usize + 1];
    assert!(rule(validate_requirements(&r, &limits)).starts_with("at most"));
}

#[test]
fn passages_match_the_requirements() {
    let p = |n: usize| Passage {
        text: "x".repeat(n),
        token_ids: vec![0; n],
        offsets: (0..n as u32).map(|i| (i, i + 1)).collect(),
    };
    check_passages(&req(), &[p(3)]).unwrap();
    let e = check_passages(&req(), &[p(3), p(3)]).unwrap_err();
    assert_eq!(e, "the game needs 1 passage(s), got 2");
    let e = check_passages(&req(), &[p(2)]).unwrap_err();
    assert_eq!(
        e,
        "passage 0 has 2 tokens and 2 offsets, the game needs 3 tokens"
    );
    let mut short_offsets = p(3);
    short_offsets.offsets.pop();
    assert!(check_passages(&req(), &[short_offsets])
        .unwrap_err()
        .contains("3 tokens and 2 offsets"));
}

#[test]
fn names_are_one_to_64_characters() {
    let info = |name: &str| GameInfo {
        name: name.into(),
        version: "1".into(),
        abi_version: crate::ABI_VERSION.into(),
        description: String::new(),
        config_schema: String::new(),
        default_config: String::new(),
    };
    validate_info(&info("infill")).unwrap();
    for bad in [" ", &"x".repeat(65)] {
        assert_eq!(
            rule(validate_info(&info(bad))),
            "name is 1 to 64 characters"
        );
    }
    assert_eq!(
        RuleError {
            rule: "r",
            detail: "d".into()
        }
        .to_string(),
        "broke the rule 'r': d"
    );
}

#[test]
fn quoted_game_text_is_cut_to_a_sane_length() {
    assert_eq!(quoted("king"), "\"king\"");
    let long = "x".repeat(500_000);
    let q = quoted(&long);
    assert!(q.len() < 120 && q.contains("500000 bytes"), "{q}");
    let info = GameInfo {
        name: long,
        version: "1".into(),
        abi_version: crate::ABI_VERSION.into(),
        description: String::new(),
        config_schema: String::new(),
        default_config: String::new(),
    };
    let e = validate_info(&info).unwrap_err().to_string();
    assert!(e.len() < 300, "{} bytes", e.len());
    // Multi-byte text is cut on a character boundary.
    assert!(quoted(&"é".repeat(100)).contains("200 bytes"));
}
