//! Plateau's wire types, exactly as `docs/protocol.md` writes them: REST bodies ([`rest`]) and
//! WebSocket frames ([`ws`]). Shared by the server, the tests, bots and tools; no I/O here.

// Plain data and pure rules: nothing here needs unsafe.
#![forbid(unsafe_code)]

pub mod bots;
pub mod clock;
pub mod moderation;
pub mod rest;
pub mod tournaments;
pub mod ws;

use serde::{Deserialize, Serialize};

/// Every error code of the contract, REST and WebSocket alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
    PayloadTooLarge,
    RateLimited,
    Internal,
    UnknownRoom,
    NotSeated,
    NotYourTurn,
    StaleVersion,
    IllegalMove,
    RoomFull,
    NotJoined,
    /// *(Addition)* The player is banned (moderation): its tokens sign nobody in until the ban ends.
    Banned,
    /// *(Addition)* The player's chat is muted (moderation) for a while.
    Muted,
    /// *(Addition)* The personal access token lacks the scope the route needs (`scope` names it).
    MissingScope,
}

impl ErrorCode {
    /// The snake_case name, as on the wire (and as a metrics label).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::Unauthorized => "unauthorized",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::NotFound => "not_found",
            ErrorCode::Conflict => "conflict",
            ErrorCode::PayloadTooLarge => "payload_too_large",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
            ErrorCode::UnknownRoom => "unknown_room",
            ErrorCode::NotSeated => "not_seated",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StaleVersion => "stale_version",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::RoomFull => "room_full",
            ErrorCode::NotJoined => "not_joined",
            ErrorCode::Banned => "banned",
            ErrorCode::Muted => "muted",
            ErrorCode::MissingScope => "missing_scope",
        }
    }
}

/// A player as others see it: `{"id", "name"}`, and `"bot": true` for a bot account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerRef {
    pub id: uuid::Uuid,
    pub name: String,
    /// *(Addition, issue 47)* A bot account (a program playing through the bot API, shown BOT
    /// beside its name). Absent for a person, so that clients written before it read every
    /// reference as they did.
    #[serde(default, skip_serializing_if = "is_false")]
    pub bot: bool,
}

impl PlayerRef {
    /// A person (not a bot account).
    pub fn person(id: uuid::Uuid, name: impl Into<String>) -> PlayerRef {
        PlayerRef {
            id,
            name: name.into(),
            bot: false,
        }
    }
}

/// For `skip_serializing_if`: a flag that is off is left out.
pub fn is_false(flag: &bool) -> bool {
    !*flag
}

/// Whether a rated match changed its players' ratings: `{"counted": true}`, or
/// `{"counted": false, "reason"}`. Absent for a match of an unrated room, and before the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RatingOutcome {
    pub counted: bool,
    /// Why it did not count (absent when it did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<UncountedReason>,
    /// When it counted: each seat's rating in the match's game before and after it, by seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<SeatRatingChange>,
}

/// A seat's rating before and after a rated match.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SeatRatingChange {
    pub seat: usize,
    pub player: uuid::Uuid,
    pub before: f64,
    pub after: f64,
}

/// Why a rated match changed no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UncountedReason {
    /// The match was aborted (it ended before every seat had made a move of its own, or its
    /// engine failed).
    Aborted,
    /// Two of its players had already been rated together in this game lately (within the
    /// server's `--rated-pair-hours`, 24 by default): their results count once a day.
    PairRatedLately,
}

impl RatingOutcome {
    /// A match that changed ratings, with each seat's change.
    pub fn counted(changes: Vec<SeatRatingChange>) -> RatingOutcome {
        RatingOutcome {
            counted: true,
            reason: None,
            changes,
        }
    }

    pub fn uncounted(reason: UncountedReason) -> RatingOutcome {
        RatingOutcome {
            counted: false,
            reason: Some(reason),
            changes: Vec::new(),
        }
    }
}

/// How a match ended: `{"winners": [seat], "scores": [n] | null, "reason": "snake_case",
/// "forfeited": [{"seat", "reason"}]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchResult {
    pub winners: Vec<usize>,
    pub scores: Option<Vec<i64>>,
    pub reason: String,
    /// The seats that forfeited, in order (empty when none). Absent in results stored before
    /// forfeits existed, which read as empty.
    #[serde(default)]
    pub forfeited: Vec<Forfeit>,
}

/// A seat that forfeited: it lost, with its team, and can no longer win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Forfeit {
    pub seat: usize,
    pub reason: ForfeitReason,
}

/// Why a seat forfeited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ForfeitReason {
    /// The player sent `resign`.
    Resigned,
    /// The seat's clock ran out on a decision the rules could not make for it.
    Timeout,
    /// The seat had to act and nobody of it was connected for `--abandon-after-secs`.
    Abandoned,
    /// A tournament's match started at its deadline without the seat's player, who had not come
    /// (an addition to the contract).
    NoShow,
}

impl ForfeitReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ForfeitReason::Resigned => "resigned",
            ForfeitReason::Timeout => "timeout",
            ForfeitReason::Abandoned => "abandoned",
            ForfeitReason::NoShow => "no_show",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "resigned" => ForfeitReason::Resigned,
            "timeout" => ForfeitReason::Timeout,
            "abandoned" => ForfeitReason::Abandoned,
            "no_show" => ForfeitReason::NoShow,
            _ => return None,
        })
    }
}

/// The reason of a match that ended because every side left agreed to a draw.
pub const AGREED_DRAW: &str = "agreed_draw";

/// Where a room is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    Waiting,
    Playing,
    Finished,
    Abandoned,
    /// The rules engine failed (a panic, or far past its time): the match ended without a result
    /// of the game's own.
    Aborted,
}

impl RoomStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
            RoomStatus::Abandoned => "abandoned",
            RoomStatus::Aborted => "aborted",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "waiting" => RoomStatus::Waiting,
            "playing" => RoomStatus::Playing,
            "finished" => RoomStatus::Finished,
            "abandoned" => RoomStatus::Abandoned,
            "aborted" => RoomStatus::Aborted,
            _ => return None,
        })
    }
}

/// A word read back (from the store) that names no value of the type it should: a row written by
/// hand, or by a later version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWord {
    pub word: String,
    /// What it should have named (`room status`).
    pub of: &'static str,
}

impl std::fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` names no {}", self.word, self.of)
    }
}

impl std::error::Error for UnknownWord {}

/// `TryFrom<String>` through each type's `parse`: the store keeps these as their words and reads
/// them back as the types, once, where rows are read.
macro_rules! read_from_word {
    ($($ty:ty => $of:literal),* $(,)?) => {$(
        impl TryFrom<String> for $ty {
            type Error = UnknownWord;

            fn try_from(word: String) -> Result<Self, UnknownWord> {
                <$ty>::parse(&word).ok_or(UnknownWord { word, of: $of })
            }
        }
    )*};
}

read_from_word!(
    RoomStatus => "room status",
    rest::Visibility => "visibility",
    rest::Seating => "seating",
    tournaments::TournamentKind => "tournament kind",
    tournaments::TournamentStatus => "tournament status",
);
