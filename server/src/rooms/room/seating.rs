//! Who is in the room: joining (a seat, or watching), leaving, and the host starting the match.

use chrono::Utc;
use plateau_games::{registry, SetupError};
use plateau_protocol::rest::{MatchPlayer, Seating};
use plateau_protocol::ws::{BotLevel, Role, ServerFrame};
use plateau_protocol::{ForfeitReason, RoomStatus};
use rand::TryRngCore;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::{LiveMatch, Member, Room, RoomError, SeatState};
use crate::conn::{Conn, ConnId};
use crate::engine_host::{engine_options, isolated, HostedMatch};
use crate::store::{NewMatch, StoreError};

impl Room {
    /// Whether the room's host blocks `player`, who asks for a free seat: a block keeps the
    /// blocked player out of the seats of a room the blocker hosts by choice, and of nothing else.
    /// It is asked only when a free seat is taken, so a seat the server gave (a tournament's
    /// pairing, a rematch's, any room made seated) or one held since before the block is never
    /// refused. A store away lets the player in: a block is a courtesy, not a lock.
    async fn host_keeps_out(&self, player: Uuid) -> bool {
        let host = self.seats.host;
        host != player
            && self
                .context
                .store
                .blocks(host, player)
                .await
                .unwrap_or(false)
    }

    pub(super) async fn on_join(&mut self, conn: Conn, role: Role) -> Result<(), RoomError> {
        if self.status() == RoomStatus::Abandoned {
            return Err(RoomError::Conflict(
                "this room was abandoned: create or join another".into(),
            ));
        }
        let seat = match role {
            Role::Spectator => None,
            Role::Player => Some(self.take_seat(&conn).await?),
        };
        let id = conn.id;
        let joined_as_player = seat.is_some();
        self.members.insert(id, Member { conn, seat });
        // Stored before the answer: a restart right after it must not count the room as empty.
        self.track_vacancy().await;
        self.publish();
        self.send_snapshot(id).await;
        // Only once a match exists: before the start, `join` is answered with `room` frames only.
        if let Some(conn) = self
            .members
            .get(&id)
            .filter(|_| self.phase.live().is_some())
        {
            let conn = conn.conn.clone();
            self.send_recent(&conn);
        }
        // Offers standing are news to whoever (re)joins.
        if !self.draw_offers.is_empty() {
            if let Some(member) = self.members.get(&id) {
                member.conn.send(&ServerFrame::Draw {
                    room: self.settings.code.clone(),
                    offers: self.draw_offers.iter().copied().collect(),
                    events: Vec::new(),
                });
            }
        }
        // A room that starts by itself (Play now, a rematch, or asked so at creation) starts as
        // soon as a person sits in every seat and each is in the room: nobody waits for a host's
        // `start`, and no clock runs for a player who has not come in yet (a rematch seats its
        // players before they join).
        if joined_as_player && self.settings.auto_start && self.everyone_seated_and_here() {
            return self.start_match(false, BotLevel::default()).await;
        }
        Ok(())
    }

    /// The seat of `conn`'s player, joining as a player: the one it has, or a free one, stored
    /// before it is taken. Only a waiting room has free seats to take.
    async fn take_seat(&mut self, conn: &Conn) -> Result<usize, RoomError> {
        if let Some(seat) = self.seat_of(conn.player.id) {
            return Ok(seat);
        }
        if self.status() != RoomStatus::Waiting {
            return Err(RoomError::RoomFull(
                "the match has started without you; join as a spectator".into(),
            ));
        }
        let free = self
            .seats
            .occupants
            .iter()
            .position(|s| s.player.is_none() && !s.bot)
            .ok_or(RoomError::RoomFull("every seat is taken".into()))?;
        if self.host_keeps_out(conn.player.id).await {
            return Err(RoomError::Forbidden(
                "the host of this room does not play with you".into(),
            ));
        }
        self.writer
            .seat(free, Some(conn.player.id), self.seats.host, None)
            .await
            .map_err(|e| self.unstored(&e, "take the seat"))?;
        self.seats.occupants[free].player = Some(conn.player.clone());
        Ok(free)
    }

    /// A challenge accepted ([`super::Request::Accept`]): the sender's seat, and the match once
    /// every seat is taken.
    pub(super) async fn on_accept(&mut self, conn: &Conn) -> Result<(), RoomError> {
        if self.status() != RoomStatus::Waiting {
            return Err(RoomError::Conflict(
                "this challenge's room is not waiting".into(),
            ));
        }
        self.take_seat(conn).await?;
        self.publish();
        let full = self
            .seats
            .occupants
            .iter()
            .all(|s| s.bot || s.player.is_some());
        if full {
            return self.start_match(false, BotLevel::default()).await;
        }
        Ok(())
    }

    /// Every seat taken, by a person who is in the room or by a bot the room was made with (a
    /// tournament's group short of entrants).
    fn everyone_seated_and_here(&self) -> bool {
        self.status() == RoomStatus::Waiting
            && self
                .seats
                .occupants
                .iter()
                .enumerate()
                .all(|(seat, s)| s.bot || (s.player.is_some() && self.seat_here(seat)))
    }

