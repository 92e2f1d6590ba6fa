//! The registry of rooms: finds them by code (here, or where they run), creates them, brings them
//! back from the store at start, loads finished ones on demand, and hands requests to them.

use chrono::{DateTime, Utc};
use plateau_games::{registry, Match, SetupError};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{NewRoom, RoomInfo, Seating, Visibility};
use plateau_protocol::{PlayerRef, RoomStatus};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::Instrument;

use crate::config::RoomLimits;
use crate::conn::Conn;
use crate::engine_host::{Checkpoints, StateError};
use crate::store::{Fence, MatchRow, RoomRow, Store, StoreError};

use super::creation::{
    game_of, store_new_room, store_seated_room, too_many_open_rooms, CreateError, NewSeat,
    RoomSettings,
};
use super::loading;
use super::lobby::{self, LobbyKey};
use super::placement::{Claim, ForwardError, Placement};
use super::room;
use super::{Answer, Command, Moderation, Request, RoomAnswer, RoomCode, RoomError, TicketReply};

/// Commands queued for one room before senders wait.
const ROOM_QUEUE: usize = 1024;

/// A live room: where to send commands, and its latest public info.
#[derive(Clone)]
pub struct RoomHandle {
    /// Boxed: a queue allocates its first block of 32 slots when it is made, and a `Command` is
    /// some 150 bytes, a box 8 (what an idle room costs, `bench/README.md`).
    commands: mpsc::Sender<Box<Command>>,
    info: watch::Receiver<RoomInfo>,
    /// Stops the room (this node lost its lease).
    stop: CancellationToken,
}

/// Where a room runs: here, or on another node (several nodes).
pub enum Route {
    Local(RoomHandle),
    Remote(uuid::Uuid),
}

/// A session's way straight to a room of this node it joined (the room's queue, one pointer),
/// kept so that each of its frames for that room skips the registry's lookup: a lock, the code
/// upper-cased, a hash (issue 30). Useless once the room's task stops; it is then looked up
/// again.
pub struct RoomLink(mpsc::Sender<Box<Command>>);

impl RoomLink {
    /// Queues `request` of `conn`; handed back if the room's task has stopped.
    async fn request(
        &self,
        conn: &Conn,
        request: Request,
        reply: Option<TicketReply>,
        received: Instant,
    ) -> Result<(), (Request, Option<TicketReply>)> {
        let command = Box::new(Command::Request {
            conn: conn.clone(),
            request,
            received,
            reply,
        });
        match self.0.send(command).await.map_err(|e| *e.0) {
            Ok(()) => Ok(()),
            Err(Command::Request { request, reply, .. }) => Err((request, reply)),
            Err(
                Command::NodeGone { .. } | Command::AccountClosed { .. } | Command::Moderate { .. },
            ) => {
                unreachable!("sent as a request")
            }
        }
    }
}

impl RoomHandle {
    /// Queues a command; false if the room has just stopped (look it up again).
    pub async fn send(&self, command: Command) -> Result<(), Command> {
        self.commands
            .send(Box::new(command))
            .await
            .map_err(|e| *e.0)
    }

    fn link(&self) -> RoomLink {
        RoomLink(self.commands.clone())
    }

    /// Asks `moderation` of the room, and waits for its answer. Err: the room stopped before it
    /// answered (look it up again).
    pub async fn moderate(&self, moderation: Moderation) -> Result<Answer, Stopped> {
        let (reply, answer) = oneshot::channel();
        let command = Command::Moderate { moderation, reply };
        self.send(command).await.map_err(|_| Stopped)?;
        answer.await.map_err(|_| Stopped)
    }

    pub fn info(&self) -> RoomInfo {
        self.info.borrow().clone()
    }
}

/// What every room task needs besides its own state.
pub struct RoomContext {
    pub store: Store,
    /// How long a bot waits before it plays.
    pub bot_delay: Duration,
    /// Where bots think.
    pub bots: crate::engine_host::bots::BotPool,
    /// How long a player has for a decision the rules can settle without them (then they do).
    pub decision_timeout: Duration,
    /// Cancelled at shutdown: rooms finish the command under way and stop.
    pub shutdown: CancellationToken,
    /// Bounds on rooms and matches.
    pub limits: RoomLimits,
    /// Where a room tells its players that their match started or ended.
    pub events: Arc<crate::events::PlayerEvents>,
}

