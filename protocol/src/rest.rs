//! REST bodies of `/api/v1`: players, games, rooms, matches, and the error body.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use uuid::Uuid;

use crate::clock::ClockSetting;
use crate::ws::BotLevel;
use crate::{ErrorCode, Forfeit, MatchResult, PlayerRef, RatingOutcome, RoomStatus};

/// `{"error": {"code", "message"}}`, the body of every error answer.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    pub code: ErrorCode,
    pub message: String,
    /// *(Addition)* For `banned` and `muted`: when the ban or mute ends (absent: a ban for good).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<DateTime<Utc>>,
    /// *(Addition)* For `missing_scope`: the scope the route needs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<crate::bots::Scope>,
    /// *(Addition)* For `rate_limited`: which limit was reached (`docs/protocol.md`, "Limits").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<String>,
    /// *(Addition)* For `rate_limited`: seconds until a retry may pass, as `Retry-After` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_s: Option<u64>,
}

/// `POST /api/v1/players`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    pub name: String,
}

/// The answer to `POST /api/v1/players`: the token is shown this once.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerCreated {
    pub id: Uuid,
    pub name: String,
    pub token: String,
}

/// `PUT /api/v1/players/me/password`: sets or changes the password (8 to 200 characters), which
/// reserves the player's name. Changing a password needs the current one (`current`); a guest
/// setting its first password has none. Every other session of the player ends with the change.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// The password in use, when there is one: a stolen token alone cannot change it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<String>,
    pub password: String,
}

/// *(addition)* `DELETE /api/v1/players/me`: close one's account. A player with a password gives it
/// (a stolen token alone cannot close an account); a guest sends `{}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CloseAccount {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

/// *(addition)* `GET /api/v1/players/me/blocks`: the players the caller blocks, the latest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Blocks {
    pub blocks: Vec<Block>,
}

/// A player blocked, since when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Block {
    pub player: PlayerRef,
    pub since: DateTime<Utc>,
}

/// `POST /api/v1/sessions`: sign in by name and password; answered like `POST /api/v1/players`
/// ([`PlayerCreated`]) with a new token for the same player.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    pub name: String,
    pub password: String,
}

/// `GET /api/v1/players/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerProfile {
    pub id: Uuid,
    pub name: String,
    /// *(Addition, issue 47)* A bot account (absent for a person).
    #[serde(default, skip_serializing_if = "crate::is_false")]
    pub bot: bool,
    /// *(Addition, issue 47)* A bot's description by its author (`PUT /api/v1/bot/account`);
    /// absent when it has none, and for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub created_at: DateTime<Utc>,
    pub stats: PlayerStats,
    /// Its rating in each game it has played at least one rated match of, by game id.
    #[serde(default)]
    pub ratings: BTreeMap<String, RatingInfo>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct PlayerStats {
    /// Matches finished with this player in a seat.
    pub played: i64,
    pub won: i64,
    /// An addition to the contract: the same counts per game id (games with a finished match only).
    #[serde(default)]
    pub by_game: BTreeMap<String, GameStats>,
}

/// A player's finished matches of one game.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct GameStats {
    pub played: i64,
    pub won: i64,
}

/// A player's rating in one game (Glicko scale: everyone starts at 1500, deviation 350).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct RatingInfo {
    pub rating: f64,
    /// How uncertain the rating is: it falls as rated matches are played.
    pub deviation: f64,
    /// Rated matches counted.
    pub games: i64,
}

/// `GET /api/v1/games/{id}/leaderboard`: settled ratings (deviation below 150), best first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Leaderboard {
    pub players: Vec<LeaderboardEntry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct LeaderboardEntry {
    pub id: Uuid,
    pub name: String,
    /// *(Addition, issue 47)* A bot account: only on the bots' leaderboard (`?bots=true`).
    #[serde(default, skip_serializing_if = "crate::is_false")]
    pub bot: bool,
    pub rating: f64,
    pub deviation: f64,
    pub games: i64,
}

/// `GET /api/v1/players/{id}/ratings/{game}` (an addition to the contract): how a player's rating
/// in a game changed, one point per rated match, oldest first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RatingHistory {
    pub game: String,
    pub changes: Vec<RatingChange>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct RatingChange {
    #[serde(rename = "match")]
    pub match_id: Uuid,
    /// Before the match.
    pub rating_before: f64,
    pub deviation_before: f64,
    /// After it.
    pub rating: f64,
    pub deviation: f64,
    pub at: DateTime<Utc>,
}

