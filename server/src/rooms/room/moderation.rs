//! A moderator's action on a room (`/api/v1/mod/rooms/{code}/...`): aborting the match under
//! way, closing a room still waiting for players, deleting a chat line, letting a banned player's
//! seat go; and the chat lines a report may carry. Made by the room's own task, so through its
//! [`RoomWriter`](crate::store::RoomWriter) under its lease, like any other end of a match; the
//! REST call that asked hears the room's answer on its reply channel ([`RoomAnswer`]), or why not.

use plateau_protocol::ws::ServerFrame;
use plateau_protocol::RoomStatus;

use super::{Room, RoomError};
use crate::rooms::{Answer, Moderation, RoomAnswer, RoomModeration};
use crate::store::StoreError;

impl Room {
    pub(super) async fn on_moderate(&mut self, moderation: Moderation) -> Answer {
        match moderation.action {
            RoomModeration::AbortMatch => self.abort_by_moderator().await?,
            RoomModeration::CloseWaiting => self.close_by_moderator().await?,
            RoomModeration::DeleteChat { id } => self.delete_chat(id)?,
            RoomModeration::Banned { player } => self.leave_for_ban(player).await?,
            // A report names a room, not a right to its chat: only the lines the reporter could
            // read here.
            RoomModeration::ChatForReport => {
                return Ok(RoomAnswer::Chat(self.recent.chat_seen_by(moderation.by.id)))
            }
        }
        Ok(RoomAnswer::Room(self.room_info()))
    }

    async fn abort_by_moderator(&mut self) -> Result<(), RoomError> {
        let mut play = self
            .in_play()
            .filter(|play| play.live().result.is_none())
            .ok_or(RoomError::Conflict(
                "no match is under way in this room".into(),
            ))?;
        tracing::info!("match aborted by a moderator");
        play.end_aborted().await;
        Ok(())
    }

    /// Chat lines are kept in memory only (the recent lines): deleting one drops it there and
    /// tells everyone in the room to drop it too.
    fn delete_chat(&mut self, id: u64) -> Result<(), RoomError> {
        if !self.recent.delete_chat(id) {
            return Err(RoomError::NotFound(
                "no such chat line among the room's recent lines".into(),
            ));
        }
        self.drop_chat_line(id);
        Ok(())
    }

    /// Tells everyone in the room that chat line `id` is gone (already gone from the recent ones).
    pub(super) fn drop_chat_line(&mut self, id: u64) {
        let frame = crate::conn::encode(&ServerFrame::ChatDeleted {
            room: self.settings.code.clone(),
            id,
        });
        self.send_to_all(frame);
    }

    /// Player `player` closed its account: its seats show it as the store now names it (its
    /// matches, its profile), and the room's info is published again if that changed anything.
    pub(super) fn forget_name_of(&mut self, player: uuid::Uuid) {
        let mut renamed = false;
        for occupant in &mut self.seats.occupants {
            if let Some(p) = occupant.player.as_mut().filter(|p| p.id == player) {
                p.name = crate::store::CLOSED_NAME.to_string();
                renamed = true;
            }
        }
        if renamed {
            self.publish();
        }
    }

    /// A banned player's waiting room closes; its seat in another's is given up.
    async fn leave_for_ban(&mut self, player: uuid::Uuid) -> Result<(), RoomError> {
        let not_held =
            || RoomError::Conflict("the player holds no seat in this room while it waits".into());
        let waiting = self.status() == RoomStatus::Waiting && self.settings.start_by.is_none();
        if !waiting {
            return Err(not_held());
        }
        if self.seats.host == player {
            return self.close_by_moderator().await;
        }
        let seat = self.seat_of(player).ok_or_else(not_held)?;
        self.give_up_seat(seat)
            .await
            .map_err(|e| self.moderation_unstored(&e))?;
        self.publish();
        Ok(())
    }

    async fn close_by_moderator(&mut self) -> Result<(), RoomError> {
        let not_waiting = || RoomError::Conflict("the room is not waiting for players".into());
        if self.status() != RoomStatus::Waiting {
            return Err(not_waiting());
        }
        let closed = self.writer.abandon_if_waiting().await;
        if !closed.map_err(|e| self.moderation_unstored(&e))? {
            return Err(not_waiting());
        }
        tracing::info!("waiting room closed by a moderator");
        self.phase.abandon();
        self.publish();
        Ok(())
    }

    /// A moderator's change the store refused, as the moderator's call answers it.
    fn moderation_unstored(&self, e: &StoreError) -> RoomError {
        if self.lost_lease(e) {
            return RoomError::Internal("the room is moving to another node; try again".into());
        }
        tracing::error!(error = %e, "could not store a moderator's change of a room");
        RoomError::Internal("internal error; it has been logged".into())
    }
}