/// All live rooms by code.
#[derive(Clone)]
pub struct Rooms {
    live: Arc<Mutex<HashMap<String, RoomHandle>>>,
    /// One load from the store per room at a time, so a room is never loaded twice.
    loading: Arc<loading::LoadLocks>,
    /// Serialises room creation, so two requests at once cannot both pass the open-rooms limit.
    creating: Arc<tokio::sync::Mutex<()>>,
    context: Arc<RoomContext>,
    tasks: TaskTracker,
    /// Copies of stored matches every few plies, for the state at a ply.
    checkpoints: Arc<Checkpoints>,
    /// Where rooms run: here (alone), or on the node holding their lease (several nodes).
    placement: Arc<dyn Placement>,
}

impl Rooms {
    pub fn new(context: RoomContext, placement: Arc<dyn Placement>) -> Self {
        let checkpoints = Checkpoints::new(context.store.clone(), context.limits.engine_abort());
        Rooms {
            checkpoints: Arc::new(checkpoints),
            live: Arc::default(),
            loading: Arc::default(),
            creating: Arc::default(),
            context: Arc::new(context),
            tasks: TaskTracker::new(),
            placement,
        }
    }

    /// Creates a room for `host`, who sits in seat 0. A host already at `--open-rooms-per-player`
    /// waiting rooms is refused ([`CreateError::TooManyOpenRooms`]).
    pub async fn create(&self, host: PlayerRef, request: NewRoom) -> Result<RoomInfo, CreateError> {
        let game = registry::find(&request.game)
            .ok_or_else(|| CreateError::UnknownGame(request.game.clone()))?;
        let options = game
            .validate(
                request.players,
                request.options.as_ref().unwrap_or(&Value::Null),
            )
            .map_err(
                |SetupError::Invalid { field, message }| CreateError::Options { field, message },
            )?;
        let max_plies = self.context.limits.max_plies;
        // A game's own cap may be lower than the server's, never higher.
        if options
            .get("max_plies")
            .and_then(Value::as_u64)
            .is_some_and(|own| own > max_plies)
        {
            return Err(CreateError::PliesOverCap(max_plies));
        }
        let clock = ClockSetting::parse(request.clock.as_ref())
            .map_err(|e| CreateError::Clock(e.to_string()))?;
        // Without a clock, the player to move could stall a rated match for ever.
        if request.rated && clock.is_none() {
            return Err(CreateError::RatedWithoutClock);
        }
        let _creating = self.creating.lock().await;
        let limit = self.context.limits.open_rooms_per_player;
        if let Some(refused) = too_many_open_rooms(&self.context.store, host.id, limit).await? {
            return Err(CreateError::TooManyOpenRooms(refused));
        }
        let settings = RoomSettings {
            game: request.game,
            players: request.players,
            visibility: request.visibility,
            options: options.into_iter().collect(),
            clock,
            seating: request
                .seating
                .unwrap_or(Seating::default_for(request.visibility)),
            rated: request.rated,
            auto_start: request.auto_start,
            start_by: None,
        };
        let row = store_new_room(&self.context.store, &host, 0, settings, None).await?;
        Ok(self.run_new(row).await?)
    }

    /// Creates a room with its seats given beforehand (a tournament's pairing): hosted by its first
    /// player, running here like any created room.
    pub async fn create_seated(
        &self,
        seats: &[NewSeat],
        settings: RoomSettings,
    ) -> Result<RoomInfo, StoreError> {
        let host = seats
            .iter()
            .find_map(|s| match s {
                NewSeat::Player(p) => Some(p.id),
                NewSeat::Free | NewSeat::Bot => None,
            })
            .expect("a room has a player");
        let row = store_seated_room(&self.context.store, host, seats, settings, None).await?;
        self.run_new(row).await
    }

    /// Runs a room just stored, here if this node can take its lease.
    async fn run_new(&self, row: RoomRow) -> Result<RoomInfo, StoreError> {
        // From the lease to the task, as a load is: this node's own sweep may find the new room
        // without a lease meanwhile, and must find it running, not take its lease a second time
        // and run a second copy of it.
        let _loading = self.loading.lock(&row.code).await;
        let fence = match self.placement.claim(&row.code, false).await? {
            Claim::Here(fence) => fence,
            // Swept by another node in the moment since it was stored: it runs there.
            Claim::Elsewhere(_) | Claim::NoRoom => return Ok(room::info_from_row(&row)),
        };
        let writer = self.context.store.room_writer(&row.code, fence);
        let handle = self.spawn(Box::new(room::Room::new(
            row,
            None,
            self.context.clone(),
            writer,
            self.context.shutdown.child_token(),
        )));
        Ok(handle.info())
    }

