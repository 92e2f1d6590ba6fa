//! The match a room owns, and how it is rebuilt from the store: its moves replayed in order, with
//! the rulings (forfeits, an agreed draw) between them, and the clocks advanced at each stored time.

use chrono::{DateTime, Utc};
use plateau_games::{Match, Seat};
use plateau_protocol::clock::{ClockSetting, ClockView};
use plateau_protocol::ws::BotLevel;
use plateau_protocol::{Forfeit, MatchResult};
use std::collections::HashMap;
use uuid::Uuid;

use crate::rooms::clock::Clocks;
use crate::rooms::forfeits;
use crate::rooms::views::HeldView;
use crate::rooms::{engine_options, game_of_match};
use crate::store::{RoomRow, Ruling, Store, StoreError};

/// The room's match: the engine's match and what the room keeps beside it.
pub struct LiveMatch {
    pub(super) id: Uuid,
    pub(super) game_match: Box<dyn Match>,
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
    /// The view each seat (and the spectators) was last sent; None where nobody watches.
    pub(super) seat_views: Vec<Option<HeldView>>,
    pub(super) spectator_view: Option<HeldView>,
}

impl LiveMatch {
    /// A match at its start.
    pub(super) fn new(
        id: Uuid,
        game_match: Box<dyn Match>,
        bot_levels: Vec<Option<BotLevel>>,
        clock: Option<ClockSetting>,
        started_at: DateTime<Utc>,
    ) -> LiveMatch {
        let seats = bot_levels.len();
        let mut live = LiveMatch {
            id,
            sides: game_match.sides(),
            game_match,
            ply: 0,
            rulings: Vec::new(),
            result: None,
            bot_levels,
            clocks: None,
            acks: HashMap::new(),
            seat_views: vec![None; seats],
            spectator_view: None,
        };
        live.clocks = clock.map(|c| Clocks::start(c, seats, started_at, live.clocked_seats()));
        live
    }

    /// The version: one for the start, one per move, one per ruling.
    pub(super) fn version(&self) -> u64 {
        self.ply + self.rulings.len() as u64 + 1
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
        clocked_seats(&*self.game_match, &server_plays, self.result.is_some())
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
    /// at each stored time.
    pub async fn load(
        store: &Store,
        id: Uuid,
        room: &RoomRow,
    ) -> Result<Result<LiveMatch, String>, StoreError> {
        let Some(row) = store.match_row(id).await? else {
            return Ok(Err(format!("match {id} is missing")));
        };
        let moves = store.moves(id, None).await?;
        let game = match game_of_match(&row) {
            Ok(game) => game,
            Err(e) => return Ok(Err(e)),
        };
        let Ok(seed) = <[u8; 32]>::try_from(row.seed.as_slice()) else {
            return Ok(Err("the stored seed is not 32 bytes".into()));
        };
        let mut game_match = match game.start(&engine_options(&row.options.0), room.players, seed) {
            Ok(m) => m,
            Err(e) => return Ok(Err(e.to_string())),
        };
        if let Some(max) = row.max_plies {
            game_match.limit_plies(max as u64);
        }
        // Bots of matches from before levels played random moves.
        let bot_levels = row
            .players
            .0
            .iter()
            .map(|p| p.bot.then(|| p.bot_level.unwrap_or(BotLevel::Random)))
            .collect();
        let mut live = LiveMatch::new(
            id,
            game_match,
            bot_levels,
            row.clock.map(|c| c.0),
            row.started_at,
        );
        // The version that ended the match (its last move or ruling) is replayed as an end, so
        // the clocks stop as they did.
        let ended = row.result.map(|r| r.0);
        let mut rulings = row.rulings.0.into_iter().peekable();
        for (i, mv) in moves.iter().enumerate() {
            while let Some(ruling) = rulings.next_if(|r| r.after_ply < mv.ply as u64) {
                live.apply_ruling(ruling, None);
            }
            let seat = mv.seat as usize;
            if let Err(e) = live.game_match.play(seat, &mv.body.0) {
                return Ok(Err(format!("ply {}: {e}", mv.ply)));
            }
            live.ply = mv.ply as u64;
            if let (Some(player), Some(client)) = (mv.player_id, &mv.client_id) {
                live.acks.insert((player, client.clone()), live.version());
            }
            if i + 1 == moves.len() && rulings.peek().is_none() {
                live.result.clone_from(&ended);
            }
            live.advance_clocks(mv.at, Some(seat));
        }
        while let Some(ruling) = rulings.next() {
            let end = if rulings.peek().is_none() {
                ended.clone()
            } else {
                None
            };
            live.apply_ruling(ruling, end);
        }
        live.result = ended;
        if let (Some(clocks), Some(ended)) = (&mut live.clocks, row.ended_at) {
            clocks.stop(ended);
        }
        Ok(Ok(live))
    }
}

/// The seats of `m` that must act now and are people still in the match (`server_plays` is false
/// for them): none once the match has `ended`.
pub(super) fn clocked_seats(m: &dyn Match, server_plays: &[bool], ended: bool) -> Vec<Seat> {
    if ended {
        return Vec::new();
    }
    m.to_act()
        .into_iter()
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
