//! Peak memory figures for benchmarks: the process's peak resident set (Linux `VmHWM`), which
//! can be reset between phases. CUDA allocator figures (allocated / reserved) are not exposed by
//! `tch`; scripts/gpu-check.sh samples the device's memory with `nvidia-smi` instead.

/// The process's peak resident set size in bytes since start or the last `reset_peak_rss`
/// (`VmHWM` in /proc/self/status); None where that file does not exist (not Linux).
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The process's current resident set size in bytes (`VmRSS`); None where unreadable.
pub fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Resets the peak resident set to the current one (writes 5 to /proc/self/clear_refs), so the
/// next `peak_rss_bytes` measures one phase. Returns false where that is not possible.
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// Runs `f` and returns its result with the peak resident set reached meanwhile (None when the
/// peak cannot be reset or read, so that a figure is never the whole process's by mistake).
pub fn with_peak_rss<T>(f: impl FnOnce() -> T) -> (T, Option<u64>) {
    let reset = reset_peak_rss();
    let out = f();
    (out, peak_rss_bytes().filter(|_| reset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peak_rss_sees_a_large_allocation_and_resets() {
        // Linux's /proc, which every machine Frost runs on has.
        assert!(peak_rss_bytes().is_some(), "no VmHWM in /proc/self/status");
        assert!(reset_peak_rss(), "/proc/self/clear_refs cannot be written");
        let (_, small) = with_peak_rss(|| ());
        let (len, big) = with_peak_rss(|| {
            let v = vec![1u8; 256 << 20];
            std::hint::black_box(&v).len()
        });
        assert_eq!(len, 256 << 20);
        let (small, big) = (small.unwrap(), big.unwrap());
        assert!(big >= small + (200 << 20), "{small} -> {big}");
        let (_, after) = with_peak_rss(|| ());
        assert!(after.unwrap() < big, "the peak was reset");
    }
}