    /// Where room `code` (any case) runs. Alone, or when no node runs it, it is loaded here from
    /// the store (a finished match, after a restart or once its task has stopped); with several
    /// nodes, a room another node holds the lease of is `Remote`. None: no such room.
    pub async fn route(&self, code: &RoomCode) -> Result<Option<Route>, StoreError> {
        Ok(self.route_or_load(code).await?.0)
    }

    /// [`Rooms::route`], and whether this call loaded the room here.
    async fn route_or_load(&self, code: &RoomCode) -> Result<(Option<Route>, bool), StoreError> {
        if let Some(handle) = self.live_handle(code) {
            return Ok((Some(Route::Local(handle)), false));
        }
        if let Some(owner) = self.placement.owner_of(code) {
            return Ok((Some(Route::Remote(owner)), false));
        }
        let _loading = self.loading.lock(code).await;
        if let Some(handle) = self.live_handle(code) {
            return Ok((Some(Route::Local(handle)), false));
        }
        // Stopping: this node takes no room any more (its leases are being let go).
        let stopping = self.context.shutdown.is_cancelled();
        let fence = match self.placement.claim(code, stopping).await? {
            Claim::Here(fence) => fence,
            Claim::Elsewhere(owner) => return Ok((Some(Route::Remote(owner)), false)),
            Claim::NoRoom => return Ok((None, false)),
        };
        // Read after the lease is taken: the room at its last committed version.
        let Some(row) = self.context.store.room(code).await? else {
            return Ok((None, false));
        };
        let handle = self.load(row, fence).await?;
        if handle.is_some() {
            self.placement.announce(code).await;
        }
        let loaded = handle.is_some();
        Ok((handle.map(Route::Local), loaded))
    }

    /// Hands `request` of `conn` (a connection of this node) to room `code` here or on
    /// the node that runs it; for a rematch, `reply` gets the room's answer. A room that stops as
    /// the request is sent is looked up again (it reloads from the store, or is found where it
    /// moved). `link`: the way to the room kept by the caller, used if it still leads to a running
    /// room, and set to the room found when it runs here.
    pub async fn deliver(
        &self,
        code: &RoomCode,
        conn: &Conn,
        request: Request,
        reply: Option<TicketReply>,
        received: Instant,
        link: &mut Option<RoomLink>,
    ) -> Result<(), DeliverError> {
        let mut pending = (request, reply);
        let mut kept = link.take();
        // The kept link first, if any; then the room looked up, twice (it may stop as it is sent).
        for _ in 0..2 + usize::from(kept.is_some()) {
            let room = match kept.take() {
                Some(room) => room,
                None => match self.route(code).await? {
                    Some(Route::Local(room)) => room.link(),
                    Some(Route::Remote(node)) => {
                        let (request, reply) = pending;
                        let forwarded = self.placement.forward(node, code, conn, request, reply);
                        return forwarded.await.map_err(|e| self.not_forwarded(code, e));
                    }
                    None => return Err(DeliverError::Unknown),
                },
            };
            match room.request(conn, pending.0, pending.1, received).await {
                Ok(()) => {
                    *link = Some(room);
                    return Ok(());
                }
                Err(back) => pending = back,
            }
        }
        Err(DeliverError::Restarting)
    }

    /// Asks `moderation` of room `code` here or on the node that runs it (a
    /// moderator's action, or what a report may carry), and waits for its answer: what the room
    /// did, or why it refused. A room that stops before it answers is looked up again, as for
    /// [`Rooms::deliver`].
    pub async fn moderate(
        &self,
        code: &RoomCode,
        moderation: Moderation,
    ) -> Result<RoomAnswer, AskError> {
        for _ in 0..2 {
            let answer = match self.route(code).await? {
                Some(Route::Local(room)) => match room.moderate(moderation.clone()).await {
                    Ok(answer) => answer,
                    Err(Stopped) => continue,
                },
                Some(Route::Remote(node)) => {
                    let forwarded = self.placement.moderate(node, code, moderation);
                    forwarded.await.map_err(|e| self.not_forwarded(code, e))?
                }
                None => return Err(DeliverError::Unknown.into()),
            };
            return answer.map_err(AskError::Refused);
        }
        Err(DeliverError::Restarting.into())
    }

