//! The director: the task that runs tournaments. Each turn (every [`TICK`]) it takes or renews the
//! lease of every tournament that is due (see [`Store::claim_tournaments`]), and for each:
//! records the results of its matches that ended (from the stored match results), then pairs
//! what the tournament's kind ([`super::kinds`]) pairs next, each pairing an ordinary room made with its players
//! seated, that starts by itself when they have all come or at its `start_by` with whoever has.
//! Then the tournament sleeps till its next deadline ([`Store::sleep_tournament`]) or till a
//! change stirs it (an entrant coming or going, a match of its ending): a turn with nothing due is
//! one indexed read, however many tournaments are open.
//!
//! Everything it decides it reads back from the store at each turn, so a director that takes a
//! tournament over (a restart, a node gone) goes on where the last one stopped; and every write is
//! fenced by the lease, so two directors never both record a round. A room made just before its
//! director lost the lease, and not recorded as a pairing, starts and ends unscored.

use chrono::{DateTime, Utc};
use plateau_protocol::tournaments::TournamentStatus;
use plateau_protocol::PlayerRef;
use std::collections::HashMap;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::kinds::{self, active, Field, Plan, Planned};
use super::pairing::Candidate;
use super::{scoring, standings, Entrant, Played};
use crate::rooms::{NewSeat, RoomSettings, Rooms};
use crate::store::{DirectorFence, EntrantRow, PairingRow, Store, StoreError, TournamentRow};
use plateau_protocol::rest::{Seating, Visibility};

/// How often the director looks at its tournaments.
pub const TICK: Duration = Duration::from_millis(500);

/// While matches of a tournament are under way, it is looked at again this often even if nothing
/// stirs it: their ends stir it, and this is only the net under that (a node that died between a
/// match's commit and the stir).
const IN_PLAY_RECHECK: chrono::Duration = chrono::Duration::seconds(30);

/// The rating of a player who has none in the game yet (Glicko's start).
const UNRATED: f64 = 1500.0;

/// What the director works with.
#[derive(Clone)]
pub struct Director {
    pub store: Store,
    pub rooms: Rooms,
    /// Where a pairing is told to its players' devices (`paired`, web push).
    pub events: std::sync::Arc<crate::events::PlayerEvents>,
    /// This node (the lease's owner).
    pub node: Uuid,
    /// How long a lease lasts unless renewed (at every turn).
    pub lease: Duration,
}

