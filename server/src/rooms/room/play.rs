//! Moves: the contract's checks in order, the engine on a copy, the commit, then the news; and the
//! moves the server plays itself (bots, and the rules' defaults when a player runs out of time).

use chrono::{DateTime, SubsecRound, Utc};
use plateau_games::registry::LegalJson;
use plateau_games::{Match, MoveError, Played, Seat, Viewer};
use plateau_protocol::ws::{BotLevel, ServerFrame};
use plateau_protocol::{MatchResult, RatingOutcome, RoomStatus, UncountedReason};
use serde_json::Value;
use std::time::{Duration, Instant};
use uuid::Uuid;

use super::live::{advance_clocks, clocked_seats};
use super::{aborted_result, rated_end, result_of, InPlay, Room, RoomError};
use crate::conn::{encode, Conn};
use crate::engine_host::{build_views, EngineFailure, HostedMatch};
use crate::metrics::METRICS;
use crate::rooms::rules::clock::Clocks;
use crate::rooms::rules::forfeits;
use crate::store::{finished_rated, MatchEnd, NewMove, RatedEnd, StoreError};
use crate::views::moves::PlayedMove;
use crate::views::{Moment, RecipientView};

/// The least wait before the server plays for a seat again after its move could not be stored.
const RETRY_AFTER_FAILED_COMMIT: Duration = Duration::from_secs(1);

impl Room {
    pub(super) async fn on_move(
        &mut self,
        conn: &Conn,
        id: String,
        version: u64,
        mv: Value,
        received: Instant,
    ) -> Result<(), RoomError> {
        let seat = self.seated_and_joined(conn)?;
        let mut play = self
            .in_play()
            .ok_or(RoomError::NotYourTurn("the match has not started".into()))?;
        play.play_move(conn, seat, Sent { id, version, mv }, received)
            .await
    }

    /// Plans the next move the server plays itself: a seat it plays (a bot, or one that forfeited)
    /// plays after the bot delay; in a room without a clock, a player who owes a decision the rules
    /// can settle (see `Game::default_move`) gets the decision timeout (with a clock, the clock is
    /// that timeout).
    pub(super) fn schedule_automatic(&mut self) {
        self.timers.auto_due = None;
        let Some(live) = self.phase.under_way() else {
            return;
        };
        let facts = live.game.facts();
        let now = tokio::time::Instant::now();
        if facts.to_act.iter().any(|s| live.server_plays(*s)) {
            // A bot already thinking answers on its own.
            if self.bot.version.is_none() {
                self.timers.auto_due = Some(now + self.context.bot_delay);
            }
        } else if live.clocks.is_none() && !facts.with_default.is_empty() {
            self.timers.auto_due = Some(now + self.context.decision_timeout);
        }
    }

    /// A bot has chosen: its move is played if the match is still where it was (a ruling may
    /// have come first); a bot that found nothing plays a random legal move.
    pub(super) async fn on_bot_choice(&mut self, choice: BotChoice) {
        self.bot.version = None;
        let still =
            |play: &InPlay| play.live().result.is_none() && play.live().version() == choice.version;
        let Some(mut play) = self.in_play().filter(still) else {
            return self.schedule_automatic();
        };
        play.play_bot_choice(choice).await;
    }

    /// Whether the stored end of match `match_id` changed ratings, in a rated room (None in
    /// another). Whether a finished match counts is decided in the transaction that stored its
    /// end (`rate_match!`): its rating changes are read back (one query); None if the database
    /// cannot say now.
    pub(super) async fn rating_of_end(
        &self,
        match_id: Uuid,
        result: &MatchResult,
    ) -> Option<RatingOutcome> {
        if !self.settings.rated {
            return None;
        }
        if result.reason == RoomStatus::Aborted.as_str() {
            return Some(RatingOutcome::uncounted(UncountedReason::Aborted));
        }
        match self.context.store.rating_changes_of(&[match_id]).await {
            Ok(mut changes) => Some(finished_rated(
                changes.remove(&match_id).unwrap_or_default(),
            )),
            Err(e) => {
                tracing::warn!(%match_id, error = %e, "could not read whether a match was rated");
                None
            }
        }
    }

    /// Tells everyone in the room that the match is over, and publishes the room's new status.
    pub(super) fn announce_end(
        &mut self,
        match_id: Uuid,
        result: MatchResult,
        rating: Option<RatingOutcome>,
    ) {
        // Every end passes here (rules, forfeits, agreements, aborts): one log line and one count.
        tracing::info!(reason = %result.reason, "match ended");
        METRICS.match_ended(&result.reason);
        self.tell_players(
            serde_json::json!({"type": "matchFinish", "match": match_id, "result": &result}),
        );
        let frame = encode(&ServerFrame::Ended {
            room: self.settings.code.clone(),
            match_id,
            result,
            rating,
        });
        self.publish_after(Some(frame));
    }
}

