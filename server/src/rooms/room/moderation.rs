//! A moderator's action on a room (`/api/v1/mod/rooms/{code}/...`): aborting the match under
//! way, closing a room still waiting for players, or deleting a chat line. Made by the room's own task, so through its
//! [`RoomWriter`](crate::store::RoomWriter) under its lease, like any other end of a match; the
//! moderator's connection hears a `room` frame once it is made, or an `error`.

use plateau_protocol::ws::ServerFrame;
use plateau_protocol::{ErrorCode, RoomStatus};

use super::Room;
use crate::conn::Conn;
use crate::rooms::RoomModeration;
use crate::store::StoreError;

impl Room {
    pub(super) async fn on_moderate(&mut self, conn: &Conn, action: RoomModeration) {
        if action == RoomModeration::ChatForReport {
            return self.send_chat_for_report(conn);
        }
        let done = match action {
            RoomModeration::AbortMatch => self.abort_by_moderator().await,
            RoomModeration::CloseWaiting => self.close_by_moderator().await,
            RoomModeration::DeleteChat { id } => self.delete_chat(id),
            RoomModeration::Banned { player } => self.leave_for_ban(player).await,
            RoomModeration::ChatForReport => Ok(()),
        };
        match done {
            Ok(()) => {
                conn.send(&ServerFrame::Room {
                    room: self.room_info(),
                });
            }
            Err((code, message)) => self.refuse(conn, None, code, message),
        }
    }

    async fn abort_by_moderator(&mut self) -> Result<(), (ErrorCode, &'static str)> {
        let under_way = self.live.as_ref().is_some_and(|l| l.result.is_none());
        if !under_way {
            return Err((ErrorCode::Conflict, "no match is under way in this room"));
        }
        tracing::info!("match aborted by a moderator");
        self.end_aborted().await;
        Ok(())
    }

    /// Chat lines are kept in memory only (the recent lines): deleting one drops it there and
    /// tells everyone in the room to drop it too.
    fn delete_chat(&mut self, id: u64) -> Result<(), (ErrorCode, &'static str)> {
        if !self.recent.delete_chat(id) {
            return Err((
                ErrorCode::NotFound,
                "no such chat line among the room's recent lines",
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
    async fn leave_for_ban(&mut self, player: uuid::Uuid) -> Result<(), (ErrorCode, &'static str)> {
        let seat = self.seat_of(player);
        let waiting = self.status() == RoomStatus::Waiting && self.settings.start_by.is_none();
        if !waiting || (seat.is_none() && self.seats.host != player) {
            return Err((
                ErrorCode::Conflict,
                "the player holds no seat in this room while it waits",
            ));
        }
        if self.seats.host == player {
            return self.close_by_moderator().await;
        }
        let seat = seat.expect("a seated player");
        match self.give_up_seat(seat).await {
            Ok(()) => {
                self.publish();
                Ok(())
            }
            Err(e) => Err(self.unstored(&e)),
        }
    }

    async fn close_by_moderator(&mut self) -> Result<(), (ErrorCode, &'static str)> {
        if self.status() != RoomStatus::Waiting {
            return Err((ErrorCode::Conflict, "the room is not waiting for players"));
        }
        match self.writer.abandon_if_waiting().await {
            Ok(true) => {
                tracing::info!("waiting room closed by a moderator");
                self.without_match = RoomStatus::Abandoned;
                self.publish();
                Ok(())
            }
            Ok(false) => Err((ErrorCode::Conflict, "the room is not waiting for players")),
            Err(e) => Err(self.unstored(&e)),
        }
    }

    /// A moderator's change the store refused, as the moderator's call answers it.
    fn unstored(&self, e: &StoreError) -> (ErrorCode, &'static str) {
        if self.lost_lease(e) {
            return (
                ErrorCode::Internal,
                "the room is moving to another node; try again",
            );
        }
        tracing::error!(error = %e, "could not store a moderator's change of a room");
        (ErrorCode::Internal, "internal error; it has been logged")
    }
}
