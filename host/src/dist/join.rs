//! A failed rendezvous in words: what torch's message means (a rank that never came, a port
//! taken, rank 0 unreachable) and what to check.

/// What a failed rendezvous means and what to check, from torch's message `msg`.
pub(super) fn join_failure(msg: &str, size: usize, join_s: u64) -> String {
    let var = |k: &str| std::env::var(k).unwrap_or_else(|_| "(unset)".into());
    let at = format!(
        "MASTER_ADDR={} MASTER_PORT={}",
        var("MASTER_ADDR"),
        var("MASTER_PORT")
    );
    let check = "check that every rank was launched, that all use the same MASTER_ADDR and \
                 MASTER_PORT, and that no firewall blocks that port between the nodes";
    if msg.contains("EADDRINUSE") || msg.contains("address already in use") {
        return format!(
            "MASTER_PORT {} is already in use on this machine (EADDRINUSE; another job or \
             process holds it): launch every rank with another free MASTER_PORT",
            var("MASTER_PORT")
        );
    }
    if let Some(joined) = clients_joined(msg) {
        return format!(
            "only {joined} of {size} ranks joined within {join_s} s ({at}): {check} \
             (run.join_timeout_s sets the wait)"
        );
    }
    if msg.contains("timed out") || msg.contains("Connection refused") || msg.contains("reset") {
        return format!(
            "could not join rank 0 within {join_s} s ({at}; {msg}): {check}; rank 0's own log \
             says whether it started (run.join_timeout_s sets the wait)"
        );
    }
    format!("joining the other ranks failed ({at}): {msg}")
}

/// "1/2" of torch's "... waiting for clients. 1/2 clients joined.": the ranks that joined
/// (rank 0, the store's host, counted).
fn clients_joined(msg: &str) -> Option<usize> {
    let before = msg
        .split(" clients joined")
        .next()
        .filter(|b| b.len() < msg.len())?;
    let fraction = before.rsplit(' ').next()?;
    fraction.split('/').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_rendezvous_says_what_to_check() {
        let never = "DistStoreError: Timed out after 601 seconds waiting for clients. 1/2 clients \
                     joined.";
        assert_eq!(clients_joined(never), Some(1));
        assert_eq!(clients_joined("no count here"), None);
        let w = join_failure(never, 2, 5);
        assert!(w.starts_with("only 1 of 2 ranks joined within 5 s"), "{w}");
        assert!(
            w.contains("every rank was launched") && w.contains("firewall"),
            "{w}"
        );
        assert!(!w.contains("venv"), "{w}");
        let taken = "DistNetworkError: The server socket has failed to listen on any local \
                     network address. port: 29777, useIpv6: false, code: -98, name: EADDRINUSE, \
                     message: address already in use";
        let w = join_failure(taken, 2, 5);
        assert!(
            w.contains("already in use") && w.contains("another free MASTER_PORT"),
            "{w}"
        );
        let client = "DistNetworkError: The client socket has timed out after 5000ms while trying \
                      to connect to (127.0.0.1, 29777).";
        let w = join_failure(client, 2, 5);
        assert!(w.starts_with("could not join rank 0 within 5 s"), "{w}");
    }
}
