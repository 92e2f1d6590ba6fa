//! Challenges (issue 47, `docs/bots.md`): a player challenges 1 to 3 others to a private room.
//! The room is made at once with the challenger in it; each player challenged hears of it
//! (`challenge`, on its event stream: `events`), and accepts (it takes a seat: the room's
//! [`Request::Accept`], from a seat's agent, as the bot API's actions are sent) or declines (the
//! room closes for everybody, `challengeDeclined`). Once every seat is taken the room starts by
//! itself (`matchStart`); unanswered for `--challenge-ttl-secs` the challenge is cancelled
//! (`challengeCanceled`) and its room closes. Bot accounts have budgets of their own
//! (`--bot-*`): matches at once, challenges a day, matches between bots a day.

use chrono::Utc;
use plateau_protocol::bots::NewChallenge;
use plateau_protocol::rest::{NewRoom, Visibility};
use plateau_protocol::{ErrorCode, PlayerRef};
use serde_json::json;
use std::time::Duration;
use uuid::Uuid;

use crate::error::ApiError;
use crate::events::Event;
use crate::rooms::{Request, RoomCode, RoomModeration};
use crate::state::AppState;
use crate::store::{Accepted, ChallengeRow};

/// Most players one challenge names.
const MOST_CHALLENGED: usize = 3;

/// A challenge made by `challenger`: its room, stored, told to the players challenged, and
/// cancelled when unanswered in time.
pub async fn challenge(
    state: &AppState,
    challenger: &PlayerRef,
    body: NewChallenge,
) -> Result<ChallengeRow, ApiError> {
    let mut to = Vec::with_capacity(body.to.len());
    for id in &body.to {
        if *id == challenger.id || to.iter().any(|p: &PlayerRef| p.id == *id) {
            return Err(ApiError::bad_request("to: each player once, not oneself"));
        }
        let (player, _) = state
            .store
            .player(*id)
            .await?
            .ok_or_else(|| ApiError::not_found("player"))?;
        to.push(player);
    }
    if to.is_empty() || to.len() > MOST_CHALLENGED {
        return Err(ApiError::bad_request("to: 1 to 3 players"));
    }
    if body.players != to.len() + 1 {
        return Err(ApiError::bad_request(
            "players: the challenger and every player challenged, one seat each",
        ));
    }
    if challenger.bot {
        state
            .budgets
            .bot_challenges
            .take(&challenger.id)
            .map_err(|wait| {
                ApiError::rate_limited_for(
                    "bot_challenges_per_day",
                    "this bot has made as many challenges today as it may",
                    wait,
                )
            })?;
        take_budgets(state, challenger, &to).await?;
    }
    let request = NewRoom {
        game: body.game,
        players: body.players,
        visibility: Visibility::Private,
        options: body.options,
        clock: body.clock,
        seating: None,
        rated: body.rated,
        auto_start: false,
    };
    let room = state.rooms.create(challenger.clone(), request).await?;
    let now = Utc::now();
    let ttl = Duration::from_secs(state.limits.challenge_ttl_secs);
    let row = ChallengeRow {
        id: Uuid::new_v4(),
        room: room.code,
        challenger: challenger.clone(),
        game: room.game,
        status: "open".into(),
        reason: None,
        created_at: now,
        expires_at: now + chrono::Duration::from_std(ttl).unwrap_or_default(),
        to: to.into_iter().map(|p| (p, false)).collect(),
    };
    state.store.create_challenge(&row).await?;
    let targets = row.to.iter().map(|(p, _)| p.id).collect();
    state.events.tell(Event {
        to: targets,
        line: crate::events::challenge_line(&row),
    });
    let (expiring, id) = (state.clone(), row.id);
    tokio::spawn(async move {
        tokio::time::sleep(ttl).await;
        if let Err(e) = end(&expiring, id, "canceled", Some("expired"), None).await {
            tracing::warn!(challenge = %id, error = %e.message, "could not cancel an expired challenge");
        }
    });
    Ok(row)
}

