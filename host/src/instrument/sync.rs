//! Every device-to-host read of the training step goes through here, so that it is counted: on
//! a GPU each one waits for the device's queue to drain (a synchronization), and a step with
//! thousands of them runs far below the hardware. `bench --phases` reports the count per phase
//! (`instrument::phases`); on the CPU the same calls are counted, so the figure is the one a GPU
//! run will have.

use std::cell::Cell;

use tch::{Device, Tensor};

thread_local! {
    static READS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    READS.with(|r| r.set(r.get() + 1));
}

/// Reads on this thread so far.
pub fn reads() -> u64 {
    READS.with(Cell::get)
}

/// A one-element tensor's value.
pub fn scalar(t: &Tensor) -> f64 {
    count();
    t.double_value(&[])
}

/// A tensor's values, flattened, as `kind` (one read).
fn values<T>(t: &Tensor, kind: tch::Kind) -> Vec<T>
where
    Vec<T>: for<'a> TryFrom<&'a Tensor, Error = tch::TchError>,
{
    count();
    let flat = t
        .to_device(Device::Cpu)
        .to_kind(kind)
        .contiguous()
        .view([-1]);
    Vec::<T>::try_from(&flat).expect("values of the asked kind")
}

/// A tensor's values, flattened, as f64.
pub fn to_f64s(t: &Tensor) -> Vec<f64> {
    values(t, tch::Kind::Double)
}

/// A tensor's values, flattened, as i64.
pub fn to_i64s(t: &Tensor) -> Vec<i64> {
    values(t, tch::Kind::Int64)
}

/// A tensor's values, flattened, as bool.
pub fn to_bools(t: &Tensor) -> Vec<bool> {
    values(t, tch::Kind::Bool)
}

/// The tensor on the CPU (one read when it is elsewhere; none when it is there already).
pub fn to_cpu(t: &Tensor) -> Tensor {
    if t.device() != Device::Cpu {
        count();
    }
    t.to_device(Device::Cpu)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_read_is_counted() {
        let t = Tensor::from_slice(&[1.0f32, 2.0]);
        let before = reads();
        assert_eq!(scalar(&t.sum(tch::Kind::Float)), 3.0);
        assert_eq!(to_f64s(&t), vec![1.0, 2.0]);
        assert_eq!(to_i64s(&t), vec![1, 2]);
        assert_eq!(to_bools(&t.gt(1.5)), vec![false, true]);
        let _ = to_cpu(&t); // already on the CPU: no read
        assert_eq!(reads() - before, 4);
    }
}
