//! A group of consecutive ranks that together hold one copy of the model (tensor parallelism:
//! docs/scaling.md, "Tensor and expert parallel"): the collectives over that group only, on
//! tensors of the kinds the model computes in, each counted (calls and bytes) so that a
//! benchmark can say what a phase sent. A group of one rank does nothing and counts nothing.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::prelude::*;
use tch::{Kind, Tensor};

use super::{Dist, DistError};

/// Collectives this process made, its groups' and the whole run's together (calls, bytes):
/// what `bench --phases` counts per phase (`instrument::phases`).
static CALLS: AtomicU64 = AtomicU64::new(0);
static BYTES: AtomicU64 = AtomicU64::new(0);

/// The collectives made so far in this process: (calls, bytes).
pub fn collectives_so_far() -> (u64, u64) {
    (CALLS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed))
}

/// One collective of `bytes` made (a group's or the whole run's).
pub(super) fn note_collective(bytes: u64) {
    CALLS.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(bytes, Ordering::Relaxed);
}

/// What a reduction computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReduceOp {
    Sum,
    Max,
}

/// Calls and payload bytes of one kind of collective. The bytes are this rank's tensor as
/// passed in (an all-gather's input, not its T-fold output): what the design's cost model
/// counts per call (docs/scaling.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub calls: u64,
    pub bytes: u64,
}

/// Collectives made so far, by name ("all-reduce sum", "all-reduce max", "all-gather").
pub type Traffic = BTreeMap<&'static str, Count>;

/// This rank's tensor-parallel group: `size` consecutive ranks, this one at `rank` in it.
pub struct Group {
    pub rank: usize,
    pub size: usize,
    /// The group's index in the helper and the helper (None for a group of one).
    joined: Option<(usize, Py<PyModule>)>,
    /// Where this rank stands in the world (for error messages) and its CUDA index (-1: CPU).
    world: (usize, usize),
    device: i64,
    /// Shared with the copy the backward's registry holds (dist/backward.rs), so that what a
    /// backward sends is counted with the rest.
    traffic: Arc<Mutex<Traffic>>,
    /// This group's key in that registry, once a backward needs it.
    pub(super) backward_key: OnceLock<i64>,
    /// The first collective that failed inside the model, whose forwards return tensors, not
    /// results ([`Group::note_failure`]); the pass that ran the model reads it.
    failure: Arc<Mutex<Option<DistError>>>,
}

impl Group {
    /// A group of one: every collective is the identity.
    pub fn single() -> Group {
        Group {
            rank: 0,
            size: 1,
            joined: None,
            world: (0, 1),
            device: -1,
            traffic: Arc::default(),
            backward_key: OnceLock::new(),
            failure: Arc::default(),
        }
    }

    /// What was sent since the group was made (or last [`Group::take_traffic`]).
    pub fn traffic(&self) -> Traffic {
        self.traffic.lock().expect("traffic lock").clone()
    }

    /// What was sent, and the counters back at zero (one phase's figures).
    pub fn take_traffic(&self) -> Traffic {
        std::mem::take(&mut *self.traffic.lock().expect("traffic lock"))
    }

    /// Keeps `e` (the first only) for [`Group::take_failure`]: a collective inside the model
    /// failed, and every later one fails at once (a rank is gone: waiting again would only
    /// add a timeout per layer).
    pub fn note_failure(&self, e: DistError) {
        let mut failure = self.failure.lock().expect("failure lock");
        if failure.is_none() {
            tracing::debug!("inside the split model: {e}");
            *failure = Some(e);
        }
    }

