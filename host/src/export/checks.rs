//! What an export checks of what it wrote, before the folder is renamed into place: every
//! weight file read back parses, holds exactly the tensors meant (names, shapes, dtypes, the
//! values themselves) and only finite values. The checkpoint it came from was checked when it
//! was read (`train::load_policy_weights`: checksums, parse, fit, finite values).

use std::collections::BTreeMap;
use std::path::Path;

use tch::Tensor;

use super::ExportError;
use crate::model::LoadedModel;
use crate::train::all_finite;

/// The adapter written into `dir` loads into `model` (the loader's name and shape checks) and
/// gives back exactly `expected`, the adapter read from the checkpoint.
pub(super) fn adapter_reads_back(
    model: &mut LoadedModel,
    dir: &Path,
    out: &Path,
    expected: &[Tensor],
) -> Result<(), ExportError> {
    let file = "adapter_model.safetensors";
    let fail = |msg: String| read_back(out, file, msg);
    model
        .load_adapter(dir)
        .map_err(|e| fail(first_line(&e.to_string(), dir)))?;
    let got = model.trainable_variables();
    if !all_finite(got.iter()) {
        return Err(fail("holds non-finite values".into()));
    }
    let same = got.len() == expected.len() && got.iter().zip(expected).all(|(a, b)| a.equal(b));
    match same {
        true => Ok(()),
        false => Err(fail("differs from the checkpoint's adapter".into())),
    }
}

/// The weight files `files` written into `dir` hold exactly `expected` (name -> tensor): each
/// tensor once, with its shape, dtype and values, all finite.
pub(super) fn weights_read_back(
    dir: &Path,
    out: &Path,
    files: &[String],
    expected: &[(String, Tensor)],
) -> Result<(), ExportError> {
    let want: BTreeMap<&str, &Tensor> = expected.iter().map(|(n, t)| (n.as_str(), t)).collect();
    let mut seen = BTreeMap::new();
    for file in files {
        let fail = |msg: String| read_back(out, file, msg);
        let tensors = Tensor::read_safetensors(dir.join(file))
            .map_err(|e| fail(first_line(&e.to_string(), dir)))?;
        for (name, t) in tensors {
            let Some(w) = want.get(name.as_str()) else {
                return Err(fail(format!("holds `{name}`, which was not written")));
            };
            if t.size() != w.size() || t.kind() != w.kind() {
                return Err(fail(format!(
                    "holds `{name}` as {:?} {:?}, written as {:?} {:?}",
                    t.kind(),
                    t.size(),
                    w.kind(),
                    w.size()
                )));
            }
            if !all_finite(std::iter::once(&t)) {
                return Err(fail(format!("`{name}` holds non-finite values")));
            }
            if !t.equal(w) {
                return Err(fail(format!("`{name}` differs from the values written")));
            }
            if seen.insert(name.clone(), file).is_some() {
                return Err(fail(format!("holds `{name}` a second time")));
            }
        }
    }
    match want.keys().find(|n| !seen.contains_key(**n)) {
        Some(n) => Err(read_back(out, "the weights", format!("lack `{n}`"))),
        None => Ok(()),
    }
}

fn read_back(out: &Path, file: &str, msg: String) -> ExportError {
    ExportError::ReadBack {
        out: out.to_path_buf(),
        file: file.to_string(),
        msg,
    }
}

/// A loader's message on one line, without the temporary folder's path (not the user's).
fn first_line(msg: &str, dir: &Path) -> String {
    let line = msg.lines().next().unwrap_or_default();
    line.replace(&format!("{}/", dir.display()), "")
}
