//! Repetition detectors from engine practice (filled in below).

use super::Chess;
use crate::referee::RefereeInfo;

pub fn registry() -> Vec<RefereeInfo<Chess>> {
    Vec::new()
}