    /// Whether seat `seat` has a connection in the room.
    pub(super) fn seat_here(&self, seat: usize) -> bool {
        self.members.values().any(|m| m.seat == Some(seat))
    }

    /// A tournament's room at its `start_by`: the match starts with whoever has come, and the
    /// seats of the others forfeit (`no_show`); a room nobody came to is abandoned.
    pub(super) async fn start_when_due(&mut self) {
        if self.status() != RoomStatus::Waiting {
            return;
        }
        let here = self
            .members
            .values()
            .find(|m| m.seat.is_some())
            .map(|m| m.conn.clone());
        let Some(here) = here else {
            tracing::info!("nobody came to a tournament's room by its deadline");
            return self.expire().await;
        };
        if let Err(refused) = self.start_match(false, BotLevel::default()).await {
            self.refuse(&here, None, refused);
        }
        let absent: Vec<usize> = (0..self.seats.occupants.len())
            .filter(|&seat| self.seats.occupants[seat].player.is_some() && !self.seat_here(seat))
            .collect();
        let Some(mut play) = self
            .in_play()
            .filter(|play| play.status() == RoomStatus::Playing)
        else {
            // Not started (the store away): tried again at the next turn of the loop.
            self.timers.retry_duties_at =
                Some(tokio::time::Instant::now() + std::time::Duration::from_secs(1));
            return;
        };
        for seat in absent {
            play.forfeit(seat, ForfeitReason::NoShow).await;
        }
    }

    pub(super) async fn on_leave(&mut self, conn: &Conn) -> Result<(), RoomError> {
        self.joined(conn)?;
        let member = self.members.remove(&conn.id);
        let seat = self.seat_of(conn.player.id);
        if let (RoomStatus::Waiting, Some(seat)) = (self.status(), seat) {
            if let Err(e) = self.give_up_seat(seat).await {
                if let Some(member) = member {
                    self.members.insert(conn.id, member);
                }
                return Err(self.unstored(&e, "leave"));
            }
        }
        self.publish();
        // The leaver sees the room it left once more, as a receipt.
        conn.send(&ServerFrame::Room {
            room: self.room_info(),
        });
        Ok(())
    }

    /// Before the start, seat `seat` is given up (its player left, or was banned): the seat is
    /// free again, and the host's role passes to another seated player (none: the room is
    /// abandoned). Stored first; nothing changes if it cannot be.
    pub(super) async fn give_up_seat(&mut self, seat: usize) -> Result<(), StoreError> {
        let Some(leaver) = self.seats.occupants[seat].player.as_ref().map(|p| p.id) else {
            return Ok(());
        };
        let mut host = self.seats.host;
        let mut abandoned = false;
        if host == leaver {
            match self
                .seats
                .occupants
                .iter()
                .enumerate()
                .find_map(|(s, st)| st.player.as_ref().filter(|_| s != seat).map(|p| p.id))
            {
                Some(next) => host = next,
                None => abandoned = true,
            }
        }
        let new_status = abandoned.then(|| RoomStatus::Abandoned.as_str());
        self.writer.seat(seat, None, host, new_status).await?;
        self.seats.occupants[seat].player = None;
        self.seats.host = host;
        if abandoned {
            self.phase.abandon();
        }
        for m in self.members.values_mut() {
            if m.conn.player.id == leaver {
                m.seat = None;
            }
        }
        Ok(())
    }

    pub(super) async fn on_start(
        &mut self,
        conn: &Conn,
        bots: bool,
        bot_level: BotLevel,
    ) -> Result<(), RoomError> {
        if conn.player.id != self.seats.host {
            return Err(RoomError::Forbidden(
                "only the host can start the match".into(),
            ));
        }
        self.start_match(bots, bot_level).await
    }

