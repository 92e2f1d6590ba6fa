//! `GET /api/v1/players/{id}/matches.ndjson`: every finished match of a player, oldest first, one
//! JSON object per line (a match with all its moves and its revealed seed, as
//! `GET /api/v1/matches/{id}` shows it). `GET /api/v1/players/me/export`: everything the server
//! holds about the player asking, for its own use, as lines of their `kind` (its record, ratings,
//! sessions, the reports it made), then its matches as above, each `"kind": "match"`.
//!
//! Streamed: matches are read a page at a time and each match's moves only when its line is
//! written, and the next page is read only once the client has taken the lines before (the body is
//! pulled), so the server's memory stays flat however long the history is.

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use plateau_protocol::rest::ErrorBody;
use plateau_protocol::PlayerRef;
use std::collections::VecDeque;
use std::net::SocketAddr;
use uuid::Uuid;

use super::matches::detail;
use crate::api::auth::{MaybeAuthenticated, WithStanding};
use crate::error::{ApiError, ApiPath};
use crate::limits::client_addr::limit_key;
use crate::state::AppState;
use crate::store::{MatchRow, ReportSide, StoreError};
use serde_json::json;

/// Matches read at once.
const PAGE: i64 = 100;

#[utoipa::path(get, path = "/api/v1/players/{id}/matches.ndjson", tag = "players",
    params(("id" = Uuid, Path, description = "Player id")), security((), ("bearer" = [])),
    responses((status = 200, description = "Every finished match of the player, oldest first: one MatchDetail per line \
                  (all its moves, `next_from_ply` null, the seed revealed), streamed", content_type = "application/x-ndjson", body = String),
              (status = 404, description = "No such player", body = ErrorBody), (status = 400, description = "Malformed input", body = ErrorBody),
              (status = 429, description = "Too many exports from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn matches_ndjson(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    MaybeAuthenticated(requester): MaybeAuthenticated,
    ApiPath(id): ApiPath<Uuid>,
) -> Result<Response, ApiError> {
    take_export(&state, client)?;
    if state.store.player(id).await?.is_none() {
        return Err(ApiError::not_found("player"));
    }
    Ok(stream_lines(Export {
        state,
        player: id,
        requester,
        prelude: VecDeque::new(),
        match_kind: false,
        after: Uuid::nil(),
        page: VecDeque::new(),
        last_page: false,
    }))
}

#[utoipa::path(get, path = "/api/v1/players/me/export", tag = "players", security(("bearer" = [])),
    responses((status = 200, description = "Everything the server holds about the player asking, one JSON object per line: \
                  `{\"kind\": \"player\"}` (name, created_at, role, has_password, muted_until, banned_until, banned_for_good), \
                  `{\"kind\": \"ratings\"}`, `{\"kind\": \"sessions\"}` (when each live token was made), \
                  one `{\"kind\": \"report\"}` per report it made, then one `{\"kind\": \"match\"}` per finished match \
                  (a MatchDetail, as in matches.ndjson), streamed", content_type = "application/x-ndjson", body = String),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 429, description = "Too many exports from this address; see `Retry-After`", body = ErrorBody)))]
pub async fn my_data(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    WithStanding(player, standing): WithStanding,
) -> Result<Response, ApiError> {
    take_export(&state, client)?;
    let (_, created_at) = state
        .store
        .player(player.id)
        .await?
        .ok_or_else(ApiError::unauthorized)?;
    let has_password = state.store.password_hash(player.id).await?.is_some();
    let ratings = state.store.player_ratings(player.id).await?;
    let sessions = state.store.session_times(player.id).await?;
    let reports = state.store.reports_of(player.id, ReportSide::By).await?;
    let mut prelude = vec![
        json!({
            "kind": "player",
            "id": player.id,
            "name": player.name,
            "created_at": created_at,
            "role": standing.role,
            "has_password": has_password,
            "muted_until": standing.muted_until,
            "banned_until": standing.banned_until,
            "banned_for_good": standing.banned_for_good,
        }),
        json!({"kind": "ratings", "ratings": ratings}),
        json!({"kind": "sessions", "sessions": sessions.iter().map(|at| json!({"created_at": at})).collect::<Vec<_>>()}),
    ];
    // The player's own words and what became of them; not the room's lines kept as context
    // (others' words) nor which moderator handled it.
    prelude.extend(reports.into_iter().map(|r| {
        json!({
            "kind": "report",
            "id": r.id,
            "player": r.player,
            "reason": r.reason,
            "room": r.room,
            "match": r.match_id,
            "text": r.text,
            "created_at": r.created_at,
            "status": r.status,
            "resolved_at": r.resolved_at,
        })
    }));
    Ok(stream_lines(Export {
        state,
        player: player.id,
        requester: Some(player),
        prelude: prelude.iter().map(line_of).collect(),
        match_kind: true,
        after: Uuid::nil(),
        page: VecDeque::new(),
        last_page: false,
    }))
}