/// One entry of `GET /api/v1/games`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameSummary {
    pub id: String,
    pub name: String,
    pub min_players: usize,
    pub max_players: usize,
    /// Each option by name (see [`CatalogOption`]), as a JSON object whose keys come in
    /// alphabetical order.
    #[schema(value_type = BTreeMap<String, CatalogOption>)]
    pub options: Map<String, Value>,
    /// *(addition)* The game's words for people in the language asked for (`?lang=`, else
    /// `Accept-Language`), beside the English `name` and option labels, which stay as they are.
    /// Absent when no language was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<GameWords>,
}

/// One option of a game in `GET /api/v1/games`: the values it takes, its defaults, its English
/// words, and *(addition)* whether it is a house rule and the player counts it applies to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CatalogOption {
    /// A short name for people (a form field's label).
    pub label: String,
    #[serde(rename = "type")]
    pub kind: OptionType,
    /// An enum's values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
    /// *(addition)* An enum's words for people, by value: what a form shows, never the values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_labels: Option<BTreeMap<String, String>>,
    /// An integer's least value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// An integer's greatest value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// Whether `null` is accepted (meaning "none", e.g. no limit).
    pub nullable: bool,
    /// The value a room created without the option gets (unless `default_by_players` says
    /// otherwise for its player count).
    pub default: Value,
    /// The defaults that depend on the player count, by count (`"2"`); absent when none does.
    /// JSON keys are strings, so the schema says so: a count as an integer key would promise
    /// what no JSON object can hold.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = BTreeMap<String, serde_json::Value>)]
    pub default_by_players: BTreeMap<usize, Value>,
    /// What the option does, in a sentence or two for people.
    pub description: String,
    /// *(addition)* A house rule: most players keep its default, and a form may fold it away.
    pub advanced: bool,
    /// *(addition)* The player counts the option applies to, in order (every count of the game
    /// for most); set to another value than its default for another count, it is refused.
    pub players: Vec<usize>,
}

/// What values a [`CatalogOption`] takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OptionType {
    /// One of its `values`.
    Enum,
    /// A whole number from `min` to `max`.
    Integer,
    /// `true` or `false`.
    Boolean,
}

/// `GET /api/v1/players/me`: the player of the token, and *(addition)* its role (`player`,
/// `moderator` or `admin`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Me {
    pub id: Uuid,
    pub name: String,
    pub role: crate::moderation::Role,
    /// *(Addition)* The language the player chose for the client (`PUT
    /// /api/v1/players/me/language`), absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// *(Addition, issue 47)* A bot account (absent for a person).
    #[serde(default, skip_serializing_if = "crate::is_false")]
    pub bot: bool,
}

/// *(addition)* `PUT /api/v1/players/me/language`: the client's language for this player (a code
/// the catalog speaks: `en`, `fr`), or null to forget it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChosenLanguage {
    pub language: Option<String>,
}

/// *(addition, issue 48)* `GET /api/v1/push/key`: the server's VAPID public key, as a browser's
/// `pushManager.subscribe` takes it for `applicationServerKey` (the uncompressed P-256 point,
/// base64url without padding).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PushKey {
    pub key: String,
}

/// *(addition, issue 48)* `PUT /api/v1/players/me/push`: a browser's push subscription, as its
/// `PushSubscription.toJSON()` gives it (`expirationTime`, if sent, is ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PushSubscription {
    /// The push resource to post to (`https:`).
    pub endpoint: String,
    pub keys: PushSubscriptionKeys,
}

/// The keys a subscription's payloads are encrypted for (RFC 8291), base64url.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PushSubscriptionKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The authentication secret (16 bytes).
    pub auth: String,
}

/// *(addition, issue 48)* `DELETE /api/v1/players/me/push`: the subscription to forget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PushEndpoint {
    pub endpoint: String,
}

/// *(addition)* A game's name and options in one language: `lang` is the language given (English,
/// `en`, when none asked for is spoken here).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameWords {
    pub lang: String,
    pub name: String,
    /// Each option by name: `{"label", "description", "values"?: {value: label}}`.
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Private,
    Public,
}

impl Visibility {
    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Private => "private",
            Visibility::Public => "public",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "private" => Some(Visibility::Private),
            "public" => Some(Visibility::Public),
            _ => None,
        }
    }
}

