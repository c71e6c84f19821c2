//! A running total of the FLOPs the models run on this thread (forwards as run, backwards
//! estimated: `flops::ForwardFlops::backward`; Frost's Taylor product `g @ E^T` too), for callers that price work outside a bench:
//! `eval --refine` reads it before and after each arm's work, as it reads the clock. Counted
//! only while on (the model skips working out its FLOPs otherwise).

use std::cell::Cell;

use super::flops::ForwardFlops;

/// What the meter counted, by part: the forwards as run and their estimated backwards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spent {
    pub forward: ForwardFlops,
    pub backward: ForwardFlops,
}

impl Spent {
    pub fn total(&self) -> f64 {
        self.forward.total() + self.backward.total()
    }

    /// The products of weights and adapters (not attention's), forward and backward: what
    /// torch's profiler counts as `aten::mm` / `aten::addmm` (attention runs in fused kernels).
    pub fn products(&self) -> f64 {
        let f = |p: &ForwardFlops| p.weights + p.lora;
        f(&self.forward) + f(&self.backward)
    }

    fn plus(mut self, forward: ForwardFlops, backward: ForwardFlops) -> Spent {
        for (total, add) in [(&mut self.forward, forward), (&mut self.backward, backward)] {
            total.weights += add.weights;
            total.attention += add.attention;
            total.lora += add.lora;
        }
        self
    }
}

thread_local! {
    static SPENT: Cell<Option<Spent>> = const { Cell::new(None) };
}

/// Counting on this thread until the guard is dropped; a guard taken while already counting
/// leaves the count on when dropped.
pub struct On {
    outer: bool,
}

impl Drop for On {
    fn drop(&mut self) {
        if !self.outer {
            SPENT.with(|s| s.set(None));
        }
    }
}

/// Starts counting on this thread (from the total so far when it already counts).
pub fn on() -> On {
    let was = SPENT.with(Cell::get);
    SPENT.with(|s| s.set(Some(was.unwrap_or_default())));
    On {
        outer: was.is_some(),
    }
}

/// Whether this thread counts.
pub fn counting() -> bool {
    SPENT.with(Cell::get).is_some()
}

/// FLOPs counted on this thread so far (0 when off).
pub fn spent() -> f64 {
    spent_parts().total()
}

/// [`spent`] by part (all 0 when off).
pub fn spent_parts() -> Spent {
    SPENT.with(Cell::get).unwrap_or_default()
}

/// Adds a forward's and its backward's FLOPs when counting.
pub(crate) fn add(forward: ForwardFlops, backward: ForwardFlops) {
    SPENT.with(|s| {
        if let Some(x) = s.get() {
            s.set(Some(x.plus(forward, backward)));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_on_and_nests() {
        let w = |weights: f64| ForwardFlops {
            weights,
            ..ForwardFlops::default()
        };
        let none = ForwardFlops::default();
        add(w(5.0), none);
        assert_eq!((counting(), spent()), (false, 0.0));
        {
            let _on = on();
            add(w(2.0), none);
            {
                let _inner = on();
                let attention = ForwardFlops {
                    attention: 1.0,
                    lora: 0.5,
                    ..w(1.0)
                };
                add(attention, w(0.5));
                assert_eq!(spent(), 5.0);
                // By part: the products leave attention's out.
                let parts = spent_parts();
                assert_eq!(
                    (parts.forward.attention, parts.backward.weights),
                    (1.0, 0.5)
                );
                assert_eq!(parts.products(), 4.0);
            }
            // What the inner guard saw counts in the outer total; the count goes on.
            assert_eq!((counting(), spent()), (true, 5.0));
        }
        assert_eq!((counting(), spent()), (false, 0.0));
    }
}
