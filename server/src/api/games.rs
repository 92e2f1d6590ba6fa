//! `GET /api/v1/games`: the catalog, with every option described (in English, and in the language
//! asked for: `?lang=fr`, else the `Accept-Language` header); and each game's leaderboard,
//! `GET /api/v1/games/{id}/leaderboard`.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use plateau_games::options::{OptionKind, OptionSpec};
use plateau_games::words::{self, OptionWords};
use plateau_games::{registry, GameInfo};
use plateau_protocol::rest::{
    CatalogOption, ErrorBody, GameSummary, GameWords, Leaderboard, OptionType,
};

use crate::error::{ApiError, ApiPath, ApiQuery};
use crate::state::AppState;

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CatalogQuery {
    /// The language of each game's `words` (`en`, `fr`); a language not spoken here gets English.
    /// Without it, the `Accept-Language` header chooses.
    lang: Option<String>,
}

#[utoipa::path(get, operation_id = "list_games", path = "/api/v1/games", tag = "games", params(CatalogQuery),
    responses((status = 200, description = "The games this server runs, each option described; with `words` in the language asked for (`lang`, else `Accept-Language`)", body = [GameSummary]),
              (status = 400, description = "`lang` is not a language tag", body = ErrorBody)))]
pub async fn list(
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<CatalogQuery>,
) -> Result<Response, ApiError> {
    let lang = match query.lang.as_deref() {
        Some(tag) => Some(language_of_tag(tag)?),
        None => headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(language_of_header),
    };
    let games: Vec<GameSummary> = registry::games().map(|g| summary(g.info(), lang)).collect();
    let mut response = Json(games).into_response();
    // The answer depends on the header: a cache must not give one browser's language to another.
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-language"));
    Ok(response)
}

/// The language spoken here for a tag asked for by name (`fr`, `fr-CA`); English when it is not
/// spoken here. A tag that is not a language tag at all is refused.
fn language_of_tag(tag: &str) -> Result<&'static str, ApiError> {
    let primary = tag.split('-').next().unwrap_or_default();
    let well_formed = (2..=8).contains(&primary.len())
        && primary.chars().all(|c| c.is_ascii_alphabetic())
        && tag.len() <= 35
        && tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !well_formed {
        return Err(ApiError::bad_request(
            "lang: must be a language tag such as en or fr",
        ));
    }
    Ok(spoken(primary).unwrap_or("en"))
}

/// The first language of an `Accept-Language` header spoken here (by quality, then order; `fr-FR`
/// counts as `fr`); English when there is none.
fn language_of_header(value: &str) -> &'static str {
    accept_language::parse(value)
        .iter()
        .find_map(|tag| spoken(tag.split('-').next().unwrap_or_default()))
        .unwrap_or("en")
}

/// The language spoken here whose code is `primary` (case aside), if any.
fn spoken(primary: &str) -> Option<&'static str> {
    words::languages()
        .iter()
        .find(|l| l.eq_ignore_ascii_case(primary))
        .copied()
}

fn game_words(info: &GameInfo, lang: &'static str) -> GameWords {
    // A game without words in `lang` (a language added for some games only) falls back to English.
    let (lang, found) = match words::words(info.id, lang) {
        Some(found) => (lang, Some(found)),
        None => (words::ENGLISH, words::words(info.id, words::ENGLISH)),
    };
    GameWords {
        lang: lang.to_string(),
        name: found.map_or(info.name, |w| &w.name).to_string(),
        options: found
            .iter()
            .flat_map(|w| &w.options)
            .map(|(name, w)| {
                (
                    name.clone(),
                    serde_json::to_value(w).expect("option words serialise"),
                )
            })
            .collect(),
    }
}

fn summary(info: &GameInfo, lang: Option<&'static str>) -> GameSummary {
    GameSummary {
        id: info.id.to_string(),
        name: info.name.to_string(),
        min_players: info.min_players,
        max_players: info.max_players,
        // Through `Value`: an option's keys come in alphabetical order, as they always have.
        options: words::with_english(info)
            .map(|(spec, said)| {
                let shown = catalog_option(info, spec, said);
                let shown = serde_json::to_value(shown).expect("options serialise");
                (spec.name.to_string(), shown)
            })
            .collect(),
        words: lang.map(|lang| game_words(info, lang)),
    }
}

/// One option as the catalog shows it: its rules, with its English words beside them.
fn catalog_option(info: &GameInfo, spec: &OptionSpec, said: &OptionWords) -> CatalogOption {
    let (kind, values, bounds) = match &spec.kind {
        OptionKind::Enum { values } => {
            let values = values.iter().map(|v| v.to_string()).collect();
            (OptionType::Enum, Some(values), None)
        }
        OptionKind::Integer { min, max } => (OptionType::Integer, None, Some((*min, *max))),
        OptionKind::Boolean => (OptionType::Boolean, None, None),
    };
    CatalogOption {
        label: said.label.clone(),
        kind,
        value_labels: values.as_ref().map(|_| said.values.clone()),
        values,
        min: bounds.map(|(min, _)| min),
        max: bounds.map(|(_, max)| max),
        nullable: spec.nullable,
        default: spec.default.clone(),
        default_by_players: spec.default_by_players.clone(),
        description: said.description.clone(),
        advanced: spec.advanced,
        players: (info.min_players..=info.max_players)
            .filter(|&n| spec.applies_to(n))
            .collect(),
    }
}

/// Leaderboard pages: at most 100 players.
const MAX_LEADERBOARD: i64 = 100;
const DEFAULT_LEADERBOARD: i64 = 50;

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// Players, 1 to 100 (default 50).
    limit: Option<i64>,
    /// *(Addition, issue 47)* `true`: the bots' leaderboard (bot accounts only); else the
    /// people's. Bots and people are ranked apart, each on a line of their own.
    bots: Option<bool>,
}

#[utoipa::path(get, path = "/api/v1/games/{id}/leaderboard", tag = "games",
    params(("id" = String, Path, description = "Game id"), LeaderboardQuery),
    responses((status = 200, description = "The best settled ratings of the game (deviation below 150), best first: of people, or of bot accounts with `bots=true`", body = Leaderboard),
              (status = 404, description = "No such game", body = ErrorBody), (status = 400, description = "`limit` out of 1..100", body = ErrorBody)))]
pub async fn leaderboard(
    State(state): State<AppState>,
    ApiPath(game): ApiPath<String>,
    ApiQuery(query): ApiQuery<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let limit = query.limit.unwrap_or(DEFAULT_LEADERBOARD);
    if !(1..=MAX_LEADERBOARD).contains(&limit) {
        return Err(ApiError::bad_request("limit: must be from 1 to 100"));
    }
    if registry::find(&game).is_none() {
        return Err(ApiError::not_found("game"));
    }
    let bots = query.bots.unwrap_or(false);
    let players = state.store.leaderboard(&game, limit, bots).await?;
    Ok(Json(Leaderboard { players }))
}
