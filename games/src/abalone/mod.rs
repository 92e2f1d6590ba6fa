//! Abalone for 2, 3 and 4 players (shared/rules/abalone.md). PLACEHOLDER: being written.

use serde_json::Value;

use crate::engine::{Event, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer};
use crate::options::{OptionSpec, Options};

#[derive(Clone)]
pub struct Abalone {
    players: usize,
    to_move: Seat,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Move(String);

impl Game for Abalone {
    type Move = Move;
    fn info() -> GameInfo {
        GameInfo {
            id: "abalone",
            name: "Abalone",
            min_players: 2,
            max_players: 4,
            options: vec![OptionSpec::choice(
                "layout",
                &["standard", "belgian-daisy", "german-daisy"],
                "standard",
                "start",
            )],
        }
    }
    fn setup(_: &Options, players: usize, _: &mut GameRng) -> Result<Self, SetupError> {
        Ok(Abalone {
            players,
            to_move: 0,
        })
    }
    fn to_act(&self) -> Vec<Seat> {
        vec![self.to_move]
    }
    fn parse_move(json: &Value) -> Result<Move, MoveError> {
        Ok(Move(
            json["notation"]
                .as_str()
                .ok_or(MoveError::Malformed("x".into()))?
                .into(),
        ))
    }
    fn legal_moves(&self, seat: Seat) -> Vec<Move> {
        if seat == self.to_move {
            vec![Move("a1b2".into())]
        } else {
            vec![]
        }
    }
    fn play(&mut self, _: Seat, _: &Move, _: &mut GameRng) -> Result<Vec<Event>, MoveError> {
        self.to_move = (self.to_move + 1) % self.players;
        Ok(vec![])
    }
    fn view(&self, _: Viewer) -> Value {
        serde_json::json!({"to_move": self.to_move})
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

/// Perft: the number of leaf nodes of the legal-move tree of `depth` from the start position.
pub fn perft(_players: usize, _layout: &str, _depth: u32) -> Result<u64, SetupError> {
    Ok(0)
}
