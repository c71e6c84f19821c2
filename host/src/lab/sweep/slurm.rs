//! The sweep as a Slurm job array: one array task per run, each calling
//! `frost-host sweep FILE --out DIR --only $SLURM_ARRAY_TASK_ID` in the folder the script was
//! written from, so the runs land in the same layout a local sweep writes.

use std::path::Path;

use super::plan::Plan;

/// The job-array script. Paths are absolute: a batch job starts in another folder.
pub fn slurm_script(plan: &Plan, exe: &Path, sweep_file: &Path, out: &Path, cwd: &Path) -> String {
    let q = |p: &Path| shell_quote(&p.display().to_string());
    let n = plan.runs.len();
    let mut s = String::from("#!/bin/bash\n");
    s.push_str(&format!("#SBATCH --job-name=frost-{}\n", plan.name));
    s.push_str(&format!("#SBATCH --array=0-{}\n", n.saturating_sub(1)));
    s.push_str(&format!(
        "#SBATCH --output={}\n",
        out.join("logs/slurm-%A_%a.out").display()
    ));
    for o in &plan.sbatch {
        s.push_str(&format!("#SBATCH {o}\n"));
    }
    s.push_str(&format!(
        "# {n} runs of sweep `{}` ({}), written by `frost-host sweep --slurm`.\n\
         # Submit with `sbatch SCRIPT`; a task that fails or times out is rerun by resubmitting\n\
         # (done runs are skipped, the others continue from their checkpoints). Index -> run:\n",
        plan.name,
        sweep_file.display()
    ));
    for r in &plan.runs {
        s.push_str(&format!("#   {:>4}  {}\n", r.index, r.name));
    }
    s.push_str("set -euo pipefail\n");
    s.push_str(&format!("cd {}\n", q(cwd)));
    s.push_str(&format!(
        "exec {} sweep {} --out {} --only \"$SLURM_ARRAY_TASK_ID\"\n",
        q(exe),
        q(sweep_file),
        q(out)
    ));
    s
}

/// Single-quoted for sh.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::shell_quote;

    #[test]
    fn quotes_survive_the_shell() {
        assert_eq!(shell_quote("/a b/c"), "'/a b/c'");
        assert_eq!(shell_quote("it's"), r"'it'\''s'");
    }
}