/// A move as its player sent it.
pub(super) struct Sent {
    /// The client's id of the move.
    pub id: String,
    /// The version it was chosen on.
    pub version: u64,
    pub mv: Value,
}

impl InPlay<'_> {
    /// A player's move, from seat `seat`: the contract's checks in order (a move id already
    /// acknowledged is acknowledged again), then the engine on a copy, and the commit.
    async fn play_move(
        &mut self,
        conn: &Conn,
        seat: Seat,
        sent: Sent,
        received: Instant,
    ) -> Result<(), RoomError> {
        let Sent { id, version, mv } = sent;
        let live = self.live();
        if let Some(&acked) = live.acks.get(&(conn.player.id, id.clone())) {
            conn.send(&ServerFrame::Ack {
                id,
                version: acked,
                room: self.settings.code.clone(),
            });
            return Ok(());
        }
        if live.result.is_some() {
            return Err(RoomError::NotYourTurn("the match is over".into()));
        }
        if live.forfeited().iter().any(|f| f.seat == seat) {
            return Err(RoomError::NotYourTurn(
                "your side is out of the match: the server plays this seat".into(),
            ));
        }
        if !live.game.facts().to_act.contains(&seat) {
            return Err(RoomError::NotYourTurn("it is not your turn".into()));
        }
        if live.is_stale(seat, version) {
            return Err(RoomError::StaleVersion {
                at: live.version(),
                sent: version,
            });
        }
        let mut choose = Some(mv);
        match self
            .engine_turn(true, move |_| Some((seat, choose.take()?)))
            .await
        {
            TurnOutcome::Played(turn) => {
                let sender = Some((conn.clone(), id, received));
                let stored = self.commit(seat, sender, *turn).await;
                stored.map_err(|e| self.unstored(&e, "store the move"))
            }
            TurnOutcome::Refused(e) => {
                let words = e.to_string().into();
                Err(match e {
                    MoveError::Malformed(_) => RoomError::BadRequest(words),
                    MoveError::NotYourTurn => RoomError::NotYourTurn(words),
                    MoveError::Illegal(_) => RoomError::IllegalMove(words),
                })
            }
            TurnOutcome::Aborted => Err(RoomError::Internal(
                "the rules engine failed on this move: the match is aborted".into(),
            )),
            TurnOutcome::Nothing => Ok(()),
        }
    }

    /// Runs the engine's part of a turn under the engine's guard (see [`crate::engine_host`]):
    /// `choose` picks the seat and move from the match, which is then played on a copy, and the new
    /// version's views are built for every viewer watching. `own`: the move is its player's own
    /// (not played for the seat by the server). An engine that panics or runs past
    /// `--engine-abort-ms` aborts the match.
    async fn engine_turn<C>(&mut self, own: bool, choose: C) -> TurnOutcome
    where
        C: FnOnce(&dyn Match) -> Option<(Seat, Value)> + Send + 'static,
    {
        let live = self.live();
        let watched = self.watched_viewers();
        let game = self.settings.game.info().id;
        let (version, ply) = (live.version() + 1, live.ply + 1);
        let server_plays: Vec<bool> = (0..self.seats.occupants.len())
            .map(|s| live.server_plays(s))
            .collect();
        let (sides, forfeited) = (live.sides.clone(), live.forfeited());
        let (rated, mut moved) = (self.settings.rated, live.moved.clone());
        let mut clocks = live.clocks.clone();
        // The move's time: stored with it, and the time its view's clocks are taken at. To the
        // microsecond, as the store keeps it (Postgres), so that the record a patch carries is
        // the history's to the letter.
        let at = Utc::now().trunc_subsecs(6);
        let work = move |mut next: Box<dyn Match>| -> Result<Option<Turn>, MoveError> {
            let Some((seat, mv)) = choose(&*next) else {
                return Ok(None);
            };
            // Where the end-to-end tests make an engine fail (a panic, or a call past its
            // deadline): no input of a client reaches such a failure any more.
            fail::fail_point!("engine-play");
            // The other seats acting now, with what they may do: those whose turn and legal moves
            // the move leaves as they were may still send a move chosen before it.
            let others: Vec<(Seat, LegalJson)> = next
                .to_act()
                .into_iter()
                .filter(|&s| s != seat)
                .map(|s| (s, next.legal_moves_json(s)))
                .collect();
            let played = next.play(seat, &mv)?;
            let acting = next.to_act();
            let unchanged = others
                .into_iter()
                .filter(|(s, legal)| acting.contains(s) && next.legal_moves_json(*s) == *legal)
                .map(|(s, _)| s)
                .collect();
            moved[seat] |= own;
            let every_seat_moved = moved.iter().all(|&m| m);
            let result = next.outcome().map(|outcome| {
                let result = forfeits::rules_result(result_of(outcome), &sides, &forfeited);
                rated_end(rated, every_seat_moved, result)
            });
            let running = clocked_seats(&next.to_act(), &server_plays, result.is_some());
            advance_clocks(&mut clocks, at, Some(seat), running, result.is_some());
            let moment = Moment {
                game,
                version,
                ply,
                status: if result.is_some() {
                    RoomStatus::Finished
                } else {
                    RoomStatus::Playing
                },
                result: result.clone(),
                clock: clocks.as_ref().map(Clocks::view),
                played_by_server: forfeited.iter().map(|f| f.seat).collect(),
            };
            let views = build_views(&*next, watched, &moment);
            Ok(Some(Turn {
                seat,
                unchanged,
                next: HostedMatch::settle(next),
                played,
                result,
                views,
                clocks,
                at,
            }))
        };
        let budget = self.context.limits.engine_abort();
        match live.game.play_on_copy(budget, work).await {
            Ok(Ok(Some(turn))) => TurnOutcome::Played(Box::new(turn)),
            Ok(Ok(None)) => TurnOutcome::Nothing,
            Ok(Err(e)) => TurnOutcome::Refused(e),
            Err(failure) => {
                self.abort(failure).await;
                TurnOutcome::Aborted
            }
        }
    }

    /// Stores a move played on `turn.next`, then makes it the room's match and tells everyone.
    /// What could not be stored changes nothing; a move the server played is tried again later.
    async fn commit(
        &mut self,
        seat: usize,
        sender: Option<(Conn, String, Instant)>,
        turn: Turn,
    ) -> Result<(), StoreError> {
        let Turn {
            seat: _,
            unchanged,
            next,
            played,
            result,
            views,
            clocks,
            at: now,
        } = turn;
        let live = self.live();
        let ply = live.ply + 1;
        let append = NewMove {
            match_id: live.id,
            ply,
            seat,
            player_id: sender.as_ref().map(|(conn, _, _)| conn.player.id),
            client_id: sender.as_ref().map(|(_, id, _)| id.as_str()),
            body: &played.canonical,
            at: now,
            end: result.as_ref().map(|result| self.match_end(result, now)),
        };
        if let Err(e) = self.writer.append_move(&append).await {
            if matches!(e, StoreError::LeaseLost { .. }) {
                return Err(e);
            }
            // A bot's move is tried again later, not at once (the database may be away for a
            // while: no busy loop); a player's is theirs to resend.
            let retry = tokio::time::Instant::now() + RETRY_AFTER_FAILED_COMMIT;
            self.schedule_automatic();
            if let Some(due) = &mut self.timers.auto_due {
                *due = (*due).max(retry);
            }
            self.timers.retry_duties_at = Some(retry);
            return Err(e);
        }
        self.timers.retry_duties_at = None;
        let live = self.live_mut();
        live.moved[seat] |= sender.is_some();
        live.game = next;
        live.ply = ply;
        live.result = result.clone();
        live.clocks = clocks;
        live.last_move_at = now;
        live.mark_decisions(&unchanged);
        let version = live.version();
        let match_id = live.id;
        if let Some((conn, id, _)) = &sender {
            live.acks.insert((conn.player.id, id.clone()), version);
        }
        METRICS.moves.inc();
        let recorded = PlayedMove::new(self.settings.game, ply, seat, &played.canonical, now);
        let rating = match &result {
            Some(end) => self.rating_of_end(match_id, end).await,
            None => None,
        };
        self.after_version(NewVersion {
            events: played.events,
            views,
            end: result,
            rating,
            kind: VersionKind::Move {
                acked: sender.map(|(conn, id, received)| (conn, id, version, received)),
                recorded,
            },
        });
        Ok(())
    }

    /// Commits a move the server played for `seat`; what could not be stored is logged (it is
    /// tried again later).
    async fn commit_automatic(&mut self, seat: Seat, turn: Turn) {
        if let Err(e) = self.commit(seat, None, turn).await {
            if !self.lost_lease(&e) {
                let ply = self.live().ply + 1;
                tracing::error!(error = %e, ply, "could not store a move");
            }
        }
    }

    /// What ending the match with `result` at `at` writes: every rating moves with it when the
    /// room is rated and the match was not aborted.
    pub(super) fn match_end<'a>(
        &'a self,
        result: &'a MatchResult,
        at: DateTime<Utc>,
    ) -> MatchEnd<'a> {
        let counts = self.settings.rated && result.reason != RoomStatus::Aborted.as_str();
        let pair_once_within =
            chrono::TimeDelta::hours(self.context.limits.rated_pair_hours as i64);
        MatchEnd {
            result,
            ended_at: at,
            rated: counts.then_some(RatedEnd {
                sides: &self.live().sides[..],
                pair_once_within,
            }),
        }
    }

    /// What follows every new version once it is stored, a move's or a ruling's, in this order:
    /// each recipient's patch, the seats' turns, the offers a move clears, the mover's ack (after
    /// its patch), the end if it came, and the server's next move.
    pub(super) fn after_version(&mut self, version: NewVersion) {
        let NewVersion {
            events,
            views,
            end,
            rating,
            kind,
        } = version;
        // The mover's patch and ack leave in one write.
        let mover = match &kind {
            VersionKind::Move {
                acked: Some((conn, ..)),
                ..
            } => Some(conn.cork()),
            _ => None,
        };
        let recorded = match &kind {
            VersionKind::Move { recorded, .. } => Some(recorded),
            VersionKind::Ruling => None,
        };
        self.broadcast_version(events, views, recorded);
        let began = self.track_turns();
        self.tell_turns(&began);
        if let VersionKind::Move { acked, .. } = kind {
            self.clear_draw_offers();
            if let Some((conn, id, version, received)) = acked {
                conn.send(&ServerFrame::Ack {
                    id,
                    version,
                    room: self.settings.code.clone(),
                });
                METRICS
                    .move_ack_seconds
                    .observe(received.elapsed().as_secs_f64());
            }
        }
        drop(mover);
        if let Some(result) = end {
            let match_id = self.live().id;
            self.announce_end(match_id, result, rating);
        } else if std::mem::take(&mut self.timers.absence_news) {
            self.publish();
        }
        self.share_turn();
        self.schedule_automatic();
    }

    /// The server plays for one seat: one it plays (the rules' default move if there is one, else
    /// a random legal move), or a player out of time (the rules' default move). `only`: that seat,
    /// whose clock ran out.
    pub(super) async fn play_automatic(&mut self, only: Option<Seat>) {
        self.timers.auto_due = None;
        let live = self.live();
        // A seat the server plays, for which the rules prescribe nothing: its bot searches, off
        // the room's task, and answers on `bot_answer` (see `on_bot_choice`).
        if only.is_none() && self.bot.version.is_none() {
            let facts = live.game.facts();
            let thinker = facts
                .to_act
                .iter()
                .copied()
                .find(|&s| live.server_plays(s) && !facts.has_default(s));
            if let Some(seat) = thinker {
                let level = live.level_of(seat);
                if level != BotLevel::Random {
                    return self.start_thinking(seat, level);
                }
            }
        }
        let server_plays: Vec<bool> = (0..self.seats.occupants.len())
            .map(|s| live.server_plays(s))
            .collect();
        let choose = move |m: &dyn Match| {
            m.to_act()
                .into_iter()
                .filter(|seat| only.is_none_or(|o| o == *seat))
                .find_map(|seat| {
                    let default = m.default_move(seat);
                    if server_plays[seat] {
                        // Drawn from the match's bot stream: replayable, and the match RNG is
                        // untouched.
                        let random = || m.random_move(seat);
                        Some((seat, default.or_else(random)?))
                    } else {
                        Some((seat, default?))
                    }
                })
        };
        match self.engine_turn(false, choose).await {
            TurnOutcome::Played(turn) => {
                let seat = turn.seat;
                self.commit_automatic(seat, *turn).await
            }
            TurnOutcome::Refused(e) => tracing::error!(error = %e, "an automatic move was refused"),
            TurnOutcome::Nothing => tracing::error!("nothing to play automatically"),
            TurnOutcome::Aborted => {}
        }
    }

    /// A bot of `level` starts thinking for `seat` on the server's bot threads.
    fn start_thinking(&mut self, seat: Seat, level: BotLevel) {
        let live = self.live();
        let (answer, answered) = tokio::sync::oneshot::channel();
        let m = live.game.for_bot();
        let version = live.version();
        let pool = self.context.bots.clone();
        self.bot.answer = Some(answered);
        self.bot.version = Some(version);
        tokio::spawn(async move {
            let mv = pool.think(m, seat, level).await;
            // The room may have stopped meanwhile: nobody to tell.
            let _ = answer.send(BotChoice { version, seat, mv });
        });
    }

    /// A bot's choice for the version the match is at (see [`Room::on_bot_choice`]).
    async fn play_bot_choice(&mut self, choice: BotChoice) {
        let BotChoice { seat, mv, .. } = choice;
        let chosen = move |m: &dyn Match| Some((seat, mv.or_else(|| m.random_move(seat))?));
        match self.engine_turn(false, chosen).await {
            TurnOutcome::Played(turn) => self.commit_automatic(seat, *turn).await,
            TurnOutcome::Refused(e) => {
                tracing::error!(error = %e, seat, "a bot chose a move the rules refuse");
                let random = move |m: &dyn Match| Some((seat, m.random_move(seat)?));
                if let TurnOutcome::Played(turn) = self.engine_turn(false, random).await {
                    self.commit_automatic(seat, *turn).await;
                }
            }
            TurnOutcome::Nothing => tracing::error!(seat, "a bot had nothing to play"),
            TurnOutcome::Aborted => {}
        }
    }

    /// The engine failed: the match ends as `aborted` (stored), everyone in the room is told, and
    /// the room takes no more moves. The failure is logged; the rest of the server goes on. Once:
    /// an engine that fails again on the aborted match (a snapshot's view) changes nothing more.
    pub(super) async fn abort(&mut self, failure: EngineFailure) {
        if self.status() == RoomStatus::Aborted {
            tracing::warn!(error = %failure, "the rules engine failed again on an aborted match");
            return;
        }
        let match_id = self.live().id;
        tracing::error!(%match_id, error = %failure, "the rules engine failed: match aborted");
        self.end_aborted().await;
    }

    /// Ends the match under way as `aborted` (stored; nobody wins, nobody is rated), tells everyone,
    /// and takes no more moves.
    pub(super) async fn end_aborted(&mut self) {
        if self.live().result.is_some() {
            return;
        }
        self.timers.auto_due = None;
        let live = self.live_mut();
        let match_id = live.id;
        let result = aborted_result(live.forfeited());
        live.result = Some(result.clone());
        // Views held show the match under way: a `sync` builds them again, as aborted.
        live.seat_views.iter_mut().for_each(|v| *v = None);
        live.spectator_view = None;
        if let Some(clocks) = &mut live.clocks {
            clocks.stop(Utc::now());
        }
        let stored = self.writer.abort_match(match_id, &result, Utc::now()).await;
        if let Err(e) = stored {
            if !self.lost_lease(&e) {
                tracing::error!(%match_id, error = %e, "could not store the abort of a match");
            }
        }
        let rating = self.rating_of_end(match_id, &result).await;
        self.announce_end(match_id, result, rating);
    }
}

