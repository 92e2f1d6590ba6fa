//! Tournaments (issue 33), the parts that decide without touching anything: who meets whom
//! ([`pairing`]: Swiss rounds and arena pairings by a maximum-weight matching, round robin by the
//! circle method; [`groups`] of 3 or 4 for games played by more) and who stands where
//! ([`standings`]: points, Buchholz, Sonneborn-Berger). Pure functions of the stored results, so
//! that a director taking over after a failover computes what the last one would have.
//!
//! Points are kept whole: 2 a win and 1 a draw, which is also what [`groups::place_points_x2`]
//! gives the two seats of a 2-player match, so one scale serves every match size.

pub mod groups;
pub mod pairing;
pub mod standings;

/// An entrant, by index into the tournament's list of entrants.
pub type Entrant = usize;

/// Points of a result, in whole numbers: 2 a win, 1 a draw, 0 a loss.
pub const WIN: u32 = 2;
pub const DRAW: u32 = 1;

/// One finished 2-sided pairing: `first` and `second` are the two entrants (by their seats in the
/// match), `points` what each scored (`WIN`, `DRAW` or 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub first: Entrant,
    pub second: Entrant,
    pub points: (u32, u32),
}
