use super::*;

/// A toy vocabulary: token i is texts[i].
fn rule(texts: &[&str], banned: &[&str], allowed: Option<&[&str]>) -> WordRule {
    let texts: Vec<String> = texts.iter().map(|t| t.to_string()).collect();
    let c = MoveConstraints {
        banned_words: banned.iter().map(|s| s.to_string()).collect(),
        allowed_words: allowed.map(|a| a.iter().map(|s| s.to_string()).collect()),
        ..Default::default()
    };
    let no_bans = vec![false; texts.len()];
    WordRule::new(&c, Arc::new(TokenWords::new(&texts)), &no_bans, 8).unwrap()
}

const VOCAB: [&str; 10] = [
    "the", " the", "ory", " cat", ".", " ", "c", "at", "\u{fffd}", "a b",
];

fn banned_ids(m: &[bool]) -> Vec<usize> {
    (0..m.len()).filter(|&i| m[i]).collect()
}

#[test]
fn banned_words_are_caught_when_they_end() {
    let r = rule(&VOCAB, &["the"], None);
    assert!(r.allows(&[2, 3])); // "ory cat"
    assert!(!r.allows(&[0, 3])); // "the cat"
    assert!(r.allows(&[0, 2])); // "theory"
    assert!(!r.allows(&[3, 1, 4])); // " cat the." : punctuation is deleted
    assert!(!r.allows(&[8])); // a character fragment

    // After "the" with tokens to come: " the", " cat" and " " end the word "the"; "ory"
    // and "a b" ("thea") don't.
    let m = r.next_token_ban(&[0], 2);
    assert_eq!(banned_ids(&m), vec![1, 3, 5, 8]);
    // As the last token nothing may leave "the" standing: "." ends it too.
    let m = r.next_token_ban(&[0], 0);
    assert_eq!(banned_ids(&m), vec![1, 3, 4, 5, 8]);
    // Substituting position 0 of [" cat", "ory"] ("cat" + "ory"): "the" makes "theory".
    let m = r.substitution_ban(&[3, 2], 0);
    assert!(!m[0] && !m[1]);
    let m = r.substitution_ban(&[3, 3], 0); // x + " cat": "the" would stand alone
    assert!(m[0] && m[1] && !m[6]);
}

/// `w` cut at every character boundary: its starts and its ends.
fn cuts_of(w: &str) -> Vec<&str> {
    let bounds = w.char_indices().map(|(i, _)| i).chain([w.len()]);
    bounds.flat_map(|i| [&w[..i], &w[i..]]).collect()
}

/// A vocabulary of `words`, their pieces, punctuation and whitespace in all positions.
fn vocab_of(words: &[&str]) -> Vec<String> {
    let mut vocab: Vec<String> = vec![" ".into(), "\n".into(), ".".into(), "\u{fffd}".into()];
    for w in words {
        for piece in cuts_of(w).into_iter().filter(|p| !p.is_empty()) {
            for form in [
                piece.to_string(),
                format!(" {piece}"),
                format!("{piece} "),
                format!("{piece}."),
                format!("{piece} o {piece}"),
                format!("{piece}\n{w}"),
            ] {
                if !vocab.contains(&form) {
                    vocab.push(form);
                }
            }
        }
    }
    vocab
}

/// Checks every rule's indexed masks against [`WordRule::token_ok`] on every token, for every
/// (open word, what follows) built from `words` cut anywhere; returns the checks made.
fn check_masks(rules: &[WordRule], texts: &[&str], words: &[&str]) -> usize {
    let mut cuts: Vec<String> = vec![String::new(), "x".into()];
    cuts.extend(words.iter().flat_map(|w| cuts_of(w)).map(str::to_string));
    cuts.sort();
    cuts.dedup();
    let mut checked = 0;
    for r in rules {
        for before in &cuts {
            let afters = (0..4)
                .map(After::Open)
                .chain(cuts.iter().map(|c| After::Closed(c.clone())));
            for after in afters {
                let fast = r.mask(before.clone(), after.clone());
                for (id, t) in r.cut().tokens.iter().enumerate() {
                    assert_eq!(
                        fast[id],
                        !r.token_ok(t, before, &after),
                        "token {:?} after {before:?} before {after:?}",
                        texts[id]
                    );
                    checked += 1;
                }
            }
        }
    }
    checked
}

