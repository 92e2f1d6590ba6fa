//! A round robin: everybody meets everybody (at most [`MAX_ENTRANTS`]), by the circle method; in
//! matches of 3 or 4, rounds of groups that bring together those who have not met, until all
//! have. Its field is fixed once it has started, and it plays its schedule out (against those who
//! left, by forfeit).

use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};

use super::{rounds_plan, Field, Kind, Plan, Planned};
use crate::store::{EntrantRow, PairingRow};
use crate::tournaments::pairing::{self, Candidate};
use crate::tournaments::{Entrant, WIN};

/// Everybody meets everybody, so the field stays small.
pub const MAX_ENTRANTS: usize = 10;

pub struct RoundRobin;

impl Kind for RoundRobin {
    fn settings(
        &self,
        _rounds: Option<u32>,
        _minutes: Option<u32>,
    ) -> Result<(Option<u32>, Option<u32>), &'static str> {
        Ok((None, None))
    }

    fn may_enter(&self, entrants: usize, field_paired: bool) -> Result<(), String> {
        if field_paired {
            return Err("this round robin has started: its field is fixed".into());
        }
        if entrants >= MAX_ENTRANTS {
            return Err(format!("a round robin has at most {MAX_ENTRANTS} entrants"));
        }
        Ok(())
    }

    /// The schedule's rounds; in groups of 3 or 4, until everybody has met (see `pair`).
    fn plan(&self, field: Field<'_>, now: DateTime<Utc>) -> Plan {
        let total = if field.t.match_size > 2 {
            usize::MAX
        } else {
            pairing::round_robin(round_robin_field(field.entrants, field.pairings).len()).len()
        };
        rounds_plan(field, now, total, false)
    }

    /// Pairs by the schedule alone.
    fn rates(&self, _field: Field<'_>) -> bool {
        false
    }

    /// Round `round` of the schedule; none once everybody has met.
    fn pair(&self, field: Field<'_>, round: u32, _candidates: &[Candidate]) -> Vec<Planned> {
        let (entrants, pairings) = (field.entrants, field.pairings);
        if field.t.match_size > 2 {
            return round_robin_groups(field.t.match_size, entrants, pairings);
        }
        let field = round_robin_field(entrants, pairings);
        let schedule = pairing::round_robin(field.len());
        let Some(this) = schedule.get(round as usize - 1) else {
            return Vec::new();
        };
        let withdrawn = withdrawn(entrants);
        let mut planned: Vec<Planned> = this
            .pairs
            .iter()
            .map(|&(a, b)| Planned::Match(vec![Some(field[a]), Some(field[b])]))
            .collect();
        planned.extend(
            this.byes
                .iter()
                .map(|&b| Planned::Unplayed(vec![Some(field[b])], vec![WIN])),
        );
        // A match with a player who left is not played: the other wins it.
        for p in &mut planned {
            if let Planned::Match(seats) = p {
                let gone: Vec<bool> = seats
                    .iter()
                    .map(|s| s.is_some_and(|e| withdrawn.contains(&e)))
                    .collect();
                if gone.iter().any(|&g| g) {
                    let points = gone.iter().map(|&g| if g { 0 } else { WIN }).collect();
                    *p = Planned::Unplayed(seats.clone(), points);
                }
            }
        }
        planned
    }
}

fn withdrawn(entrants: &[EntrantRow]) -> HashSet<Entrant> {
    entrants
        .iter()
        .filter(|e| e.withdrawn)
        .map(|e| e.entrant)
        .collect()
}

/// A round robin's field: those paired in its first round (every entrant then), else the
/// entrants still in, in order of entry.
fn round_robin_field(entrants: &[EntrantRow], pairings: &[PairingRow]) -> Vec<Entrant> {
    let mut first: Vec<Entrant> = pairings
        .iter()
        .filter(|p| p.round == 1)
        .flat_map(|p| p.entrants.iter().flatten().copied())
        .collect();
    if first.is_empty() {
        return super::active(entrants).map(|e| e.entrant).collect();
    }
    first.sort_unstable();
    first
}

/// The next round of a round robin in matches of 3 or 4: groups of the field still in that bring
/// together those who have not met ([`pairing::covering_round`]), the last filled with bots (or
/// sitting out, alone); none once everybody still in has met everybody.
fn round_robin_groups(
    size: usize,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> Vec<Planned> {
    let withdrawn = withdrawn(entrants);
    let field: Vec<Entrant> = round_robin_field(entrants, pairings)
        .into_iter()
        .filter(|e| !withdrawn.contains(e))
        .collect();
    let index: HashMap<Entrant, usize> = field.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let mut met = HashSet::new();
    for p in pairings {
        let here: Vec<usize> = p
            .entrants
            .iter()
            .flatten()
            .filter_map(|e| index.get(e).copied())
            .collect();
        for (i, &a) in here.iter().enumerate() {
            for &b in &here[i + 1..] {
                met.insert((a, b));
            }
        }
    }
    let Some(groups) = pairing::covering_round(field.len(), size, &met) else {
        return Vec::new();
    };
    groups
        .into_iter()
        .map(|g| {
            let mut seats: Vec<Option<Entrant>> = g.into_iter().map(|i| Some(field[i])).collect();
            if seats.len() == 1 {
                // Alone, it would play bots and meet nobody: it sits the round out, unscored
                // (recorded, so that the field stays whole).
                return Planned::Unplayed(seats, vec![0]);
            }
            seats.resize(size, None);
            Planned::Match(seats)
        })
        .collect()
}
