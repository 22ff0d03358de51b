//! The checks' results as tables for the terminal and for `reports/` (Markdown, CSV): the
//! finiteness table of `rulediff finite`, the Kee claims and rule-space tables, and the counts
//! of recorded games (`rulediff score`). They sit with the checks they show; the report layer
//! below knows nothing of checks.

pub mod finite;
pub mod kee_claims;
pub mod kee_space;
pub mod recorded;