/// A bot's budgets for one more challenge it makes or accepts, with `others` the other players.
async fn take_budgets(
    state: &AppState,
    bot: &PlayerRef,
    others: &[PlayerRef],
) -> Result<(), ApiError> {
    let at_once = state.store.rooms_at_once_of(bot.id).await?;
    if at_once >= state.limits.bot_matches_at_once {
        crate::metrics::METRICS.rate_limited("bot_matches_at_once");
        return Err(ApiError::rate_limited(
            "bot_matches_at_once",
            "this bot plays as many matches at once as it may: finish one first",
            60,
        ));
    }
    if others.iter().any(|p| p.bot) {
        state.budgets.bot_vs_bot.take(&bot.id).map_err(|wait| {
            ApiError::rate_limited_for(
                "bot_vs_bot_per_day",
                "this bot has played as many matches against bots today as it may",
                wait,
            )
        })?;
    }
    Ok(())
}

/// The open challenge `id`, for `player`, one of those it challenges.
async fn open_for(
    state: &AppState,
    id: Uuid,
    player: &PlayerRef,
) -> Result<ChallengeRow, ApiError> {
    let row = state
        .store
        .challenge(id)
        .await?
        .filter(|row| row.to.iter().any(|(p, _)| p.id == player.id))
        .ok_or_else(|| ApiError::not_found("challenge"))?;
    if row.status != "open" || row.expires_at <= Utc::now() {
        return Err(ApiError::new(
            ErrorCode::Conflict,
            format!(
                "this challenge is {}",
                if row.status == "open" {
                    "expired"
                } else {
                    row.status.as_str()
                }
            ),
        ));
    }
    Ok(row)
}

/// `player` accepts challenge `id`: it takes a seat of the challenge's room (the room starts once
/// every seat is taken).
pub async fn accept(
    state: &AppState,
    id: Uuid,
    player: &PlayerRef,
) -> Result<ChallengeRow, ApiError> {
    let row = open_for(state, id, player).await?;
    if player.bot {
        let mut others: Vec<PlayerRef> = vec![row.challenger.clone()];
        others.extend(
            row.to
                .iter()
                .map(|(p, _)| p.clone())
                .filter(|p| p.id != player.id),
        );
        take_budgets(state, player, &others).await?;
    }
    crate::bot_api::actions::ask(
        state,
        player,
        &RoomCode::from(row.room.as_str()),
        Request::Accept,
    )
    .await?;
    match state.store.accept_challenge(id, player.id).await? {
        Accepted::NotOpen => Err(ApiError::new(
            ErrorCode::Conflict,
            "this challenge is no longer open",
        )),
        Accepted::Waiting | Accepted::Everyone => {
            Ok(state.store.challenge(id).await?.unwrap_or(row))
        }
    }
}

/// `player` declines challenge `id` for `reason`: it ends for everybody.
pub async fn decline(
    state: &AppState,
    id: Uuid,
    player: &PlayerRef,
    reason: Option<String>,
) -> Result<(), ApiError> {
    open_for(state, id, player).await?;
    let reason = reason
        .map(|r| crate::text::reason(&r).map_err(|e| ApiError::bad_request(e.to_string())))
        .transpose()?;
    end(state, id, "declined", reason.as_deref(), Some(player)).await
}

/// Ends open challenge `id` as `status` (declined by `by`, or cancelled): its room closes, and its
/// players hear of it. Nothing if it is not open any more.
async fn end(
    state: &AppState,
    id: Uuid,
    status: &str,
    reason: Option<&str>,
    by: Option<&PlayerRef>,
) -> Result<(), ApiError> {
    if !state.store.end_challenge(id, status, reason).await? {
        return Ok(());
    }
    let Some(row) = state.store.challenge(id).await? else {
        return Ok(());
    };
    let closer = by.cloned().unwrap_or_else(|| row.challenger.clone());
    // A room that started meanwhile (every seat taken) plays on: the moderation refuses to close it.
    let _ = state
        .rooms
        .moderate(
            &RoomCode::from(row.room.as_str()),
            RoomModeration::CloseWaiting.asked_by(&closer),
        )
        .await;
    let mut to: Vec<Uuid> = row.to.iter().map(|(p, _)| p.id).collect();
    to.push(row.challenger.id);
    to.retain(|p| Some(*p) != by.map(|b| b.id));
    let line = match by {
        Some(by) => {
            json!({"type": "challengeDeclined", "id": id, "room": row.room, "by": by, "reason": reason})
        }
        None => json!({"type": "challengeCanceled", "id": id, "room": row.room, "reason": reason}),
    };
    state.events.tell(Event { to, line });
    Ok(())
}
