//! `make demo` ends by showing what Frost is for: the test-time search on held-out
//! assignments beside sampling more, with its cost, in one sentence a newcomer reads.

use crate::common::{frost_host, game_wasm};

/// The figures of a table row or the headline, as the numbers in it.
fn numbers(line: &str) -> Vec<f64> {
    (line.split(|c: char| c.is_whitespace() || "[],:/()".contains(c)))
        .filter_map(|w| w.trim_end_matches("x").parse().ok())
        .collect()
}

#[test]
fn demo_ends_with_the_search_against_sampling_more() {
    let dir = tempfile::tempdir().unwrap();
    let run = |search: &str| {
        let out = dir.path().join(format!("run-{search}"));
        let o = frost_host()
            .args([
                "demo",
                "--steps",
                "2",
                "--search-assignments",
                search,
                "--game",
            ])
            .arg(game_wasm("infill"))
            .arg("--out")
            .arg(&out)
            .env("FROST_LOG", "warn")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            o.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout
    };
    let stdout = run("2");
    let headline = stdout.lines().last().unwrap();
    assert!(
        headline.starts_with("After 8 rounds on 2 assignments: Frost's search"),
        "{stdout}"
    );
    // The headline restates the table's last row: Frost's best, the samples', their difference.
    let row = (stdout.lines())
        .find(|l| l.trim_start().starts_with("8 "))
        .unwrap_or_else(|| panic!("no round-8 row:\n{stdout}"));
    let (row, head) = (numbers(row), numbers(headline));
    // row: r, frost, sampled, diff, lo, hi, ...; headline: 8, 2, frost, 136, sampled, diff, ...
    let close = |a: f64, b: f64| (a - b).abs() <= 0.006;
    assert!(close(row[1], head[2]) && close(row[2], head[4]), "{stdout}");
    assert!(close(row[3], head[5]), "{stdout}");
    assert_eq!(head[3], 136.0, "8 + 8 x 16 samples\n{stdout}");

    let stdout = run("0");
    assert!(!stdout.contains("Frost's search"), "{stdout}");
}
