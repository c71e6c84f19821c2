//! Python's report of an uncaught exception, read back as one line: the one reader for a
//! Python game's stderr at run time (the SDK's own report, written when a call crashes) and
//! for componentize-py's output when a game's top level fails at build time (CPython's report,
//! with source lines and carets).
//!
//! Only the message is read from this text: whether a game raised at all is decided by how it
//! ended (the SDK's exit status, `wasm.rs`), never by text the game could print itself.

/// How CPython (and the SDK) start the report of an uncaught exception.
pub const HEADER: &str = "Traceback (most recent call last):";

/// The last report in `text` as one line: the exception's line and the innermost frame
/// outside the SDK (the game's own code), e.g. "ValueError: boom (at game.py:12, in
/// new_round)"; the innermost frame when every frame is the SDK's. `None` when `text` holds
/// no report.
pub fn python_exception(text: &str) -> Option<String> {
    let (_, report) = text.rsplit_once(HEADER)?;
    // Frames, their source lines and carets are indented; the exception's line is not.
    let lines: Vec<&str> = report.lines().filter(|l| !l.trim().is_empty()).collect();
    let frames: Vec<&str> = (lines.iter())
        .map(|l| l.trim())
        .filter(|l| l.starts_with("File \""))
        .collect();
    let exception = (lines.iter())
        .find(|l| !l.starts_with(char::is_whitespace))
        .map_or("an exception whose report was cut short", |l| l.trim());
    let frame = (frames.iter().rev())
        .find(|f| !is_sdk_frame(f))
        .or(frames.last());
    let at = frame.and_then(|f| at(f)).unwrap_or_default();
    let message: String = exception.chars().take(500).collect();
    Some(format!("{message}{at}"))
}

/// A frame of the SDK, of the app module `game build` writes, or of componentize-py itself.
fn is_sdk_frame(frame: &str) -> bool {
    [
        "frost_game/",
        "frost_game_app",
        "componentize_py",
        "componentize-py",
    ]
    .iter()
    .any(|s| frame.contains(s))
}

/// ` (at game.py:12, in new_round)` from `File "/path/game.py", line 12, in new_round` (a
/// SyntaxError's frame names no function: ` (at game.py:3)`).
fn at(frame: &str) -> Option<String> {
    let file = frame.split('"').nth(1)?;
    let file = file.rsplit('/').next().unwrap_or(file);
    let rest = frame.rsplit('"').next()?;
    let line = rest.split("line ").nth(1)?.split(',').next()?.trim();
    Some(match rest.split(", in ").nth(1) {
        Some(func) => format!(" (at {file}:{line}, in {})", func.trim()),
        None => format!(" (at {file}:{line})"),
    })
}

#[cfg(test)]
mod tests {
    use super::python_exception;

    #[test]
    fn the_sdks_report_at_run_time() {
        let stderr = "noise\nTraceback (most recent call last):\n  File \"/b/frost_game/component.py\", line 90, in new_round\n    r = g.new_round(g.exported(), config, seed, own)\n  File \"/b/game/game.py\", line 12, in new_round\n    raise ValueError(\"deliberate error\")\n    ^^^^^^^^\nValueError: deliberate error\n";
        assert_eq!(
            python_exception(stderr).unwrap(),
            "ValueError: deliberate error (at game.py:12, in new_round)"
        );
        let sdk_only = "Traceback (most recent call last):\n  File \"/b/frost_game/wire.py\", line 40, in _fail\n    raise MalformedReply(x)\nfrost_game.wire.MalformedReply: round.reference_move: expected a list\n";
        assert_eq!(
            python_exception(sdk_only).unwrap(),
            "frost_game.wire.MalformedReply: round.reference_move: expected a list (at wire.py:40, in _fail)"
        );
        let cut = "Traceback (most recent call last):\n  [988 outer frames left out]\n  File \"/0/game.py\", line 3, in f\n";
        assert_eq!(
            python_exception(cut).unwrap(),
            "an exception whose report was cut short (at game.py:3, in f)"
        );
        assert_eq!(python_exception("thread panicked at src/lib.rs:3:5"), None);
    }

    #[test]
    fn componentize_pys_output_at_build_time() {
        // The game's report inside componentize-py's own (its message is the game's stderr),
        // followed by the error chain.
        let out = "Traceback (most recent call last):\n  File \"/venv/bin/componentize-py\", line 8, in <module>\n    sys.exit(script())\nAssertionError: Traceback (most recent call last):\n  File \"/1/frost_game_app.py\", line 1, in <module>\n    import game  # noqa\n    ^^^^^^^^^^^\n  File \"/0/game.py\", line 3, in <module>\n    import numpy\nModuleNotFoundError: No module named 'numpy'\n\n\nCaused by:\n    ModuleNotFoundError: No module named 'numpy'\n";
        assert_eq!(
            python_exception(out).unwrap(),
            "ModuleNotFoundError: No module named 'numpy' (at game.py:3, in <module>)"
        );
        let syntax = "Traceback (most recent call last):\n  File \"/1/frost_game_app.py\", line 1, in <module>\n    import game\n  File \"/0/game.py\", line 3\n    def f(:\n          ^\nSyntaxError: invalid syntax\n";
        assert_eq!(
            python_exception(syntax).unwrap(),
            "SyntaxError: invalid syntax (at game.py:3)"
        );
    }
}