    /// What a request for room `code` that its node did not take comes to: a room that is gone or
    /// moved is asked of the database again next time.
    fn not_forwarded(&self, code: &RoomCode, e: ForwardError) -> DeliverError {
        if matches!(e, ForwardError::Unknown) {
            return DeliverError::Unknown;
        }
        self.placement.forget_owner(code);
        tracing::info!(error = %e, room = %code, "a forwarded command failed");
        DeliverError::Moving
    }

    /// Takes over room `code` if no node runs it (several nodes); true if this call loaded it here
    /// (not if it was already running here, or was being created or loaded here meanwhile).
    pub async fn take_over(&self, code: &RoomCode) -> Result<bool, StoreError> {
        if self.live_handle(code).is_some() {
            return Ok(false);
        }
        // A stale guess of its owner must not keep it from being taken.
        self.placement.forget_owner(code);
        let (route, loaded) = self.route_or_load(code).await?;
        Ok(loaded && matches!(route, Some(Route::Local(_))))
    }

    /// Whether room `code` (upper-case) runs here now.
    pub fn runs_here(&self, code: &str) -> bool {
        self.live_handle(code).is_some()
    }

    /// The codes of the rooms running here (not stopping).
    pub fn running(&self) -> Vec<String> {
        self.live
            .lock()
            .expect("room registry lock")
            .iter()
            .filter(|(_, handle)| !handle.commands.is_closed() && !handle.stop.is_cancelled())
            .map(|(code, _)| code.clone())
            .collect()
    }

    /// Stops the rooms of `asked` (running here when their leases were renewed) whose lease this
    /// node no longer holds: another node took them.
    pub fn stop_unheld(&self, asked: &[String], held: &std::collections::HashSet<String>) {
        let live = self.live.lock().expect("room registry lock");
        for code in asked.iter().filter(|code| !held.contains(*code)) {
            if let Some(handle) = live.get(code).filter(|h| !h.commands.is_closed()) {
                tracing::warn!(room = %code, "lease lost: the room stops here");
                handle.stop.cancel();
            }
        }
    }

    /// Queues a notice for every room run here (rooms too busy to take it now miss it).
    pub fn tell_all(&self, notice: impl Fn() -> Command) {
        for handle in self.live.lock().expect("room registry lock").values() {
            let _ = handle.commands.try_send(Box::new(notice()));
        }
    }

    /// Player `player` closed its account: every room run here forgets its chat lines and shows
    /// its seats as `deleted player` (and tells its viewers). The rooms of other nodes hear it
    /// through the revocation that closed its sockets (`Which::AccountClosed`).
    pub fn account_closed(&self, player: uuid::Uuid) {
        self.tell_all(|| Command::AccountClosed { player });
    }

    /// The info of every room run here.
    pub fn local_infos(&self) -> Vec<RoomInfo> {
        self.live
            .lock()
            .expect("room registry lock")
            .values()
            .map(RoomHandle::info)
            .collect()
    }

    /// The public info of room `code`: from the live room, or the store.
    pub async fn info(&self, code: &RoomCode) -> Result<Option<RoomInfo>, StoreError> {
        if let Some(handle) = self.live_handle(code) {
            return Ok(Some(handle.info()));
        }
        if let Some(info) = self.placement.remote_info(code) {
            return Ok(Some(info));
        }
        Ok(self
            .context
            .store
            .room(code)
            .await?
            .map(|row| room::info_from_row(&row)))
    }

    /// A page of the lobby: at most `limit` public rooms waiting for players, newest first, after
    /// the room `after` (the cursor); and the cursor of the next page when there is one. Only the
    /// page's rooms are copied out of the registry.
    pub fn lobby(
        &self,
        after: Option<&LobbyKey>,
        limit: usize,
    ) -> (Vec<RoomInfo>, Option<LobbyKey>) {
        let in_lobby = |info: &RoomInfo| {
            info.visibility == Visibility::Public && info.status == RoomStatus::Waiting
        };
        let mut waiting: Vec<(LobbyKey, LobbyRoom)> = self
            .live
            .lock()
            .expect("room registry lock")
            .values()
            .filter_map(|handle| {
                let info = handle.info.borrow();
                in_lobby(&info).then(|| {
                    let key = LobbyKey::new(info.created_at, &info.code);
                    (key, LobbyRoom::Here(handle.clone()))
                })
            })
            .collect();
        // Rooms other nodes run, as their owners last said (several nodes).
        let here: std::collections::HashSet<String> = waiting
            .iter()
            .map(|(key, _)| key.code().to_string())
            .collect();
        waiting.extend(
            self.placement
                .remote_infos(&in_lobby)
                .into_iter()
                .filter(|info| !here.contains(&info.code))
                .map(|info| {
                    let key = LobbyKey::new(info.created_at, &info.code);
                    (key, LobbyRoom::Elsewhere(Box::new(info)))
                }),
        );
        let (page, more) = lobby::page(waiting, after, limit);
        let next = more
            .then(|| page.last().map(|(key, _)| key.clone()))
            .flatten();
        let infos = page
            .into_iter()
            .map(|(_, room)| match room {
                LobbyRoom::Here(handle) => handle.info(),
                LobbyRoom::Elsewhere(info) => *info,
            })
            .collect();
        (infos, next)
    }