    /// The failure kept by [`Group::note_failure`] since the last call, if any: what a pass
    /// that ran the model returns (its outputs are not to be used then).
    pub fn take_failure(&self) -> Result<(), DistError> {
        match self.failure.lock().expect("failure lock").take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// An error when an earlier collective failed inside the model.
    fn refuse_after_failure(&self, op: &'static str) -> Result<(), DistError> {
        match &*self.failure.lock().expect("failure lock") {
            Some(e) => Err(DistError::Collective {
                rank: self.world.0,
                size: self.world.1,
                op,
                msg: format!("skipped after an earlier failure ({e})"),
            }),
            None => Ok(()),
        }
    }

    fn count(&self, op: &'static str, t: &Tensor) {
        let bytes = (t.numel() * t.kind().elt_size_in_bytes()) as u64;
        note_collective(bytes);
        let mut traffic = self.traffic.lock().expect("traffic lock");
        let c = traffic.entry(op).or_default();
        c.calls += 1;
        c.bytes += bytes;
    }

    fn call(
        &self,
        op: &'static str,
        helper: &Py<PyModule>,
        f: impl FnOnce(&Bound<PyModule>) -> PyResult<()>,
    ) -> Result<(), DistError> {
        Python::attach(|py| f(helper.bind(py))).map_err(|e| DistError::Collective {
            rank: self.world.0,
            size: self.world.1,
            op,
            msg: super::one_line(&e),
        })
    }

    /// `t` (contiguous, on this rank's device) reduced over the group in place.
    pub fn all_reduce(&self, t: &Tensor, op: ReduceOp) -> Result<(), DistError> {
        let name = match op {
            ReduceOp::Sum => "all-reduce sum",
            ReduceOp::Max => "all-reduce max",
        };
        self.all_reduce_named(t, op, name)
    }

    /// [`Group::all_reduce`], counted under `name` (the backward's sums have their own).
    pub(super) fn all_reduce_named(
        &self,
        t: &Tensor,
        op: ReduceOp,
        name: &'static str,
    ) -> Result<(), DistError> {
        let Some((index, helper)) = &self.joined else {
            return Ok(());
        };
        assert!(t.is_contiguous(), "collectives take contiguous tensors");
        self.refuse_after_failure(name)?;
        let op = match op {
            ReduceOp::Sum => "sum",
            ReduceOp::Max => "max",
        };
        self.count(name, t);
        let (ptr, n, kind) = (t.data_ptr() as usize, t.numel() as i64, kind_name(t.kind()));
        self.call(name, helper, |m| {
            let args = (ptr, n, self.device, kind, op, *index);
            m.call_method1("group_all_reduce", args).map(drop)
        })
    }

    /// Every member's `t` (all of one shape), stacked by group rank: [size, ..t's shape].
    pub fn all_gather(&self, t: &Tensor) -> Result<Tensor, DistError> {
        let t = t.contiguous();
        let mut shape = vec![self.size as i64];
        shape.extend(t.size());
        let Some((index, helper)) = &self.joined else {
            return Ok(t.view(shape.as_slice()));
        };
        self.refuse_after_failure("all-gather")?;
        self.count("all-gather", &t);
        let out = Tensor::empty(shape.as_slice(), (t.kind(), t.device()));
        let (n, kind) = (t.numel() as i64, kind_name(t.kind()));
        let (out_ptr, in_ptr) = (out.data_ptr() as usize, t.data_ptr() as usize);
        self.call("all-gather", helper, |m| {
            let args = (out_ptr, in_ptr, n, self.device, kind, *index);
            m.call_method1("group_all_gather", args).map(drop)
        })?;
        Ok(out)
    }
}

impl std::fmt::Debug for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Group {{ rank: {}, size: {} }}", self.rank, self.size)
    }
}

impl Group {
    /// Another handle on this group: the same helper group and the same counters.
    pub(super) fn share(&self) -> Group {
        let joined =
            (self.joined.as_ref()).map(|(i, h)| (*i, Python::attach(|py| h.clone_ref(py))));
        Group {
            rank: self.rank,
            size: self.size,
            joined,
            world: self.world,
            device: self.device,
            traffic: Arc::clone(&self.traffic),
            backward_key: OnceLock::new(),
            failure: Arc::clone(&self.failure),
        }
    }
}

/// The helper's name for a tensor kind the collectives take.
fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Float => "f32",
        Kind::Double => "f64",
        Kind::BFloat16 => "bf16",
        Kind::Half => "f16",
        Kind::Int64 => "i64",
        other => {
            panic!("tensor-parallel collectives take f32, f64, bf16, f16 or i64, not {other:?}")
        }
    }
}

impl Dist {
    /// Splits the world into groups of `size` consecutive ranks (a replica sits inside one node
    /// when `size` divides the ranks per node) and returns this rank's. Every rank must call it
    /// with the same `size`, in the same order as any other collective; each group has the
    /// process group's timeout. `size` must divide the world size (the caller checks the config
    /// first and names its key).
    pub fn tensor_group(&self, size: usize) -> Result<Group, DistError> {
        let (rank, world) = (self.world.rank, self.world.size);
        assert!(
            size > 0 && world % size == 0,
            "a group size of {size} does not divide the world size {world}"
        );
        if size == 1 {
            return Ok(Group::single());
        }
        let helper = self.helper.as_ref().expect("a joined process group");
        let (index, helper) = self.call("new group", |py, m| {
            let index: usize = m.call_method1("new_groups", (size,))?.extract()?;
            Ok((index, helper.clone_ref(py)))
        })?;
        Ok(Group {
            rank: rank % size,
            size,
            joined: Some((index, helper)),
            world: (rank, world),
            device: self.device,
            traffic: Arc::default(),
            backward_key: OnceLock::new(),
            failure: Arc::default(),
        })
    }
}
