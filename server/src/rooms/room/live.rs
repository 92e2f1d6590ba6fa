//! The match a room owns, and how it is rebuilt from the store: its moves replayed in order, with
//! the rulings (forfeits, an agreed draw) between them, and the clocks advanced at each stored time.
//! The replay is engine work: it runs under the engine's guard, and a replay that panics or runs
//! past its deadline aborts the match (stored), once, instead of failing every load of the room.

use chrono::{DateTime, Utc};
use plateau_games::{Match, Seat, SetupError};
use plateau_protocol::clock::{ClockSetting, ClockView};
use plateau_protocol::ws::BotLevel;
use plateau_protocol::{Forfeit, MatchResult, RoomStatus};
use std::collections::HashMap;
use uuid::Uuid;

use crate::engine_host::{engine_options, game_of_match, isolated, EngineFailure, HostedMatch};
use crate::rooms::rules::clock::Clocks;
use crate::rooms::rules::forfeits;
use crate::store::{MatchRow, MoveRow, RoomRow, Ruling, Store, StoreError};
use crate::views::HeldView;

/// The room's match: the engine's match and what the room keeps beside it.
pub struct LiveMatch {
    pub(super) id: Uuid,
    /// The engine's match, behind the guard.
    pub(super) game: HostedMatch,
    /// Moves played so far.
    pub(super) ply: u64,
    /// Forfeits and an agreed draw, in order; each was a version of its own.
    pub(super) rulings: Vec<Ruling>,
    pub(super) result: Option<MatchResult>,
    /// Seats that win or lose together (see `Game::sides`).
    pub(super) sides: Vec<Vec<Seat>>,
    /// Seats played by the server: bots from the start.
    /// The level of each seat's bot; None for a person.
    pub(super) bot_levels: Vec<Option<BotLevel>>,
    /// None in a room without a clock.
    pub(super) clocks: Option<Clocks>,
    /// Versions of accepted moves by (player, client move id): a resent move gets its first ack.
    pub(super) acks: HashMap<(Uuid, String), u64>,
    /// Per seat: whether it has made a move of its own (sent by its player, not played for it by
    /// the server). A rated match is rated only once every seat has.
    pub(super) moved: Vec<bool>,
    /// The view each seat (and the spectators) was last sent; None where nobody watches.
    pub(super) seat_views: Vec<Option<HeldView>>,
    pub(super) spectator_view: Option<HeldView>,
    /// When the last move was played (the start before the first): "your games" say it.
    pub(super) last_move_at: DateTime<Utc>,
    /// Per seat, the oldest version a move of that seat may still be chosen on: the last version
    /// that changed what the seat may do (see [`LiveMatch::is_stale`]). Not stored: a rebuilt
    /// match starts every seat at its current version.
    pub(super) decided_at: Vec<u64>,
}

impl LiveMatch {
    /// A match at its start: `game` and its `sides`, read under the guard.
    pub(super) fn new(
        id: Uuid,
        (game, sides): (HostedMatch, Vec<Vec<Seat>>),
        bot_levels: Vec<Option<BotLevel>>,
        clock: Option<ClockSetting>,
        started_at: DateTime<Utc>,
    ) -> LiveMatch {
        let seats = bot_levels.len();
        let mut live = LiveMatch {
            id,
            sides,
            game,
            ply: 0,
            rulings: Vec::new(),
            result: None,
            bot_levels,
            clocks: None,
            acks: HashMap::new(),
            moved: vec![false; seats],
            seat_views: vec![None; seats],
            spectator_view: None,
            last_move_at: started_at,
            decided_at: vec![1; seats],
        };
        live.clocks = clock.map(|c| Clocks::start(c, seats, started_at, live.clocked_seats()));
        live
    }

    /// Where the match stands: under way, finished, or aborted (its engine failed).
    pub(super) fn status(&self) -> RoomStatus {
        match &self.result {
            None => RoomStatus::Playing,
            Some(result) if result.reason == RoomStatus::Aborted.as_str() => RoomStatus::Aborted,
            Some(_) => RoomStatus::Finished,
        }
    }

    /// Whether every seat has made a move of its own.
    pub(super) fn every_seat_moved(&self) -> bool {
        self.moved.iter().all(|&moved| moved)
    }

    /// The version: one for the start, one per move, one per ruling.
    pub(super) fn version(&self) -> u64 {
        self.ply + self.rulings.len() as u64 + 1
    }

    /// Whether a move of `seat` chosen on `version` comes too late (or from a version not yet
    /// reached): some version since changed what the seat may do. A move of another seat that
    /// leaves this seat's turn and legal moves as they were does not (every seat's setup at once
    /// in Trangouar); its own moves, the start or end of its turn, and rulings do.
    pub(super) fn is_stale(&self, seat: Seat, version: u64) -> bool {
        version < self.decided_at[seat] || version > self.version()
    }

