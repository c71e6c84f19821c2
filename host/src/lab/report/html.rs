//! The report page: one self-contained HTML file (inline SVG and CSS, no script, no external
//! file). Everything that comes from a run (labels, paths, moves, prompts) is escaped.

use std::fmt::Write;

use super::claims::{Claim, Measure, PairClaims, Verdict};
use super::runs::Setting;
use super::samples::{SampledAssignment, SamplesLine};
use super::selection_table::SelectionTable;

/// A figure as drawn, with the sentence under it.
pub struct RenderedFigure {
    pub name: String,
    pub title: String,
    pub caption: String,
    pub svg: String,
}

/// One setting's early and late samples (from its lowest seed's run).
pub struct SettingSamples {
    pub label: String,
    pub run_dir: String,
    pub early: SamplesLine,
    pub late: SamplesLine,
}

pub struct Page<'a> {
    pub inputs: &'a [String],
    pub notes: &'a [String],
    pub settings: &'a [Setting],
    pub pairs: &'a [PairClaims],
    pub figures: &'a [RenderedFigure],
    pub selections: &'a [SelectionTable],
    pub samples: &'a [SettingSamples],
}

/// Assignments shown per step, and the longest prompt shown whole.
const SHOWN_ASSIGNMENTS: usize = 2;
const PROMPT_CHARS: usize = 400;

/// Text for HTML: markup characters as entities, control characters (other than newline
/// and tab) as U+FFFD, so a move can neither inject markup nor garble the page.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' | '\t' => out.push(c),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

pub fn num(v: Option<f64>) -> String {
    match v {
        Some(x) if x.is_finite() && x != 0.0 && x.abs() < 1e-3 => format!("{x:.2e}"),
        Some(x) if x.is_finite() => format!("{x:.3}"),
        Some(x) => x.to_string(),
        None => "-".into(),
    }
}

/// The cells of a claim's row, shared by the page and claims.md: claim, A, B, difference
/// (or ratio), 95% interval, p, seeds, verdict.
pub fn claim_cells(c: &Claim) -> [String; 8] {
    let value = match (c.measure, c.value) {
        (Measure::Ratio, Some(v)) => format!("ratio {}", num(Some(v))),
        (_, v) => num(v),
    };
    let interval = match (c.lo, c.hi) {
        (Some(lo), Some(hi)) => format!("[{}, {}]", num(Some(lo)), num(Some(hi))),
        _ => "-".into(),
    };
    let claim = match &c.note {
        Some(n) => format!("{} ({n})", c.claim),
        None => c.claim.clone(),
    };
    [
        claim,
        num(c.a),
        num(c.b),
        value,
        interval,
        num(c.p),
        c.n.to_string(),
        c.verdict.text().to_string(),
    ]
}

pub const CLAIM_COLUMNS: [&str; 8] = [
    "claim",
    "A",
    "B",
    "A − B (or A/B)",
    "95% interval",
    "p (sign-flip)",
    "seeds",
    "verdict",
];

/// The page's style. For a phone (see the viewport tag): wide tables scroll sideways in their
/// own box instead of widening the page, long paths and moves wrap, figures (inline SVG with a
/// viewBox) scale down to the width, two side by side where there is room.
const STYLE: &str = "body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;\
color:#222;overflow-wrap:break-word}table{border-collapse:collapse;margin:1em 0}\
td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}\
th{background:#f3f3f3}.scroll{overflow-x:auto;margin:1em 0}.scroll>table{margin:0}\
.path,pre{overflow-wrap:anywhere}\
.holds{background:#dff3e3}.does-not-hold{background:#f8dede}.unclear{background:#f1f1f1}\
.not-measured{color:#888}.claims td:first-child{min-width:14em}\
@media (max-width:600px){body{margin:1em auto}table{font-size:90%}}.figures{display:grid;gap:1.5em 2em;\
grid-template-columns:repeat(auto-fill,minmax(min(100%,460px),1fr))}figure{margin:0;min-width:0}\
figure svg{display:block;width:100%;max-width:560px;height:auto}\
figcaption{color:#555;font-size:90%}\
.moves{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,300px),1fr));gap:1em}\
.moves>div{min-width:0}.moves table{width:100%}pre{white-space:pre-wrap;margin:0;font-size:85%}\
.ref{background:#fff6d5}.small{color:#666;font-size:85%}";

