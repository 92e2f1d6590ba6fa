//! One room's task: it owns the room's seats, members and match, and applies commands in order.
//!
//! The path of a move: checks in the contract's order, the engine plays it on a copy of the match,
//! the store commits it, and only then does the room keep the copy, send each recipient its patch and
//! the mover its ack. A refused or unstored move leaves the room as it was.

use chrono::{DateTime, Utc};
use plateau_games::registry::{self, ReplayError};
use plateau_games::{GameEntry, Match, MoveError, Outcome, Played, Viewer};
use plateau_protocol::rest::{MatchPlayer, RoomInfo, SeatInfo, Visibility};
use plateau_protocol::ws::{Role, ServerFrame};
use plateau_protocol::{ErrorCode, MatchResult, PlayerRef, RoomStatus};
use rand::seq::IndexedRandom;
use rand::TryRngCore;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};
use uuid::Uuid;

use super::views::{Moment, RecipientView};
use super::{engine_options, game_of, Command, RoomContext};
use crate::metrics::METRICS;
use crate::store::{MatchEnd, NewMatch, NewMove, RoomRow, Store, StoreError};
use crate::ws::conn::{encode, Conn, ConnId};

/// How long a finished room with nobody in it stays loaded.
const IDLE_FINISHED: Duration = Duration::from_secs(60);

pub struct Room {
    code: String,
    game: &'static dyn GameEntry,
    visibility: Visibility,
    options: Map<String, Value>,
    host: Uuid,
    created_at: DateTime<Utc>,
    seats: Vec<SeatState>,
    status: RoomStatus,
    live: Option<LiveMatch>,
    members: HashMap<ConnId, Member>,
    context: Arc<RoomContext>,
    info: watch::Sender<RoomInfo>,
    /// When the server next plays for a seat: a bot's move, or the rules' default for a player who
    /// did not decide in time.
    auto_due: Option<tokio::time::Instant>,
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

/// The room's match: the engine's match and what the room keeps beside it.
pub struct LiveMatch {
    id: Uuid,
    game_match: Box<dyn Match>,
    /// Moves played so far; the version is `ply + 1`.
    ply: u64,
    result: Option<MatchResult>,
    /// Versions of accepted moves by (player, client move id): a resent move gets its first ack.
    acks: HashMap<(Uuid, String), u64>,
    /// The view each seat (and the spectators) was last sent; None where nobody watches.
    seat_views: Vec<Option<RecipientView>>,
    spectator_view: Option<RecipientView>,
}

impl LiveMatch {
    fn version(&self) -> u64 {
        self.ply + 1
    }

