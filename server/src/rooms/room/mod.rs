//! One room's task: it owns the room's seats, members and match, and applies commands in order.
//!
//! The path of a move: checks in the contract's order, the engine plays it on a copy of the match,
//! the store commits it, and only then does the room keep the copy, send each recipient its patch and
//! the mover its ack. A refused or unstored move leaves the room as it was.
//!
//! The room's [`Phase`] says whether it has a match: what needs one is done on [`InPlay`], which
//! only a room with its match gives. Handlers return `Result<_, RoomError>`; a refusal becomes the
//! sender's `error` frame in one place ([`Room::refuse`]), or the answer to a REST call that asked.

mod broadcast;
mod expiry;
mod live;
mod moderation;
mod phase;
pub(super) mod play;
mod recent;
mod rematch;
mod rulings;
mod seating;
mod timers;
pub(super) mod turn;

pub use live::{LiveMatch, Unreplayable};

use chrono::{DateTime, Utc};
use plateau_games::{GameEntry, Outcome, Seat};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{RoomInfo, SeatInfo, Seating, Visibility};
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::{MatchResult, PlayerRef, RoomStatus};
use serde_json::{Map, Value};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use super::creation::game_of;
use super::{Command, Request, RoomContext, RoomError};
use crate::conn::{encode, Conn, ConnId};
use crate::store::{Fence, RoomRow, RoomWriter, StoreError};
use phase::{InPlay, Phase};

/// How long a finished room with nobody in it stays loaded.
const IDLE_FINISHED: Duration = Duration::from_secs(60);

/// One room, as its task owns it.
pub struct Room {
    /// What the room was made with; never changes.
    settings: Settings,
    /// Who sits where, who hosts, and each seat's presence and turn.
    seats: Seats,
    /// Waiting, with its match, or ended without one.
    phase: Phase,
    members: HashMap<ConnId, Member>,
    context: Arc<RoomContext>,
    /// The room's public info, published to REST readers (and kept once: the room reads its
    /// options from it).
    info: watch::Sender<RoomInfo>,
    /// The only way the room writes to the store: every write checks the lease this node runs the
    /// room under (several nodes), in its own transaction.
    writer: RoomWriter,
    /// Cancelled when the room must stop: at shutdown, or when this node lost the room's lease.
    stop: CancellationToken,
    /// When the room next acts by itself.
    timers: Timers,
    /// The code of the rematch room, once a player asked for one.
    rematch: Option<String>,
    /// Seats offering a draw now. Not stored: an offer lasts while the room runs, and any move
    /// clears it.
    draw_offers: BTreeSet<Seat>,
    /// The last chat lines and versions' events, for whoever (re)joins.
    recent: recent::Recent,
    /// The bot thinking for a seat, if one is.
    bot: ThinkingBot,
    /// The version and status the seated players last heard of (`turn`): they hear each once.
    told_turn: Option<(Option<u64>, plateau_protocol::RoomStatus)>,
}

/// What a room is made with, kept for its life.
struct Settings {
    code: String,
    game: &'static dyn GameEntry,
    visibility: Visibility,
    created_at: DateTime<Utc>,
    /// The room's clock (None: none); each match copies it.
    clock: Option<ClockSetting>,
    /// Who sits where at the start.
    seating: Seating,
    /// Whether its matches are rated: every seat a person, ratings changed at the end.
    rated: bool,
    /// Whether the match starts by itself once every seat is taken by a person.
    auto_start: bool,
    /// A tournament's room: the match starts by itself at this time with whoever has come.
    start_by: Option<DateTime<Utc>>,
}

/// The seats: who sits in each, who hosts, and what the room's timers need of each seat.
struct Seats {
    occupants: Vec<SeatState>,
    host: Uuid,
    /// Per seat: since when it has had no connection in the room (None: it has one). From the
    /// room's start after a restart.
    absent_since: Vec<Option<tokio::time::Instant>>,
    /// Per seat: since when it has had to act (None: it need not). With `absent_since`, when a
    /// seat is abandoned.
    acting_since: Vec<Option<tokio::time::Instant>>,
}

