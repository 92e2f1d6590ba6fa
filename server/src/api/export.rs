//! `GET /api/v1/players/{id}/matches.ndjson`: every finished match of a player, oldest first, one
//! JSON object per line (a match with all its moves and its revealed seed, as
//! `GET /api/v1/matches/{id}` shows it). Streamed: matches are read a page at a time and each
//! match's moves only when its line is written, and the next page is read only once the client
//! has taken the lines before (the body is pulled), so the server's memory stays flat however long
//! the history is.

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
use crate::api::auth::MaybeAuthenticated;
use crate::error::{ApiError, ApiPath};
use crate::limits::client_addr::limit_key;
use crate::state::AppState;
use crate::store::{MatchRow, StoreError};

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
    // Each export reads a player's whole history: budgeted per client address, like the other
    // costly paths.
    if let Err(wait) = state
        .budgets
        .exports_per_address
        .take(&limit_key(client.ip()))
    {
        return Err(ApiError::rate_limited(
            "too many exports from this address; try again later",
            wait.as_secs_f64().ceil() as u64,
        ));
    }
    if state.store.player(id).await?.is_none() {
        return Err(ApiError::not_found("player"));
    }
    let export = Export {
        state,
        player: id,
        requester,
        after: Uuid::nil(),
        page: VecDeque::new(),
        last_page: false,
    };
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
    Ok(response)
}

/// Where an export is.
struct Export {
    state: AppState,
    player: Uuid,
    requester: Option<PlayerRef>,
    /// The last match read (the nil id before the first page).
    after: Uuid,
    page: VecDeque<MatchRow>,
    /// Whether the page held is the last.
    last_page: bool,
}

impl Export {
    /// The next line, None after the last.
    async fn next_line(&mut self) -> Result<Option<Bytes>, StoreError> {
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
        let mut line = serde_json::to_vec(&detail).expect("a match serialises");
        line.push(b'\n');
        Ok(Some(Bytes::from(line)))
    }
}
