//! WebSocket frames of `GET /api/v1/ws`: what clients send ([`ClientFrame`]) and what the server
//! sends ([`ServerFrame`]), plus the View each recipient holds ([`View`]).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::clock::ClockView;
use crate::rest::RoomInfo;
use crate::{ErrorCode, MatchResult, PlayerRef, RatingOutcome, RoomStatus};

/// How a connection joins a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    Spectator,
}

/// What a `claim` asks for: the match won (the away seats forfeit) or drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClaimResult {
    Win,
    Draw,
}

/// How well a bot plays: `random` (a uniformly random legal move, the rules' default where there
/// is one), `easy` (a short search) or `strong` (a longer one).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    Random,
    #[default]
    Easy,
    Strong,
}

/// How `you.legal` lists moves: each move's JSON (`full`, the default), or, for a game with a
/// short notation, each move as a string in it (`short`: Abalone's `"a1b2"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LegalForm {
    #[default]
    Full,
    Short,
}

impl LegalForm {
    pub fn is_full(&self) -> bool {
        *self == LegalForm::Full
    }
}

/// A frame from a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    Auth {
        token: String,
        /// The form of `you.legal` this connection wants (an addition to the shared contract:
        /// `docs/protocol.md`, "Short notation"). Absent: `full`.
        #[serde(default, skip_serializing_if = "LegalForm::is_full")]
        legal: LegalForm,
    },
    /// Joins a room (`room`, `as`), or follows a tournament (`tournament`, an addition: its
    /// `tournament` frames come until `leave`).
    Join {
        #[serde(default)]
        room: Option<String>,
        #[serde(default)]
        tournament: Option<Uuid>,
        /// An addition (issue 48): `true` follows the player's own matches under way (a `games`
        /// frame, then `your_game` at every change), until `leave` with `games`.
        #[serde(default)]
        games: bool,
        #[serde(rename = "as", default)]
        role: Option<Role>,
    },
    Leave {
        #[serde(default)]
        room: Option<String>,
        #[serde(default)]
        tournament: Option<Uuid>,
        #[serde(default)]
        games: bool,
    },
    Start {
        room: String,
        #[serde(default)]
        bots: bool,
        /// How well the bots seated by `bots` play (default `easy`).
        #[serde(default)]
        bot_level: BotLevel,
    },
    Move {
        room: String,
        /// Chosen by the client; scoped to the player and the room.
        id: String,
        /// The version of the view the move was chosen on.
        version: u64,
        /// The game's move JSON (docs/protocol.md, "The games"), or a string in its short notation.
        #[serde(rename = "move")]
        mv: Value,
    },
    Sync {
        room: String,
    },
    Chat {
        room: String,
        text: String,
    },
    /// Give up the match: the sender's seat forfeits (`resigned`), at any time.
    Resign {
        room: String,
    },
    /// In a private room without a clock, once a seat of another side has been away past the
    /// abandonment time: end it, as a win (the away seats forfeit, `abandoned`) or a draw.
    Claim {
        room: String,
        result: ClaimResult,
    },
    /// Offer a draw (or accept the offers made), or with `offer: false` take one's offer back.
    Draw {
        room: String,
        offer: bool,
    },
    /// After the end: play again in a new room with the same settings, seats rotated.
    Rematch {
        room: String,
    },
    Ping,
}

impl ClientFrame {
    /// Reads one text frame. A frame is a JSON object: serde's internally tagged enums also take
    /// a sequence (`["auth", "TOKEN"]` would read as `auth`), which the contract never promised
    /// and no client should come to rely on, so anything but an object is a data error (after
    /// malformed JSON, which stays a syntax error).
    pub fn parse(text: &str) -> serde_json::Result<ClientFrame> {
        if !text.trim_start().starts_with('{') {
            serde_json::from_str::<serde::de::IgnoredAny>(text)?;
            return Err(serde::de::Error::custom("a frame is a JSON object"));
        }
        serde_json::from_str(text)
    }
}