    /// Rebuilds a stored match by replaying its moves.
    pub async fn load(
        store: &Store,
        id: Uuid,
        room: &RoomRow,
    ) -> Result<Result<LiveMatch, String>, StoreError> {
        let Some(row) = store.match_row(id).await? else {
            return Ok(Err(format!("match {id} is missing")));
        };
        let moves = store.moves(id, None).await?;
        let game = match game_of(room) {
            Ok(game) => game,
            Err(e) => return Ok(Err(e)),
        };
        let Ok(seed) = <[u8; 32]>::try_from(row.seed.as_slice()) else {
            return Ok(Err("stored seed is not 32 bytes".into()));
        };
        let replayed = registry::replay(
            game,
            &engine_options(&row.options.0),
            room.players,
            seed,
            moves.iter().map(|m| (m.seat as usize, &m.body.0)),
        );
        let game_match = match replayed {
            Ok(m) => m,
            Err(e @ (ReplayError::Setup(_) | ReplayError::Move { .. })) => {
                return Ok(Err(e.to_string()))
            }
        };
        let acks = moves
            .iter()
            .filter_map(|m| Some(((m.player_id?, m.client_id.clone()?), m.ply as u64 + 1)))
            .collect();
        Ok(Ok(LiveMatch {
            id,
            result: row.result.map(|r| r.0),
            ply: moves.len() as u64,
            game_match,
            acks,
            seat_views: vec![None; room.players],
            spectator_view: None,
        }))
    }
}

/// A seat's player as the room shows it.
fn seat_states(row: &RoomRow) -> Vec<SeatState> {
    row.seats
        .iter()
        .map(|s| SeatState {
            player: s.player_id.map(|id| PlayerRef {
                id,
                name: s.player_name.clone().unwrap_or_default(),
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
        visibility: Visibility::parse(&row.visibility).unwrap_or(Visibility::Private),
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
            })
            .collect(),
        status: RoomStatus::parse(&row.status).unwrap_or(RoomStatus::Abandoned),
        match_id: row.match_id,
        created_at: row.created_at,
    }
}

fn result_of(outcome: Outcome) -> MatchResult {
    MatchResult {
        winners: outcome.winners,
        scores: outcome.scores,
        reason: outcome.reason,
    }
}

impl Room {
    pub fn new(row: RoomRow, live: Option<LiveMatch>, context: Arc<RoomContext>) -> Room {
        let (info, _) = watch::channel(info_from_row(&row));
        let game = game_of(&row).expect("rooms are created for games this server runs");
        let mut room = Room {
            code: row.code.clone(),
            game,
            visibility: Visibility::parse(&row.visibility).unwrap_or(Visibility::Private),
            options: row.options.clone(),
            host: row.host,
            created_at: row.created_at,
            seats: seat_states(&row),
            status: RoomStatus::parse(&row.status).unwrap_or(RoomStatus::Abandoned),
            live,
            members: HashMap::new(),
            context,
            info,
            auto_due: None,
        };
        room.info.send_replace(room.room_info());
        room.schedule_automatic();
        room
    }

    pub fn subscribe(&self) -> watch::Receiver<RoomInfo> {
        self.info.subscribe()
    }

    /// The room's loop: commands in order, bots when due, until shutdown (or idle once finished).
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let shutdown = self.context.shutdown.clone();
        loop {
            let idle = self.members.is_empty()
                && matches!(self.status, RoomStatus::Finished | RoomStatus::Abandoned);
            let auto_due = self.auto_due;
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = async { tokio::time::sleep_until(auto_due.expect("guarded")).await }, if auto_due.is_some() => {
                    self.play_automatic().await;
                }
                _ = tokio::time::sleep(IDLE_FINISHED), if idle => break,
                _ = shutdown.cancelled() => break,
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Join { conn, role } => self.on_join(conn, role).await,
            Command::Leave { conn } => self.on_leave(conn).await,
            Command::Start { conn, bots } => self.on_start(conn, bots).await,
            Command::Move {
                conn,
                id,
                version,
                mv,
                received,
            } => self.on_move(conn, id, version, mv, received).await,
            Command::Sync { conn } => self.on_sync(&conn),
            Command::Chat { conn, text } => self.on_chat(&conn, text),
            Command::Disconnect { conn } => {
                if self.members.remove(&conn).is_some() {
                    self.publish();
                }
            }
        }
    }

    // ----- seats and members -----

    fn seat_of(&self, player: Uuid) -> Option<usize> {
        self.seats
            .iter()
            .position(|s| s.player.as_ref().is_some_and(|p| p.id == player))
    }

    fn room_info(&self) -> RoomInfo {
        RoomInfo {
            code: self.code.clone(),
            game: self.game.info().id.to_string(),
            players: self.seats.len(),
            visibility: self.visibility,
            options: self.options.clone(),
            host: self.host,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(seat, s)| SeatInfo {
                    seat,
                    player: s.player.clone(),
                    bot: s.bot,
                    connected: s.bot
                        || s.player.as_ref().is_some_and(|p| {
                            self.members
                                .values()
                                .any(|m| m.conn.player.id == p.id && m.seat == Some(seat))
                        }),
                })
                .collect(),
            status: self.status,
            match_id: self.live.as_ref().map(|l| l.id),
            created_at: self.created_at,
        }
    }

    /// Publishes the room's info to REST readers and sends it to every member.
    fn publish(&mut self) {
        let info = self.room_info();
        let frame = encode(&ServerFrame::Room { room: info.clone() });
        self.info.send_replace(info);
        self.send_to_all(frame);
    }

