//! `GET /api/v1/games`: the catalog, with every option described.

use axum::Json;
use plateau_games::registry;
use plateau_protocol::rest::GameSummary;

#[utoipa::path(get, path = "/api/v1/games", tag = "games",
    responses((status = 200, description = "The games this server runs, each option described", body = [GameSummary])))]
pub async fn list() -> Json<Vec<GameSummary>> {
    Json(registry::games().map(|g| summary(&g.info())).collect())
}

fn summary(info: &plateau_games::GameInfo) -> GameSummary {
    GameSummary {
        id: info.id.to_string(),
        name: info.name.to_string(),
        min_players: info.min_players,
        max_players: info.max_players,
        options: info
            .options
            .iter()
            .map(|o| {
                (
                    o.name.to_string(),
                    serde_json::to_value(o).expect("option specs serialise"),
                )
            })
            .collect(),
    }
}
