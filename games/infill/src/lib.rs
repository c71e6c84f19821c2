//! The infill game.
