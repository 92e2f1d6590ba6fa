//! *(Addition, issue 47)* The bot API's bodies: personal access tokens and their scopes, bot
//! accounts, the match stream's lines and the answers of its actions (`docs/bots.md`).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// What a personal access token may do. A route that needs a scope the token lacks answers
/// `403 missing_scope` naming it.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
pub enum Scope {
    /// Read what the account may read through the API (its event stream).
    #[serde(rename = "read")]
    Read,
    /// Play the account's own seats through the bot API (an ordinary account).
    #[serde(rename = "board:play")]
    BoardPlay,
    /// Play as a bot account, and turn the account into one.
    #[serde(rename = "bot:play")]
    BotPlay,
}

impl Scope {
    /// The scope's name, as on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Read => "read",
            Scope::BoardPlay => "board:play",
            Scope::BotPlay => "bot:play",
        }
    }
}

/// `POST /api/v1/players/me/tokens`: a new personal access token.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewToken {
    /// What the token is for, as its owner will recognise it in the list (1 to 64 characters).
    pub name: String,
    /// At least one.
    pub scopes: Vec<Scope>,
}

/// The answer to `POST /api/v1/players/me/tokens`: the token is shown this once.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TokenCreated {
    pub id: Uuid,
    pub token: String,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
}

/// A personal access token as `GET /api/v1/players/me/tokens` lists it: without its secret.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TokenInfo {
    pub id: Uuid,
    pub name: String,
    pub scopes: Vec<Scope>,
    pub created_at: DateTime<Utc>,
}

/// `GET /api/v1/players/me/tokens`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TokenList {
    pub tokens: Vec<TokenInfo>,
}

/// `POST /api/v1/bot/match/{room}/move`: the WebSocket's `move`, for the caller's seat.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotMove {
    /// The move, in any form the WebSocket takes (a move of `you.legal`, or its short notation).
    #[serde(rename = "move")]
    #[schema(value_type = Object)]
    pub mv: serde_json::Value,
    /// The version of the view the move was chosen on.
    pub version: u64,
    /// The move's id (1 to 128 bytes): a move sent again with the same id is acknowledged again,
    /// not played twice. Absent: one is made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// `POST /api/v1/bot/match/{room}/draw`: offer a draw (or accept the offers made), or take one's
/// offer back (`false`).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawOffer {
    pub offer: bool,
}

/// `POST /api/v1/bot/match/{room}/claim`: claim a match over seats away past the abandonment time.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ClaimBody {
    pub result: crate::ws::ClaimResult,
}

/// `POST /api/v1/bot/match/{room}/chat`: a chat line in the room.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatText {
    pub text: String,
}

/// The answer to an action of the match stream: the room's version after it (a move's: the
/// version its move made, stored before this answer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Acted {
    pub version: u64,
}

/// `PUT /api/v1/bot/account`: what a bot's author says of it on its profile.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotAccount {
    /// 1 to 500 characters on one line; null (or absent) clears it.
    #[serde(default)]
    pub description: Option<String>,
}

/// `POST /api/v1/challenges`: a private room seating the challenger, the players challenged each
/// seated when it accepts; the match starts by itself once every seat is taken.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// The players challenged: 1 to 3, each once, not the challenger.
    pub to: Vec<Uuid>,
    pub game: String,
    /// Seats: the challenger and every player challenged.
    pub players: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub options: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub clock: Option<serde_json::Value>,
    #[serde(default)]
    pub rated: bool,
}

/// The answer to `POST /api/v1/challenges`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChallengeCreated {
    pub id: Uuid,
    /// The challenge's room (private; the challenger sits in seat 0).
    pub room: String,
}

/// `POST /api/v1/challenges/{id}/decline`: ends the challenge for everybody, with the reason.
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Decline {
    /// Why, in a few words (1 to 500 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A challenge as the event stream and `POST .../accept` tell it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ChallengeInfo {
    pub id: Uuid,
    pub room: String,
    pub game: String,
    pub challenger: crate::PlayerRef,
    pub to: Vec<crate::PlayerRef>,
    /// `open`, `accepted`, `declined` or `canceled`.
    pub status: String,
    pub expires_at: DateTime<Utc>,
}
