//! What a tournament looks like from outside: its summary, standings and rounds as the contract
//! gives them, over REST (`api/tournaments.rs`) and to the connections that follow it ([`super::live`]).

use chrono::Duration;
use plateau_protocol::tournaments::{
    PairingInfo, RoundInfo, StandingLine, TournamentDetail, TournamentSummary, TournamentYou,
};
use uuid::Uuid;

use super::director::standings_of;
use crate::store::{EntrantRow, PairingRow, Store, StoreError, TournamentRow};

/// A tournament with its entrants and pairings, as stored (None: no such tournament).
pub async fn load(
    store: &Store,
    id: Uuid,
) -> Result<Option<(TournamentRow, Vec<EntrantRow>, Vec<PairingRow>)>, StoreError> {
    let Some(t) = store.tournament(id).await? else {
        return Ok(None);
    };
    let entrants = store.entrants(id).await?;
    let pairings = store.pairings(id).await?;
    Ok(Some((t, entrants, pairings)))
}

/// Everything about a tournament: settings, standings, rounds.
pub fn detail(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> TournamentDetail {
    let half = points_divisor(t);
    let mut rounds_played: Vec<RoundInfo> = Vec::new();
    for p in pairings {
        if rounds_played.last().is_none_or(|r| r.round != p.round) {
            rounds_played.push(RoundInfo {
                round: p.round,
                pairings: Vec::new(),
            });
        }
        let round = rounds_played.last_mut().expect("pushed above");
        let open = p.points_x2.is_none() && p.room_code.is_some();
        round.pairings.push(PairingInfo {
            board: p.board,
            seats: p.entrants.clone(),
            room: p.room_code.clone(),
            points: p
                .points_x2
                .as_ref()
                .map(|points| points.iter().map(|&x| f64::from(x) / half).collect()),
            start_by: open.then(|| p.created_at + Duration::seconds(i64::from(t.join_secs))),
        });
    }
    TournamentDetail {
        summary: summary(t),
        options: t.options.clone(),
        join_secs: t.join_secs,
        standings: standing_lines(t, entrants, pairings),
        rounds_played,
        finished_at: t.ended_at,
    }
}

/// Where `player` stands in `detail`: its entrant number, and the match it is to play now, if
/// any (None: not entered).
pub fn you(detail: &TournamentDetail, player: Uuid) -> Option<TournamentYou> {
    let line = detail.standings.iter().find(|s| s.player.id == player)?;
    let next = detail
        .rounds_played
        .iter()
        .flat_map(|r| r.pairings.iter().map(move |p| (r.round, p)))
        .find(|(_, p)| {
            p.points.is_none() && p.room.is_some() && p.seats.contains(&Some(line.entrant))
        })
        .map(|(round, p)| plateau_protocol::tournaments::NextMatch {
            round,
            board: p.board,
            room: p.room.clone().expect("filtered"),
            start_by: p.start_by,
        });
    Some(TournamentYou {
        entrant: line.entrant,
        withdrawn: line.withdrawn,
        next,
    })
}

/// Stored points are doubled for matches of 3 or 4 (a shared place's half stays whole); those of
/// 2 are as shown.
fn points_divisor(t: &TournamentRow) -> f64 {
    if t.match_size > 2 {
        2.0
    } else {
        1.0
    }
}

pub fn standing_lines(
    t: &TournamentRow,
    entrants: &[EntrantRow],
    pairings: &[PairingRow],
) -> Vec<StandingLine> {
    let table = standings_of(t, entrants.len(), pairings);
    let half = points_divisor(t);
    let mut lines: Vec<StandingLine> = Vec::with_capacity(table.len());
    for (i, s) in table.iter().enumerate() {
        let entrant = &entrants[s.entrant];
        // Level with the line above on every tie-break: the same rank.
        let rank = match (i.checked_sub(1).map(|j| &table[j]), lines.last()) {
            (Some(above), Some(line))
                if (above.points, above.buchholz, above.sonneborn_berger_x2)
                    == (s.points, s.buchholz, s.sonneborn_berger_x2) =>
            {
                line.rank
            }
            _ => i + 1,
        };
        lines.push(StandingLine {
            rank,
            entrant: s.entrant,
            player: entrant.player.clone(),
            points: f64::from(s.points) / half,
            buchholz: f64::from(s.buchholz) / half,
            sonneborn_berger: f64::from(s.sonneborn_berger_x2) / 2.0 / half,
            played: s.played,
            fire: s.fire,
            withdrawn: entrant.withdrawn,
        });
    }
    lines
}

pub fn summary(t: &TournamentRow) -> TournamentSummary {
    TournamentSummary {
        id: t.id,
        name: t.name.clone(),
        kind: t.kind,
        game: t.game.clone(),
        players: t.match_size,
        clock: t.clock,
        rated: t.rated,
        visibility: t.visibility,
        status: t.status,
        starts_at: t.starts_at,
        ends_at: t
            .minutes
            .map(|m| t.starts_at + chrono::Duration::minutes(i64::from(m))),
        rounds: t.rounds,
        creator: t.creator.clone(),
        entrants: t.active_entrants as usize,
    }
}
