//! Reports: text, JSON and CSV renderings of runs (HTML for campaigns comes with them), and
//! a campaign's folder with its results file ([`folder`], [`results`]).

#[doc(hidden)]
pub mod analysis;
#[doc(hidden)]
pub mod boards;
#[doc(hidden)]
pub mod campaign;
#[doc(hidden)]
pub mod csv;
#[doc(hidden)]
pub mod folder;
#[doc(hidden)]
pub mod html;
#[doc(hidden)]
pub mod map;
#[doc(hidden)]
pub mod number;
#[doc(hidden)]
pub mod result;
#[doc(hidden)]
pub mod results;
#[doc(hidden)]
pub mod solve;
#[doc(hidden)]
pub mod text;

// The renderers' front door: `rulediff::report::Name`.
pub use analysis::Analysis;
pub use campaign::{
    classes_csv, csv as campaign_csv, html as campaign_html, map_csv, summary as campaign_summary,
};
pub use csv::case_runs as case_runs_csv;
pub use text::{case_run as case_run_text, summary as case_runs_summary};
