//! A running total of the FLOPs the models run on this thread (forwards as run, backwards
//! estimated: `flops::ForwardFlops::backward`), for callers that price work outside a bench:
//! `eval --refine` reads it before and after each arm's work, as it reads the clock. Counted
//! only while on (the model skips working out its FLOPs otherwise).

use std::cell::Cell;

thread_local! {
    static SPENT: Cell<Option<f64>> = const { Cell::new(None) };
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
    SPENT.with(|s| s.set(Some(was.unwrap_or(0.0))));
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
    SPENT.with(Cell::get).unwrap_or(0.0)
}

/// Adds `flops` when counting.
pub(crate) fn add(flops: f64) {
    SPENT.with(|s| {
        if let Some(x) = s.get() {
            s.set(Some(x + flops));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_while_on_and_nests() {
        add(5.0);
        assert_eq!((counting(), spent()), (false, 0.0));
        {
            let _on = on();
            add(2.0);
            {
                let _inner = on();
                add(3.0);
                assert_eq!(spent(), 5.0);
            }
            // What the inner guard saw counts in the outer total; the count goes on.
            assert_eq!((counting(), spent()), (true, 5.0));
        }
        assert_eq!((counting(), spent()), (false, 0.0));
    }
}
