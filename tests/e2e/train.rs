//! End-to-end tests: train.
