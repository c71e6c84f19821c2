//! End-to-end tests: pretrain.
