//! Tournaments (issue 33), the parts that decide without touching anything: who meets whom
//! ([`pairing`]: Swiss rounds and arena pairings by a maximum-weight matching, round robin by the
//! circle method; [`groups`] of 3 or 4 for games played by more) and who stands where
//! ([`standings`]: points, Buchholz, Sonneborn-Berger). Pure functions of the stored results, so
//! that a director taking over after a failover computes what the last one would have.
//!
//! Points are kept whole: 2 a win and 1 a draw, which is also what [`groups::place_points_x2`]
//! gives the two seats of a 2-player match, so one scale serves every match size.

pub mod director;
pub mod groups;
pub mod kinds;
pub mod live;
pub mod pairing;
pub mod scoring;
pub mod standings;
pub mod views;

/// An entrant, by index into the tournament's list of entrants.
pub type Entrant = usize;

/// A win's points (a draw 1, a loss 0): what a bye is worth.
pub const WIN: u32 = 2;

/// One finished match: the entrant in each seat (None: a bot), and what each seat scored (2 a
/// win, 1 a draw, 0 a loss for two seats; for 3 or 4, twice the place's points).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub entrants: Vec<Option<Entrant>>,
    pub points: Vec<u32>,
}