impl Director {
    /// Runs until `stop`, then lets its leases go so that another node takes them at once.
    pub async fn run(self, stop: CancellationToken) {
        let mut tick = tokio::time::interval(TICK);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => self.turn().await,
                _ = stop.cancelled() => break,
            }
        }
        if let Err(e) = self.store.release_tournaments(self.node).await {
            tracing::warn!(error = %e, "could not let the tournaments' leases go");
        }
    }

    async fn turn(&self) {
        let now = Utc::now();
        let until = now + chrono::Duration::from_std(self.lease).unwrap_or_default();
        let fences = match self.store.claim_tournaments(self.node, now, until).await {
            Ok(fences) => fences,
            Err(e) => {
                tracing::warn!(error = %e, "could not claim tournaments");
                return;
            }
        };
        for fence in fences {
            let advanced = match self.advance(&fence).await {
                Ok(wake) => self.store.sleep_tournament(&fence, wake, Utc::now()).await,
                Err(e) => Err(e),
            };
            match advanced {
                Ok(()) => {}
                Err(StoreError::DirectorLost { tournament }) => {
                    tracing::info!(%tournament, "another node directs the tournament now");
                }
                Err(e) => {
                    tracing::warn!(tournament = %fence.tournament, error = %e, "tournament turn failed")
                }
            }
        }
    }

    /// One turn of one tournament: when to look at it again (None: when something stirs it).
    async fn advance(&self, fence: &DirectorFence) -> Result<Option<DateTime<Utc>>, StoreError> {
        crate::metrics::METRICS.tournament_turns.inc();
        let Some(t) = self.store.tournament(fence.tournament).await? else {
            return Ok(None);
        };
        let kind = kinds::of(t.kind);
        if t.status == TournamentStatus::Upcoming {
            self.store
                .set_tournament_status(fence, TournamentStatus::Running, None)
                .await?;
            tracing::info!(tournament = %t.id, "tournament started");
        }
        let mut entrants = self.store.entrants(t.id).await?;
        let mut pairings = self.store.pairings(t.id).await?;
        self.record_results(fence, &mut pairings, &mut entrants)
            .await?;
        let now = Utc::now();
        let field = Field {
            t: &t,
            entrants: &entrants,
            pairings: &pairings,
        };
        // Whatever else wakes it, matches under way are looked at now and then.
        let recheck = field.in_play().then_some(now + IN_PLAY_RECHECK);
        let round = field.last_round() + 1;
        let planned = match kind.plan(field, now) {
            Plan::Wait(wake) => return Ok(earliest(recheck, wake)),
            Plan::Over => Vec::new(),
            Plan::Pair { deadline } => {
                let candidates = if kind.rates(field) {
                    self.candidates(&t, &entrants, &pairings).await?
                } else {
                    Vec::new()
                };
                let planned = kind.pair(field, round, &candidates);
                // Nobody free to pair (an arena): till somebody is, or the deadline.
                if planned.is_empty() && !kind.over_when_none_to_pair() {
                    return Ok(earliest(recheck, deadline));
                }
                planned
            }
        };
        if !planned.is_empty() {
            self.open(fence, &t, round, planned, &entrants, now).await?;
            // Looked at again at once: what it paired decides when next (a round of byes and
            // forfeits only is over already).
            return Ok(Some(now));
        }
        // Nothing more to pair: over once the last matches are.
        if pairings.iter().all(|p| p.points_x2.is_some()) {
            self.store
                .set_tournament_status(fence, TournamentStatus::Finished, Some(now))
                .await?;
            tracing::info!(tournament = %t.id, "tournament finished");
            return Ok(None);
        }
        Ok(recheck)
    }

    /// Records every match that ended since the last turn; entrants who did not come are
    /// withdrawn with it.
    async fn record_results(
        &self,
        fence: &DirectorFence,
        pairings: &mut [PairingRow],
        entrants: &mut [EntrantRow],
    ) -> Result<(), StoreError> {
        for p in pairings.iter_mut().filter(|p| p.points_x2.is_none()) {
            let Some(code) = &p.room_code else { continue };
            let Some((points, no_show_seats)) = self.outcome(code, p.entrants.len()).await? else {
                continue;
            };
            let no_shows: Vec<Entrant> = no_show_seats
                .iter()
                .filter_map(|&s| p.entrants.get(s).copied().flatten())
                .collect();
            self.store
                .finish_pairing(fence, p.round, p.board, &points, &no_shows, Utc::now())
                .await?;
            for e in entrants
                .iter_mut()
                .filter(|e| no_shows.contains(&e.entrant))
            {
                e.withdrawn = true;
            }
            p.points_x2 = Some(points);
        }
        Ok(())
    }

    /// What the match of room `code` (of `size` seats) gave each seat, once it is over; and the
    /// seats that did not come. A room nobody came to (abandoned) gives nothing to anyone, and
    /// nobody came.
    async fn outcome(
        &self,
        code: &str,
        size: usize,
    ) -> Result<Option<(Vec<u32>, Vec<usize>)>, StoreError> {
        let Some(room) = self.store.room(code).await? else {
            return Ok(Some((vec![0; size], Vec::new())));
        };
        let Some(match_id) = room.match_id else {
            return Ok((room.status == plateau_protocol::RoomStatus::Abandoned)
                .then(|| (vec![0; size], (0..size).collect())));
        };
        let Some(row) = self.store.match_row(match_id).await? else {
            return Ok(None);
        };
        Ok(row.result.map(|result| scoring::points_x2(size, &result.0)))
    }

    /// The active entrants with their points so far and their ratings in the game.
    async fn candidates(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
        pairings: &[PairingRow],
    ) -> Result<Vec<Candidate>, StoreError> {
        let table = standings_of(t, entrants.len(), pairings);
        let points: HashMap<Entrant, u32> = table.iter().map(|s| (s.entrant, s.points)).collect();
        let ids: Vec<Uuid> = active(entrants).map(|e| e.player.id).collect();
        let ratings = self.store.game_ratings(&t.game, &ids).await?;
        Ok(active(entrants)
            .map(|e| Candidate {
                entrant: e.entrant,
                points: points.get(&e.entrant).copied().unwrap_or(0),
                rating: ratings.get(&e.player.id).copied().unwrap_or(UNRATED),
            })
            .collect())
    }

    /// Makes the rooms of `planned` and records the round, under the lease.
    async fn open(
        &self,
        fence: &DirectorFence,
        t: &TournamentRow,
        round: u32,
        planned: Vec<Planned>,
        entrants: &[EntrantRow],
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let player_of: HashMap<Entrant, PlayerRef> = entrants
            .iter()
            .map(|e| (e.entrant, e.player.clone()))
            .collect();
        let start_by = now + chrono::Duration::seconds(i64::from(t.join_secs));
        let mut rows = Vec::with_capacity(planned.len());
        let mut paired = Vec::new();
        for (board, plan) in planned.into_iter().enumerate() {
            let (seats, room_code, points_x2) = match plan {
                Planned::Unplayed(seats, points) => (seats, None, Some(points)),
                Planned::Match(seats) => {
                    let given: Vec<NewSeat> = seats
                        .iter()
                        .map(|s| match s.and_then(|e| player_of.get(&e)) {
                            Some(p) => NewSeat::Player(p.clone()),
                            None => NewSeat::Bot,
                        })
                        .collect();
                    let with_bots = seats.iter().any(Option::is_none);
                    let settings = RoomSettings {
                        game: t.game.clone(),
                        players: t.match_size,
                        visibility: Visibility::Private,
                        options: t.options.clone(),
                        clock: Some(t.clock),
                        seating: Seating::HostFirst,
                        // A rated match is every seat a person.
                        rated: t.rated && !with_bots,
                        auto_start: true,
                        start_by: Some(start_by),
                    };
                    let room = self.rooms.create_seated(&given, settings).await?;
                    let to = given
                        .iter()
                        .filter_map(|s| match s {
                            NewSeat::Player(p) => Some(p.id),
                            _ => None,
                        })
                        .collect();
                    paired.push(crate::events::Event {
                        to,
                        line: serde_json::json!({"type": "paired", "tournament": t.id,
                            "room": &room.code, "game": &t.game}),
                    });
                    (seats, Some(room.code), None)
                }
            };
            rows.push(PairingRow {
                round,
                board: board as u32 + 1,
                entrants: seats,
                room_code,
                points_x2,
                created_at: now,
            });
        }
        self.store.add_pairings(fence, &rows).await?;
        // Told once the round is kept: a director that lost its lease tells nobody.
        for event in &paired {
            self.events.tell_hearer(event);
        }
        tracing::info!(tournament = %t.id, round, pairings = rows.len(), "paired");
        Ok(())
    }
}

/// The earlier of two wake times, either of which may be none.
fn earliest(a: Option<DateTime<Utc>>, b: Option<DateTime<Utc>>) -> Option<DateTime<Utc>> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The standings of tournament `t` with `entrants` entrants, from its pairings alone.
pub fn standings_of(
    t: &TournamentRow,
    entrants: usize,
    pairings: &[PairingRow],
) -> Vec<standings::Standing> {
    let played: Vec<Played> = pairings
        .iter()
        .filter_map(|p| {
            Some(Played {
                entrants: p.entrants.clone(),
                points: p.points_x2.clone()?,
            })
        })
        .collect();
    let streaks = kinds::of(t.kind).streaks();
    standings::standings(entrants, &played, &[], streaks)
}
