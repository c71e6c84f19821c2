//! Research tooling built on the trainer core: sweeps of runs (`sweep`), the report with the
//! paper's claims (`report`), the selection study (`selection`) and their shared statistics
//! (`stats`).

pub mod report;
pub mod selection;
pub mod stats;
pub mod sweep;
