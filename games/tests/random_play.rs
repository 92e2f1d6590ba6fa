//! Issue 13: random play of every game at every player count it allows never offers a move the
//! engine then refuses (and keeps the rest of the engine contract, see `plateau_games::testing`).

use serde_json::{json, Value};

use plateau_games::registry;
use plateau_games::testing::check_contract;

/// Options beyond the defaults to play too, for the player counts they apply to.
fn alternatives(game: &str, players: usize) -> Vec<Value> {
    match (game, players) {
        ("abalone", 4) => vec![json!({"team_moves_mixed_columns": true})],
        ("groups-of-three", _) => {
            let mut all = vec![
                json!({"transit_mode": "end_of_turn"}),
                json!({"transit_mode": "end_of_turn", "transit_may_return": false,
                       "must_use_all_moves": false}),
                json!({"transit_may_return": false, "stall_rounds": 2}),
            ];
            match players {
                2 => all.push(json!({"two_player_colours": "adjacent"})),
                3 => all.push(json!({"three_player_omitted": "blue"})),
                _ => {}
            }
            all
        }
        _ => vec![],
    }
}

/// Every game at every player count with no options at all (each default fits the count, issue
/// 13.2: Pinuid's variant follows it), then with the alternatives above.
#[test]
fn every_game_at_every_player_count_offers_only_moves_it_accepts() {
    for entry in registry::games() {
        let info = entry.info();
        for players in info.min_players..=info.max_players {
            let runs = std::iter::once(Value::Null).chain(alternatives(info.id, players));
            for options in runs {
                let seen = check_contract(info.id, players, options.clone(), 2, 250, &[]);
                assert!(
                    seen.plies > 0,
                    "{} {players}p {options}: nothing played",
                    info.id
                );
            }
        }
    }
}
