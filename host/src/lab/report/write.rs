//! `frost-host report`: runs -> settings -> claims per pair -> figures -> DIR/index.html,
//! DIR/figures/*.svg, DIR/claims.json and DIR/claims.md.

use std::path::PathBuf;

use serde_json::json;

use super::claims::{self, ClaimsConfig, PairClaims};
use super::html::{self, RenderedFigure, SettingSamples};
use super::runs::{self, Setting};
use super::{figures, plots, samples, selection_table, EvidenceError};
use crate::run::files::{io_error, write_atomic};

pub struct ReportOptions {
    pub inputs: Vec<PathBuf>,
    pub out: PathBuf,
    /// "A=B" labels; empty: the two settings when there are exactly two.
    pub pairs: Vec<String>,
    pub selections: Vec<PathBuf>,
    pub claims: ClaimsConfig,
}

/// What was written, for the command's summary.
pub struct ReportSummary {
    pub settings: Vec<String>,
    pub figures: usize,
    pub pairs: Vec<PairClaims>,
    pub notes: Vec<String>,
}

pub fn write_report(opts: &ReportOptions) -> Result<ReportSummary, EvidenceError> {
    let runs::Loaded {
        settings,
        mut notes,
    } = runs::load(&opts.inputs)?;
    notes.extend(model_notes(&settings));
    let pairs: Vec<PairClaims> = resolve_pairs(&opts.pairs, &settings, &mut notes)?
        .into_iter()
        .map(|(a, b)| claims::judge_pair(&settings[a], &settings[b], &opts.claims))
        .collect();
    let selections = opts
        .selections
        .iter()
        .map(|p| selection_table::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let figures_dir = opts.out.join("figures");
    std::fs::create_dir_all(&figures_dir).map_err(io_error(&figures_dir))?;
    let mut rendered = Vec::new();
    for (fig, caption) in figures::figures(&settings, &mut notes) {
        let svg = plots::svg(&fig)?;
        write_atomic(
            &figures_dir.join(format!("{}.svg", fig.name)),
            svg.as_bytes(),
        )?;
        rendered.push(RenderedFigure {
            name: fig.name,
            title: fig.title,
            caption,
            svg,
        });
    }
    let shown = early_late_samples(&settings)?;
    let inputs: Vec<String> = opts
        .inputs
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let page = html::page(&html::Page {
        inputs: &inputs,
        notes: &notes,
        settings: &settings,
        pairs: &pairs,
        figures: &rendered,
        selections: &selections,
        samples: &shown,
    });
    write_atomic(&opts.out.join("index.html"), page.as_bytes())?;
    let text = claims_json(&inputs, &settings, &pairs, &notes, &opts.claims);
    write_atomic(&opts.out.join("claims.json"), text.as_bytes())?;
    write_atomic(
        &opts.out.join("claims.md"),
        claims_markdown(&pairs, &inputs, &opts.claims, settings.len()).as_bytes(),
    )?;
    Ok(ReportSummary {
        settings: settings.iter().map(|s| s.label.clone()).collect(),
        figures: rendered.len(),
        pairs,
        notes,
    })
}

/// A comparison means something only on the same models: a note when the runs recorded more
/// than one player base or judge (`models.json`), naming them, or a setting's runs more than
/// one game (`game.json`: name@version and SHA-256).
fn model_notes(settings: &[Setting]) -> Vec<String> {
    let runs = || settings.iter().flat_map(|s| &s.runs);
    let mut notes = Vec::new();
    for (what, line) in [
        (
            "player bases",
            runs::Run::player_line as fn(&runs::Run) -> Option<String>,
        ),
        ("judges", runs::Run::judge_line),
    ] {
        let seen: std::collections::BTreeSet<String> = runs().filter_map(line).collect();
        if seen.len() > 1 {
            let list: Vec<String> = seen.into_iter().collect();
            notes.push(format!(
                "The runs were made with different {what}: {}; their figures do not compare.",
                list.join("; ")
            ));
        }
    }
    // A setting's seeds are one game's runs (`game.json`): another build of it is named.
    for s in settings {
        let seen: std::collections::BTreeSet<String> =
            s.runs.iter().filter_map(runs::Run::game_line).collect();
        if seen.len() > 1 {
            let list: Vec<String> = seen.into_iter().collect();
            notes.push(format!(
                "The runs of setting {} were made with different games: {}; its seeds do not \
                 compare.",
                s.label,
                list.join("; ")
            ));
        }
    }
    notes
}

/// claims.json: the inputs, how the claims were computed, the settings and every pair.
fn claims_json(
    inputs: &[String],
    settings: &[Setting],
    pairs: &[PairClaims],
    notes: &[String],
    cfg: &ClaimsConfig,
) -> String {
    let settings: Vec<_> = settings
        .iter()
        .map(|s| {
            json!({
                "label": s.label,
                "seeds": s.runs.iter().map(|r| r.seed).collect::<Vec<_>>(),
                "runs": s.runs.iter().map(|r| r.dir.display().to_string()).collect::<Vec<_>>(),
                "models": s.runs.iter().map(|r| r.models.clone()).collect::<Vec<_>>(),
                "games": s.runs.iter().map(|r| r.game.clone()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let v = json!({
        "inputs": inputs,
        "last_evals": cfg.last,
        "resamples": cfg.resamples,
        "bootstrap_seed": cfg.seed,
        "settings": settings,
        "pairs": pairs,
        "notes": notes,
    });
    serde_json::to_string_pretty(&v).expect("plain JSON values")
}

/// Each setting's early and late moves, from its lowest seed's run.
fn early_late_samples(settings: &[Setting]) -> Result<Vec<SettingSamples>, EvidenceError> {
    let mut shown = Vec::new();
    for s in settings {
        let run = &s.runs[0];
        if let Some((early, late)) = samples::early_and_late(&run.dir)? {
            shown.push(SettingSamples {
                label: s.label.clone(),
                run_dir: run.dir.display().to_string(),
                early,
                late,
            });
        }
    }
    Ok(shown)
}

/// Indices of (A, B) for each `A=B`; by default the two settings when there are exactly
/// two, the Frost one (config `frost.refinement = "frost"`) as A.
fn resolve_pairs(
    given: &[String],
    settings: &[Setting],
    notes: &mut Vec<String>,
) -> Result<Vec<(usize, usize)>, EvidenceError> {
    let index = |l: &str| settings.iter().position(|s| s.label == l);
    let known = || {
        let l: Vec<String> = settings
            .iter()
            .map(|s| format!("\"{}\"", s.label))
            .collect();
        l.join(", ")
    };
    if given.is_empty() {
        if settings.len() != 2 {
            notes.push(no_pair_note(settings.len()));
            return Ok(Vec::new());
        }
        let frost = |i: usize| {
            settings[i]
                .runs
                .iter()
                .all(|r| r.refinement.as_deref() == Some("frost"))
        };
        return Ok(if frost(1) && !frost(0) {
            vec![(1, 0)]
        } else {
            vec![(0, 1)]
        });
    }
    let mut out = Vec::new();
    for pair in given {
        // Labels may hold '=' themselves: the split is where both sides are settings.
        let found = pair
            .match_indices('=')
            .find_map(|(i, _)| Some((index(&pair[..i])?, index(&pair[i + 1..])?)));
        let (a, b) = found.ok_or_else(|| EvidenceError::Pair {
            pair: pair.clone(),
            msg: "expected A=B with A and B setting labels".into(),
            known: known(),
        })?;
        if a == b {
            return Err(EvidenceError::Pair {
                pair: pair.clone(),
                msg: "A and B are the same setting".into(),
                known: known(),
            });
        }
        out.push((a, b));
    }
    Ok(out)
}

/// Why no claim was judged when no pair was named: one setting has nothing to compare with;
/// three or more need the pairs named.
pub fn no_pair_note(settings: usize) -> String {
    match settings {
        0 | 1 => format!(
            "{settings} setting: no claims judged (a claim compares two settings, paired by \
             seed; report runs of a second setting with these)."
        ),
        n => format!("{n} settings: no claims judged; name the pairs with --pair A=B."),
    }
}

/// claims.md: per pair, the table the page shows, in markdown.
pub fn claims_markdown(
    pairs: &[PairClaims],
    inputs: &[String],
    cfg: &ClaimsConfig,
    settings: usize,
) -> String {
    let cell = |s: &str| s.replace('|', "\\|").replace('\n', " ");
    let mut md = format!(
        "# Claims\n\nGenerated by `frost-host report {}`. Paired by seed; 95% intervals from a \
         percentile bootstrap over seeds ({} resamples, seed {}); final figures are the mean of \
         the last {} evaluations.\n",
        inputs.join(" "),
        cfg.resamples,
        cfg.seed,
        cfg.last
    );
    if pairs.is_empty() {
        md.push_str(&format!(
            "\nNo pair of settings was judged: {}\n",
            no_pair_note(settings)
        ));
    } else {
        md.push_str(&format!("\nVerdicts: {}.\n", claims::verdict_rule()));
    }
    for p in pairs {
        md.push_str(&format!(
            "\n## A = {} against B = {}\n\nSeeds in both: {:?}. {}\n\n| {} |\n|{}\n",
            cell(&p.a),
            cell(&p.b),
            p.seeds,
            p.notes.join(" "),
            html::CLAIM_COLUMNS.join(" | "),
            "---|".repeat(html::CLAIM_COLUMNS.len())
        ));
        for c in &p.claims {
            let cells: Vec<String> = html::claim_cells(c).iter().map(|s| cell(s)).collect();
            md.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::report::runs::Run;

    fn run(seed: u64, player_hash: Option<&str>) -> Run {
        Run {
            dir: PathBuf::from(format!("r/{seed}")),
            setting: String::new(),
            seed,
            best_of_n: Some(8),
            refinement: None,
            evals: Vec::new(),
            steps: Vec::new(),
            models: player_hash.map(|h| {
                json!({
                    "player": {"path": "/m/tiny", "content_hash": h,
                               "pretrain": {"steps": 800, "heldout_bits_per_byte": 2.14}},
                    "judge": {"same_as": "player"},
                })
            }),
            game: None,
        }
    }

    #[test]
    fn a_settings_runs_on_different_game_builds_get_a_note_naming_them() {
        let game = |seed, hash: &str| Run {
            game: Some(json!({"game": "infill@0.1.0", "sha256": hash})),
            ..run(seed, None)
        };
        let setting = |runs| Setting {
            label: "L8".into(),
            runs,
        };
        let same = [setting(vec![
            game(0, "aaaaaaaaaaaaaaaa"),
            game(1, "aaaaaaaaaaaaaaaa"),
        ])];
        assert!(model_notes(&same).is_empty());
        assert_eq!(
            same[0].runs[0].game_line().as_deref(),
            Some("infill@0.1.0 (sha256 aaaaaaaaaaaa)")
        );
        let differ = [setting(vec![
            game(0, "aaaaaaaaaaaaaaaa"),
            game(1, "bbbbbbbbbbbbbbbb"),
        ])];
        assert_eq!(
            model_notes(&differ),
            [
                "The runs of setting L8 were made with different games: infill@0.1.0 (sha256 \
              aaaaaaaaaaaa); infill@0.1.0 (sha256 bbbbbbbbbbbb); its seeds do not compare."
            ]
        );
    }

    #[test]
    fn runs_on_different_player_models_get_a_note_naming_them() {
        let setting = |label: &str, runs| Setting {
            label: label.into(),
            runs,
        };
        let same = [
            setting("a", vec![run(0, Some("aaaaaaaaaaaaaaaa"))]),
            setting("b", vec![run(0, Some("aaaaaaaaaaaaaaaa")), run(1, None)]),
        ];
        assert!(model_notes(&same).is_empty());
        let differ = [
            setting("a", vec![run(0, Some("aaaaaaaaaaaaaaaa"))]),
            setting("b", vec![run(0, Some("bbbbbbbbbbbbbbbb"))]),
        ];
        let notes = model_notes(&differ);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("player bases") && notes[0].contains("sha256 aaaaaaaaaaaa"));
        assert!(notes[0].contains("sha256 bbbbbbbbbbbb") && notes[0].contains("2.140 bits/byte"));
    }
}
