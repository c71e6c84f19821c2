//! `frost-host report RUN_OR_SWEEP_DIR... --out DIR`: the evidence page of finished runs.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use frost_host::lab::report::claims::{self, ClaimsConfig};
use frost_host::lab::report::html::claim_cells;
use frost_host::lab::report::write::{write_report, ReportOptions};
use frost_host::lab::stats;

#[derive(Args)]
pub struct ReportArgs {
    /// Run directories, sweep directories (with sweep.json), or folders of run directories.
    #[arg(required = true, value_name = "RUN_OR_SWEEP_DIR")]
    pub inputs: Vec<PathBuf>,
    /// Where to write index.html, figures/*.svg, claims.json and claims.md.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Judge setting A against setting B, paired by seed (repeatable). Default: the two
    /// settings when there are exactly two, the Frost one as A.
    #[arg(long = "pair", value_name = "A=B")]
    pub pairs: Vec<String>,
    /// An `analyze-selection --out` JSON file to show as the selection-rule table (repeatable).
    #[arg(long = "selection", value_name = "FILE.json")]
    pub selections: Vec<PathBuf>,
    /// A run's final figure is the mean of its last M evaluations.
    #[arg(long, value_name = "M", default_value_t = 3)]
    pub last: usize,
    /// Bootstrap resamples per interval.
    #[arg(long, default_value_t = stats::RESAMPLES)]
    pub resamples: usize,
}

pub fn run(a: ReportArgs) -> anyhow::Result<()> {
    if a.last == 0 || a.resamples == 0 {
        anyhow::bail!("--last and --resamples must be at least 1");
    }
    let opts = ReportOptions {
        inputs: a.inputs,
        out: a.out.clone(),
        pairs: a.pairs,
        selections: a.selections,
        claims: ClaimsConfig {
            last: a.last,
            resamples: a.resamples,
            ..ClaimsConfig::default()
        },
    };
    let summary = write_report(&opts).context("report")?;
    if !summary.pairs.is_empty() {
        println!("verdicts: {}", claims::verdict_rule());
    }
    for p in &summary.pairs {
        println!("A = {}, B = {} ({} seeds in both)", p.a, p.b, p.seeds.len());
        for c in &p.claims {
            // The verdict, the figure, its interval, the p it was judged with, and why when
            // the rule left it unclear (cells[0] is the claim with its note).
            let cells = claim_cells(c);
            let p = match c.p {
                Some(_) => format!(" p={}", cells[5]),
                None => String::new(),
            };
            println!(
                "  {:<13} {} {}{p} (n={})  {}",
                cells[7], cells[3], cells[4], c.n, cells[0]
            );
        }
    }
    for n in &summary.notes {
        println!("note: {n}");
    }
    println!(
        "wrote {} ({} settings, {} figures), claims.json, claims.md",
        a.out.join("index.html").display(),
        summary.settings.len(),
        summary.figures
    );
    Ok(())
}
