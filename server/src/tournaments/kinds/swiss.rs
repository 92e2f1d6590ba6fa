//! A Swiss: `rounds` rounds, each paired by points then rating, nobody met twice, one bye a round
//! for an odd field (to one who had none); matches of 3 or 4 in groups by points.

use chrono::{DateTime, Utc};
use std::collections::HashSet;

use super::{rounds_plan, Field, Kind, Plan, Planned};
use crate::tournaments::pairing::{self, Candidate};
use crate::tournaments::{groups, WIN};

pub struct Swiss;

impl Kind for Swiss {
    fn settings(
        &self,
        rounds: Option<u32>,
        _minutes: Option<u32>,
    ) -> Result<(Option<u32>, Option<u32>), &'static str> {
        match rounds {
            Some(r @ 1..=20) => Ok((Some(r), None)),
            _ => Err("rounds: 1 to 20 for a Swiss"),
        }
    }

    /// Over after its rounds, or once fewer than two are left.
    fn plan(&self, field: Field<'_>, now: DateTime<Utc>) -> Plan {
        let total = field.t.rounds.unwrap_or(1) as usize;
        rounds_plan(field, now, total, true)
    }

    fn pair(&self, field: Field<'_>, _round: u32, candidates: &[Candidate]) -> Vec<Planned> {
        if field.t.match_size > 2 {
            return groups::groups(candidates, field.t.match_size)
                .into_iter()
                .map(|g| Planned::Match(g.seats()))
                .collect();
        }
        let mut met = HashSet::new();
        let mut had_bye = HashSet::new();
        for p in field.pairings {
            match p.entrants.as_slice() {
                [Some(a), Some(b)] => {
                    met.insert((*a, *b));
                }
                [Some(a)] => {
                    had_bye.insert(*a);
                }
                _ => {}
            }
        }
        let r = pairing::swiss(candidates, &met, &had_bye);
        let mut planned: Vec<Planned> = r
            .pairs
            .into_iter()
            .map(|(a, b)| Planned::Match(vec![Some(a), Some(b)]))
            .collect();
        planned.extend(
            r.byes
                .into_iter()
                .map(|b| Planned::Unplayed(vec![Some(b)], vec![WIN])),
        );
        planned
    }
}