/// Who sits where at the start: the creator in seat 0 and each joiner in the next free seat
/// (`host_first`), or all of them drawn at the start with the match's seed (`random`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Seating {
    HostFirst,
    Random,
}

impl Seating {
    /// The default: `random` for public rooms (strangers: nobody picks who starts), `host_first` for
    /// private ones (friends agree among themselves).
    pub fn default_for(visibility: Visibility) -> Seating {
        match visibility {
            Visibility::Public => Seating::Random,
            Visibility::Private => Seating::HostFirst,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Seating::HostFirst => "host_first",
            Seating::Random => "random",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "host_first" => Some(Seating::HostFirst),
            "random" => Some(Seating::Random),
            _ => None,
        }
    }
}

/// `POST /api/v1/rooms`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewRoom {
    pub game: String,
    pub players: usize,
    pub visibility: Visibility,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Option<Value>,
    /// The room's clock (see [`ClockSetting`]); null or absent for none. Kept as JSON here so that
    /// a bad clock is refused naming its field (`clock.initial_s`).
    #[serde(default)]
    #[schema(value_type = Option<ClockSetting>)]
    pub clock: Option<Value>,
    /// Null or absent: the default for the visibility (see [`Seating::default_for`]).
    #[serde(default)]
    pub seating: Option<Seating>,
    /// Whether the room's matches change ratings (every seat must be a person). Default false.
    #[serde(default)]
    pub rated: bool,
    /// Whether the match starts by itself as soon as every seat is taken by a person, without the
    /// host's `start`. Default false (rooms of Play now and rematch rooms always do).
    #[serde(default)]
    pub auto_start: bool,
}

/// `POST /api/v1/rooms/quick` *(addition)*: quick pairing. The room found or opened has the game's
/// default options and is public.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct QuickRoom {
    pub game: String,
    pub players: usize,
    /// As in [`NewRoom`]: null or absent for no clock. Only rooms with this very clock match.
    #[serde(default)]
    #[schema(value_type = Option<ClockSetting>)]
    pub clock: Option<Value>,
    /// Only rooms with this flag match (default false).
    #[serde(default)]
    pub rated: bool,
}

/// The answer of `POST /api/v1/rooms/quick`: the room to join over the WebSocket, and whether it
/// was opened for this request (then the caller hosts it, in seat 0) or found waiting.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct QuickRoomAnswer {
    pub room: RoomInfo,
    pub created: bool,
}

/// A room, as REST and the `room` frame show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RoomInfo {
    pub code: String,
    pub game: String,
    pub players: usize,
    pub visibility: Visibility,
    /// Every option of the game, defaults filled in.
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    pub host: Uuid,
    pub seats: Vec<SeatInfo>,
    pub status: RoomStatus,
    #[serde(rename = "match")]
    pub match_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// An addition to the contract: connections watching as spectators now.
    #[serde(default)]
    pub spectators: usize,
    /// The room's clock; null for none.
    #[serde(default)]
    pub clock: Option<ClockSetting>,
    /// How seats are given at the start (absent in rooms from before: `host_first`).
    #[serde(default = "host_first")]
    pub seating: Seating,
    /// Whether the room's matches change ratings.
    #[serde(default)]
    pub rated: bool,
    /// Whether the match starts by itself once every seat is taken by a person.
    #[serde(default)]
    pub auto_start: bool,
    /// An addition to the contract: a tournament's room starts by itself at this time with
    /// whoever has come; the seats of players who have not forfeit (`no_show`). Null otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_by: Option<DateTime<Utc>>,
    /// An addition to the contract: while a match is under way, where it stands (whose turn, the
    /// clocks, the last move's time); absent otherwise. It follows every version, though a `room`
    /// frame is sent only when the room itself changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<Box<TurnInfo>>,
}

/// Where a match under way stands, as [`RoomInfo`] carries it (an addition).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TurnInfo {
    /// The match's version.
    pub version: u64,
    /// The seats that must act now (several in a simultaneous phase).
    pub to_move: Vec<usize>,
    /// The clocks as taken at the last version; null without a clock.
    pub clocks: Option<crate::clock::ClockView>,
    /// When the last move was played (the match's start before the first).
    pub last_move_at: DateTime<Utc>,
}