    /// A new version came: every seat but those in `unchanged` (seats whose turn and legal moves
    /// it left as they were) now decides on it.
    pub(super) fn mark_decisions(&mut self, unchanged: &[Seat]) {
        let version = self.version();
        for (seat, at) in self.decided_at.iter_mut().enumerate() {
            if !unchanged.contains(&seat) {
                *at = version;
            }
        }
    }

    /// The forfeits so far, in order.
    pub(super) fn forfeited(&self) -> Vec<Forfeit> {
        self.rulings.iter().filter_map(Ruling::forfeit).collect()
    }

    /// Whether the server plays `seat`: a bot, or a seat that forfeited (the match goes on without
    /// it in 3 or 4 sides).
    pub(super) fn server_plays(&self, seat: Seat) -> bool {
        self.bot_levels[seat].is_some() || self.forfeited().iter().any(|f| f.seat == seat)
    }

    /// How the server plays `seat` (a bot's level; `easy` for a seat that forfeited).
    pub(super) fn level_of(&self, seat: Seat) -> BotLevel {
        self.bot_levels[seat].unwrap_or_default()
    }

    /// The seats that must act now and are people still in the match: whose clocks run, and who
    /// can abandon.
    pub(super) fn clocked_seats(&self) -> Vec<Seat> {
        let server_plays: Vec<bool> = (0..self.bot_levels.len())
            .map(|s| self.server_plays(s))
            .collect();
        clocked_seats(
            &self.game.facts().to_act,
            &server_plays,
            self.result.is_some(),
        )
    }

    pub(super) fn clock_view(&self) -> Option<ClockView> {
        self.clocks.as_ref().map(Clocks::view)
    }

    /// The clocks after a new version at `at` (a move of `mover`, or a ruling), with the match
    /// as it now is.
    pub(super) fn advance_clocks(&mut self, at: DateTime<Utc>, mover: Option<Seat>) {
        let running = self.clocked_seats();
        advance_clocks(&mut self.clocks, at, mover, running, self.result.is_some());
    }

    /// A ruling is now part of the match: a forfeit, and the end it brings, if any.
    pub(super) fn apply_ruling(&mut self, ruling: Ruling, end: Option<MatchResult>) {
        let at = ruling.at;
        self.rulings.push(ruling);
        self.mark_decisions(&[]);
        if end.is_some() {
            self.result = end;
        }
        self.advance_clocks(at, None);
    }

    /// What a forfeit of `seat` leads to: the match's end, if one side alone is left.
    pub(super) fn end_after_forfeit(&self, forfeit: Forfeit) -> Option<MatchResult> {
        let mut forfeited = self.forfeited();
        forfeited.push(forfeit);
        forfeits::end_by_forfeit(&self.sides, &forfeited)
    }

    /// Rebuilds a stored match: its moves replayed with the rulings between them, clocks advanced
    /// at each stored time. The replay runs under the engine's guard, with the engine's deadline
    /// for each of its moves; `Ok(Err)`: it did not replay (a reason), or the engine failed in it.
    pub async fn load(
        store: &Store,
        id: Uuid,
        room: &RoomRow,
        budget: std::time::Duration,
    ) -> Result<Result<LiveMatch, Unreplayable>, StoreError> {
        let Some(row) = store.match_row(id).await? else {
            return Ok(Err(Unreplayable::Data(format!("match {id} is missing"))));
        };
        let moves = store.moves(id, None).await?;
        let players = room.players;
        let budget = budget.saturating_mul(u32::try_from(moves.len() + 1).unwrap_or(u32::MAX));
        let replayed = isolated(budget, move || Self::replay(row, &moves, players)).await;
        Ok(match replayed {
            Ok(Ok(live)) => Ok(live),
            Ok(Err(reason)) => Err(Unreplayable::Data(reason)),
            Err(failure) => Err(Unreplayable::Engine(failure)),
        })
    }

