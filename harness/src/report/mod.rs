//! Reports: text, JSON and CSV renderings of runs (HTML for campaigns comes with them).

pub mod analysis;
pub mod boards;
pub mod campaign;
pub mod csv;
pub mod html;
pub mod map;
pub mod recorded;
pub mod result;
pub mod text;
