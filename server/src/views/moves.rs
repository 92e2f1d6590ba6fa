//! A match's moves as its history lists them: `GET /api/v1/matches/{id}`, and the `moves` of the
//! `patch` and `recent` frames, which let a page keep its list of moves without reading the
//! history at every move (issue 50). One rule for all of them: a secret move (a hidden setup,
//! `GameEntry::is_secret_move`) is shown as `{"hidden": true}`, to everyone, until the match ends.

use chrono::{DateTime, Utc};
use plateau_games::GameEntry;
use plateau_protocol::rest::MoveRecord;
use serde_json::{json, Value};

/// A move as the history lists it; `hidden`: shown as `{"hidden": true}` instead of itself.
pub fn record(ply: i64, seat: usize, mv: Value, at: DateTime<Utc>, hidden: bool) -> MoveRecord {
    MoveRecord {
        ply,
        seat,
        mv: if hidden { json!({"hidden": true}) } else { mv },
        at,
    }
}

/// A move a room played, kept to tell it as the history does: its canonical JSON as text (a
/// `Value` tree is several times its text, and a room keeps its last moves in memory).
#[derive(Debug, Clone)]
pub struct PlayedMove {
    ply: u64,
    seat: usize,
    at: DateTime<Utc>,
    body: Box<str>,
    secret: bool,
}

impl PlayedMove {
    /// Move `body` (canonical JSON) of `game`, played by `seat` as ply `ply` at `at` (the time
    /// stored with it).
    pub fn new(
        game: &dyn GameEntry,
        ply: u64,
        seat: usize,
        body: &Value,
        at: DateTime<Utc>,
    ) -> PlayedMove {
        PlayedMove {
            ply,
            seat,
            at,
            body: body.to_string().into_boxed_str(),
            secret: game.is_secret_move(body),
        }
    }

    /// The move's record as the history gives it while the match is played (`ended`: false) or
    /// once it has ended.
    pub fn record(&self, ended: bool) -> MoveRecord {
        let hidden = self.secret && !ended;
        let mv = if hidden {
            Value::Null
        } else {
            serde_json::from_str(&self.body).expect("kept moves are JSON")
        };
        record(self.ply as i64, self.seat, mv, self.at, hidden)
    }

    /// [`PlayedMove::record`] as the JSON text of a `moves` array of one, written once for
    /// every recipient's patch frame.
    pub fn write(&self, ended: bool) -> String {
        serde_json::to_string(&[self.record(ended)]).expect("records serialise")
    }
}