    /// The live rooms whose info `keep` accepts (for quick pairing); only those are copied out.
    pub fn live_matching(&self, keep: impl Fn(&RoomInfo) -> bool + Sync) -> Vec<RoomInfo> {
        let mut infos: Vec<RoomInfo> = self
            .live
            .lock()
            .expect("room registry lock")
            .values()
            .filter_map(|handle| {
                let info = handle.info.borrow();
                keep(&info).then(|| info.clone())
            })
            .collect();
        // With several nodes, the rooms the others run too, as their owners last said.
        let here: std::collections::HashSet<String> =
            infos.iter().map(|info| info.code.clone()).collect();
        infos.extend(
            self.placement
                .remote_infos(&keep)
                .into_iter()
                .filter(|info| !here.contains(&info.code)),
        );
        infos
    }

    /// A stored match after `ply` plies (see [`checkpoints`]: time independent of its length).
    pub async fn state_at(&self, row: &MatchRow, ply: i64) -> Result<Box<dyn Match>, StateError> {
        self.checkpoints.state_at(row, ply).await
    }

    /// Where rooms run (for sessions: frames from rooms elsewhere, rooms that move).
    pub fn placement(&self) -> &Arc<dyn Placement> {
        &self.placement
    }

    /// How long one engine call may run (`--engine-abort-ms`).
    pub fn engine_budget(&self) -> Duration {
        self.context.limits.engine_abort()
    }

    /// Live rooms by status, for metrics.
    pub fn count_by_status(&self) -> HashMap<RoomStatus, usize> {
        let mut counts = HashMap::new();
        for handle in self.live.lock().expect("room registry lock").values() {
            *counts.entry(handle.info.borrow().status).or_default() += 1;
        }
        counts
    }

    /// Brings back every room that was waiting or playing: matches are replayed from their moves.
    /// Runs before the listener accepts connections.
    pub async fn recover(&self) -> Result<usize, StoreError> {
        if !self.placement.recovers_at_start() {
            // Several nodes: the rooms no node runs are taken by the sweep, shared with the others,
            // each under its lease; a waiting room long empty then expires in its own task, through
            // its fenced writer. Nothing here: a node joining a cluster changes no room that a live
            // node holds.
            return Ok(0);
        }
        // Alone: no other node holds a room. Waiting rooms long empty expire here, in one
        // statement, rather than each in a task.
        let ttl = chrono::Duration::from_std(self.context.limits.waiting_room_ttl())
            .unwrap_or(chrono::Duration::MAX);
        let cutoff = Utc::now()
            .checked_sub_signed(ttl)
            .unwrap_or(DateTime::<Utc>::MIN_UTC);
        let expired = self.context.store.expire_waiting_rooms(cutoff).await?;
        if expired > 0 {
            tracing::info!(
                rooms = expired,
                "waiting rooms expired while the server was down"
            );
        }
        let rows = self.context.store.live_rooms().await?;
        let mut count = 0;
        for row in rows {
            let code = row.code.clone();
            match self.load(row, None).await {
                Ok(Some(_)) => count += 1,
                Ok(None) => {}
                Err(e) => tracing::error!(room = %code, error = %e, "could not bring a room back"),
            }
        }
        Ok(count)
    }

    /// Waits for every room task to finish its command under way (after `shutdown` is cancelled).
    pub async fn stopped(&self) {
        self.tasks.close();
        self.tasks.wait().await;
    }

