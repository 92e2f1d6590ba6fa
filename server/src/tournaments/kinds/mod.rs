//! What differs between kinds of tournament, one module each: [`arena`], [`swiss`],
//! [`round_robin`], each one implementation of [`Kind`]: the settings a new tournament of the kind
//! needs, who may still enter, when to pair and when it is over, what it pairs, and whether wins in
//! a row count double in its standings. The director, the REST routes and the views ask the kind
//! ([`of`]) and hold no `match` on it; a fourth kind is one module and one line of [`of`].

pub mod arena;
pub mod round_robin;
pub mod swiss;

use chrono::{DateTime, Utc};
use plateau_protocol::tournaments::TournamentKind;

use super::pairing::Candidate;
use super::Entrant;
use crate::store::{EntrantRow, PairingRow, TournamentRow};

/// A tournament as a kind decides on it: its settings, entrants and pairings, as stored.
#[derive(Clone, Copy)]
pub struct Field<'a> {
    pub t: &'a TournamentRow,
    pub entrants: &'a [EntrantRow],
    pub pairings: &'a [PairingRow],
}

impl Field<'_> {
    /// The entrants still in.
    pub fn active(&self) -> impl Iterator<Item = &EntrantRow> {
        active(self.entrants)
    }

    /// The last round paired (0: none yet).
    pub fn last_round(&self) -> u32 {
        self.pairings.iter().map(|p| p.round).max().unwrap_or(0)
    }

    /// Whether a match paired is still under way.
    pub fn in_play(&self) -> bool {
        self.pairings.iter().any(|p| p.points_x2.is_none())
    }
}

/// The entrants still in.
pub fn active(entrants: &[EntrantRow]) -> impl Iterator<Item = &EntrantRow> {
    entrants.iter().filter(|e| !e.withdrawn)
}

/// What a turn of the director is to do, as the kind sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Nothing now: look again then (None: when something stirs the tournament).
    Wait(Option<DateTime<Utc>>),
    /// Pair the next round (or wave) now ([`Kind::pair`]); `deadline`: when to look again if the
    /// pairing finds nobody to pair (an arena's end).
    Pair { deadline: Option<DateTime<Utc>> },
    /// Nothing more to pair: over once the matches under way are.
    Over,
}

/// One pairing to make.
#[derive(Debug, Clone, PartialEq)]
pub enum Planned {
    /// A match: the entrant of each seat (None: a bot).
    Match(Vec<Option<Entrant>>),
    /// A pairing not played, with each seat's points: a bye (one entrant, a win), a round robin's
    /// match against a player who left, an entrant sitting a round of threes or fours out.
    Unplayed(Vec<Option<Entrant>>, Vec<u32>),
}

/// A kind of tournament.
pub trait Kind: Sync {
    /// A new tournament's `rounds` and `minutes` as the kind takes them (each stored as given, or
    /// none); a message naming the field when they do not fit (`400 bad_request`).
    fn settings(
        &self,
        rounds: Option<u32>,
        minutes: Option<u32>,
    ) -> Result<(Option<u32>, Option<u32>), &'static str>;

    /// Whether one more player may enter, with `entrants` entered so far; a message why not
    /// (`409 conflict`).
    fn may_enter(&self, _entrants: usize, _field_paired: bool) -> Result<(), String> {
        Ok(())
    }

    /// What to do now, at `now`.
    fn plan(&self, field: Field<'_>, now: DateTime<Utc>) -> Plan;

    /// Whether the pairing of [`Kind::pair`] needs the entrants' points and ratings
    /// (`candidates`, read from the store); none are given otherwise.
    fn rates(&self, _field: Field<'_>) -> bool {
        true
    }

    /// The pairings of the next round (or wave) `round`, from the active entrants as `candidates`
    /// (their points and ratings, if [`Kind::rates`]). Empty: nobody to pair.
    fn pair(&self, field: Field<'_>, round: u32, candidates: &[Candidate]) -> Vec<Planned>;

    /// What the tournament does when [`Kind::pair`] finds nobody to pair: over (a schedule played
    /// out), or waiting for somebody to be free.
    fn over_when_none_to_pair(&self) -> bool {
        true
    }

    /// Whether a win after two wins in a row counts double in the standings (the `fire` of a line).
    fn streaks(&self) -> bool {
        false
    }
}

/// The implementation of `kind`.
pub fn of(kind: TournamentKind) -> &'static dyn Kind {
    match kind {
        TournamentKind::Arena => &arena::Arena,
        TournamentKind::Swiss => &swiss::Swiss,
        TournamentKind::RoundRobin => &round_robin::RoundRobin,
    }
}

/// A Swiss or round robin with fewer than two entrants this long after its start is over, unplayed.
const EMPTY_GRACE: chrono::Duration = chrono::Duration::minutes(10);

/// The plan of a tournament played in rounds of `total` (a Swiss, a round robin): a round once
/// the last is over, until `total` are played; not started before two have entered (and called
/// off if nobody came for a while); with `alone_ends`, over once fewer than two are left.
fn rounds_plan(field: Field<'_>, now: DateTime<Utc>, total: usize, alone_ends: bool) -> Plan {
    if field.in_play() {
        return Plan::Wait(None);
    }
    let last_round = field.last_round();
    let players = field.active().count();
    if last_round == 0 && players < 2 {
        let called_off = field.t.starts_at + EMPTY_GRACE;
        if now < called_off {
            return Plan::Wait(Some(called_off));
        }
        Plan::Over
    } else if last_round as usize >= total || (alone_ends && players < 2) {
        Plan::Over
    } else {
        Plan::Pair { deadline: None }
    }
}