/// Each export reads a player's whole history: budgeted per client address, like the other costly
/// paths.
fn take_export(state: &AppState, client: SocketAddr) -> Result<(), ApiError> {
    state
        .budgets
        .exports_per_address
        .take(&limit_key(client.ip()))
        .map_err(|wait| {
            ApiError::rate_limited_for(
                "exports_per_address",
                "too many exports from this address; try again later",
                wait,
            )
        })
}

/// One NDJSON line.
fn line_of(value: &impl serde::Serialize) -> Bytes {
    let mut line = serde_json::to_vec(value).expect("an export line serialises");
    line.push(b'\n');
    Bytes::from(line)
}

/// The export's lines as a streamed body, read as the client takes them.
fn stream_lines(export: Export) -> Response {
    let lines = stream::unfold(Some(export), |export| async move {
        let mut export = export?;
        match export.next_line().await {
            Ok(Some(line)) => Some((Ok(line), Some(export))),
            Ok(None) => None,
            Err(e) => {
                // The status is sent already: the body is cut short, which the client sees.
                tracing::error!(error = %e, player = %export.player, "export cut short");
                Some((Err(std::io::Error::other("export cut short")), None))
            }
        }
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-ndjson"),
    );
    response
}

/// A match in the export of one's data.
#[derive(serde::Serialize)]
struct MatchLine<T> {
    kind: &'static str,
    #[serde(flatten)]
    detail: T,
}

/// Where an export is.
struct Export {
    state: AppState,
    player: Uuid,
    requester: Option<PlayerRef>,
    /// Lines sent before the matches.
    prelude: VecDeque<Bytes>,
    /// Whether each match line says `"kind": "match"` (the export of one's data, where lines
    /// differ).
    match_kind: bool,
    /// The last match read (the nil id before the first page).
    after: Uuid,
    page: VecDeque<MatchRow>,
    /// Whether the page held is the last.
    last_page: bool,
}

impl Export {
    /// The next line, None after the last.
    async fn next_line(&mut self) -> Result<Option<Bytes>, StoreError> {
        if let Some(line) = self.prelude.pop_front() {
            return Ok(Some(line));
        }
        if self.page.is_empty() && !self.last_page {
            let page = self
                .state
                .store
                .finished_matches_of(self.player, self.after, PAGE)
                .await?;
            self.last_page = (page.len() as i64) < PAGE;
            if let Some(last) = page.last() {
                self.after = last.id;
            }
            self.page = page.into();
        }
        let Some(row) = self.page.pop_front() else {
            return Ok(None);
        };
        let moves = self.state.store.moves(row.id, None).await?;
        let changes = if row.rating_counted {
            let mut of_match = self.state.store.rating_changes_of(&[row.id]).await?;
            of_match.remove(&row.id).unwrap_or_default()
        } else {
            Vec::new()
        };
        // Finished: nothing is secret any more.
        let detail = detail(
            &row,
            self.requester.as_ref(),
            moves,
            |_| false,
            None,
            changes,
        );
        Ok(Some(if self.match_kind {
            line_of(&MatchLine {
                kind: "match",
                detail,
            })
        } else {
            line_of(&detail)
        }))
    }
}
