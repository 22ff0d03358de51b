//! Reports: text, JSON and CSV renderings of runs (HTML for campaigns comes with them), and
//! a campaign's folder with its results file ([`folder`], [`results`]).

pub mod analysis;
pub mod boards;
pub mod campaign;
pub mod csv;
pub mod folder;
pub mod html;
pub mod map;
pub mod number;
pub mod result;
pub mod results;
pub mod solve;
pub mod text;
