//! What every REST handler and WebSocket session shares ([`AppState`]), and the per-client budgets
//! that outlive one request or connection ([`Budgets`]). Built once by [`crate::app::serve`].

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use crate::accounts::revocation::Revocations;
use crate::config::Limits;
use crate::limits::counted::Counted;
use crate::limits::rate::{half_spent_quota, quota, FailureDelay, FailureRate, KeyedRate, Period};
use crate::rooms::Rooms;
use crate::store::Store;

/// How often the rate limits forget the keys that have been quiet.
const FORGET_QUIET_EVERY: Duration = Duration::from_secs(60);

/// How much later each failed sign-in of a name is answered than the one before it, and the most.
const SIGN_IN_DELAY_STEP: Duration = Duration::from_millis(250);
const SIGN_IN_DELAY_CAP: Duration = Duration::from_secs(3);

/// What every handler and session shares: one pointer to it, so that what holds it costs little
/// (every WebSocket session holds it for its life: a copy of the fields was 160 bytes a
/// connection, held three times by the connection's task; `bench/README.md`).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        AppState(Arc::new(shared))
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// The fields of [`AppState`].
pub struct Shared {
    pub store: Store,
    pub rooms: Rooms,
    pub limits: Arc<Limits>,
    /// Cancelled at shutdown: sessions close with 1001, rooms stop after their command under way.
    pub shutdown: CancellationToken,
    /// Open WebSocket sessions, waited for at shutdown.
    pub sessions: TaskTracker,
    /// The live sockets by player and token, which a revoked token closes (on every node).
    pub revocations: Arc<Revocations>,
    /// The block lists of the players connected here, pushed to their sockets.
    pub block_lists: Arc<crate::moderation::blocks::BlockLists>,
    /// What each client may use, across requests and connections.
    pub budgets: Arc<Budgets>,
    /// `--public-url`: where people reach the server, for invite links (`GET /api/v1/server`).
    pub public_url: Option<Arc<str>>,
    /// The tournaments connections of this node follow (`join` with `tournament`).
    pub tournaments: Arc<crate::tournaments::live::LiveTournaments>,
    /// The operator's chat word list (`--chat-filter`): lines holding an entry are refused.
    pub chat_filter: Arc<crate::text::chat_filter::ChatFilter>,
    /// What happens to each player, for its listeners on this node (and the others').
    pub events: Arc<crate::events::PlayerEvents>,
    /// Web push: the server's public key and which endpoints may subscribe.
    pub push: Arc<crate::push::Push>,
}

/// The per-client limits that outlive one request or connection.
pub struct Budgets {
    /// Players created per client address (`--players-per-minute`).
    pub players_per_address: KeyedRate<IpAddr>,
    /// Password changes per player (`--password-changes-per-hour`): each is an Argon2 hash.
    pub password_changes_per_player: KeyedRate<Uuid>,
    /// Reports made per player (`--reports-per-day`).
    pub reports_per_player: KeyedRate<Uuid>,
    /// Whole-history exports started per client address (`--exports-per-minute`).
    pub exports_per_address: KeyedRate<IpAddr>,
    /// Private tournaments created per client address (`--tournaments-per-day`; per player, the
    /// store counts them, on every node).
    pub tournaments_per_address: KeyedRate<IpAddr>,
    /// Challenges made per bot account (`--bot-challenges-per-day`).
    pub bot_challenges: KeyedRate<Uuid>,
    /// Matches between bot accounts per bot (`--bot-vs-bot-per-day`).
    pub bot_vs_bot: KeyedRate<Uuid>,
    /// Frames per player, across all its connections (the per-connection flood limit, shared).
    pub frames_per_player: KeyedRate<Uuid>,
    /// The early warning of `frames_per_player`: dry once it is half spent (a `warning` frame).
    pub frames_per_player_half: KeyedRate<Uuid>,
    /// Open WebSocket connections per player (`--connections-per-player`).
    pub player_connections: Arc<Counted<Uuid>>,
    /// Failed sign-ins per name (its reserved form) from one client address, and per address: an
    /// attacker's address is held back, never the name's owner on another.
    pub sign_in_failures_per_name: FailureRate<(String, IpAddr)>,
    pub sign_in_failures_per_address: FailureRate<IpAddr>,
    /// Failed sign-ins per name from any address: each answered a little later than the last.
    pub sign_in_delay_per_name: FailureDelay<String>,
}