    /// The replay of [`LiveMatch::load`]. Calls the engine: only under the guard.
    fn replay(row: MatchRow, moves: &[MoveRow], players: usize) -> Result<LiveMatch, String> {
        // Where the end-to-end tests make a replay fail (a panic, or a call past its deadline).
        fail::fail_point!("engine-replay");
        let game = game_of_match(&row)?;
        let Ok(seed) = <[u8; 32]>::try_from(row.seed.as_slice()) else {
            return Err("the stored seed is not 32 bytes".into());
        };
        let mut game_match = game
            .start(&engine_options(&row.options.0), players, seed)
            .map_err(|e: SetupError| e.to_string())?;
        if let Some(max) = row.max_plies {
            game_match.limit_plies(max as u64);
        }
        // Bots of matches from before levels played random moves.
        let bot_levels: Vec<Option<BotLevel>> = row
            .players
            .0
            .iter()
            .map(|p| p.bot.then(|| p.bot_level.unwrap_or(BotLevel::Random)))
            .collect();
        let server_plays = |rulings: &[Ruling], seat: Seat| {
            bot_levels[seat].is_some()
                || rulings
                    .iter()
                    .filter_map(Ruling::forfeit)
                    .any(|f| f.seat == seat)
        };
        let clock = row.clock.map(|c| c.0);
        let mut clocks = clock.map(|c| {
            let running = clocked_seats(&game_match.to_act(), &vec![false; players], false)
                .into_iter()
                .filter(|&s| bot_levels[s].is_none())
                .collect();
            Clocks::start(c, players, row.started_at, running)
        });
        // The version that ended the match (its last move or ruling) is replayed as an end, so
        // the clocks stop as they did.
        let ended = row.result.map(|r| r.0);
        let mut applied: Vec<Ruling> = Vec::new();
        let mut acks = HashMap::new();
        let mut moved = vec![false; players];
        let mut ply = 0u64;
        let mut result: Option<MatchResult> = None;
        let mut rulings = row.rulings.0.into_iter().peekable();
        let mut advance = |m: &dyn Match,
                           applied: &[Ruling],
                           result: &Option<MatchResult>,
                           at: DateTime<Utc>,
                           mover: Option<Seat>| {
            let server: Vec<bool> = (0..players).map(|s| server_plays(applied, s)).collect();
            let running = clocked_seats(&m.to_act(), &server, result.is_some());
            advance_clocks(&mut clocks, at, mover, running, result.is_some());
        };
        for (i, mv) in moves.iter().enumerate() {
            while let Some(ruling) = rulings.next_if(|r| r.after_ply < mv.ply as u64) {
                let at = ruling.at;
                applied.push(ruling);
                advance(&*game_match, &applied, &result, at, None);
            }
            let seat = mv.seat as usize;
            game_match
                .play(seat, &mv.body.0)
                .map_err(|e| format!("ply {}: {e}", mv.ply))?;
            ply = mv.ply as u64;
            if let (Some(player), Some(client)) = (mv.player_id, &mv.client_id) {
                acks.insert((player, client.clone()), ply + applied.len() as u64 + 1);
            }
            if mv.player_id.is_some() {
                moved[seat] = true;
            }
            if i + 1 == moves.len() && rulings.peek().is_none() {
                result.clone_from(&ended);
            }
            advance(&*game_match, &applied, &result, mv.at, Some(seat));
        }
        while let Some(ruling) = rulings.next() {
            if rulings.peek().is_none() {
                result.clone_from(&ended);
            }
            let at = ruling.at;
            applied.push(ruling);
            advance(&*game_match, &applied, &result, at, None);
        }
        if let (Some(clocks), Some(ended)) = (&mut clocks, row.ended_at) {
            clocks.stop(ended);
        }
        let sides = game_match.sides();
        let seats = bot_levels.len();
        let last_move_at = moves.last().map_or(row.started_at, |mv| mv.at);
        let version = ply + applied.len() as u64 + 1;
        Ok(LiveMatch {
            id: row.id,
            game: HostedMatch::settle(game_match),
            ply,
            rulings: applied,
            result: ended,
            sides,
            bot_levels,
            clocks,
            acks,
            moved,
            seat_views: vec![None; seats],
            spectator_view: None,
            last_move_at,
            decided_at: vec![version; seats],
        })
    }
}

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum Unreplayable {
    /// What is stored does not replay (a missing row, a refused move): the room is left out.
    #[error("{0}")]
    Data(String),
    /// The engine failed in the replay: the match is aborted.
    #[error(transparent)]
    Engine(EngineFailure),
}

/// Of the seats `to_act` (that must act now), those that are people still in the match
/// (`server_plays` is false for them): none once the match has `ended`.
pub(super) fn clocked_seats(to_act: &[Seat], server_plays: &[bool], ended: bool) -> Vec<Seat> {
    if ended {
        return Vec::new();
    }
    to_act
        .iter()
        .copied()
        .filter(|&s| !server_plays[s])
        .collect()
}

/// The clocks (if the room has any) after a version at `at`: `running` now act; an `ended` match
/// stops them.
pub(super) fn advance_clocks(
    clocks: &mut Option<Clocks>,
    at: DateTime<Utc>,
    mover: Option<Seat>,
    running: Vec<Seat>,
    ended: bool,
) {
    if let Some(clocks) = clocks {
        if ended {
            clocks.finish(at, mover);
        } else {
            clocks.advance(at, mover, running);
        }
    }
}
