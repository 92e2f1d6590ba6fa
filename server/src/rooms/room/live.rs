//! The match a room owns, and how it is rebuilt from the store by replaying its moves.

use plateau_games::Match;
use plateau_protocol::MatchResult;
use std::collections::HashMap;
use uuid::Uuid;

use crate::rooms::replay_stored;
use crate::rooms::views::RecipientView;
use crate::store::{RoomRow, Store, StoreError};

/// The room's match: the engine's match and what the room keeps beside it.
pub struct LiveMatch {
    pub(super) id: Uuid,
    pub(super) game_match: Box<dyn Match>,
    /// Moves played so far; the version is `ply + 1`.
    pub(super) ply: u64,
    pub(super) result: Option<MatchResult>,
    /// Versions of accepted moves by (player, client move id): a resent move gets its first ack.
    pub(super) acks: HashMap<(Uuid, String), u64>,
    /// The view each seat (and the spectators) was last sent; None where nobody watches.
    pub(super) seat_views: Vec<Option<RecipientView>>,
    pub(super) spectator_view: Option<RecipientView>,
}

impl LiveMatch {
    pub(super) fn version(&self) -> u64 {
        self.ply + 1
    }

    /// Rebuilds a stored match by replaying its moves.
    pub async fn load(
        store: &Store,
        id: Uuid,
        room: &RoomRow,
    ) -> Result<Result<LiveMatch, String>, StoreError> {
        let Some(row) = store.match_row(id).await? else {
            return Ok(Err(format!("match {id} is missing")));
        };
        let moves = store.moves(id, None).await?;
        let game_match = match replay_stored(&row, &moves) {
            Ok(m) => m,
            Err(e) => return Ok(Err(e)),
        };
        let acks = moves
            .iter()
            .filter_map(|m| Some(((m.player_id?, m.client_id.clone()?), m.ply as u64 + 1)))
            .collect();
        Ok(Ok(LiveMatch {
            id,
            result: row.result.map(|r| r.0),
            ply: moves.len() as u64,
            game_match,
            acks,
            seat_views: vec![None; room.players],
            spectator_view: None,
        }))
    }
}
