//! End-to-end tests: model.
