//! `frost-host`: the Frost trainer. With no subcommand it trains (`frost-host --game infill.wasm`).

mod cli;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "frost-host",
    version,
    about = "Train language models on cross-entropy games with Frost-GRPO",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    train: cli::train::TrainArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Pretrain the embedded default model (tokenizer + small Qwen3) on a text corpus.
    Pretrain(cli::pretrain::PretrainArgs),
    /// Print a game's description and config schema.
    GameInfo(cli::game::GameInfoArgs),
    /// Play one round of a game on a text and print the player prompt and judge program.
    GameCheck(cli::game::GameCheckArgs),
    /// Write a new game folder (`game new --lang python|rust NAME`) or build one into a
    /// component (`game build NAME/`).
    Game(cli::game_author::GameArgs),
    /// Print the JSON Schema of the training config.
    Schema,
    /// Build the embedded default model if missing, then train on it (what `make demo` runs).
    Demo(cli::train::DemoArgs),
    /// Speed figures for the model and the training phases on this machine.
    Bench(cli::bench::BenchArgs),
    /// Train a grid of settings x seeds as run directories (resumable, --jobs, --slurm).
    Sweep(cli::sweep::SweepArgs),
    /// Compare the Frost selection rules on the same sampled parents, every child rescored
    /// exactly by the judge (fraction improved, exact gains, the estimate's quality).
    AnalyzeSelection(cli::analyze::AnalyzeArgs),
    /// An HTML report of finished runs or sweeps: figures, and the paper's claims judged
    /// paired by seed with bootstrap intervals.
    Report(cli::report::ReportArgs),
    /// Evaluate a checkpoint, a run's step or a base model as training evaluates (held-out
    /// best-of-N, mean, diversity), on any game, corpus or split; --against base pairs it with
    /// the base model.
    Eval(cli::eval::EvalArgs),
    /// Play one round with a trained player: its sampled moves with exact scores, and with
    /// --refine R, R Frost rounds at test time showing every verified edit and its gain.
    Play(cli::play::PlayArgs),
    /// Export a run's checkpoint: the PEFT adapter, or --merged a Hugging Face model, with a model card.
    Export(cli::export::ExportArgs),
}

fn main() {
    // Under a launcher only rank 0 logs at info: the other ranks would repeat every setup and
    // progress line; their warnings and errors still show (FROST_LOG overrides both).
    let follower =
        frost_host::dist::World::from_env(|k| std::env::var(k).ok()).is_ok_and(|w| w.rank != 0);
    let level = if follower { "warn" } else { "info" };
    let filter = tracing_subscriber::EnvFilter::try_from_env("FROST_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        // Colours only on a terminal: a log file (a sweep's, a Slurm job's) reads as plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_target(false)
        .init();
    let cli = Cli::parse();
    // A panic (libtorch failing outside a guarded training step: out of memory while loading
    // or evaluating, a bug) becomes one error line like any other; RUST_BACKTRACE=1 keeps
    // the default report with its trace.
    let result = if std::env::var_os("RUST_BACKTRACE").is_some() {
        dispatch(cli)
    } else {
        let run = std::panic::AssertUnwindSafe(|| dispatch(cli));
        match frost_host::terminal::quiet_panics(|| std::panic::catch_unwind(run)) {
            Ok(result) => result,
            Err(payload) => {
                let text = frost_host::terminal::panic_text(payload.as_ref());
                // The reader of our output went away (`frost-host ... | head`): stop quietly
                // with the status a shell tool killed by SIGPIPE has.
                if text.contains("Broken pipe") {
                    std::process::exit(141);
                }
                Err(anyhow::anyhow!(
                    "{text} (an internal failure; RUST_BACKTRACE=1 shows where; a run resumes \
                     from its last checkpoint with --resume)"
                ))
            }
        }
    };
    if let Err(err) = result {
        // Not eprintln!: with stderr closed too, a failed write must not become a panic.
        use std::io::Write;
        let line = frost_host::terminal::printable(&one_line(&err)).into_owned();
        let _ = writeln!(std::io::stderr(), "error: {line}");
        // `game-check --validate`: 1 is a failed check, 2 what could not be loaded.
        let usage = err.is::<cli::game_validate::UsageError>();
        std::process::exit(if usage { 2 } else { 1 });
    }
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => cli::train::run(cli.train),
        Some(Command::Pretrain(a)) => cli::pretrain::run(a),
        Some(Command::GameInfo(a)) => cli::game::info(a),
        Some(Command::GameCheck(a)) => cli::game::check(a),
        Some(Command::Game(a)) => cli::game_author::run(a),
        Some(Command::Schema) => cli::train::schema(),
        Some(Command::Demo(a)) => cli::train::demo(a),
        Some(Command::Bench(a)) => cli::bench::run(a),
        Some(Command::Sweep(a)) => cli::sweep::run(a),
        Some(Command::AnalyzeSelection(a)) => cli::analyze::run(a),
        Some(Command::Report(a)) => cli::report::run(a),
        Some(Command::Eval(a)) => cli::eval::run(a),
        Some(Command::Play(a)) => cli::play::run(a),
        Some(Command::Export(a)) => cli::export::run(a),
    }
}

/// One line for the user: the chain of contexts, no backtrace. Library errors often already
/// print their source inside their own message (`game {path}: {source}`), so a cause whose
/// text is already on the line is not repeated.
fn one_line(err: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[derive(Debug, thiserror::Error)]
    #[error("inner rule broken")]
    struct Inner;

    #[derive(Debug, thiserror::Error)]
    #[error("game g: {source}")]
    struct Outer {
        source: Inner,
    }

    #[test]
    fn causes_already_on_the_line_are_not_repeated() {
        let err = anyhow::Error::new(Outer { source: Inner }).context("training run r");
        assert_eq!(one_line(&err), "training run r: game g: inner rule broken");
        let plain = anyhow::Error::new(Inner).context("loading x");
        assert_eq!(one_line(&plain), "loading x: inner rule broken");
    }
}