pub fn page(p: &Page) -> String {
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">");
    h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    let _ = writeln!(
        h,
        "<title>Frost report</title><style>{STYLE}</style></head><body>"
    );
    h.push_str("<h1>Frost report</h1>\n<p class=\"small path\">From ");
    h.push_str(&escape(&p.inputs.join(", ")));
    h.push_str(" by <code>frost-host report</code>.</p>\n");
    settings_table(&mut h, p.settings);
    for pair in p.pairs {
        claims_table(&mut h, pair);
    }
    if !p.notes.is_empty() {
        h.push_str("<h2>Notes</h2>\n<ul>\n");
        for n in p.notes {
            let _ = writeln!(h, "<li>{}</li>", escape(n));
        }
        h.push_str("</ul>\n");
    }
    h.push_str("<h2>Figures</h2>\n<div class=\"figures\">\n");
    for f in p.figures {
        let _ = writeln!(
            h,
            "<figure id=\"{}\">{}<figcaption>{}</figcaption></figure>",
            escape(&f.name),
            f.svg,
            escape(&f.caption)
        );
    }
    h.push_str("</div>\n");
    for t in p.selections {
        selection_table(&mut h, t);
    }
    if !p.samples.is_empty() {
        h.push_str("<h2>Sample moves, early and late</h2>\n");
        for s in p.samples {
            samples(&mut h, s);
        }
    }
    h.push_str("</body></html>\n");
    h
}

fn settings_table(h: &mut String, settings: &[Setting]) {
    h.push_str(
        "<h2>Settings</h2>\n<div class=\"scroll\"><table><tr><th>setting</th><th>seeds</th>",
    );
    h.push_str(
        "<th>last step</th><th>game</th><th>player's base</th><th>judge</th><th>run directories</th></tr>\n",
    );
    for s in settings {
        let seeds: Vec<String> = s.runs.iter().map(|r| r.seed.to_string()).collect();
        let last: Vec<String> = s
            .runs
            .iter()
            .filter_map(|r| r.evals.last().map(|e| e.step.to_string()))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let dirs: Vec<String> = s.runs.iter().map(|r| r.dir.display().to_string()).collect();
        let distinct = |f: fn(&super::runs::Run) -> Option<String>| {
            let set: std::collections::BTreeSet<String> = s
                .runs
                .iter()
                .map(|r| f(r).unwrap_or_else(|| "not recorded".into()))
                .collect();
            set.into_iter().collect::<Vec<_>>().join("; ")
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"small\">{}</td><td class=\"small\">{}</td>\
             <td class=\"small\">{}</td><td class=\"small path\">{}</td></tr>",
            escape(&s.label),
            escape(&seeds.join(" ")),
            escape(&last.join(", ")),
            escape(&distinct(super::runs::Run::game_line)),
            escape(&distinct(super::runs::Run::player_line)),
            escape(&distinct(super::runs::Run::judge_line)),
            escape(&dirs.join(" "))
        );
    }
    h.push_str("</table></div>\n");
}

