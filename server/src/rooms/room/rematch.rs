//! Rematch: after the end, the first player who asks makes a new room with the same game, options,
//! clock, visibility and seats, sitting in the seat after the one it had (so who starts rotates);
//! every later asker is sent to that same room, likewise one seat on.

use plateau_protocol::rest::Seating;
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::RoomStatus;

use super::{Room, RoomError};
use crate::conn::{encode, Conn};
use crate::rooms::creation::too_many_open_rooms;
use crate::rooms::{store_new_room, RematchTicket, RoomSettings};

impl Room {
    /// A player of the finished match asks for a rematch: where it goes.
    pub(super) async fn on_rematch(&mut self, conn: &Conn) -> Result<RematchTicket, RoomError> {
        let seat = self.seated_and_joined(conn)?;
        if self.status() != RoomStatus::Finished {
            return Err(RoomError::NotYourTurn(
                "a rematch comes after the end of the match".into(),
            ));
        }
        let next_seat = (seat + 1) % self.seats.occupants.len();
        if let Some(next) = &self.rematch {
            return Ok(RematchTicket {
                next: next.clone(),
                seat: next_seat,
                seated: false,
            });
        }
        // A rematch room is a waiting room its asker hosts: it counts as one.
        let limit = self.context.limits.open_rooms_per_player;
        let store = &self.context.store;
        let too_many = too_many_open_rooms(store, conn.player.id, limit).await;
        if let Some(refused) = too_many.map_err(|e| self.unstored(&e, "make the rematch room"))? {
            return Err(RoomError::Conflict(refused.into()));
        }
        let settings = RoomSettings {
            game: self.settings.game.info().id.to_string(),
            players: self.seats.occupants.len(),
            visibility: self.settings.visibility,
            options: self.options(),
            clock: self.settings.clock,
            // The seats rotate so that who starts rotates: a draw would undo that.
            seating: Seating::HostFirst,
            rated: self.settings.rated,
            // Everyone asked for it: the match starts once they are all back.
            auto_start: true,
            start_by: None,
        };
        // Made and linked in one write, under this room's lease: a node that lost the room makes
        // no rematch room of it.
        let store = &self.context.store;
        let made =
            store_new_room(store, &conn.player, next_seat, settings, Some(&self.writer)).await;
        let next = made
            .map_err(|e| self.unstored(&e, "make the rematch room"))?
            .code;
        tracing::info!(next = %next, "rematch room made");
        self.rematch = Some(next.clone());
        let frame = encode(&ServerFrame::Rematch {
            room: self.settings.code.clone(),
            next: next.clone(),
        });
        self.send_to_all(frame);
        Ok(RematchTicket {
            next,
            seat: next_seat,
            seated: true,
        })
    }

    /// In a rematch room: seats a player of the match before in `seat` (or another free seat if
    /// that one was taken meanwhile), and tells it where it is.
    pub(super) async fn on_reserve(
        &mut self,
        conn: &Conn,
        seat: usize,
        from: String,
    ) -> Result<(), RoomError> {
        if self.status() == RoomStatus::Waiting && self.seat_of(conn.player.id).is_none() {
            let free =
                |s: usize| self.seats.occupants[s].player.is_none() && !self.seats.occupants[s].bot;
            let chosen = if seat < self.seats.occupants.len() && free(seat) {
                Some(seat)
            } else {
                (0..self.seats.occupants.len()).find(|&s| free(s))
            };
            if let Some(chosen) = chosen {
                self.writer
                    .seat(chosen, Some(conn.player.id), self.seats.host, None)
                    .await
                    .map_err(|e| self.unstored(&e, "take your seat in the rematch"))?;
                self.seats.occupants[chosen].player = Some(conn.player.clone());
                self.publish();
            }
        }
        conn.send(&ServerFrame::Rematch {
            room: from,
            next: self.settings.code.clone(),
        });
        Ok(())
    }
}