/// When the room acts by itself (see `timers.rs` for the duties, `expiry.rs` for a waiting room).
#[derive(Default)]
struct Timers {
    /// When the server next plays for a seat: a bot's move, or the rules' default for a player who
    /// did not decide in time.
    auto_due: Option<tokio::time::Instant>,
    /// A timed duty (a forfeit, a default move on a clock) that could not be stored (the database
    /// away) is tried again no sooner than this.
    retry_duties_at: Option<tokio::time::Instant>,
    /// Since when this room has had nobody connected, as last stored (None: somebody is). Only
    /// kept up to date while the room is waiting.
    vacant_since: Option<DateTime<Utc>>,
    /// Since when the match under way, which the server plays seats of, has had no person of
    /// the match connected (None: it has one, or the server plays no seat).
    unattended_since: Option<tokio::time::Instant>,
    /// A seat's `forfeit_at` / `claim_at` changed with a version: the info goes out after it.
    absence_news: bool,
}

/// A bot searching for a seat's move, off the room's task.
#[derive(Default)]
struct ThinkingBot {
    /// The version it thinks about.
    version: Option<u64>,
    /// Where its choice comes back: one answer per question, so a channel exists only while a bot
    /// thinks (a room without bots holds none).
    answer: Option<oneshot::Receiver<play::BotChoice>>,
}

#[derive(Debug, Clone, Default)]
struct SeatState {
    player: Option<PlayerRef>,
    bot: bool,
}

/// A connection in the room: a seat's player, or a spectator.
struct Member {
    conn: Conn,
    seat: Option<usize>,
}

/// A seat's player as the room shows it.
fn seat_states(row: &RoomRow) -> Vec<SeatState> {
    row.seats
        .iter()
        .map(|s| SeatState {
            player: s.player_id.map(|id| PlayerRef {
                id,
                name: s.player_name.clone().unwrap_or_default(),
                bot: s.player_bot.unwrap_or(false),
            }),
            bot: s.bot,
        })
        .collect()
}

/// The public info of a stored room that is not live (nobody is connected to it).
pub fn info_from_row(row: &RoomRow) -> RoomInfo {
    RoomInfo {
        code: row.code.clone(),
        game: row.game.clone(),
        players: row.players,
        visibility: row.visibility,
        options: row.options.clone(),
        host: row.host,
        seats: seat_states(row)
            .into_iter()
            .enumerate()
            .map(|(seat, s)| SeatInfo {
                seat,
                connected: s.bot,
                player: s.player,
                bot: s.bot,
                bot_level: None,
                away_since: None,
                forfeit_at: None,
                claim_at: None,
            })
            .collect(),
        status: row.status,
        match_id: row.match_id,
        created_at: row.created_at,
        spectators: 0,
        clock: row.clock,
        seating: row.seating,
        rated: row.rated,
        auto_start: row.auto_start,
        start_by: row.start_by,
        turn: None,
    }
}

/// The result of a match whose engine failed: nobody wins.
pub fn aborted_result(forfeited: Vec<plateau_protocol::Forfeit>) -> MatchResult {
    MatchResult {
        winners: Vec::new(),
        scores: None,
        reason: RoomStatus::Aborted.as_str().into(),
        forfeited,
    }
}

/// The end of a match as it counts: a rated match that ends before every seat has made a move of
/// its own (a resignation, an agreed draw, a forfeit at once) ends `aborted`, rated for nobody, so
/// that resigning at once to a second account gains it nothing (as on lichess).
fn rated_end(rated: bool, every_seat_moved: bool, result: MatchResult) -> MatchResult {
    if rated && !every_seat_moved {
        aborted_result(result.forfeited)
    } else {
        result
    }
}

fn result_of(outcome: Outcome) -> MatchResult {
    MatchResult {
        winners: outcome.winners,
        scores: outcome.scores,
        reason: outcome.reason,
        forfeited: Vec::new(),
    }
}

impl Room {
    pub fn new(
        row: RoomRow,
        live: Option<LiveMatch>,
        context: Arc<RoomContext>,
        writer: RoomWriter,
        stop: CancellationToken,
    ) -> Room {
        let (info, _) = watch::channel(info_from_row(&row));
        let game = game_of(&row).expect("rooms are created for games this server runs");
        let mut room = Room {
            settings: Settings {
                code: row.code.clone(),
                game,
                visibility: row.visibility,
                created_at: row.created_at,
                clock: row.clock,
                seating: row.seating,
                rated: row.rated,
                auto_start: row.auto_start,
                start_by: row.start_by,
            },
            seats: Seats {
                occupants: seat_states(&row),
                host: row.host,
                absent_since: vec![Some(tokio::time::Instant::now()); row.players],
                acting_since: vec![None; row.players],
            },
            // With a live match, its result says; without, what was stored.
            phase: Phase::of_stored(row.status, row.match_id, live),
            members: HashMap::new(),
            context,
            info,
            writer,
            stop,
            timers: Timers {
                // Unknown (NULL: people were in it at the last stop) is recorded as from now.
                vacant_since: row.vacant_since,
                ..Timers::default()
            },
            rematch: row.rematch.clone(),
            draw_offers: BTreeSet::new(),
            recent: recent::Recent::default(),
            bot: ThinkingBot::default(),
            told_turn: None,
        };
        room.info.send_replace(room.room_info());
        room.track_turns();
        room.schedule_automatic();
        room
    }

