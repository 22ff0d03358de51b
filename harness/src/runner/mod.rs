//! Lock-step runs of cases through referees.
