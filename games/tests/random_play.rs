//! Issue 13: random play of every game at every player count it allows never offers a move the
//! engine then refuses (and keeps the rest of the engine contract, see `plateau_games::testing`).

use serde_json::{json, Value};

use plateau_games::registry;
use plateau_games::testing::check_contract;

/// Default options, except where the default does not apply to the player count (Pinuid's
/// `classic` is for 2 players).
fn options_for(game: &str, players: usize) -> Value {
    match (game, players) {
        ("pinuid", 3 | 4) => json!({"variant": "quatro"}),
        _ => Value::Null,
    }
}

#[test]
fn every_game_at_every_player_count_offers_only_moves_it_accepts() {
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            let seen = check_contract(info.id, players, options_for(info.id, players), 2, 250, &[]);
            assert!(seen.plies > 0, "{} {players}p: nothing played", info.id);
        }
    }
}