    fn send_to_all(&mut self, frame: axum::extract::ws::Utf8Bytes) {
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

    fn refuse(&self, conn: &Conn, id: Option<String>, code: ErrorCode, message: impl Into<String>) {
        METRICS.error(code);
        conn.send(&ServerFrame::Error {
            id,
            code,
            message: message.into(),
            room: Some(self.code.clone()),
        });
    }

    async fn on_join(&mut self, conn: Conn, role: Role) {
        let seat = match role {
            Role::Spectator => None,
            Role::Player => match self.seat_of(conn.player.id) {
                Some(seat) => Some(seat),
                None if self.status != RoomStatus::Waiting => {
                    return self.refuse(
                        &conn,
                        None,
                        ErrorCode::RoomFull,
                        "the match has started without you; join as a spectator",
                    );
                }
                None => {
                    let Some(free) = self.seats.iter().position(|s| s.player.is_none() && !s.bot)
                    else {
                        return self.refuse(
                            &conn,
                            None,
                            ErrorCode::RoomFull,
                            "every seat is taken",
                        );
                    };
                    if let Err(e) = self
                        .context
                        .store
                        .update_seating(&self.code, self.host, free, Some(conn.player.id))
                        .await
                    {
                        tracing::error!(error = %e, "could not store a seat");
                        return self.refuse(
                            &conn,
                            None,
                            ErrorCode::Internal,
                            "could not take the seat; try again",
                        );
                    }
                    self.seats[free].player = Some(conn.player.clone());
                    Some(free)
                }
            },
        };
        let id = conn.id;
        self.members.insert(id, Member { conn, seat });
        self.publish();
        self.send_snapshot(id);
    }

    async fn on_leave(&mut self, conn: Conn) {
        let member = self.members.remove(&conn.id);
        let seat = self.seat_of(conn.player.id);
        if let (RoomStatus::Waiting, Some(seat)) = (self.status, seat) {
            // Before the start, leaving gives the seat up; the host's role passes to another player.
            let mut host = self.host;
            let mut status = self.status;
            if host == conn.player.id {
                match self
                    .seats
                    .iter()
                    .enumerate()
                    .find_map(|(s, st)| st.player.as_ref().filter(|_| s != seat).map(|p| p.id))
                {
                    Some(next) => host = next,
                    None => status = RoomStatus::Abandoned,
                }
            }
            let store = &self.context.store;
            let stored = async {
                store.update_seating(&self.code, host, seat, None).await?;
                if status != self.status {
                    store.set_room_status(&self.code, status.as_str()).await?;
                }
                Ok::<(), StoreError>(())
            }
            .await;
            if let Err(e) = stored {
                tracing::error!(error = %e, "could not store a seat");
                if let Some(member) = member {
                    self.members.insert(conn.id, member);
                }
                return self.refuse(
                    &conn,
                    None,
                    ErrorCode::Internal,
                    "could not leave; try again",
                );
            }
            self.seats[seat].player = None;
            self.host = host;
            self.status = status;
            for m in self.members.values_mut() {
                if m.conn.player.id == conn.player.id {
                    m.seat = None;
                }
            }
        }
        self.publish();
        // The leaver sees the room it left once more, as a receipt.
        conn.send(&ServerFrame::Room {
            room: self.room_info(),
        });
    }

    async fn on_start(&mut self, conn: Conn, bots: bool) {
        if conn.player.id != self.host {
            return self.refuse(
                &conn,
                None,
                ErrorCode::Forbidden,
                "only the host can start the match",
            );
        }
        if self.status != RoomStatus::Waiting {
            return self.refuse(
                &conn,
                None,
                ErrorCode::Conflict,
                "the match has already started",
            );
        }
        let empty = self.seats.iter().filter(|s| s.player.is_none()).count();
        if empty > 0 && !bots {
            return self.refuse(
                &conn,
                None,
                ErrorCode::Conflict,
                format!("{empty} seat(s) are empty: wait for players, or start with bots"),
            );
        }
        let mut seed = [0u8; 32];
        if rand::rngs::OsRng.try_fill_bytes(&mut seed).is_err() {
            return self.refuse(
                &conn,
                None,
                ErrorCode::Internal,
                "no randomness available; try again",
            );
        }
        let commitment = hex::encode(Sha256::digest(seed));
        let players = self.seats.len();
        let game_match = match self
            .game
            .start(&engine_options(&self.options), players, seed)
        {
            Ok(m) => m,
            Err(e) => return self.refuse(&conn, None, ErrorCode::BadRequest, e.to_string()),
        };
        let seating: Vec<MatchPlayer> = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, s)| match &s.player {
                Some(p) => MatchPlayer {
                    seat,
                    id: Some(p.id),
                    name: p.name.clone(),
                    bot: false,
                },
                None => MatchPlayer {
                    seat,
                    id: None,
                    name: format!("Bot {}", seat + 1),
                    bot: true,
                },
            })
            .collect();
        let id = Uuid::now_v7();
        let stored = self
            .context
            .store
            .start_match(&NewMatch {
                id,
                room_code: &self.code,
                game: self.game.info().id,
                options: &self.options,
                players: &seating,
                seed: &seed,
                commitment: &commitment,
                started_at: Utc::now(),
            })
            .await;
        if let Err(e) = stored {
            tracing::error!(error = %e, "could not store the start of a match");
            return self.refuse(
                &conn,
                None,
                ErrorCode::Internal,
                "could not start the match; try again",
            );
        }
        for (seat, p) in self.seats.iter_mut().zip(&seating) {
            seat.bot = p.bot;
        }
        self.status = RoomStatus::Playing;
        self.live = Some(LiveMatch {
            id,
            game_match,
            ply: 0,
            result: None,
            acks: HashMap::new(),
            seat_views: vec![None; players],
            spectator_view: None,
        });
        tracing::info!(match_id = %id, "match started");
        self.publish();
        let members: Vec<ConnId> = self.members.keys().copied().collect();
        for member in members {
            self.send_snapshot(member);
        }
        self.schedule_automatic();
    }

    // ----- views -----

    fn moment(&self) -> Option<Moment<'_>> {
        let live = self.live.as_ref()?;
        Some(Moment {
            game: self.game.info().id,
            version: live.version(),
            ply: live.ply,
            status: self.status,
            result: live.result.as_ref(),
        })
    }

    /// The view a viewer holds now, built if nobody holds it yet.
    fn current_view(&mut self, viewer: Viewer) -> Option<RecipientView> {
        let moment = self.moment()?;
        let live = self.live.as_ref()?;
        let cached = match viewer {
            Viewer::Seat(seat) => live.seat_views[seat].clone(),
            _ => live.spectator_view.clone(),
        };
        let view =
            cached.unwrap_or_else(|| RecipientView::build(&*live.game_match, viewer, &moment));
        let live = self.live.as_mut()?;
        match viewer {
            Viewer::Seat(seat) => live.seat_views[seat] = Some(view.clone()),
            _ => live.spectator_view = Some(view.clone()),
        }
        Some(view)
    }

    fn viewer_of(&self, conn: &Conn) -> Viewer {
        match self.members.get(&conn.id) {
            Some(m) => m.seat.map_or(Viewer::Spectator, Viewer::Seat),
            None => self
                .seat_of(conn.player.id)
                .map_or(Viewer::Spectator, Viewer::Seat),
        }
    }

    fn snapshot_for(&mut self, conn: &Conn) {
        let viewer = self.viewer_of(conn);
        if let Some(view) = self.current_view(viewer) {
            let version = self.live.as_ref().map_or(0, LiveMatch::version);
            conn.send(&ServerFrame::Snapshot {
                room: self.code.clone(),
                version,
                view: view.full(),
            });
        }
    }

    fn send_snapshot(&mut self, member: ConnId) {
        if let Some(conn) = self.members.get(&member).map(|m| m.conn.clone()) {
            self.snapshot_for(&conn);
        }
    }

    fn on_sync(&mut self, conn: &Conn) {
        if self.live.is_some() {
            self.snapshot_for(conn);
        } else {
            conn.send(&ServerFrame::Room {
                room: self.room_info(),
            });
        }
    }

    /// Sends every member the patch from the version before to the current one.
    fn broadcast_version(&mut self, events: &[plateau_games::Event]) {
        let Some(moment) = self.moment() else { return };
        let live = self.live.as_ref().expect("a version has a match");
        let from = moment.version - 1;
        let mut watched: Vec<Viewer> = Vec::new();
        for m in self.members.values() {
            let viewer = m.seat.map_or(Viewer::Spectator, Viewer::Seat);
            if !watched.contains(&viewer) {
                watched.push(viewer);
            }
        }
        let mut frames: Vec<(Viewer, axum::extract::ws::Utf8Bytes, RecipientView)> = Vec::new();
        for viewer in watched {
            let next = RecipientView::build(&*live.game_match, viewer, &moment);
            let held = match viewer {
                Viewer::Seat(seat) => live.seat_views[seat].as_ref(),
                _ => live.spectator_view.as_ref(),
            };
            let frame = match held {
                Some(held) => ServerFrame::Patch {
                    room: self.code.clone(),
                    from,
                    version: moment.version,
                    ops: held.patch_to(&next),
                    events: events
                        .iter()
                        .filter(|e| e.audience.includes(viewer))
                        .map(|e| e.data.clone())
                        .collect(),
                },
                // Nobody held this view (a member joined before the match had one): the whole view.
                None => ServerFrame::Snapshot {
                    room: self.code.clone(),
                    version: moment.version,
                    view: next.full(),
                },
            };
            frames.push((viewer, encode(&frame), next));
        }
        let live = self.live.as_mut().expect("a version has a match");
        live.seat_views.iter_mut().for_each(|v| *v = None);
        live.spectator_view = None;
        let mut gone = Vec::new();
        for (viewer, frame, view) in frames {
            for m in self.members.values() {
                if m.seat.map_or(Viewer::Spectator, Viewer::Seat) == viewer
                    && !m.conn.send_text(frame.clone())
                {
                    gone.push(m.conn.id);
                }
            }
            match viewer {
                Viewer::Seat(seat) => live.seat_views[seat] = Some(view),
                _ => live.spectator_view = Some(view),
            }
        }
        self.drop_members(&gone);
    }

    // ----- moves -----

    async fn on_move(
        &mut self,
        conn: Conn,
        id: String,
        version: u64,
        mv: Value,
        received: Instant,
    ) {
        let Some(seat) = self.seat_of(conn.player.id) else {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotSeated,
                "you have no seat in this room",
            );
        };
        let Some(live) = &self.live else {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotYourTurn,
                "the match has not started",
            );
        };
        if let Some(&acked) = live.acks.get(&(conn.player.id, id.clone())) {
            conn.send(&ServerFrame::Ack {
                id,
                version: acked,
                room: self.code.clone(),
            });
            return;
        }
        if live.result.is_some() {
            return self.refuse(&conn, Some(id), ErrorCode::NotYourTurn, "the match is over");
        }
        if !live.game_match.to_act().contains(&seat) {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotYourTurn,
                "it is not your turn",
            );
        }
        if version != live.version() {
            let message = format!(
                "the room is at version {}, not {version}: sync and retry",
                live.version()
            );
            return self.refuse(&conn, Some(id), ErrorCode::StaleVersion, message);
        }
        let mut next = live.game_match.box_clone();
        match next.play(seat, &mv) {
            Ok(played) => {
                self.commit(seat, Some((conn, id, received)), next, played)
                    .await
            }
            Err(e) => {
                let code = match e {
                    MoveError::Malformed(_) => ErrorCode::BadRequest,
                    MoveError::NotYourTurn => ErrorCode::NotYourTurn,
                    MoveError::Illegal(_) => ErrorCode::IllegalMove,
                };
                self.refuse(&conn, Some(id), code, e.to_string());
            }
        }
    }

    /// Stores a move played on `next`, then makes it the room's match and tells everyone.
    async fn commit(
        &mut self,
        seat: usize,
        sender: Option<(Conn, String, Instant)>,
        next: Box<dyn Match>,
        played: Played,
    ) {
        let live = self.live.as_ref().expect("moves need a match");
        let ply = live.ply + 1;
        let result = next.outcome().map(result_of);
        let now = Utc::now();
        let append = NewMove {
            match_id: live.id,
            ply,
            seat,
            player_id: sender.as_ref().map(|(conn, _, _)| conn.player.id),
            client_id: sender.as_ref().map(|(_, id, _)| id.as_str()),
            body: &played.canonical,
            at: now,
            end: result.as_ref().map(|result| MatchEnd {
                room_code: &self.code,
                result,
                ended_at: now,
            }),
        };
        if let Err(e) = self.context.store.append_move(&append).await {
            tracing::error!(error = %e, ply, "could not store a move");
            if let Some((conn, id, _)) = &sender {
                self.refuse(
                    conn,
                    Some(id.clone()),
                    ErrorCode::Internal,
                    "the move could not be stored; try again",
                );
            }
            // A bot's move is tried again later; a player's is theirs to resend.
            self.schedule_automatic();
            return;
        }
        let live = self.live.as_mut().expect("moves need a match");
        live.game_match = next;
        live.ply = ply;
        live.result = result.clone();
        let version = live.version();
        if let Some((conn, id, _)) = &sender {
            live.acks.insert((conn.player.id, id.clone()), version);
        }
        let match_id = live.id;
        if result.is_some() {
            self.status = RoomStatus::Finished;
        }
        METRICS.moves.inc();
        self.broadcast_version(&played.events);
        if let Some((conn, id, received)) = sender {
            conn.send(&ServerFrame::Ack {
                id,
                version,
                room: self.code.clone(),
            });
            METRICS
                .move_ack_seconds
                .observe(received.elapsed().as_secs_f64());
        }
        if let Some(result) = result {
            tracing::info!(%match_id, reason = %result.reason, "match ended");
            let frame = encode(&ServerFrame::Ended {
                room: self.code.clone(),
                match_id,
                result,
            });
            self.send_to_all(frame);
            self.publish();
        }
        self.schedule_automatic();
    }

    /// Plans the next move the server plays itself: a bot to act plays after the bot delay; a
    /// player who owes a decision the rules can settle (see `Game::default_move`) gets the decision
    /// timeout.
    fn schedule_automatic(&mut self) {
        self.auto_due = None;
        if self.status != RoomStatus::Playing {
            return;
        }
        let Some(live) = self.live.as_ref().filter(|l| l.result.is_none()) else {
            return;
        };
        let to_act = live.game_match.to_act();
        let now = tokio::time::Instant::now();
        if to_act.iter().any(|s| self.seats[*s].bot) {
            self.auto_due = Some(now + self.context.bot_delay);
        } else if to_act
            .iter()
            .any(|s| live.game_match.default_move(*s).is_some())
        {
            self.auto_due = Some(now + self.context.decision_timeout);
        }
    }

    /// The server plays for one seat: a bot (the rules' default move if there is one, else a random
    /// legal move), or a player out of time (the rules' default move).
    async fn play_automatic(&mut self) {
        self.auto_due = None;
        let Some(live) = &self.live else { return };
        let to_act = live.game_match.to_act();
        let chosen = to_act.iter().find_map(|&seat| {
            let default = live.game_match.default_move(seat);
            if self.seats[seat].bot {
                let random = || {
                    live.game_match
                        .legal_moves(seat)
                        .choose(&mut rand::rng())
                        .cloned()
                };
                Some((seat, default.or_else(random)?))
            } else {
                Some((seat, default?))
            }
        });
        let Some((seat, mv)) = chosen else {
            tracing::error!(?to_act, "nothing to play automatically");
            return;
        };
        let mut next = live.game_match.box_clone();
        match next.play(seat, &mv) {
            Ok(played) => self.commit(seat, None, next, played).await,
            Err(e) => tracing::error!(seat, error = %e, "an automatic move was refused"),
        }
    }

    fn on_chat(&mut self, conn: &Conn, text: String) {
        if !self.members.contains_key(&conn.id) {
            return self.refuse(
                conn,
                None,
                ErrorCode::Forbidden,
                "join the room before chatting",
            );
        }
        let frame = encode(&ServerFrame::Chat {
            room: self.code.clone(),
            player: conn.player.clone(),
            text,
            at: Utc::now(),
        });
        self.send_to_all(frame);
    }
}
