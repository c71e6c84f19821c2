//! Data parallelism on torch.distributed: one run over many processes (GPUs or CPU ranks),
//! launched as PyTorch jobs are (`torchrun`, `srun`). This module is the only place that
//! knows how: [`World::from_env`] reads the launcher's environment, [`Dist::init`] joins the
//! process group, and the collectives ([`Dist::all_reduce_sum`], [`Dist::broadcast`],
//! [`Dist::all_gather_bytes`], [`Dist::barrier`]) each have the group's timeout. A single
//! process (no launcher) is [`Dist::single`], whose collectives do nothing, so the trainer
//! reads the same with one rank or many.
//!
//! The engine is libtorch's own c10d (Gloo on CPU, NCCL on CUDA, TCPStore rendezvous, or the
//! torchrun agent's store), called through `torch.distributed` in an interpreter embedded in
//! this process: the same libtorch the models run on (one copy in memory), and tensors passed
//! by pointer, not copied (`__cuda_array_interface__` on GPUs, a buffer over the memory on the
//! CPU). docs/scaling.md says why this and not a C++ shim.

use std::ffi::CString;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

mod backward;
mod group;
mod join;
mod quiet;
mod replica;
pub mod site;
mod world;

pub use backward::{sum_grad_in_backward, BACKWARD_SUM};
pub use group::{collectives_so_far, Count, Group, ReduceOp, Traffic};
use join::join_failure;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList};
use tch::{Device, Kind, Tensor};
pub use world::World;

#[derive(Debug, thiserror::Error)]
pub enum DistError {
    #[error("{var}={value:?}: {msg}")]
    Env {
        var: String,
        value: String,
        msg: String,
    },
    #[error(
        "rank {rank} of {size}: torch.distributed: {msg} (the venv's torch must be importable \
         by the interpreter torch was installed for; docs/scaling.md)"
    )]
    Init {
        rank: usize,
        size: usize,
        msg: String,
    },
    /// The embedded interpreter cannot import torch from where it was told to look.
    #[error(
        "rank {rank} of {size}: the embedded Python cannot import torch ({msg}); looked in \
         {from}: set FROST_PYTHON to the interpreter whose torch this binary was built for, or \
         FROST_TORCH_SITE_PACKAGES to the folder holding its torch (docs/install.md)"
    )]
    NoTorch {
        rank: usize,
        size: usize,
        msg: String,
        from: String,
    },
    /// The rendezvous failed: a rank that never came, a port taken or unreachable.
    #[error("rank {rank} of {size}: {what}")]
    Join {
        rank: usize,
        size: usize,
        what: String,
    },
    /// A rank's own error, as every rank reports it.
    #[error("rank {rank}: {msg}")]
    Rank { rank: usize, msg: String },
    #[error(
        "rank {rank} of {size}: {op} failed: {msg} (another rank stopped, died or is \
         too slow: its own log says why)"
    )]
    Collective {
        rank: usize,
        size: usize,
        op: &'static str,
        msg: String,
    },
    /// This rank's own failed collective (inside the split model), said without asking the
    /// other ranks: one of them may be the cause, hung, and asking would wait a timeout more.
    #[error("{0}")]
    Failed(String),
}

/// The helper the collectives run in (torch.distributed on tensors given by pointer).
const HELPER: &str = include_str!("dist/helper.py");

/// This process's place in the job and, with more than one rank, the joined process group.
pub struct Dist {
    pub world: World,
    helper: Option<Py<PyModule>>,
    /// The CUDA device index the collectives' tensors are on; -1 for the CPU.
    device: i64,
    /// The ranks that share this rank's copy of the model (`parallel.tensor` > 1), set by
    /// [`Dist::split_model`]; None: every rank holds the whole model.
    tensor: Option<Arc<Group>>,
    /// Set once a collective inside the split model failed (`Dist::model_failure`).
    broken: AtomicBool,
}

impl Dist {
    /// One process: every collective is the identity.
    pub fn single() -> Dist {
        Dist {
            world: World::single(),
            helper: None,
            device: -1,
            tensor: None,
            broken: Default::default(),
        }
    }

    pub fn is_single(&self) -> bool {
        self.world.size == 1
    }

    pub fn is_main(&self) -> bool {
        self.world.rank == 0
    }