/// A frame from the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    Welcome {
        player: PlayerRef,
        /// The form of `you.legal` this connection gets: what its `auth` asked.
        legal: LegalForm,
        /// The games that have a short notation: under `"legal": "short"` their `you.legal`
        /// lists it, and a move may be sent in it. Every other game's list stays `full`.
        short_legal: Vec<String>,
    },
    Room {
        room: RoomInfo,
    },
    /// A followed tournament, whenever it changes (an addition): all of it, and where the
    /// connection's player stands (null: not entered).
    Tournament {
        tournament: Box<crate::tournaments::TournamentDetail>,
        you: Option<crate::tournaments::TournamentYou>,
    },
    /// The player's matches under way, as `GET /api/v1/players/me/matches` lists them: the
    /// answer to `join` with `games` (an addition).
    Games {
        games: Vec<crate::rest::YourGame>,
    },
    /// One of the player's matches changed (a move, its start, its end): its entry now, or null
    /// once it is no longer under way (an addition).
    YourGame {
        room: String,
        entry: Option<Box<crate::rest::YourGame>>,
    },
    /// The open challenges naming the player that it has not accepted yet: sent after `games`
    /// each time the games are followed (an addition, issue 47).
    Challenges {
        challenges: Vec<crate::bots::ChallengeInfo>,
    },
    /// The player is challenged (an addition): it accepts or declines over REST
    /// (`POST /api/v1/challenges/{id}/accept`, `.../decline`).
    Challenge {
        challenge: crate::bots::ChallengeInfo,
    },
    /// A challenge of the player's, made or received, is over unanswered (an addition): it
    /// expired, `reason` `expired`.
    ChallengeCanceled {
        id: Uuid,
        room: String,
        reason: Option<String>,
    },
    /// A challenge of the player's was declined by `by`, for `reason` if it gave one (an addition).
    ChallengeDeclined {
        id: Uuid,
        room: String,
        by: PlayerRef,
        reason: Option<String>,
    },
    Snapshot {
        room: String,
        version: u64,
        /// The recipient's View.
        #[schema(value_type = View)]
        view: Value,
    },
    Patch {
        room: String,
        from: u64,
        version: u64,
        /// RFC 6902 operations.
        #[schema(value_type = Vec<Object>)]
        ops: Value,
        /// What happened, for people: each game's events and the server's own.
        #[schema(value_type = Vec<GameEvent>)]
        events: Vec<Value>,
        /// *(Addition)* The moves the versions from `from` to `version` made, as the match's
        /// history (`GET /api/v1/matches/{id}`) lists them, a secret one hidden until the end;
        /// absent when they made none (a ruling).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<Vec<crate::rest::MoveRecord>>,
    },
    Ack {
        id: String,
        version: u64,
        /// An addition to the contract: which room the move was for.
        room: String,
    },
    Error {
        id: Option<String>,
        code: ErrorCode,
        message: String,
        /// An addition to the contract: the room the refused frame named, if any.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<String>,
        /// *(Addition)* For `muted`: when the mute ends.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<DateTime<Utc>>,
    },
    Chat {
        room: String,
        /// *(Addition)* The line's number in the room, which a moderator deletes it by.
        id: u64,
        player: PlayerRef,
        text: String,
        at: DateTime<Utc>,
    },
    /// *(Addition)* A moderator deleted chat line `id` of the room: clients drop it.
    ChatDeleted {
        room: String,
        id: u64,
    },
    Ended {
        room: String,
        #[serde(rename = "match")]
        match_id: Uuid,
        result: MatchResult,
        /// A rated room's match: whether it changed ratings, and why not (absent otherwise, or
        /// when the server could not tell at once: `GET /api/v1/matches/{id}` says).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rating: Option<RatingOutcome>,
    },
    /// The seats offering a draw now, sent to everyone in the room at every change.
    Draw {
        room: String,
        offers: Vec<usize>,
        /// What just happened to the offers, when it is worth a line: `[{"kind": "draw_declined",
        /// "seat"}]` when a seat declined them. Absent otherwise.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[schema(value_type = Vec<GameEvent>)]
        events: Vec<Value>,
    },
    /// *(Addition, issue 47)* Slow down: the connection (`frames_per_connection`) or the player
    /// across its connections and bot API actions (`frames_per_player`) has spent half its burst
    /// of frames. Sent once, and again only after the client has slowed down; frames go on being
    /// read until the limit itself is reached (`error` `rate_limited`, then a close with 1008).
    Warning {
        /// `rate_limited`.
        code: ErrorCode,
        /// The limit half spent.
        limit: String,
        message: String,
    },
    /// A rematch of `room` is room `next`.
    Rematch {
        room: String,
        next: String,
    },
    /// An addition to the contract: the room's recent chat and the events of its last versions
    /// (those the recipient may see), sent after a join and with each sync, so that a reload brings
    /// back the conversation and the log.
    Recent {
        room: String,
        chat: Vec<RecentChat>,
        events: Vec<RecentEvents>,
        /// *(Addition)* The match's last moves (up to 50, oldest first) as the history lists
        /// them now: with each `patch`'s, a page's list of moves without reading the history.
        #[serde(default)]
        moves: Vec<crate::rest::MoveRecord>,
    },
    Pong,
}

/// A chat line of the past, as the `chat` frame carried it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RecentChat {
    /// *(Addition)* As in the `chat` frame.
    pub id: u64,
    pub player: PlayerRef,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// The events of one past version, as its `patch` carried them to the recipient.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RecentEvents {
    pub version: u64,
    #[schema(value_type = Vec<GameEvent>)]
    pub events: Vec<Value>,
}

/// The view each recipient holds of a room's match.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct View {
    pub game: String,
    pub version: u64,
    pub ply: u64,
    pub to_move: Vec<usize>,
    pub status: RoomStatus,
    pub result: Option<MatchResult>,
    /// Null for a spectator.
    pub you: Option<You>,
    /// Each seat's time; null in a room without a clock.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// The game's own state (see `docs/rules/`), with `private` for the recipient's hidden
    /// information.
    #[schema(value_type = Object)]
    pub state: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct You {
    pub seat: usize,
    /// Present when the recipient has to act: every move it may send now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Value>>,
}

/// An event of a `patch`, for people: `{"kind", "seat"?, ...}`, the seat that acted where someone
/// did. Each game's kinds and their fields, and the server's own (`forfeited`, `draw_agreed`), are
/// in `docs/protocol.md` and in the AsyncAPI document (`/api/v1/asyncapi.json`), which lists them
/// all in place of this outline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct GameEvent {
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
}
