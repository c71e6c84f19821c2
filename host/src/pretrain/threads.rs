//! libtorch's thread count on a machine that may be busy.

/// Chooses between all cores and a single libtorch thread by timing two steps of each every
/// 200 steps: on a busy machine, libtorch's spinning OpenMP threads can make two threads
/// twice as slow as one (measured here while other builds ran).
pub(super) struct ThreadPicker {
    many: i32,
    chosen: i32,
    t_many: f64,
    t_one: f64,
}

impl ThreadPicker {
    /// A picker when libtorch has several threads and the run did not fix their number.
    pub(super) fn for_run(fixed: Option<i32>) -> Option<Self> {
        let many = tch::get_num_threads();
        (fixed.is_none() && many > 1).then(|| ThreadPicker::new(many))
    }

    fn new(many: i32) -> Self {
        ThreadPicker {
            many,
            chosen: many,
            t_many: 0.0,
            t_one: 0.0,
        }
    }

    /// Whether the `i`-th step of this run runs at a probed thread count.
    pub(super) fn probing(&self, i: usize) -> bool {
        (1..5).contains(&(i % 200))
    }

    /// Before the `i`-th step of this run (the first one pays for allocations: not timed).
    pub(super) fn before(&mut self, i: usize) {
        match i % 200 {
            1 => tch::set_num_threads(self.many),
            3 => tch::set_num_threads(1),
            5 => {
                let best = self.faster();
                if best != self.chosen {
                    tracing::info!(
                        "libtorch threads: {best} ({:.2}s a step with {}, {:.2}s with 1)",
                        self.t_many / 2.0,
                        self.many,
                        self.t_one / 2.0
                    );
                }
                self.chosen = best;
                self.t_many = 0.0;
                self.t_one = 0.0;
                tch::set_num_threads(best);
            }
            _ => {}
        }
    }

    /// The thread count whose probed steps took less time.
    fn faster(&self) -> i32 {
        if self.t_one < self.t_many {
            1
        } else {
            self.many
        }
    }

    pub(super) fn after(&mut self, i: usize, seconds: f64) {
        match i % 200 {
            1 | 2 => self.t_many += seconds,
            3 | 4 => self.t_one += seconds,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_four_steps_of_every_two_hundred() {
        let p = ThreadPicker::new(2);
        let probed: Vec<usize> = (0..410).filter(|&i| p.probing(i)).collect();
        assert_eq!(probed, [1, 2, 3, 4, 201, 202, 203, 204, 401, 402, 403, 404]);
    }

    #[test]
    fn keeps_the_faster_count() {
        let mut p = ThreadPicker::new(2);
        for (i, t) in [(1, 1.0), (2, 1.0), (3, 0.4), (4, 0.4), (5, 9.0)] {
            p.after(i, t);
        }
        assert_eq!(
            p.faster(),
            1,
            "one thread was faster; step 5 is not a probe"
        );
        let mut p = ThreadPicker::new(2);
        for (i, t) in [(201, 0.3), (202, 0.3), (203, 0.4), (204, 0.4)] {
            p.after(i, t);
        }
        assert_eq!(p.faster(), 2);
    }
}
