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

thread_local! {
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with the panic report of this thread silenced (the caller turns the panic into an
/// error line). Other threads and other code keep the default report.
pub fn quiet_panics<R>(f: impl FnOnce() -> R) -> R {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(|q| q.get()) {
                default(info);
            }
        }));
    });
    let was = QUIET.with(|q| q.replace(true));
    let out = f();
    QUIET.with(|q| q.set(was));
    out
}

/// The first line of a caught panic's message.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    let msg = (payload.downcast_ref::<String>().map(String::as_str))
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("unknown error");
    msg.lines().next().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn a_caught_panic_reads_as_its_first_line() {
        let caught = super::quiet_panics(|| {
            std::panic::catch_unwind(|| panic!("libtorch: out of memory\ntrace..."))
        });
        assert_eq!(
            super::panic_text(caught.unwrap_err().as_ref()),
            "libtorch: out of memory"
        );
        let caught = super::quiet_panics(|| std::panic::catch_unwind(|| std::panic::panic_any(3)));
        assert_eq!(
            super::panic_text(caught.unwrap_err().as_ref()),
            "unknown error"
        );
    }

    #[test]
    fn escapes_control_and_bidi_characters_only() {
        assert_eq!(printable("plain\ttext\nok ⟦é⟧"), "plain\ttext\nok ⟦é⟧");
        assert_eq!(
            printable("\u{1b}[2Jx\r\u{7}\u{202e}y"),
            "\\u{1b}[2Jx\\u{d}\\u{7}\\u{202e}y"
        );
    }

    #[test]
    fn a_quiet_panic_is_caught_and_the_hook_restored_for_others() {
        let caught = super::quiet_panics(|| std::panic::catch_unwind(|| panic!("libtorch: oom")));
        let payload = caught.unwrap_err();
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"libtorch: oom"));
        assert!(
            !super::QUIET.with(|q| q.get()),
            "the flag is reset after the call"
        );
    }
}
