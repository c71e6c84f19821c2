//! End-to-end tests: games.