/// A new version of the match, stored: what [`Room::after_version`] sends and does.
pub(super) struct NewVersion {
    pub events: Vec<plateau_games::Event>,
    /// The version's view for each viewer watching, built under the engine's guard.
    pub views: Vec<(Viewer, RecipientView)>,
    /// The match's end, if this version ends it.
    pub end: Option<MatchResult>,
    /// With `end`, in a rated room: whether the end changed ratings.
    pub rating: Option<RatingOutcome>,
    pub kind: VersionKind,
}

/// What made a version.
pub(super) enum VersionKind {
    /// A move: it clears the draw offers; `acked`, the mover's connection and move id, the
    /// version, and when the move came in (None: the server played it).
    Move {
        acked: Option<(Conn, String, u64, Instant)>,
        /// The move, as the match's history lists it (the patches carry it).
        recorded: PlayedMove,
    },
    /// A ruling (a forfeit, an agreed draw).
    Ruling,
}

/// A bot's choice for `seat` at `version` (None: it found nothing).
#[derive(Debug)]
pub(super) struct BotChoice {
    version: u64,
    seat: Seat,
    mv: Option<Value>,
}

/// The engine's part of a turn, done off the room task.
pub(super) struct Turn {
    seat: Seat,
    /// The other seats whose turn and legal moves the move left as they were.
    unchanged: Vec<Seat>,
    /// The match after the move, with its facts read under the guard.
    next: HostedMatch,
    played: Played,
    result: Option<MatchResult>,
    /// The new version's view for each viewer watching.
    views: Vec<(Viewer, RecipientView)>,
    /// The clocks after the move.
    clocks: Option<Clocks>,
    /// When the move was played: stored with it.
    at: DateTime<Utc>,
}

enum TurnOutcome {
    Played(Box<Turn>),
    Refused(MoveError),
    /// Nothing to play (an automatic move the rules do not make).
    Nothing,
    /// The engine failed; the match is aborted.
    Aborted,
}
