//! What a game's calls used of the sandbox's limits: the most any one call took (wall time,
//! the sandbox's deadline is on it), grew its memory to, and replied with, over the calls so
//! far. `game-check --validate` shows it against the limits.

use std::time::Duration;

/// The most one call used, over a game handle's calls so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Usage {
    /// Calls made (describe, configure, new_round).
    pub calls: u64,
    /// Longest call, in milliseconds (a fresh instance each: instantiation included).
    pub max_call_ms: f64,
    /// Largest linear memory a call's instance ended with, in bytes (None: a native plugin,
    /// whose memory is the host's).
    pub max_memory_bytes: Option<u64>,
    /// Largest reply, in bytes (what `max_output_bytes` bounds).
    pub max_output_bytes: u64,
}

impl Usage {
    pub(super) fn record(&mut self, took: Duration, memory: Option<u64>, output: u64) {
        self.calls += 1;
        self.max_call_ms = self.max_call_ms.max(took.as_secs_f64() * 1e3);
        if let Some(m) = memory {
            self.max_memory_bytes = Some(self.max_memory_bytes.unwrap_or(0).max(m));
        }
        self.max_output_bytes = self.max_output_bytes.max(output);
    }

    /// The most of each over `self` and `other` (another handle on the same game).
    pub fn merge(&mut self, other: &Usage) {
        self.calls = self.calls.max(other.calls);
        self.max_call_ms = self.max_call_ms.max(other.max_call_ms);
        self.max_memory_bytes = match (self.max_memory_bytes, other.max_memory_bytes) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        self.max_output_bytes = self.max_output_bytes.max(other.max_output_bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_of_each_is_kept() {
        let mut u = Usage::default();
        u.record(Duration::from_millis(5), Some(100), 7);
        u.record(Duration::from_millis(2), Some(300), 3);
        u.record(Duration::from_millis(1), None, 1);
        assert_eq!(
            u,
            Usage {
                calls: 3,
                max_call_ms: 5.0,
                max_memory_bytes: Some(300),
                max_output_bytes: 7
            }
        );
    }
}