/// A match under way that a player sits in, as `GET /api/v1/players/me/matches` and the
/// WebSocket's `games` and `your_game` frames show it (an addition, issue 48).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct YourGame {
    pub room: String,
    pub game: String,
    /// Every option of the game, defaults filled in.
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    #[serde(rename = "match")]
    pub match_id: Option<Uuid>,
    /// The room's seats: who plays.
    pub seats: Vec<SeatInfo>,
    /// The player's seat.
    pub you: usize,
    /// The seats that must act now.
    pub to_move: Vec<usize>,
    /// Whether the player must act now.
    pub your_turn: bool,
    /// The room's clock; null for none.
    pub clock: Option<ClockSetting>,
    /// The player's time left, in milliseconds, at `at`; null without a clock.
    pub time_left_ms: Option<i64>,
    /// When `time_left_ms` was taken (the answer's time).
    pub at: DateTime<Utc>,
    /// When the last move was played (the match's start before the first); null when the server
    /// cannot say (the room is not running now).
    pub last_move_at: Option<DateTime<Utc>>,
    /// The match's version, so that a newer word about the room replaces an older one.
    pub version: u64,
}

/// `GET /api/v1/players/me/matches`: the player's matches under way, those awaiting its move
/// first, then the others; each group the longest waiting first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct YourGames {
    pub matches: Vec<YourGame>,
}

fn host_first() -> Seating {
    Seating::HostFirst
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatInfo {
    pub seat: usize,
    pub player: Option<PlayerRef>,
    pub bot: bool,
    /// Whether the seat's player has a connection in the room now (always true for a bot).
    pub connected: bool,
    /// An addition to the contract: a bot's level (absent for people).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_level: Option<BotLevel>,
    /// During a match: since when the seat's player has had no connection in the room (absent
    /// while connected).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_since: Option<DateTime<Utc>>,
    /// When the server will forfeit the away seat (`abandoned`) unless it comes back: only where
    /// it will (it has to act, and the room forfeits the absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit_at: Option<DateTime<Utc>>,
    /// In a private room without a clock, which forfeits nobody by itself: from when the others
    /// may `claim` the match over this away seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_at: Option<DateTime<Utc>>,
}

/// A match in the history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchSummary {
    pub id: Uuid,
    pub game: String,
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    /// The room's code; null for a private room when the requester is not one of its players.
    pub room: Option<String>,
    pub players: Vec<MatchPlayer>,
    pub status: RoomStatus,
    pub result: Option<MatchResult>,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub plies: i64,
    /// The ply cap the match is played under (`--max-plies` at its start; null for a match from
    /// before caps): needed, with the seed and the moves, to replay its end.
    #[serde(default)]
    pub max_plies: Option<i64>,
    /// The match's clock; null for none.
    #[serde(default)]
    pub clock: Option<ClockSetting>,
    /// The seats that have forfeited so far, in order (the result repeats them once it ends).
    #[serde(default)]
    pub forfeited: Vec<Forfeit>,
    /// A rated room's match, once ended: whether it changed ratings, and why not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingOutcome>,
}

/// A seat of a match: a player (`id` set) or a bot (`id` null, `bot` true).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchPlayer {
    pub seat: usize,
    pub id: Option<Uuid>,
    pub name: String,
    #[serde(default)]
    pub bot: bool,
    /// A bot's level (absent for people, and for bots of matches from before levels).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_level: Option<BotLevel>,
}

/// `GET /api/v1/matches`: a page, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchPage {
    pub matches: Vec<MatchSummary>,
    /// Pass as `before` for the next page; null on the last page.
    pub next: Option<String>,
}

/// `GET /api/v1/matches/{id}`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchDetail {
    #[serde(flatten)]
    pub summary: MatchSummary,
    /// One page of the moves: from `from_ply`, at most `limit` (default and most: 1,000).
    pub moves: Vec<MoveRecord>,
    /// The `from_ply` of the next page of moves; null when this page reaches the last move.
    #[serde(default)]
    pub next_from_ply: Option<i64>,
    pub rng: RngInfo,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MoveRecord {
    pub ply: i64,
    pub seat: usize,
    #[serde(rename = "move")]
    #[schema(value_type = Object)]
    pub mv: Value,
    pub at: DateTime<Utc>,
}

/// The fair-RNG record: the seed is null until the match has ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RngInfo {
    /// Hex SHA-256 of the seed's 32 bytes, published at the start.
    pub commitment: String,
    pub seed: Option<String>,
}

/// `GET /api/v1/matches/{id}/state?ply=n`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StateAtPly {
    pub ply: i64,
    #[schema(value_type = Object)]
    pub view: Value,
}
