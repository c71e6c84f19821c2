//! The collective a backward makes: a value every rank of a tensor-parallel group holds alike
//! (the residual stream, a log-sum-exp) that enters each rank's share of sharded work (a
//! column-parallel projection, its experts, its vocabulary columns) has, as its gradient, the
//! sum over the group of what each rank's share sends back (Megatron's "copy to the
//! tensor-parallel region"). tch has no custom autograd function, so Frost's patch of torch-sys
//! adds one in C++ (an identity whose backward calls back here, third_party/torch-sys/README.md):
//! the backward's all-reduce runs inside autograd's own ordering, and `backward()` stays one
//! call. The callback finds the group by a key in a registry of groups this process made.

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex, Once};

use tch::Tensor;
use torch_sys::C_tensor;

use super::{Group, ReduceOp};

/// What the counters call the backward's sums (`Group::traffic`).
pub const BACKWARD_SUM: &str = "all-reduce sum (backward)";

/// Every group a backward has needed, by key (a handful per process: never removed, so a graph
/// that outlives its model still finds its group).
static GROUPS: Mutex<Vec<Arc<Group>>> = Mutex::new(Vec::new());
static REGISTER_CALLBACK: Once = Once::new();

/// `x` unchanged; in the backward, its gradient summed over the group (one all-reduce of `x`'s
/// size, counted as [`BACKWARD_SUM`]). A group of one, or an `x` without a gradient, returns
/// `x` as it is and records nothing.
pub fn sum_grad_in_backward(g: &Group, x: &Tensor) -> Tensor {
    if g.size == 1 || !x.requires_grad() {
        return x.shallow_clone();
    }
    REGISTER_CALLBACK.call_once(|| unsafe { torch_sys::at_frost_set_grad_callback(on_grad) });
    let key = *g.backward_key.get_or_init(|| {
        let mut groups = GROUPS.lock().expect("group registry");
        groups.push(Arc::new(g.share()));
        groups.len() as i64 - 1
    });
    let out = unsafe { torch_sys::at_frost_grad_callback_op(x.as_ptr() as *mut C_tensor, key) };
    if out.is_null() {
        // Only a torch that refuses the custom function gets here: not a user's mistake.
        let err = unsafe { torch_sys::get_and_reset_last_err() };
        let msg = match err.is_null() {
            true => "unknown error".to_string(),
            false => unsafe { CStr::from_ptr(err) }
                .to_string_lossy()
                .into_owned(),
        };
        panic!("the tensor-parallel backward's identity could not be recorded: {msg}");
    }
    unsafe { Tensor::from_ptr(out) }
}

/// Called by the C++ backward with the gradient (contiguous, its own copy) to sum in place.
/// Never unwinds into C++: a failed collective or a panic becomes the message the backward
/// raises (tch's `f_backward` returns it).
extern "C" fn on_grad(key: i64, grad: *mut C_tensor, err: *mut c_char, err_len: usize) -> c_int {
    let run = || -> Result<(), String> {
        let group = {
            let groups = GROUPS
                .lock()
                .map_err(|_| "group registry poisoned".to_string())?;
            let g = groups
                .get(key as usize)
                .ok_or("no such tensor-parallel group")?;
            Arc::clone(g)
        };
        // A new handle on the same tensor: summing through it sums the caller's gradient.
        let t = unsafe { Tensor::clone_from_ptr(grad) };
        (group.all_reduce_named(&t, ReduceOp::Sum, BACKWARD_SUM)).map_err(|e| {
            // Kept by the group as well, so that the pass reports the failed collective
            // (`Dist::model_failure`) rather than the backward's error it caused.
            let msg = e.to_string();
            group.note_failure(e);
            msg
        })
    };
    let msg = match catch_unwind(AssertUnwindSafe(run)) {
        Ok(Ok(())) => return 0,
        Ok(Err(msg)) => msg,
        Err(_) => "the tensor-parallel backward's sum panicked".to_string(),
    };
    let bytes = msg.as_bytes();
    let n = bytes.len().min(err_len);
    unsafe {
        std::ptr::copy_nonoverlapping(bytes.as_ptr(), err as *mut u8, n);
        *err.add(n) = 0;
    }
    1
}
