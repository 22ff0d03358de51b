//! Reports: text, JSON, CSV and HTML renderings of runs and campaigns.
