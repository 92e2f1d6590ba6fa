//! *(Addition)* Moderation bodies (docs/protocol.md, "Moderation"): roles, the actions moderators
//! take under `/api/v1/mod/...` (each with a reason), and the audit log that records them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::PlayerRef;

/// What a player may do beyond playing. Each role includes the ones before it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Player,
    /// May take moderation actions and read the audit log.
    Moderator,
    /// A moderator who also grants and revokes the moderator role.
    Admin,
}

impl Role {
    /// The name stored and sent: `player`, `moderator`, `admin`.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Player => "player",
            Role::Moderator => "moderator",
            Role::Admin => "admin",
        }
    }

    pub fn parse(name: &str) -> Option<Role> {
        match name {
            "player" => Some(Role::Player),
            "moderator" => Some(Role::Moderator),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// The body of a moderation call that needs nothing but why: granting or revoking the moderator
/// role, lifting a ban or a mute.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Because {
    /// Why, for the audit log: 1 to 500 characters.
    pub reason: String,
}

/// `POST /api/v1/mod/players/{id}/ban`: for `duration_s` seconds, or `for_good` (exactly one).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BanRequest {
    pub reason: String,
    /// How long the ban lasts, in seconds (1 to 10 years' worth).
    #[serde(default)]
    pub duration_s: Option<u64>,
    /// A ban without end.
    #[serde(default)]
    pub for_good: bool,
}

/// `POST /api/v1/mod/players/{id}/mute`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MuteRequest {
    pub reason: String,
    /// How long the player's chat is refused, in seconds (1 to one year's worth).
    pub duration_s: u64,
}

/// `POST /api/v1/mod/players/{id}/rename`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenameRequest {
    pub reason: String,
    /// The new name, under the rules of every name.
    pub name: String,
}

/// Where a player stands: its role, and any ban or mute in force.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Standing {
    pub player: PlayerRef,
    pub role: Role,
    /// Whether a ban is in force, and until when (null: for good, or no ban).
    pub banned: bool,
    pub banned_until: Option<DateTime<Utc>>,
    /// Until when the player's chat is refused (null: not muted).
    pub muted_until: Option<DateTime<Utc>>,
}

/// One row of the audit log.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AuditEntry {
    pub id: i64,
    pub at: DateTime<Utc>,
    /// Who acted: null for the command line (`plateau admin`).
    pub moderator: Option<Uuid>,
    /// `grant_moderator`, `revoke_moderator`, `grant_admin`, `revoke_admin`, `ban`, `unban`,
    /// `mute`, `unmute`, `rename`.
    pub action: String,
    /// The player acted on, if any.
    pub player: Option<Uuid>,
    /// The room acted on, if any.
    pub room: Option<String>,
    /// What the action set (a ban's `until` or `for_good`, a name's `from` and `to`...).
    #[schema(value_type = Object)]
    pub details: Value,
    pub reason: String,
}

/// `GET /api/v1/mod/log`: newest first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AuditLog {
    pub entries: Vec<AuditEntry>,
    /// Pass as `before` for the next page; null on the last page.
    pub next: Option<i64>,
}

/// Why a player reports another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    Chat,
    Cheating,
    Stalling,
    Name,
    Other,
}

impl ReportReason {
    pub fn as_str(self) -> &'static str {
        match self {
            ReportReason::Chat => "chat",
            ReportReason::Cheating => "cheating",
            ReportReason::Stalling => "stalling",
            ReportReason::Name => "name",
            ReportReason::Other => "other",
        }
    }
}

/// `POST /api/v1/reports`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewReport {
    /// The reported player's id.
    pub player: Uuid,
    pub reason: ReportReason,
    /// The room it happened in (for `chat`, the room whose recent lines are kept with the report).
    #[serde(default)]
    pub room: Option<String>,
    /// The match it happened in.
    #[serde(default, rename = "match")]
    pub match_id: Option<Uuid>,
    /// The reporter's words, up to 500 characters.
    #[serde(default)]
    pub text: Option<String>,
}

/// A report as moderators read it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Report {
    pub id: i64,
    pub reporter: Uuid,
    pub player: Uuid,
    pub reason: String,
    pub room: Option<String>,
    #[serde(rename = "match")]
    pub match_id: Option<Uuid>,
    pub text: Option<String>,
    /// What the server held when the report was made: `{"chat": [...]}`, the room's recent chat
    /// lines for a report with a room (else `{}`).
    #[schema(value_type = Object)]
    pub context: Value,
    pub created_at: DateTime<Utc>,
    /// `open` or `resolved`.
    pub status: String,
    pub resolved_by: Option<Uuid>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolution: Option<String>,
    pub action: Option<String>,
}

/// `GET /api/v1/mod/reports`: oldest first.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Reports {
    pub reports: Vec<Report>,
}

/// `POST /api/v1/mod/reports/{id}/resolve`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Resolution {
    pub reason: String,
    /// What was done about it, in a word (`ban`, `mute`, `none`...), up to 32 characters.
    #[serde(default)]
    pub action: Option<String>,
}

/// The answer to `POST /api/v1/reports`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ReportCreated {
    pub id: i64,
}
