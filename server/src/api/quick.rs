//! Quick pairing, `POST /api/v1/rooms/quick` *(addition)*: a waiting public room of the caller's
//! level to join, or a new one (the choice is [`crate::accounts::pairing`]'s).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use plateau_games::registry;
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{
    ErrorBody, NewRoom, QuickRoom, QuickRoomAnswer, RoomInfo, Visibility,
};
use plateau_protocol::{PlayerRef, RoomStatus};
use serde_json::{Map, Value};
use uuid::Uuid;

use crate::accounts::pairing::{self, Wanted};
use crate::api::auth::Authenticated;
use crate::error::{ApiError, ApiJson};
use crate::state::AppState;

/// One quick pairing at a time on this server: two players who ask at once must not both open a
/// room when one of them could have taken the other's (the second sees the first's new room, which
/// is offered for [`pairing::JOIN_GRACE`] before its creator has joined it). Each pairing is a scan
/// of the live rooms and one query, so the queue stays short.
static PAIRING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[utoipa::path(post, path = "/api/v1/rooms/quick", tag = "rooms", request_body = QuickRoom, security(("bearer" = [])),
    responses((status = 200, description = "A waiting public room with a free seat, of that game (default options), player count, clock and \
                  rated flag, whose seated players' mean rating is within the room's window of the caller's: join it over the \
                  WebSocket (`created` false). With none, the oldest such room the caller already sits in (also `created` false). The seat is not held: if another \
                  player takes the last one first, `join` is `room_full`", body = QuickRoomAnswer),
              (status = 201, description = "No room fitted: a new public room, made as `POST /api/v1/rooms` makes it; the caller hosts it, in seat 0 (`created` true)", body = QuickRoomAnswer),
              (status = 401, description = "Missing or unknown token", body = ErrorBody),
              (status = 403, description = "`forbidden`: a bot account (it never enters quick pairing)", body = ErrorBody), (status = 400, description = "Malformed or invalid input", body = ErrorBody),
              (status = 409, description = "A new room was needed, and the player already hosts `--open-rooms-per-player` waiting rooms", body = ErrorBody)))]
pub async fn quick(
    State(state): State<AppState>,
    Authenticated(player): Authenticated,
    ApiJson(body): ApiJson<QuickRoom>,
) -> Result<(StatusCode, Json<QuickRoomAnswer>), ApiError> {
    if player.bot {
        return Err(ApiError::forbidden(
            "a bot account never enters quick pairing: it is challenged",
        ));
    }
    let _pairing = PAIRING.lock().await;
    if let Some(room) = find(&state, &player, &body).await? {
        return Ok((
            StatusCode::OK,
            Json(QuickRoomAnswer {
                room,
                created: false,
            }),
        ));
    }
    let request = NewRoom {
        game: body.game,
        players: body.players,
        visibility: Visibility::Public,
        options: None,
        clock: body.clock,
        seating: None,
        rated: body.rated,
        // Paired players came to play: the match starts once the seats are taken.
        auto_start: true,
    };
    let room = state.rooms.create(player, request).await?;
    Ok((
        StatusCode::CREATED,
        Json(QuickRoomAnswer {
            room,
            created: true,
        }),
    ))
}

/// The room [`pairing::choose`] picks for `player`, else the oldest waiting room of what was asked
/// that `player` already sits in, if any. Input that `POST /api/v1/rooms` would
/// refuse matches nothing here: the caller then goes on to create a room, which refuses it in the
/// same words (one validation, not two).
async fn find(
    state: &AppState,
    player: &PlayerRef,
    body: &QuickRoom,
) -> Result<Option<RoomInfo>, ApiError> {
    let Some(game) = registry::find(&body.game) else {
        return Ok(None);
    };
    let Ok(options) = game.validate(body.players, &Value::Null) else {
        return Ok(None);
    };
    let options: Map<String, Value> = options.into_iter().collect();
    let Ok(clock) = ClockSetting::parse(body.clock.as_ref()) else {
        return Ok(None);
    };
    let wanted = Wanted {
        caller: player.id,
        game: &body.game,
        players: body.players,
        options: &options,
        clock: clock.as_ref(),
        rated: body.rated,
    };
    let now = Utc::now();
    let busy = state
        .rooms
        .live_matching(|room| room.status == RoomStatus::Playing);
    let playing = pairing::playing(&busy);
    let (own, rooms): (Vec<RoomInfo>, Vec<RoomInfo>) = state
        .rooms
        .live_matching(|room| {
            pairing::offered(room, &wanted, now, &playing) || pairing::callers_own(room, &wanted)
        })
        .into_iter()
        .partition(|room| pairing::callers_own(room, &wanted));
    // The caller's own waiting room, the oldest, when nobody else's will do.
    let own = own.into_iter().min_by_key(|room| room.created_at);
    if rooms.is_empty() {
        return Ok(own);
    }
    // Never with a player on either side of a block with the caller.
    let avoided = state.store.blocked_either_way(player.id).await?;
    let rooms: Vec<RoomInfo> = rooms
        .into_iter()
        .filter(|room| pairing::people(room).all(|(_, p)| !avoided.contains(&p.id)))
        .collect();
    let mut people: Vec<Uuid> = rooms
        .iter()
        .flat_map(|room| pairing::people(room).map(|(_, p)| p.id))
        .chain([player.id])
        .collect();
    people.sort_unstable();
    people.dedup();
    let ratings = state.store.game_ratings(&body.game, &people).await?;
    let caller = pairing::rating_of(player.id, &ratings);
    Ok(pairing::choose(caller, rooms, &ratings, now).or(own))
}
