//! Waiting rooms nobody is in expire: after `--waiting-room-ttl-secs` with no connection joined, a
//! room still waiting for players becomes `abandoned`. The room's own loop holds the deadline (no
//! timer per room beyond it, no sweep over rooms); the store keeps since when the room is vacant, so
//! the count survives a restart.

use chrono::Utc;
use plateau_protocol::RoomStatus;

use super::Room;

impl Room {
    /// Records in the store when the room becomes vacant, or occupied again (only while waiting).
    pub(super) async fn track_vacancy(&mut self) {
        if self.status() != RoomStatus::Waiting {
            return;
        }
        let vacant = self.members.is_empty();
        if vacant == self.timers.vacant_since.is_some() {
            return;
        }
        let since = vacant.then(Utc::now);
        if let Err(e) = self.writer.set_vacant_since(since).await {
            if self.lost_lease(&e) {
                return;
            }
            // The deadline still runs here; the store catches up at the next change.
            tracing::warn!(error = %e, "could not store the room's vacancy");
        }
        self.timers.vacant_since = since;
    }

    /// When the room expires, if it is waiting with nobody in it.
    pub(super) fn expiry_due(&self) -> Option<tokio::time::Instant> {
        if self.status() != RoomStatus::Waiting || !self.members.is_empty() {
            return None;
        }
        let elapsed = (Utc::now() - self.timers.vacant_since?)
            .to_std()
            .unwrap_or_default();
        let remaining = self
            .context
            .limits
            .waiting_room_ttl()
            .saturating_sub(elapsed);
        tokio::time::Instant::now().checked_add(remaining)
    }

    /// The room has waited empty for its whole time to live: it is abandoned.
    pub(super) async fn expire(&mut self) {
        match self.writer.abandon_if_waiting().await {
            Ok(_) => {
                tracing::info!("waiting room expired");
                self.phase.abandon();
                self.publish();
            }
            Err(e) if self.lost_lease(&e) => {}
            Err(e) => {
                // Counted again from now: the database may be back by then.
                tracing::error!(error = %e, "could not abandon an expired room");
                self.timers.vacant_since = Some(Utc::now());
            }
        }
    }
}
