//! Plateau's wire types, exactly as `shared/spec/protocol.md` writes them: REST bodies ([`rest`]) and
//! WebSocket frames ([`ws`]). Shared by the server, the tests, bots and tools; no I/O here.

pub mod rest;
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
        }
    }
}

/// A player as others see it: `{"id", "name"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PlayerRef {
    pub id: uuid::Uuid,
    pub name: String,
}

/// How a match ended: `{"winners": [seat], "scores": [n] | null, "reason": "snake_case"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct MatchResult {
    pub winners: Vec<usize>,
    pub scores: Option<Vec<i64>>,
    pub reason: String,
}

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