/// The indexed masks equal the rule checked token by token, for every (open word, what
/// follows) built from the rule's own words cut anywhere, on a vocabulary of words, their
/// pieces, punctuation and whitespace in all positions.
#[test]
fn indexed_masks_equal_the_rule_checked_token_by_token() {
    let words = ["cat", "at", "the", "theory", "o", "sun", "moon", "owl"];
    let vocab = vocab_of(&words);
    let texts: Vec<&str> = vocab.iter().map(String::as_str).collect();
    let rules = [
        rule(&texts, &["the", "o", "cat", "..."], None),
        rule(&texts, &[], Some(&["cat", "at", "sun", "o"])),
        rule(&texts, &["sun"], Some(&["cat", "sun", "moon", "theory"])),
    ];
    let checked = check_masks(&rules, &texts, &words);
    assert!(checked > 100_000, "{checked}");
}

/// The same with case and Greek sigmas: a word's form is taken once it is whole (a capital
/// sigma that ends it is `ς`), so the masks check the words whose keys do not decide.
#[test]
fn indexed_masks_equal_the_rule_with_case_and_final_sigmas() {
    let words = ["ΟΔΟΣ", "οδος", "οδοσ", "ΣΑ", "σας", "The", "tHe", "Ος"];
    let vocab = vocab_of(&words);
    let texts: Vec<&str> = vocab.iter().map(String::as_str).collect();
    let rules = [
        rule(&texts, &["οδος", "ΣΑ", "the", "ος"], None),
        rule(&texts, &["ΟΔΟΣ", "οσ", "σ"], None),
        rule(&texts, &["the"], Some(&["ΟΔΟΣ", "οδος", "The", "ΣΑ", "Ος"])),
    ];
    let checked = check_masks(&rules, &texts, &words);
    assert!(checked > 50_000, "{checked}");
}

/// Xent lowercases a word as a whole: `ΟΣ` is the word `ος`, `ΟΣΑ` is `οσα`.
#[test]
fn a_final_capital_sigma_is_a_final_sigma() {
    let vocab = ["Ο", "Σ", "Α", " ", "ΟΣ", "ς", "σ", "ΟΣ."];
    let r = rule(&vocab, &["ος"], None);
    assert!(!r.allows(&[0, 1])); // "ΟΣ"
    assert!(!r.allows(&[4, 3, 2])); // "ΟΣ Α"
    assert!(!r.allows(&[0, 5])); // "Ος"
    assert!(!r.allows(&[7])); // "ΟΣ.": punctuation is deleted first
    assert!(r.allows(&[0, 1, 2])); // "ΟΣΑ"
    assert!(r.allows(&[0, 6])); // "Οσ"

    // After "Ο" as the last token: "Σ", "ς" end the word "ος"; "σ" does not.
    let m = r.next_token_ban(&[0], 0);
    assert!(m[1] && m[5] && !m[6] && !m[2]);
    // With tokens to come the word is still open; a space then closes "ΟΣ".
    assert!(!r.next_token_ban(&[0], 1)[1]);
    assert!(r.next_token_ban(&[0, 1], 1)[3]);
    // Substituting the middle of "Ο_Α" ("οσα" whatever the sigma) and of "Ο_ " ("ος").
    let m = r.substitution_ban(&[0, 6, 2], 1);
    assert!(!m[1] && !m[5] && !m[6]);
    let m = r.substitution_ban(&[0, 6, 3], 1);
    assert!(m[1] && m[5] && !m[6]);
    // A sigma-final banned word as the game sends it, and case.
    let r = rule(&vocab, &["ΟΣ"], None);
    assert!(!r.allows(&[0, 1]) && r.allows(&[0, 6]));
}