    /// The room's status (see [`Phase::status`]).
    fn status(&self) -> RoomStatus {
        self.phase.status()
    }

    pub fn subscribe(&self) -> watch::Receiver<RoomInfo> {
        self.info.subscribe()
    }

    /// The lease this node runs the room under (several nodes).
    pub fn fence(&self) -> Option<&Fence> {
        self.writer.fence()
    }

    /// What stops the room.
    pub fn stopper(&self) -> CancellationToken {
        self.stop.clone()
    }

    /// Names the room's match in every line its task logs from now on (the task's span has the
    /// field, empty until there is a match).
    fn log_match(&self) {
        if let Some(id) = self.phase.match_id() {
            tracing::Span::current().record("match_id", tracing::field::display(id));
        }
    }

    /// The room's loop: commands in order, bots when due, until shutdown (or idle once finished).
    ///
    /// An idle room is this future: the room itself is boxed once (not held both by the task and
    /// by its future), and the work of a command, a bot's choice or a timed duty runs as a boxed
    /// future of its own, so that the loop does not hold room for the largest of them while it
    /// waits (what an idle room costs: `bench/README.md`).
    pub async fn run(mut self: Box<Self>, mut commands: mpsc::Receiver<Box<Command>>) {
        let stop = self.stop.clone();
        self.log_match();
        loop {
            Box::pin(self.track_vacancy()).await;
            self.track_presence();
            let expires = self.expiry_due();
            let duty = self.next_duty();
            let idle = self.members.is_empty()
                && matches!(
                    self.status(),
                    RoomStatus::Finished | RoomStatus::Abandoned | RoomStatus::Aborted
                );
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => Box::pin(self.handle(*command)).await,
                    None => break,
                },
                answer = async { self.bot.answer.as_mut().expect("guarded").await }, if self.bot.answer.is_some() => {
                    self.bot.answer = None;
                    match answer {
                        Ok(choice) => Box::pin(self.on_bot_choice(choice)).await,
                        // The bot's task ended without an answer: asked again after the bots'
                        // delay, rather than the seat waiting for an answer that never comes.
                        Err(_) => {
                            self.bot.version = None;
                            self.schedule_automatic();
                        }
                    }
                }
                _ = async { tokio::time::sleep_until(duty.expect("guarded").0).await }, if duty.is_some() => {
                    Box::pin(self.perform(duty.expect("guarded").1)).await;
                }
                _ = async { tokio::time::sleep_until(expires.expect("guarded")).await }, if expires.is_some() => {
                    Box::pin(self.expire()).await;
                }
                _ = tokio::time::sleep(IDLE_FINISHED), if idle => break,
                _ = stop.cancelled() => break,
            }
        }
        // What is still queued is answered, not dropped: the room runs again (elsewhere, or here
        // once reloaded), and a sender told so sends again at once instead of waiting for an
        // answer that would never come.
        commands.close();
        while let Ok(command) = commands.try_recv() {
            self.turn_away(*command);
        }
    }

    /// Refuses a command the room will not handle because it stops.
    fn turn_away(&self, command: Command) {
        match command {
            Command::Request {
                conn,
                request,
                reply,
                ..
            } => {
                if let Some(reply) = reply {
                    let _ = reply.send(None);
                }
                if !matches!(request, Request::Leave | Request::Disconnect) {
                    let id = request.id().map(str::to_owned);
                    self.refuse(&conn, id, RoomError::restarting());
                }
            }
            Command::Moderate { reply, .. } => {
                let _ = reply.send(Err(RoomError::restarting()));
            }
            Command::NodeGone { .. } | Command::AccountClosed { .. } => {}
        }
    }

    async fn handle(&mut self, command: Command) {
        let (conn, request, received, reply) = match command {
            Command::Request {
                conn,
                request,
                received,
                reply,
            } => (conn, request, received, reply),
            Command::NodeGone { node } => {
                let gone: Vec<ConnId> = self
                    .members
                    .values()
                    .filter(|m| m.conn.remote_node() == Some(node))
                    .map(|m| m.conn.id)
                    .collect();
                return self.drop_members(&gone);
            }
            Command::AccountClosed { player } => {
                for id in self.recent.forget_chat_of(player) {
                    self.drop_chat_line(id);
                }
                return self.forget_name_of(player);
            }
            Command::Moderate { moderation, reply } => {
                let answer = self.on_moderate(moderation).await;
                // The caller may have given up meanwhile; nothing to undo.
                let _ = reply.send(answer);
                return;
            }
        };
        let id = request.id().map(str::to_owned);
        let is_move = matches!(request, Request::Move { .. });
        let done = match request {
            Request::Join { role } => self.on_join(conn.clone(), role).await,
            Request::Leave => self.on_leave(&conn).await,
            Request::Start { bots, bot_level } => self.on_start(&conn, bots, bot_level).await,
            Request::Move { id, version, mv } => {
                self.on_move(&conn, id, version, mv, received).await
            }
            Request::Sync => self.on_sync(&conn).await,
            Request::Chat { text } => self.on_chat(&conn, text),
            Request::Resign => self.on_resign(&conn).await,
            Request::Claim { result } => self.on_claim(&conn, result).await,
            Request::Draw { offer } => self.on_draw(&conn, offer).await,
            Request::Rematch => {
                let ticket = self.on_rematch(&conn).await;
                // The session may have gone meanwhile; nothing to undo.
                if let Some(reply) = reply {
                    let _ = reply.send(ticket.as_ref().ok().cloned());
                }
                ticket.map(drop)
            }
            Request::Reserve { seat, from } => self.on_reserve(&conn, seat, from).await,
            Request::Accept => self.on_accept(&conn).await,
            Request::Disconnect => {
                if self.members.remove(&conn.id).is_some() {
                    self.publish();
                }
                Ok(())
            }
        };
        match done {
            Err(refused) => self.refuse(&conn, id, refused),
            // A seat's agent hears of every request it made: a move's ack went already.
            Ok(()) if conn.agent && !is_move => {
                conn.send(&ServerFrame::Ack {
                    id: id.unwrap_or_default(),
                    version: self.phase.live().map_or(0, |live| live.version()),
                    room: self.settings.code.clone(),
                });
            }
            Ok(()) => {}
        }
    }

    /// Whether a failed write failed because another node took the room over; if so the room
    /// stops here (its new owner tells the members where it is).
    fn lost_lease(&self, e: &StoreError) -> bool {
        if !matches!(e, StoreError::LeaseLost { .. }) {
            return false;
        }
        tracing::warn!(room = %self.settings.code, "lease lost: another node runs this room now");
        self.stop.cancel();
        true
    }

    /// A write the sender asked for (`doing`, as "take the seat") could not be stored: why, in
    /// one wording for every command. Logged; a lost lease stops the room here.
    fn unstored(&self, e: &StoreError, doing: &'static str) -> RoomError {
        let moved = self.lost_lease(e);
        if !moved {
            if e.is_unavailable() {
                // The store logs the database going away, once.
                tracing::warn!(error = %e, "could not {doing}");
            } else {
                tracing::error!(error = %e, "could not {doing}");
            }
        }
        RoomError::Unstored {
            doing: doing.into(),
            moved,
        }
    }

    /// The room's options. Kept once, in its published info: a map of even one option is a
    /// B-tree leaf of some 600 bytes, and the room need not hold a second one.
    fn options(&self) -> Map<String, Value> {
        self.info.borrow().options.clone()
    }

    fn seat_of(&self, player: Uuid) -> Option<usize> {
        self.seats
            .occupants
            .iter()
            .position(|s| s.player.as_ref().is_some_and(|p| p.id == player))
    }

    fn room_info(&self) -> RoomInfo {
        RoomInfo {
            code: self.settings.code.clone(),
            game: self.settings.game.info().id.to_string(),
            players: self.seats.occupants.len(),
            visibility: self.settings.visibility,
            options: self.options(),
            host: self.seats.host,
            seats: self
                .seats
                .occupants
                .iter()
                .enumerate()
                .map(|(seat, s)| {
                    let absence = self.absence_info(seat);
                    SeatInfo {
                        seat,
                        player: s.player.clone(),
                        bot: s.bot,
                        bot_level: self.phase.live().and_then(|l| l.bot_levels[seat]),
                        connected: s.bot
                            || s.player.as_ref().is_some_and(|p| {
                                self.members
                                    .values()
                                    .any(|m| m.conn.player.id == p.id && m.seat == Some(seat))
                            }),
                        away_since: absence.away_since,
                        forfeit_at: absence.forfeit_at,
                        claim_at: absence.claim_at,
                    }
                })
                .collect(),
            status: self.status(),
            match_id: self.phase.match_id(),
            created_at: self.settings.created_at,
            spectators: self.members.values().filter(|m| m.seat.is_none()).count(),
            clock: self.settings.clock,
            seating: self.settings.seating,
            rated: self.settings.rated,
            auto_start: self.settings.auto_start,
            start_by: self.settings.start_by,
            turn: self.turn_info(),
        }
    }

    /// Tells the room's seated players, wherever they listen (`events`), of `line` (a match
    /// starting or ending), with the room's code and game added.
    fn tell_players(&self, mut line: Value) {
        line["room"] = Value::from(self.settings.code.clone());
        line["game"] = Value::from(self.settings.game.info().id);
        let to = self
            .seats
            .occupants
            .iter()
            .filter_map(|s| s.player.as_ref().map(|p| p.id))
            .collect();
        self.context.events.tell(crate::events::Event { to, line });
    }

    /// Publishes the room's info to REST readers and sends it to every member.
    fn publish(&mut self) {
        self.publish_after(None);
    }

    /// [`Room::publish`], with `news` (an `ended` frame) sent to every member before the room's
    /// info. REST readers get the new info first: a client that reads the room as soon as the news
    /// arrives must not find it as it was (still playing).
    fn publish_after(&mut self, news: Option<tungstenite::Utf8Bytes>) {
        let info = self.room_info();
        let frame = encode(&ServerFrame::Room { room: info.clone() });
        self.tell_turn(&info);
        self.info.send_replace(info);
        if let Some(news) = news {
            self.send_to_all(news);
        }
        self.send_to_all(frame);
    }

    fn send_to_all(&mut self, frame: tungstenite::Utf8Bytes) {
        let gone: Vec<ConnId> = self
            .members
            .values()
            .filter(|m| !m.conn.send_text(frame.clone()))
            .map(|m| m.conn.id)
            .collect();
        self.drop_members(&gone);
    }

    /// Forgets members whose connection is gone or too slow.
    fn drop_members(&mut self, gone: &[ConnId]) {
        if gone.is_empty() {
            return;
        }
        for id in gone {
            self.members.remove(id);
        }
        let info = self.room_info();
        let frame = encode(&ServerFrame::Room { room: info.clone() });
        self.info.send_replace(info);
        for m in self.members.values() {
            m.conn.send_text(frame.clone());
        }
    }

    /// Tells `conn` that its request (`id`: the move's) was refused, and why: the room's one way
    /// of answering with an `error` frame, which names the room.
    fn refuse(&self, conn: &Conn, id: Option<String>, refused: RoomError) {
        conn.refuse(Some(self.settings.code.clone()), id, &refused);
    }

    /// Refuses a connection that has not joined this room (or has left it): a room code alone must
    /// not let anyone watch, chat or read a snapshot (the contract's "Private rooms stay private").
    /// A seat's agent (the bot API) counts as joined for its player's seat: it acts for the seat
    /// without watching the room (the seat's stream does).
    fn joined(&self, conn: &Conn) -> Result<(), RoomError> {
        if self.members.contains_key(&conn.id)
            || (conn.agent && self.seat_of(conn.player.id).is_some())
        {
            Ok(())
        } else {
            Err(RoomError::NotJoined)
        }
    }

    /// The seat of `conn`'s player, if it has one and has joined the room on this connection;
    /// otherwise why not, in the contract's order: `not_seated`, then `not_joined`.
    fn seated_and_joined(&self, conn: &Conn) -> Result<usize, RoomError> {
        let seat = self.seat_of(conn.player.id).ok_or(RoomError::NotSeated)?;
        self.joined(conn)?;
        Ok(seat)
    }

    fn on_chat(&mut self, conn: &Conn, text: String) -> Result<(), RoomError> {
        self.joined(conn)?;
        let at = Utc::now();
        let heard_by = self.members.values().map(|m| m.conn.player.id);
        let id = self
            .recent
            .chat(conn.player.clone(), text.clone(), at, heard_by);
        let frame = encode(&ServerFrame::Chat {
            room: self.settings.code.clone(),
            id,
            player: conn.player.clone(),
            text,
            at,
        });
        self.send_to_all(frame);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
