//! Why a room refuses what it is asked ([`RoomError`]): the contract's code and the words a person
//! reads. A room's handlers return it; the room turns it into the asker's `error` frame in one place
//! (`Room::refuse`, through [`Conn::refuse`](crate::conn::Conn::refuse)), or hands it back on a
//! reply channel to a REST call that asked (a moderator's, a report's), which answers with it. It
//! travels between nodes as it is (serialisable).

use plateau_protocol::ErrorCode;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Words: most are the server's own (`&'static`), a few are formatted.
type Words = Cow<'static, str>;

/// Why a room refused a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "e", content = "words", rename_all = "snake_case")]
pub enum RoomError {
    /// The sender's player has no seat here.
    #[error("you have no seat in this room")]
    NotSeated,
    /// The sender's connection has not joined the room.
    #[error("join the room on this connection first")]
    NotJoined,
    /// Not the sender's turn: no match, the match over, its side out, another seat to act.
    #[error("{0}")]
    NotYourTurn(Words),
    /// A move chosen on another version than the room's.
    #[error("the room is at version {at}, not {sent}: sync and retry")]
    StaleVersion { at: u64, sent: u64 },
    /// The rules refuse the move.
    #[error("{0}")]
    IllegalMove(Words),
    #[error("{0}")]
    BadRequest(Words),
    /// No seat for the sender.
    #[error("{0}")]
    RoomFull(Words),
    #[error("{0}")]
    Forbidden(Words),
    /// The room is not in a state to do it (started, not waiting, a limit reached).
    #[error("{0}")]
    Conflict(Words),
    #[error("{0}")]
    NotFound(Words),
    /// A write the sender asked for (`doing`, as "take the seat") could not be stored; `moved`:
    /// because another node runs the room now.
    #[error("{}", unstored(doing, *moved))]
    Unstored { doing: Words, moved: bool },
    /// The room cannot do it now (the engine failed, the room is stopping).
    #[error("{0}")]
    Internal(Words),
}

fn unstored(doing: &str, moved: bool) -> String {
    if moved {
        "this room has moved to another server: join it again".into()
    } else {
        format!("could not {doing}; try again")
    }
}

impl RoomError {
    /// The contract's code.
    pub fn code(&self) -> ErrorCode {
        match self {
            RoomError::NotSeated => ErrorCode::NotSeated,
            RoomError::NotJoined => ErrorCode::NotJoined,
            RoomError::NotYourTurn(_) => ErrorCode::NotYourTurn,
            RoomError::StaleVersion { .. } => ErrorCode::StaleVersion,
            RoomError::IllegalMove(_) => ErrorCode::IllegalMove,
            RoomError::BadRequest(_) => ErrorCode::BadRequest,
            RoomError::RoomFull(_) => ErrorCode::RoomFull,
            RoomError::Forbidden(_) => ErrorCode::Forbidden,
            RoomError::Conflict(_) => ErrorCode::Conflict,
            RoomError::NotFound(_) => ErrorCode::NotFound,
            RoomError::Unstored { .. } | RoomError::Internal(_) => ErrorCode::Internal,
        }
    }

    /// What a room that stops tells a request still queued: the room runs again (elsewhere, or
    /// here once reloaded), and the sender may send it again at once.
    pub fn restarting() -> RoomError {
        RoomError::Internal(
            "the room is restarting or moving to another server; send this again".into(),
        )
    }
}

impl crate::conn::Refusal for RoomError {
    fn code(&self) -> ErrorCode {
        RoomError::code(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error crosses nodes as it is, words and all.
    #[test]
    fn an_error_travels_as_it_is() {
        for error in [
            RoomError::NotSeated,
            RoomError::StaleVersion { at: 3, sent: 1 },
            RoomError::Conflict("the room is not waiting for players".into()),
            RoomError::Unstored {
                doing: "take the seat".into(),
                moved: false,
            },
        ] {
            let text = serde_json::to_string(&error).expect("it serialises");
            let back: RoomError = serde_json::from_str(&text).expect("it reads back");
            assert_eq!(
                (back.to_string(), back.code()),
                (error.to_string(), error.code())
            );
        }
        let unstored = RoomError::Unstored {
            doing: "take the seat".into(),
            moved: false,
        };
        assert_eq!(unstored.to_string(), "could not take the seat; try again");
    }
}
