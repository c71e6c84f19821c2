//! The condense game.
