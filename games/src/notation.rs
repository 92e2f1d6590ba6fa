//! How a game's moves are written on the wire beyond their JSON: the [`Notation`] trait.

use crate::engine::{Game, MoveError, Seat};

/// A game's wire notation: an optional short notation of its moves (`docs/protocol.md`, "Short
/// notation"), and writers of its legal-move lists faster than serde. The server uses these to
/// talk to clients; the rules never need them, so a game with nothing to add implements it empty
/// (`impl Notation for MyGame {}`): no short notation, serde writes the lists.
///
/// Every text written here must be what the plain route would give (each game that writes one
/// tests that), so a client never sees which route was taken.
pub trait Notation: Game {
    /// Whether the game has a short notation of its moves ([`Notation::write_short_notation`]): a
    /// client may ask for `you.legal` in it, and send its moves in it, as JSON strings.
    /// Default: no.
    const SHORT_NOTATION: bool = false;

    /// Appends `mv` in the game's short notation (Abalone's `a1b2`): a string that names this one
    /// move, read back by [`Notation::parse_short_notation`], and written with no character JSON
    /// would escape. Called only when [`Notation::SHORT_NOTATION`].
    fn write_short_notation(mv: &Self::Move, out: &mut String) {
        let _ = (mv, out);
    }

    /// Reads a move in the game's short notation.
    fn parse_short_notation(text: &str) -> Result<Self::Move, MoveError> {
        let _ = text;
        Err(MoveError::Malformed(
            "this game has no short notation: send the move's JSON".into(),
        ))
    }

    /// [`Game::legal_moves`] as JSON text, appended to `out`, for a game that writes its list
    /// faster than serde does: the server sends the list of the seat to act at every version, and
    /// for a game with many moves serialising it was a large share of a move's cost. The text must
    /// be exactly `serde_json::to_string(&self.legal_moves(seat))`. The default writes nothing and
    /// returns false: serde then writes the list.
    fn write_legal_moves_json(&self, seat: Seat, out: &mut String) -> bool {
        let _ = (seat, out);
        false
    }

    /// [`Game::legal_moves`] in the short notation, as a JSON list of strings appended to `out`,
    /// for a game that writes it without building its moves: the text must be exactly the list of
    /// [`Notation::write_short_notation`] of each of `self.legal_moves(seat)`, in order. The
    /// default writes nothing and returns false: the list is then written from
    /// [`Game::legal_moves`].
    fn write_short_legal_moves(&self, seat: Seat, out: &mut String) -> bool {
        let _ = (seat, out);
        false
    }
}
