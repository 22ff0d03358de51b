//! Small shared pieces with no game knowledge.
