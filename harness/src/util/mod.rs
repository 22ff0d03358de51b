//! Small shared pieces with no game knowledge.

pub mod atomic;
pub mod hashset;