    /// Starts the match, at the host's `start` or by itself; why it cannot start is answered to
    /// whoever made it start (the host, or the one whose join took the last seat).
    async fn start_match(&mut self, bots: bool, bot_level: BotLevel) -> Result<(), RoomError> {
        if self.status() != RoomStatus::Waiting {
            return Err(RoomError::Conflict("the match has already started".into()));
        }
        // Seats the room was made with a bot in (a tournament's) are not empty: they are filled.
        let empty = self
            .seats
            .occupants
            .iter()
            .filter(|s| s.player.is_none() && !s.bot)
            .count();
        let bot_seats = self.seats.occupants.iter().any(|s| s.bot);
        if (empty > 0 || bot_seats) && self.settings.rated {
            return Err(RoomError::Conflict(
                format!("{empty} seat(s) are empty: a rated match needs a person in every seat")
                    .into(),
            ));
        }
        if empty > 0 && !bots {
            return Err(RoomError::Conflict(
                format!("{empty} seat(s) are empty: wait for players, or start with bots").into(),
            ));
        }
        if empty > 0 {
            let limit = self.context.limits.bot_matches_per_player;
            let running = self
                .context
                .store
                .bot_matches_hosted(self.seats.host)
                .await
                .map_err(|e| self.unstored(&e, "start the match"))?;
            if running >= u64::from(limit) {
                return Err(RoomError::Conflict(
                    format!("you have {limit} matches with bots under way: finish one first")
                        .into(),
                ));
            }
        }
        let mut seed = [0u8; 32];
        if rand::rngs::OsRng.try_fill_bytes(&mut seed).is_err() {
            return Err(RoomError::Internal(
                "no randomness available; try again".into(),
            ));
        }
        let commitment = hex::encode(Sha256::digest(seed));
        let players = self.seats.occupants.len();
        let options = self.options();
        let max_plies = ply_cap(&options, self.context.limits.max_plies);
        let (game, engine_options) = (self.settings.game, engine_options(&options));
        let started = isolated(self.context.limits.engine_abort(), move || {
            // Where the end-to-end tests make a start fail (a panic, or a call past its deadline).
            fail::fail_point!("engine-start");
            let mut m = game.start(&engine_options, players, seed)?;
            m.limit_plies(max_plies);
            let sides = m.sides();
            Ok::<_, SetupError>((HostedMatch::settle(m), sides))
        })
        .await;
        let game_match = match started {
            Ok(Ok(started)) => started,
            Ok(Err(e)) => return Err(RoomError::BadRequest(e.to_string().into())),
            // Nothing was stored: the room waits on, and the host may try again.
            Err(failure) => {
                tracing::error!(error = %failure, "the rules engine failed to start a match");
                return Err(RoomError::Internal(
                    "the rules engine failed to start the match; nothing was stored".into(),
                ));
            }
        };
        // `order[seat]`: the seat its occupant had before the start (the identity unless drawn).
        let order: Vec<usize> = match self.settings.seating {
            Seating::Random => registry::seat_draw(seed, players),
            Seating::HostFirst => (0..players).collect(),
        };
        let drawn: Vec<SeatState> = order
            .iter()
            .map(|&old| self.seats.occupants[old].clone())
            .collect();
        let seating: Vec<MatchPlayer> = drawn
            .iter()
            .enumerate()
            .map(|(seat, s)| match &s.player {
                Some(p) => MatchPlayer {
                    seat,
                    id: Some(p.id),
                    name: p.name.clone(),
                    bot: false,
                    bot_level: None,
                },
                None => MatchPlayer {
                    seat,
                    id: None,
                    name: crate::text::bot_name(seat),
                    bot: true,
                    bot_level: Some(bot_level),
                },
            })
            .collect();
        let id = Uuid::now_v7();
        let started_at = Utc::now();
        let stored = self
            .writer
            .start_match(&NewMatch {
                id,
                game: self.settings.game.info().id,
                options: &options,
                players: &seating,
                seed: &seed,
                commitment: &commitment,
                started_at,
                max_plies,
                clock: self.settings.clock,
            })
            .await;
        stored.map_err(|e| self.unstored(&e, "start the match"))?;
        self.seats.occupants = drawn;
        for (seat, p) in self.seats.occupants.iter_mut().zip(&seating) {
            seat.bot = p.bot;
        }
        for member in self.members.values_mut() {
            member.seat = member
                .seat
                .and_then(|old| order.iter().position(|&o| o == old));
        }
        let bot_levels = seating.iter().map(|p| p.bot_level).collect();
        self.phase.start(LiveMatch::new(
            id,
            game_match,
            bot_levels,
            self.settings.clock,
            started_at,
        ));
        self.log_match();
        let began = self.track_turns();
        tracing::info!("match started");
        self.tell_players(serde_json::json!({"type": "matchStart", "match": id}));
        self.tell_turns(&began);
        self.publish();
        let members: Vec<ConnId> = self.members.keys().copied().collect();
        for member in members {
            self.send_snapshot(member).await;
        }
        self.schedule_automatic();
        Ok(())
    }
}

/// The cap a match is played under, as its summary shows it: the game's own `max_plies` option
/// where the room set one (creation keeps it at most the server's), else the server's
/// `--max-plies`. (Where the game's own cap ends a match, its rules end it at that ply first: the
/// same cap given to the engine changes no outcome.)
fn ply_cap(options: &Map<String, Value>, server: u64) -> u64 {
    options
        .get("max_plies")
        .and_then(Value::as_u64)
        .map_or(server, |own| own.min(server))
}

#[cfg(test)]
mod ply_cap_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_rooms_own_cap_is_the_matchs_where_set() {
        let options = |v: Value| json!({ "max_plies": v }).as_object().unwrap().clone();
        assert_eq!(ply_cap(&options(json!(50)), 2000), 50);
        assert_eq!(ply_cap(&options(Value::Null), 2000), 2000);
        assert_eq!(ply_cap(&Map::new(), 2000), 2000);
        assert_eq!(ply_cap(&options(json!(300)), 130), 130);
    }
}
