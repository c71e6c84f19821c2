//! End-to-end test: the FLOP meter (`instrument::meter`, counted from the models' shapes)
//! against torch.profiler's count of what libtorch actually ran (`with_flops`) on one training
//! step, in this process: the profiler is switched on through an embedded Python on this
//! thread (its callbacks are per thread, and CPU backwards run on the calling thread), so it
//! sees every product the step runs, forward and backward, whoever called it.

use std::collections::HashMap;
use std::ffi::CString;
use std::process::Command;

use frost_host::instrument::meter;
use frost_host::judge::{self, Budget};
use frost_host::seeds::{derive_seed, DEAL};
use frost_host::train::{optimizer, setup, train_step};
use pyo3::prelude::*;
use pyo3::types::PyModule;

use crate::{common, fixture};

const HELPER: &str = r#"
import torch
from torch.profiler import profile, ProfilerActivity

_prof = None

def start():
    global _prof
    _prof = profile(activities=[ProfilerActivity.CPU], with_flops=True)
    _prof.__enter__()

def stop():
    _prof.__exit__(None, None, None)
    out = {}
    for ev in _prof.events():
        if ev.flops:
            out[ev.name] = out.get(ev.name, 0) + ev.flops
    return out
"#;

/// The profiler helper in the embedded interpreter, importing the venv's torch (the same
/// libtorch this process runs on).
fn profiler() -> Py<PyModule> {
    let ask = "import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))";
    let out = Command::new(common::python())
        .args(["-c", ask])
        .output()
        .unwrap();
    assert!(out.status.success(), "the venv's python finds no torch");
    let site = String::from_utf8(out.stdout).unwrap().trim().to_string();
    Python::attach(|py| -> PyResult<Py<PyModule>> {
        let path = py.import("sys")?.getattr("path")?;
        path.call_method1("insert", (0, site))?;
        let code = CString::new(HELPER).unwrap();
        Ok(PyModule::from_code(py, &code, c"frost_flops.py", c"frost_flops")?.unbind())
    })
    .unwrap()
}

/// FLOPs per profiled op name over what ran between `start` and `stop`.
fn profiled(helper: &Py<PyModule>, f: impl FnOnce()) -> HashMap<String, f64> {
    Python::attach(|py| helper.bind(py).call_method0("start").map(drop)).unwrap();
    f();
    Python::attach(|py| -> PyResult<HashMap<String, f64>> {
        helper.bind(py).call_method0("stop")?.extract()
    })
    .unwrap()
}

/// The products torch ran (`aten::mm`, `aten::addmm`: linear layers, the LM head, the Taylor
/// estimate's `g @ E^T`; attention runs in fused kernels the profiler counts nothing for).
fn products(by_op: &HashMap<String, f64>) -> f64 {
    assert!(
        by_op.contains_key("aten::mm"),
        "the profiler saw no product: {by_op:?}"
    );
    ["aten::mm", "aten::addmm"]
        .iter()
        .filter_map(|op| by_op.get(*op))
        .sum()
}

/// What the meter counted while `f` ran, and what the profiler counted.
fn both(helper: &Py<PyModule>, f: impl FnOnce()) -> (meter::Spent, HashMap<String, f64>) {
    let on = meter::on();
    let by_op = profiled(helper, f);
    let parts = meter::spent_parts();
    drop(on);
    (parts, by_op)
}

/// One Taylor pass of the judge (forward, backward through the frozen base, `g @ E^T`, the
/// target term's LM head rows): every product's input gradient is taken (the differentiated
/// input enters the first layer), so the meter's count equals the profiler's (up to f64
/// summation: 1e-9). One training step (the test config: LoRA, a Frost round, the update with
/// its KL reference): the meter counts an input gradient for every product of a pass with a
/// graph, while autograd skips those whose input needs none: in the update, layer 0's q, k and
/// v (and their adapters' A) read the frozen embedding. The meter exceeds the profiler by
/// exactly those, per update token. Without `g @ E^T` (2 x K L H V per Taylor pass: 2.7% of the
/// pass here) the meter fell short of the profiler by that much in both checks.
#[test]
fn the_meter_counts_the_products_torch_profiler_counts() {
    let mut c = fixture::test_config(true);
    c.run.threads = 1;
    let mut s = setup(&c).unwrap();
    let mut opt = optimizer(&s);
    let helper = profiler();

    let asg = (s.dealer)
        .deal(&s.model.tokenizer, &s.train_split, 11)
        .unwrap();
    let reference = asg.reference_move.clone().unwrap();
    let parents = vec![reference; 4];
    let (k, l) = (parents.len() as i64, parents[0].len() as i64);
    let (parts, by_op) = both(&helper, || {
        let mut budget = Budget::default();
        let _ = judge::taylor_proposal(s.judge(), &asg.program, &parents, &mut budget);
    });
    let (ours, torch) = (parts.products(), products(&by_op));
    let e = s.judge().embed_weight().size();
    let substitutions = 2.0 * (k * l * e[0] * e[1]) as f64;
    eprintln!("Taylor pass: meter {ours:.6e}, profiler {torch:.6e}, g @ E^T {substitutions:.4e}");
    assert!(
        (ours - torch).abs() <= 1e-9 * torch,
        "Taylor pass: meter {ours}, profiler {torch}"
    );

    let mut out = None;
    let (parts, by_op) = both(&helper, || {
        out = Some(train_step(&mut s, &mut opt, 1, false).unwrap());
    });
    let (ours, torch) = (parts.products(), products(&by_op));
    // The update's forward: each assignment's prompt (left-padded to the longest), then every
    // row's move tokens but the last; the assignments dealt again from the step's seeds.
    let out = out.unwrap();
    let prompts: Vec<usize> = (0..out.samples.assignments.len())
        .map(|i| {
            let seed = derive_seed(c.seed, 1, DEAL, i as u64);
            let asg = (s.dealer)
                .deal(&s.model.tokenizer, &s.train_split, seed)
                .unwrap();
            asg.prompt_ids.len()
        })
        .collect();
    let rows: usize = out.samples.assignments.iter().map(|a| a.moves.len()).sum();
    let tokens = prompts.len() * prompts.iter().max().unwrap() + rows * (l as usize - 1);
    // Per token, layer 0's q, k and v input gradients (base, and the adapters' A: r x H each).
    let cfg = s.model.net.config();
    let (h, kv) = (cfg.hidden_size, cfg.kv_heads() * cfg.head_dim());
    let q = cfg.num_attention_heads * cfg.head_dim();
    let r = c.model.lora.as_ref().unwrap().r;
    let skipped = 2.0 * (h * (q + 2 * kv) + 3 * r * h) as f64 * tokens as f64;
    eprintln!(
        "step: meter {ours:.6e}, profiler {torch:.6e}, skipped input gradients {skipped:.6e} \
         ({tokens} update tokens)"
    );
    assert!(
        (ours - torch - skipped).abs() <= 1e-9 * torch,
        "step: meter {ours}, profiler {torch} + skipped {skipped}"
    );
}