impl Budgets {
    pub fn new(limits: &Limits) -> Self {
        Budgets {
            players_per_address: KeyedRate::new(
                "players_per_address",
                quota(
                    limits.players_per_minute,
                    Period::Minute,
                    limits.players_per_minute,
                ),
            ),
            password_changes_per_player: KeyedRate::new(
                "password_changes_per_player",
                quota(
                    limits.password_changes_per_hour,
                    Period::Hour,
                    limits.password_changes_per_hour,
                ),
            ),
            reports_per_player: KeyedRate::new(
                "reports_per_player",
                quota(limits.reports_per_day, Period::Day, limits.reports_per_day),
            ),
            exports_per_address: KeyedRate::new(
                "exports_per_address",
                quota(
                    limits.exports_per_minute,
                    Period::Minute,
                    limits.exports_per_minute,
                ),
            ),
            tournaments_per_address: KeyedRate::new(
                "tournaments_per_address",
                quota(
                    limits.tournaments_per_day,
                    Period::Day,
                    limits.tournaments_per_day,
                ),
            ),
            bot_challenges: KeyedRate::new(
                "bot_challenges_per_day",
                quota(
                    limits.bot_challenges_per_day,
                    Period::Day,
                    limits.bot_challenges_per_day,
                ),
            ),
            bot_vs_bot: KeyedRate::new(
                "bot_vs_bot_per_day",
                quota(
                    limits.bot_vs_bot_per_day,
                    Period::Day,
                    limits.bot_vs_bot_per_day,
                ),
            ),
            frames_per_player: KeyedRate::new(
                "frames_per_player",
                quota(limits.frames_per_sec, Period::Second, limits.frame_burst),
            ),
            frames_per_player_half: KeyedRate::new(
                "frames_per_player_half",
                half_spent_quota(limits.frames_per_sec, limits.frame_burst),
            ),
            player_connections: Arc::new(Counted::default()),
            sign_in_failures_per_name: FailureRate::new(
                "sign_in_failures_per_name",
                quota(
                    limits.sign_in_failures_per_name,
                    Period::Hour,
                    limits.sign_in_failures_per_name,
                ),
            ),
            sign_in_failures_per_address: FailureRate::new(
                "sign_in_failures_per_address",
                quota(
                    limits.sign_in_failures_per_address,
                    Period::Hour,
                    limits.sign_in_failures_per_address,
                ),
            ),
            sign_in_delay_per_name: FailureDelay::new(SIGN_IN_DELAY_STEP, SIGN_IN_DELAY_CAP),
        }
    }

    /// Forgets quiet keys now and then, until `stop`.
    pub(crate) async fn forget_quiet(self: Arc<Self>, stop: CancellationToken) {
        let mut every = tokio::time::interval(FORGET_QUIET_EVERY);
        loop {
            tokio::select! {
                _ = every.tick() => {
                    self.players_per_address.forget_quiet();
                    self.exports_per_address.forget_quiet();
                    self.tournaments_per_address.forget_quiet();
                    self.reports_per_player.forget_quiet();
                    self.password_changes_per_player.forget_quiet();
                    self.frames_per_player.forget_quiet();
                    self.frames_per_player_half.forget_quiet();
                    self.bot_challenges.forget_quiet();
                    self.bot_vs_bot.forget_quiet();
                    self.sign_in_failures_per_name.forget_quiet();
                    self.sign_in_failures_per_address.forget_quiet();
                    self.sign_in_delay_per_name.forget_quiet();
                }
                _ = stop.cancelled() => return,
            }
        }
    }
}
