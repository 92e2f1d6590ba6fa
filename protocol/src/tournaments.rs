//! Tournaments over REST *(addition to the contract)*: what creates one, and what reading one
//! gives (settings, entrants, standings, rounds with their pairings). Points are given as the
//! players see them (a win 2, a draw 1; places of 3 or 4 by 2, 1, 0 or 3, 2, 1, 0, ties shared, so
//! a half may show).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use uuid::Uuid;

use crate::clock::ClockSetting;
use crate::rest::Visibility;
use crate::PlayerRef;

/// How a tournament pairs its entrants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentKind {
    /// For `minutes`: whoever finishes a match is paired again at once.
    Arena,
    /// `rounds` rounds, each paired by points then rating, nobody met twice.
    Swiss,
    /// Everybody meets everybody (at most 10 entrants).
    RoundRobin,
}

impl TournamentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentKind::Arena => "arena",
            TournamentKind::Swiss => "swiss",
            TournamentKind::RoundRobin => "round_robin",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "arena" => TournamentKind::Arena,
            "swiss" => TournamentKind::Swiss,
            "round_robin" => TournamentKind::RoundRobin,
            _ => return None,
        })
    }
}

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentStatus {
    /// Open for entries; starts at `starts_at`.
    Upcoming,
    Running,
    Finished,
}

impl TournamentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "upcoming" => TournamentStatus::Upcoming,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            _ => return None,
        })
    }
}

/// `POST /api/v1/tournaments`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// 1 to 60 characters.
    pub name: String,
    pub kind: TournamentKind,
    pub game: String,
    /// Seats of each match (a player count of the game).
    pub players: usize,
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Option<Value>,
    /// Required: every match of a tournament is played on a clock.
    #[schema(value_type = ClockSetting)]
    pub clock: Value,
    /// Whether its matches change ratings (not for matches with bots in them). Default false.
    #[serde(default)]
    pub rated: bool,
    /// `public` (admins and moderators only: listed for everyone) or `private` (listed nowhere,
    /// joined by its link). Default private.
    #[serde(default = "private")]
    pub visibility: Visibility,
    /// When pairing begins; absent: now.
    #[serde(default)]
    pub starts_at: Option<DateTime<Utc>>,
    /// Swiss: how many rounds (1 to 20).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Arena: how long, in minutes (1 to 720).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// Seconds a player has to come to a match before forfeiting it (5 to 600; default the
    /// server's `--tournament-join-secs`, 30).
    #[serde(default)]
    pub join_secs: Option<u32>,
}

fn private() -> Visibility {
    Visibility::Private
}

/// A tournament as lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TournamentSummary {
    pub id: Uuid,
    pub name: String,
    pub kind: TournamentKind,
    pub game: String,
    pub players: usize,
    pub clock: ClockSetting,
    pub rated: bool,
    pub visibility: Visibility,
    pub status: TournamentStatus,
    pub starts_at: DateTime<Utc>,
    /// Arena: when pairing stops.
    pub ends_at: Option<DateTime<Utc>>,
    pub rounds: Option<u32>,
    pub creator: PlayerRef,
    /// Entrants not withdrawn.
    pub entrants: usize,
}

/// `GET /api/v1/tournaments/{id}`: everything about one tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TournamentDetail {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    pub join_secs: u32,
    /// Best first.
    pub standings: Vec<StandingLine>,
    /// Oldest first.
    pub rounds_played: Vec<RoundInfo>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// One entrant's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct StandingLine {
    /// 1 for the first; entrants level on every tie-break share a rank.
    pub rank: usize,
    /// The entrant's number (order of entry, from 0).
    pub entrant: usize,
    pub player: PlayerRef,
    pub points: f64,
    /// Sum of the opponents' points.
    pub buchholz: f64,
    /// Sum of the points of the opponents beaten, half of those drawn with.
    pub sonneborn_berger: f64,
    /// Matches finished (a bye counts).
    pub played: u32,
    /// Arena: the last two results were wins, so the next win counts double.
    pub fire: bool,
    /// Left the tournament: paired no more.
    pub withdrawn: bool,
}

/// One round (Swiss, round robin) or one wave of pairings (arena).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RoundInfo {
    pub round: u32,
    pub pairings: Vec<PairingInfo>,
}

/// One match of a round, or a bye.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PairingInfo {
    pub board: u32,
    /// Entrant per seat, in seat order (null: a bot).
    pub seats: Vec<Option<usize>>,
    /// The match's room (null for a bye, or a match forfeited without one).
    pub room: Option<String>,
    /// Per seat, once over.
    pub points: Option<Vec<f64>>,
    /// While the match is to be played: when its room starts with whoever has come (the others
    /// forfeit, `no_show`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_by: Option<DateTime<Utc>>,
}

/// In a `tournament` frame: where the connection's player stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TournamentYou {
    pub entrant: usize,
    pub withdrawn: bool,
    /// The match to play now (null: none paired).
    pub next: Option<NextMatch>,
}

/// A match an entrant is paired in and has to come to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct NextMatch {
    pub round: u32,
    pub board: u32,
    pub room: String,
    pub start_by: Option<DateTime<Utc>>,
}

/// A page of `GET /api/v1/tournaments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TournamentPage {
    pub tournaments: Vec<TournamentSummary>,
    /// Where the next page starts (`?before=`), if there is one.
    pub next: Option<String>,
}

/// A line of `GET /api/v1/tournaments/{id}/results.ndjson`: one entrant's final (or current)
/// standing.
pub type ResultLine = StandingLine;

/// The answer to `POST /api/v1/tournaments`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct CreatedTournament {
    /// Random (version 4): a private tournament is listed nowhere, and its id, in its link, is
    /// what lets one join it.
    pub id: Uuid,
}
