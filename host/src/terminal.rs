//! Text from a game (names, descriptions, error messages, prompts) is data: before it reaches
//! the terminal, control characters (ANSI escape sequences, carriage returns, bells) and
//! Unicode bidi overrides are shown escaped, so a game cannot rewrite the screen or disguise
//! what it says.

use std::borrow::Cow;

/// `s` with every control character except newline and tab, and every bidi control, written
/// as a `\u{..}` escape.
pub fn printable(s: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
    };
    if !s.chars().any(unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if unsafe_char(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn escapes_control_and_bidi_characters_only() {
        assert_eq!(printable("plain\ttext\nok ⟦é⟧"), "plain\ttext\nok ⟦é⟧");
        assert_eq!(
            printable("\u{1b}[2Jx\r\u{7}\u{202e}y"),
            "\\u{1b}[2Jx\\u{d}\\u{7}\\u{202e}y"
        );
    }
}