fn claims_table(h: &mut String, pair: &PairClaims) {
    let _ = write!(
        h,
        "<h2>Claims: A = {} against B = {}</h2>\n<p class=\"small\">Paired by seed \
         ({} seeds in both: {}). Intervals: percentile bootstrap over seeds.",
        escape(&pair.a),
        escape(&pair.b),
        pair.seeds.len(),
        escape(&format!("{:?}", pair.seeds))
    );
    if let Some((lo, hi)) = pair.budget {
        let _ = write!(h, " Common judge budget: {lo:.0} to {hi:.0} forwards.");
    }
    for n in &pair.notes {
        let _ = write!(h, " <b>{}</b>", escape(n));
    }
    h.push_str("</p>\n<div class=\"scroll\"><table class=\"claims\"><tr>");
    for c in CLAIM_COLUMNS {
        let _ = write!(h, "<th>{}</th>", escape(c));
    }
    h.push_str("</tr>\n");
    for c in &pair.claims {
        let class = match c.verdict {
            Verdict::Holds => "holds",
            Verdict::DoesNotHold => "does-not-hold",
            Verdict::Unclear => "unclear",
            Verdict::NotMeasured => "not-measured",
        };
        let _ = write!(h, "<tr class=\"{class}\">");
        for cell in claim_cells(c) {
            let _ = write!(h, "<td>{}</td>", escape(&cell));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n");
}

fn selection_table(h: &mut String, t: &SelectionTable) {
    let _ = write!(
        h,
        "<h2>Selection rules</h2>\n<p class=\"small path\">{} ({})</p>\n<div class=\"scroll\"><table><tr>",
        escape(&t.title),
        escape(&t.source.display().to_string())
    );
    for c in &t.columns {
        let _ = write!(h, "<th>{}</th>", escape(c));
    }
    h.push_str("</tr>\n");
    for row in &t.rows {
        h.push_str("<tr>");
        for cell in row {
            let _ = write!(h, "<td>{}</td>", escape(cell));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n");
}

fn samples(h: &mut String, s: &SettingSamples) {
    let _ = write!(
        h,
        "<h3>{}</h3>\n<p class=\"small path\">{}</p>\n<div class=\"moves\">",
        escape(&s.label),
        escape(&s.run_dir)
    );
    for (when, line) in [("early", &s.early), ("late", &s.late)] {
        let _ = write!(h, "<div><h4>{when}: step {}</h4>", line.step);
        for a in line.assignments.iter().take(SHOWN_ASSIGNMENTS) {
            assignment(h, a);
        }
        h.push_str("</div>");
    }
    h.push_str("</div>\n");
}

/// A prompt (its end when long), the reference move, and the group's moves best first.
fn assignment(h: &mut String, a: &SampledAssignment) {
    let chars: Vec<char> = a.prompt.chars().collect();
    let prompt: String = if chars.len() > PROMPT_CHARS {
        let tail: String = chars[chars.len() - PROMPT_CHARS..].iter().collect();
        format!("…{tail}")
    } else {
        a.prompt.clone()
    };
    let _ = write!(
        h,
        "<table><tr><th>prompt</th><td><pre>{}</pre></td></tr>\
         <tr class=\"ref\"><th>reference</th><td><pre>{}</pre></td></tr>",
        escape(&prompt),
        escape(a.reference.as_deref().unwrap_or("(none)"))
    );
    h.push_str("<tr><th>score</th><th>the group's moves, best first</th></tr>");
    let mut moves: Vec<_> = a.moves.iter().collect();
    moves.sort_by(|x, y| {
        y.score
            .unwrap_or(f64::MIN)
            .total_cmp(&x.score.unwrap_or(f64::MIN))
    });
    for m in moves {
        let mut cell = format!("<pre>{}</pre>", escape(&m.text));
        if m.replaced {
            let _ = write!(
                cell,
                "<span class=\"small\">replaced by Frost; sampled: <code>{}</code> ({})</span>",
                escape(m.sampled.as_deref().unwrap_or("?")),
                num(m.sampled_score)
            );
        }
        let _ = write!(h, "<tr><th>{}</th><td>{cell}</td></tr>", num(m.score));
    }
    h.push_str("</table>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_neutralises_markup_and_control_characters() {
        assert_eq!(
            escape("<script>alert('x') & \"y\"</script>\u{1b}[2J\n"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;\u{FFFD}[2J\n"
        );
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(Some(-230.35675)), "-230.357");
        assert_eq!(num(Some(0.0001234)), "1.23e-4");
        assert_eq!(num(None), "-");
        assert_eq!(num(Some(f64::INFINITY)), "inf");
    }
}