#[test]
fn a_whitelist_allows_only_its_words_and_starts_that_can_finish() {
    let r = rule(&VOCAB, &[], Some(&["cat", "at"]));
    assert!(r.allows(&[6, 7, 5, 6, 7])); // "cat cat"
    assert!(!r.allows(&[3, 5, 6, 7])); // " cat cat": a leading space is an empty piece
    assert!(!r.allows(&[6, 7, 5])); // "cat ": so is a trailing one
    assert!(!r.allows(&[6, 7, 4])); // "cat.": punctuation counts
    assert!(!r.allows(&[3, 1])); // "the"

    // Open "c" with one token to come can become "cat" only through "at", and then one more
    // token must still end on a word (" cat").
    let m = r.next_token_ban(&[6], 1);
    assert_eq!(banned_ids(&m), vec![0, 1, 2, 3, 4, 5, 6, 8, 9]);
    // With one token to come, "c" passes ("c" "at"), so does "at" ("at" " cat"); " cat"
    // would lead with a space.
    let m = r.next_token_ban(&[], 1);
    assert!(m[0] && m[3] && !m[6] && !m[7]);
    let m = r.next_token_ban(&[], 0);
    assert!(m[6] && m[3] && !m[7]); // "c" cannot finish as the last token

    // After "cat", a space opens a new word that one token ("at") can finish, none cannot.
    assert!(!r.next_token_ban(&[6, 7], 1)[5]);
    assert!(r.next_token_ban(&[6, 7], 0)[5]);
    // Case counts.
    let upper = rule(&["Cat", "cat"], &[], Some(&["cat"]));
    assert!(!upper.allows(&[0]) && upper.allows(&[1]));
    // A banned word drops the allowed word that holds it.
    let both = rule(&VOCAB, &["cat"], Some(&["cat", "at"]));
    assert!(!both.allows(&[6, 7]) && both.allows(&[7]));
}

/// The move lengths a whitelist admits, decided exactly: words the move cannot spell in
/// exactly its length, characters only byte fragments hold, allowed words that are banned,
/// and tokens the round bans.
#[test]
fn a_whitelist_admits_exactly_the_move_lengths_its_tokens_can_spell() {
    let lengths = |banned: &[&str], allowed: &[&str], bans: &[usize]| {
        let texts: Vec<String> = VOCAB.iter().map(|t| t.to_string()).collect();
        let c = MoveConstraints {
            banned_words: banned.iter().map(|s| s.to_string()).collect(),
            allowed_words: Some(allowed.iter().map(|s| s.to_string()).collect()),
            ..Default::default()
        };
        let mut no = vec![false; texts.len()];
        for &b in bans {
            no[b] = true;
        }
        let r = WordRule::new(&c, Arc::new(TokenWords::new(&texts)), &no, 6).unwrap();
        r.legal_lengths().unwrap()
    };
    // "cat": "c" "at" (2), "c" "at" " cat" (3), ... every length from 2.
    assert_eq!(lengths(&[], &["cat"], &[]), vec![2, 3, 4, 5, 6]);
    // "at" alone: "at", "at" " " "at", ...: odd lengths only (" at" is no token here).
    assert_eq!(lengths(&[], &["at"], &[]), vec![1, 3, 5]);
    // A word this vocabulary cannot spell, one behind a fragment, a banned one.
    assert!(lengths(&[], &["dog"], &[]).is_empty());
    assert!(lengths(&[], &["\u{fffd}"], &[]).is_empty());
    assert!(lengths(&["cat"], &["cat"], &[]).is_empty());
    // The round bans "at": "cat" is out of reach.
    assert!(lengths(&[], &["cat"], &[7]).is_empty());
    // Sampling never strands a move: from every legal start, every token the mask lets
    // through leaves a move that can still end, down to the last token.
    let r = rule(&VOCAB, &[], Some(&["cat", "at"]));
    let mut open: Vec<Vec<u32>> = vec![vec![]];
    for pos in 0..5 {
        let mut next = Vec::new();
        for so_far in &open {
            let m = r.next_token_ban(so_far, 4 - pos);
            let ok: Vec<u32> = (0..m.len() as u32).filter(|&t| !m[t as usize]).collect();
            assert!(!ok.is_empty(), "stranded after {so_far:?}");
            next.extend(ok.iter().map(|&t| [so_far.clone(), vec![t]].concat()));
        }
        open = next;
    }
    assert!(open.iter().all(|mv| r.allows(mv)));
}
