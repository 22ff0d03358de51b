//! Scripted cases: a start position, plays, and per-referee expectations.
