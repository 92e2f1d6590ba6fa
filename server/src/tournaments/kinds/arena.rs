//! An arena: for `minutes`, whoever finishes a match is paired again at once, by points then
//! rating, avoiding its last opponent; a win after two in a row counts double.

use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};

use super::{Field, Kind, Plan, Planned};
use crate::tournaments::pairing::{self, Candidate};
use crate::tournaments::{groups, Entrant};

pub struct Arena;

impl Arena {
    /// The entrants in a match under way.
    fn busy(field: Field<'_>) -> HashSet<Entrant> {
        field
            .pairings
            .iter()
            .filter(|p| p.points_x2.is_none())
            .flat_map(|p| p.entrants.iter().flatten().copied())
            .collect()
    }

    fn end(field: Field<'_>) -> DateTime<Utc> {
        let minutes = i64::from(field.t.minutes.unwrap_or(0));
        field.t.starts_at + chrono::Duration::minutes(minutes)
    }
}

impl Kind for Arena {
    fn settings(
        &self,
        _rounds: Option<u32>,
        minutes: Option<u32>,
    ) -> Result<(Option<u32>, Option<u32>), &'static str> {
        match minutes {
            Some(m @ 1..=720) => Ok((None, Some(m))),
            _ => Err("minutes: 1 to 720 for an arena"),
        }
    }

    fn plan(&self, field: Field<'_>, now: DateTime<Utc>) -> Plan {
        let end = Self::end(field);
        if now >= end {
            return Plan::Over;
        }
        Plan::Pair {
            deadline: Some(end),
        }
    }

    /// Only when two are free: the ratings are read for those.
    fn rates(&self, field: Field<'_>) -> bool {
        let busy = Self::busy(field);
        field
            .active()
            .filter(|e| !busy.contains(&e.entrant))
            .count()
            >= 2
    }

    /// The pairings for the entrants free now: by points then rating, avoiding last opponents;
    /// groups of 3 or 4 once that many are free (with bots when nobody else is playing, so that a
    /// small field still plays).
    fn pair(&self, field: Field<'_>, _round: u32, candidates: &[Candidate]) -> Vec<Planned> {
        let busy = Self::busy(field);
        let free: Vec<Entrant> = field
            .active()
            .map(|e| e.entrant)
            .filter(|e| !busy.contains(e))
            .collect();
        if free.len() < 2 {
            return Vec::new();
        }
        let candidates: Vec<Candidate> = candidates
            .iter()
            .filter(|c| free.contains(&c.entrant))
            .copied()
            .collect();
        if field.t.match_size > 2 {
            return groups::groups(&candidates, field.t.match_size)
                .into_iter()
                .filter(|g| g.bots == 0 || busy.is_empty())
                .map(|g| Planned::Match(g.seats()))
                .collect();
        }
        // Each entrant's last opponent.
        let mut last: HashMap<Entrant, Entrant> = HashMap::new();
        for p in field.pairings {
            if let [Some(a), Some(b)] = p.entrants.as_slice() {
                last.insert(*a, *b);
                last.insert(*b, *a);
            }
        }
        let last: HashSet<(Entrant, Entrant)> = last.into_iter().collect();
        pairing::arena(&candidates, &last)
            .into_iter()
            .map(|(a, b)| Planned::Match(vec![Some(a), Some(b)]))
            .collect()
    }

    fn over_when_none_to_pair(&self) -> bool {
        false
    }

    fn streaks(&self) -> bool {
        true
    }
}
