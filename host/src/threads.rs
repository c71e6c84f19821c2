//! The default libtorch CPU thread count. Oversubscribed OpenMP threads on a busy machine are
//! several times slower than one thread (they spin waiting for each other), so the default
//! takes the cores that are free now: all of them on an idle machine, 1 on a busy one.

/// Threads for `cores` cores when the 1-minute load average is `load`: the cores not already
/// busy, rounded, at least 1.
pub fn pick(cores: usize, load: f64) -> i32 {
    let free = (cores as f64 - load).round();
    free.clamp(1.0, cores.max(1) as f64) as i32
}

/// The machine's cores and its 1-minute load average (0 where /proc/loadavg is unreadable).
pub fn probe() -> (usize, f64) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0.0);
    (cores, load)
}

/// Sets libtorch's thread count: `requested` when above 0, else [`pick`] from a probe now.
/// Returns the count set.
pub fn set_default(requested: i32) -> i32 {
    let n = if requested > 0 {
        requested
    } else {
        let (cores, load) = probe();
        pick(cores, load)
    };
    tch::set_num_threads(n);
    n
}

#[cfg(test)]
mod tests {
    use super::pick;

    #[test]
    fn idle_machine_gets_every_core_busy_one_gets_one() {
        assert_eq!(pick(8, 0.1), 8);
        assert_eq!(pick(8, 3.2), 5);
        assert_eq!(pick(2, 1.6), 1);
        assert_eq!(pick(2, 11.0), 1);
        assert_eq!(pick(1, 0.0), 1);
    }
}
