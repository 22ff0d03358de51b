//! Reports: text, JSON and CSV renderings of runs (HTML for campaigns comes with them).

pub mod analysis;
pub mod boards;
pub mod campaign;
pub mod csv;
pub mod finite;
pub mod html;
pub mod kee_claims;
pub mod kee_space;
pub mod map;
pub mod number;
pub mod recorded;
pub mod result;
pub mod solve;
pub mod text;
