//! rulediff: play the same move sequences through several referees in lock-step and
//! report where they disagree.
//!
//! Data flows one way: a [`family`] (the game) → [`referee`]s (who judge it) →
//! [`runner`] (lock-step runs, divergences) → [`check`] (properties) → [`report`].

pub mod case;
pub mod check;
pub mod chess;
pub mod engine;
pub mod family;
pub mod go;
pub mod referee;
pub mod report;
pub mod runner;
pub mod util;
pub mod xiangqi;