    /// The handle of a running room (one whose task has stopped does not count).
    fn live_handle(&self, code: &str) -> Option<RoomHandle> {
        self.live
            .lock()
            .expect("room registry lock")
            .get(code)
            .filter(|h| !h.commands.is_closed())
            .cloned()
    }

    /// Starts the task of a stored room. A match whose stored moves do not replay is logged and
    /// left out; one whose engine fails in the replay is aborted (stored, once) and the room runs
    /// without it.
    async fn load(
        &self,
        mut row: RoomRow,
        fence: Option<Fence>,
    ) -> Result<Option<RoomHandle>, StoreError> {
        if let Err(e) = game_of(&row) {
            tracing::error!(room = %row.code, error = %e, "room left out");
            return Ok(None);
        }
        let writer = self.context.store.room_writer(&row.code, fence);
        let budget = self.context.limits.engine_abort();
        let live = match row.match_id {
            Some(id) => match room::LiveMatch::load(&self.context.store, id, &row, budget).await? {
                Ok(live) => Some(live),
                Err(room::Unreplayable::Data(e)) => {
                    tracing::error!(room = %row.code, error = %e, "stored match does not replay");
                    return Ok(None);
                }
                Err(room::Unreplayable::Engine(failure)) => {
                    if row.status != RoomStatus::Aborted {
                        tracing::error!(room = %row.code, match_id = %id, error = %failure,
                            "the rules engine failed replaying the match: match aborted");
                        writer
                            .abort_match(id, &room::aborted_result(Vec::new()), Utc::now())
                            .await?;
                        row.status = RoomStatus::Aborted;
                    }
                    None
                }
            },
            None => None,
        };
        Ok(Some(self.spawn(Box::new(room::Room::new(
            row,
            live,
            self.context.clone(),
            writer,
            self.context.shutdown.child_token(),
        )))))
    }

    fn spawn(&self, room: Box<room::Room>) -> RoomHandle {
        let (commands, receiver) = mpsc::channel(ROOM_QUEUE);
        let handle = RoomHandle {
            commands,
            info: room.subscribe(),
            stop: room.stopper(),
        };
        let code = handle.info().code;
        self.live
            .lock()
            .expect("room registry lock")
            .insert(code.clone(), handle.clone());
        let live = self.live.clone();
        // Every line the room's task logs names the room, and its match once there is one (recorded
        // by the room: see `Room::log_match`).
        let span = tracing::info_span!("room", room = %code, match_id = tracing::field::Empty);
        let placement = self.placement.clone();
        placement.follow_info(handle.info.clone());
        let stop = handle.stop.clone();
        let fence = room.fence().cloned();
        let shutdown = self.context.shutdown.clone();
        self.tasks.spawn(
            async move {
                room.run(receiver).await;
                // Only this room's own handle: a reload under the same code may have replaced it.
                {
                    let mut live = live.lock().expect("room registry lock");
                    if live.get(&code).is_some_and(|h| h.commands.is_closed()) {
                        live.remove(&code);
                    }
                }
                let Some(fence) = fence else {
                    return;
                };
                if !stop.is_cancelled() {
                    // Stopped of itself (finished and idle): another node may load it when needed.
                    placement.let_go(&fence).await;
                } else if !shutdown.is_cancelled() {
                    // Lost to another node: this node's connections join it again there.
                    placement.lost(&code);
                }
                // At shutdown all claims go at once (the cluster's `leave`).
            }
            .instrument(span),
        );
        handle
    }
}

/// Why a request could not be handed to its room.
#[derive(Debug, thiserror::Error)]
pub enum DeliverError {
    #[error("no such room")]
    Unknown,
    #[error("the room is moving to another server; try again in a few seconds")]
    Moving,
    #[error("the room is restarting; try again")]
    Restarting,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The room's task stopped before it answered.
#[derive(Debug)]
pub struct Stopped;

/// Why a room did not do what a REST call asked of it ([`Rooms::moderate`]).
#[derive(Debug, thiserror::Error)]
pub enum AskError {
    /// It was not asked: no such room, or it is moving.
    #[error(transparent)]
    Undelivered(#[from] DeliverError),
    /// It refused.
    #[error(transparent)]
    Refused(RoomError),
}

impl From<StoreError> for AskError {
    fn from(e: StoreError) -> Self {
        AskError::Undelivered(e.into())
    }
}

/// A room of the lobby: run here (its info is copied only if it is on the page), or elsewhere.
enum LobbyRoom {
    Here(RoomHandle),
    Elsewhere(Box<RoomInfo>),
}