    /// Join the process group (NCCL for a CUDA `device`, Gloo on the CPU): the rendezvous waits
    /// `join_s` for every rank, every collective then `timeout_s`. A world of one joins nothing.
    pub fn init(
        world: World,
        device: Device,
        join_s: u64,
        timeout_s: u64,
    ) -> Result<Dist, DistError> {
        if world.size == 1 {
            return Ok(Dist::single());
        }
        let index = match device {
            Device::Cuda(i) => i as i64,
            _ => -1,
        };
        let backend = if index >= 0 { "nccl" } else { "gloo" };
        let (rank, size) = (world.rank, world.size);
        // Slurm's tasks have no RANK/WORLD_SIZE; env:// reads them (and MASTER_ADDR/PORT).
        for (var, v) in [
            ("RANK", rank),
            ("WORLD_SIZE", size),
            ("LOCAL_RANK", world.local_rank),
        ] {
            if std::env::var_os(var).is_none() {
                // SAFETY: set before any thread of ours reads the environment.
                unsafe { std::env::set_var(var, v.to_string()) };
            }
        }
        // Importing torch fails on a broken venv; joining fails on the other ranks or the
        // network: each gets its own hint.
        let (dirs, from) = site::torch_site_packages();
        Python::attach(|py| -> PyResult<()> {
            let path = py.import("sys")?.getattr("path")?;
            for dir in dirs.iter().rev() {
                path.call_method1("insert", (0, dir))?;
            }
            py.import("torch").map(drop)
        })
        .map_err(|e| DistError::NoTorch {
            rank,
            size,
            msg: one_line(&e),
            from,
        })?;
        let helper = Python::attach(|py| -> PyResult<Py<PyModule>> {
            let code = CString::new(HELPER).expect("no NUL in the helper");
            let m = PyModule::from_code(py, &code, c"frost_dist.py", c"frost_dist")?;
            Ok(m.unbind())
        })
        .map_err(|e| DistError::Init {
            rank,
            size,
            msg: one_line(&e),
        })?;
        let quiet = quiet::Quiet::start();
        let joined = Python::attach(|py| {
            let args = (
                backend,
                rank,
                size,
                world.local_rank,
                join_s,
                timeout_s,
                index,
            );
            helper.bind(py).call_method1("init", args).map(drop)
        });
        if let Some(said) = quiet.map(quiet::Quiet::finish).filter(|s| !s.is_empty()) {
            tracing::debug!("libtorch while joining:\n{said}");
        }
        joined.map_err(|e| DistError::Join {
            rank,
            size,
            what: join_failure(&one_line(&e), size, join_s),
        })?;
        Ok(Dist {
            world,
            helper: Some(helper),
            device: index,
            tensor: None,
            broken: Default::default(),
        })
    }

    fn call<T>(
        &self,
        op: &'static str,
        f: impl FnOnce(Python, &Bound<PyModule>) -> PyResult<T>,
    ) -> Result<T, DistError> {
        let helper = self.helper.as_ref().expect("a joined process group");
        Python::attach(|py| f(py, helper.bind(py))).map_err(|e| DistError::Collective {
            rank: self.world.rank,
            size: self.world.size,
            op,
            msg: one_line(&e),
        })
    }

    /// (pointer, elements) of a contiguous f32 tensor on this rank's device.
    fn raw(&self, t: &Tensor) -> (usize, i64) {
        assert_eq!(t.kind(), Kind::Float, "collectives take f32 tensors");
        assert!(t.is_contiguous(), "collectives take contiguous tensors");
        (t.data_ptr() as usize, t.numel() as i64)
    }

    /// Sum `t` (f32, contiguous) over the ranks, in place.
    pub fn all_reduce_sum(&self, t: &Tensor) -> Result<(), DistError> {
        if self.is_single() || t.numel() == 0 {
            return Ok(());
        }
        let (ptr, n) = self.raw(t);
        group::note_collective(n as u64 * 4);
        self.call("all-reduce", |_, m| {
            m.call_method1("all_reduce", (ptr, n, self.device))
                .map(drop)
        })
    }

    /// `n` summed over the replicas (a count, exact in f32 below 2^24): the ranks of one
    /// replica count the same items, so only its first counts them.
    pub fn sum_count(&self, n: usize) -> Result<usize, DistError> {
        if self.is_single() {
            return Ok(n);
        }
        let n = if self.leads_replica() { n } else { 0 };
        let device = match self.device {
            -1 => Device::Cpu,
            i => Device::Cuda(i as usize),
        };
        let t = Tensor::from_slice(&[n as f32]).to_device(device);
        self.all_reduce_sum(&t)?;
        Ok(t.double_value(&[0]).round() as usize)
    }

    /// Rank `src`'s `t` (f32, contiguous) on every rank, in place.
    pub fn broadcast(&self, t: &Tensor, src: usize) -> Result<(), DistError> {
        if self.is_single() || t.numel() == 0 {
            return Ok(());
        }
        let (ptr, n) = self.raw(t);
        group::note_collective(n as u64 * 4);
        self.call("broadcast", |_, m| {
            m.call_method1("broadcast", (ptr, n, self.device, src))
                .map(drop)
        })
    }

