//! Where a room is in its life ([`Phase`]): waiting for players, with its match, or ended without
//! one. A room goes from waiting to one of the others, once, and never back: a room with its match
//! keeps it to the end of its task (for views, the rematch), and an ended one changes no more.
//!
//! What needs a match (a move, a ruling, the server's own moves, views) is done through
//! [`InPlay`], which only a room with its match gives ([`Room::in_play`]): such work cannot be
//! reached without one, and finds it without asking again.

use plateau_protocol::RoomStatus;
use uuid::Uuid;

use super::{LiveMatch, Room};

/// A room's phase.
pub(super) enum Phase {
    /// Waiting for players: no match yet.
    Waiting,
    /// With its match: under way, or over (finished, or aborted while the room ran). Boxed: a
    /// waiting room does not hold room for a match it has not got.
    Live(Box<LiveMatch>),
    /// Over without a match to show: abandoned before its start (`match_id` None), or its match
    /// `match_id` could not be replayed (its engine failed) and was aborted.
    Ended { match_id: Option<Uuid> },
}

impl Phase {
    /// The phase of a room read from the store, with its `live` match if it has one (replayed).
    pub(super) fn of_stored(
        status: RoomStatus,
        match_id: Option<Uuid>,
        live: Option<LiveMatch>,
    ) -> Phase {
        match (live, status) {
            (Some(live), _) => Phase::Live(Box::new(live)),
            (None, RoomStatus::Waiting) => Phase::Waiting,
            (None, _) => Phase::Ended { match_id },
        }
    }

    /// The room's status: its match's when it has one (playing, finished, or aborted when the
    /// engine failed), else waiting, or abandoned (aborted, for a match that did not replay).
    pub(super) fn status(&self) -> RoomStatus {
        match self {
            Phase::Waiting => RoomStatus::Waiting,
            Phase::Live(live) => live.status(),
            Phase::Ended { match_id: None } => RoomStatus::Abandoned,
            Phase::Ended { match_id: Some(_) } => RoomStatus::Aborted,
        }
    }

    /// The room's last match, as stored: the live one's, or one that did not replay.
    pub(super) fn match_id(&self) -> Option<Uuid> {
        match self {
            Phase::Waiting => None,
            Phase::Live(live) => Some(live.id),
            Phase::Ended { match_id } => *match_id,
        }
    }

    pub(super) fn live(&self) -> Option<&LiveMatch> {
        match self {
            Phase::Live(live) => Some(live),
            Phase::Waiting | Phase::Ended { .. } => None,
        }
    }

    /// The match while it is under way (not over).
    pub(super) fn under_way(&self) -> Option<&LiveMatch> {
        self.live().filter(|live| live.result.is_none())
    }

    /// The match starts: a waiting room is live from now on.
    pub(super) fn start(&mut self, live: LiveMatch) {
        debug_assert!(matches!(self, Phase::Waiting), "only a waiting room starts");
        *self = Phase::Live(Box::new(live));
    }

    /// A waiting room is abandoned (expired, left by its last player, closed by a moderator).
    pub(super) fn abandon(&mut self) {
        if matches!(self, Phase::Waiting) {
            *self = Phase::Ended { match_id: None };
        }
    }
}

/// A room with its match: what the work that needs one is done on. Made only by
/// [`Room::in_play`], of a room in [`Phase::Live`], which a room never leaves ([`Phase::start`]
/// and [`Phase::abandon`] change only a waiting room): its match is always there. Everything else
/// of the room is reached through it as through the room.
pub(super) struct InPlay<'r>(&'r mut Room);

impl Room {
    /// The room with its match, if it has one.
    pub(super) fn in_play(&mut self) -> Option<InPlay<'_>> {
        matches!(self.phase, Phase::Live(_)).then_some(InPlay(self))
    }
}

impl InPlay<'_> {
    pub(super) fn live(&self) -> &LiveMatch {
        match &self.0.phase {
            Phase::Live(live) => live,
            Phase::Waiting | Phase::Ended { .. } => unreachable!("a room in play keeps its match"),
        }
    }

    pub(super) fn live_mut(&mut self) -> &mut LiveMatch {
        match &mut self.0.phase {
            Phase::Live(live) => live,
            Phase::Waiting | Phase::Ended { .. } => unreachable!("a room in play keeps its match"),
        }
    }
}

impl std::ops::Deref for InPlay<'_> {
    type Target = Room;

    fn deref(&self) -> &Room {
        self.0
    }
}

impl std::ops::DerefMut for InPlay<'_> {
    fn deref_mut(&mut self) -> &mut Room {
        self.0
    }
}