    /// Every rank's `data`, by rank.
    pub fn all_gather_bytes(&self, data: &[u8]) -> Result<Vec<Vec<u8>>, DistError> {
        if self.is_single() {
            return Ok(vec![data.to_vec()]);
        }
        group::note_collective(data.len() as u64);
        self.call("all-gather", |py, m| {
            let out = m.call_method1("all_gather", (PyBytes::new(py, data),))?;
            let list = out.cast::<PyList>()?;
            list.iter()
                .map(|b| Ok(b.cast::<PyBytes>()?.as_bytes().to_vec()))
                .collect()
        })
    }

    /// Every rank's `(index, item)` records of [`Dist::share`]`(n)`, as one list in index order
    /// (the same on every rank; the ranks of one replica send the same records, either fills a
    /// slot).
    pub fn gather_ordered<T>(&self, mine: &[(usize, T)], n: usize) -> Result<Vec<T>, DistError>
    where
        T: serde::Serialize + serde::de::DeserializeOwned,
    {
        // One rank goes through the same encoding as many: the records every rank reads back.
        let bytes = postcard::to_stdvec(mine).expect("records serialize");
        let mut slots: Vec<Option<T>> = (0..n).map(|_| None).collect();
        for part in self.all_gather_bytes(&bytes)? {
            let items: Vec<(usize, T)> = postcard::from_bytes(&part).map_err(|e| {
                self.collective_error("all-gather", format!("a rank's records: {e}"))
            })?;
            for (i, t) in items {
                if let Some(slot) = slots.get_mut(i) {
                    *slot = Some(t);
                }
            }
        }
        (slots.into_iter().enumerate())
            .map(|(i, t)| {
                t.ok_or_else(|| {
                    self.collective_error("all-gather", format!("no rank sent item {i}"))
                })
            })
            .collect()
    }

    /// Every rank reports how its part of a step went (and whether it was asked to stop)
    /// before the next collective: a rank's error stops all of them, naming it, instead of
    /// leaving the others waiting. Returns whether any rank was asked to stop.
    pub fn agree(&self, mine: Result<(), String>, stop: bool) -> Result<bool, DistError> {
        if self.is_single() {
            return match mine {
                Ok(()) => Ok(stop),
                Err(msg) => Err(DistError::Rank { rank: 0, msg }),
            };
        }
        // A rank whose own collective failed stops at once with its error: the others learn
        // of it through their own collectives, and a hung rank would make asking them wait a
        // whole timeout more.
        if let (Err(msg), true) = (&mine, self.broken.load(Ordering::Relaxed)) {
            return Err(DistError::Failed(msg.clone()));
        }
        let status = postcard::to_stdvec(&(mine.err(), stop)).expect("a status serializes");
        let mut any_stop = false;
        for (rank, part) in self.all_gather_bytes(&status)?.into_iter().enumerate() {
            let (err, stop): (Option<String>, bool) = postcard::from_bytes(&part).map_err(|e| {
                self.collective_error("all-gather", format!("a rank's status: {e}"))
            })?;
            if let Some(msg) = err {
                return Err(DistError::Rank { rank, msg });
            }
            any_stop |= stop;
        }
        Ok(any_stop)
    }

    fn collective_error(&self, op: &'static str, msg: String) -> DistError {
        DistError::Collective {
            rank: self.world.rank,
            size: self.world.size,
            op,
            msg,
        }
    }

    /// Wait for every rank.
    pub fn barrier(&self) -> Result<(), DistError> {
        if self.is_single() {
            return Ok(());
        }
        self.call("barrier", |_, m| m.call_method0("barrier").map(drop))
    }
}

/// Set by a process that runs several runs in one launch (`bench --phases`): the process group
/// outlives each run's `Dist`, since joining again would rendezvous through the launcher's
/// store, which still holds the first join's keys.
static KEEP_PROCESS_GROUP: AtomicBool = AtomicBool::new(false);

/// Keeps the process group joined for the rest of the process (see [`KEEP_PROCESS_GROUP`]).
pub fn keep_process_group() {
    KEEP_PROCESS_GROUP.store(true, Ordering::Relaxed);
}

impl Drop for Dist {
    fn drop(&mut self) {
        if KEEP_PROCESS_GROUP.load(Ordering::Relaxed) {
            return;
        }
        if let Some(h) = &self.helper {
            let _ = Python::attach(|py| h.bind(py).call_method0("destroy").map(drop));
        }
    }
}

/// A Python error's last line (the exception, without the traceback).
pub(crate) fn one_line(e: &PyErr) -> String {
    let s = e.to_string();
    s.lines()
        .last()
        .unwrap_or_default()
        .chars()
        .take(500)
        .collect()
}
