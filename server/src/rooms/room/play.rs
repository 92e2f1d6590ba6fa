//! Moves: the contract's checks in order, the engine on a copy, the commit, then the news; and the
//! moves the server plays itself (bots, and the rules' defaults when a player runs out of time).

use chrono::Utc;
use plateau_games::{Match, MoveError, Played};
use plateau_protocol::ws::ServerFrame;
use plateau_protocol::{ErrorCode, RoomStatus};
use serde_json::Value;
use std::time::Instant;

use super::{result_of, Room};
use crate::metrics::METRICS;
use crate::store::{MatchEnd, NewMove};
use crate::ws::conn::{encode, Conn};

impl Room {
    pub(super) async fn on_move(
        &mut self,
        conn: Conn,
        id: String,
        version: u64,
        mv: Value,
        received: Instant,
    ) {
        let Some(seat) = self.seat_of(conn.player.id) else {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotSeated,
                "you have no seat in this room",
            );
        };
        let Some(live) = &self.live else {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotYourTurn,
                "the match has not started",
            );
        };
        if let Some(&acked) = live.acks.get(&(conn.player.id, id.clone())) {
            conn.send(&ServerFrame::Ack {
                id,
                version: acked,
                room: self.code.clone(),
            });
            return;
        }
        if live.result.is_some() {
            return self.refuse(&conn, Some(id), ErrorCode::NotYourTurn, "the match is over");
        }
        if !live.game_match.to_act().contains(&seat) {
            return self.refuse(
                &conn,
                Some(id),
                ErrorCode::NotYourTurn,
                "it is not your turn",
            );
        }
        if version != live.version() {
            let message = format!(
                "the room is at version {}, not {version}: sync and retry",
                live.version()
            );
            return self.refuse(&conn, Some(id), ErrorCode::StaleVersion, message);
        }
        let mut next = live.game_match.box_clone();
        match next.play(seat, &mv) {
            Ok(played) => {
                self.commit(seat, Some((conn, id, received)), next, played)
                    .await
            }
            Err(e) => {
                let code = match e {
                    MoveError::Malformed(_) => ErrorCode::BadRequest,
                    MoveError::NotYourTurn => ErrorCode::NotYourTurn,
                    MoveError::Illegal(_) => ErrorCode::IllegalMove,
                };
                self.refuse(&conn, Some(id), code, e.to_string());
            }
        }
    }

    /// Stores a move played on `next`, then makes it the room's match and tells everyone.
    pub(super) async fn commit(
        &mut self,
        seat: usize,
        sender: Option<(Conn, String, Instant)>,
        next: Box<dyn Match>,
        played: Played,
    ) {
        let live = self.live.as_ref().expect("moves need a match");
        let ply = live.ply + 1;
        let result = next.outcome().map(result_of);
        let now = Utc::now();
        let append = NewMove {
            match_id: live.id,
            ply,
            seat,
            player_id: sender.as_ref().map(|(conn, _, _)| conn.player.id),
            client_id: sender.as_ref().map(|(_, id, _)| id.as_str()),
            body: &played.canonical,
            at: now,
            end: result.as_ref().map(|result| MatchEnd {
                room_code: &self.code,
                result,
                ended_at: now,
            }),
        };
        if let Err(e) = self.context.store.append_move(&append).await {
            tracing::error!(error = %e, ply, "could not store a move");
            if let Some((conn, id, _)) = &sender {
                self.refuse(
                    conn,
                    Some(id.clone()),
                    ErrorCode::Internal,
                    "the move could not be stored; try again",
                );
            }
            // A bot's move is tried again later; a player's is theirs to resend.
            self.schedule_automatic();
            return;
        }
        let live = self.live.as_mut().expect("moves need a match");
        live.game_match = next;
        live.ply = ply;
        live.result = result.clone();
        let version = live.version();
        if let Some((conn, id, _)) = &sender {
            live.acks.insert((conn.player.id, id.clone()), version);
        }
        let match_id = live.id;
        if result.is_some() {
            self.status = RoomStatus::Finished;
        }
        METRICS.moves.inc();
        self.broadcast_version(&played.events);
        if let Some((conn, id, received)) = sender {
            conn.send(&ServerFrame::Ack {
                id,
                version,
                room: self.code.clone(),
            });
            METRICS
                .move_ack_seconds
                .observe(received.elapsed().as_secs_f64());
        }
        if let Some(result) = result {
            tracing::info!(%match_id, reason = %result.reason, "match ended");
            let frame = encode(&ServerFrame::Ended {
                room: self.code.clone(),
                match_id,
                result,
            });
            self.send_to_all(frame);
            self.publish();
        }
        self.schedule_automatic();
    }

    /// Plans the next move the server plays itself: a bot to act plays after the bot delay; a
    /// player who owes a decision the rules can settle (see `Game::default_move`) gets the decision
    /// timeout.
    pub(super) fn schedule_automatic(&mut self) {
        self.auto_due = None;
        if self.status != RoomStatus::Playing {
            return;
        }
        let Some(live) = self.live.as_ref().filter(|l| l.result.is_none()) else {
            return;
        };
        let to_act = live.game_match.to_act();
        let now = tokio::time::Instant::now();
        if to_act.iter().any(|s| self.seats[*s].bot) {
            self.auto_due = Some(now + self.context.bot_delay);
        } else if to_act
            .iter()
            .any(|s| live.game_match.default_move(*s).is_some())
        {
            self.auto_due = Some(now + self.context.decision_timeout);
        }
    }

    /// The server plays for one seat: a bot (the rules' default move if there is one, else a random
    /// legal move), or a player out of time (the rules' default move).
    pub(super) async fn play_automatic(&mut self) {
        self.auto_due = None;
        let Some(live) = &self.live else { return };
        let to_act = live.game_match.to_act();
        let chosen = to_act.iter().find_map(|&seat| {
            let default = live.game_match.default_move(seat);
            if self.seats[seat].bot {
                // Drawn from the match's bot stream: replayable, and the match RNG is untouched.
                let random = || live.game_match.random_move(seat);
                Some((seat, default.or_else(random)?))
            } else {
                Some((seat, default?))
            }
        });
        let Some((seat, mv)) = chosen else {
            tracing::error!(?to_act, "nothing to play automatically");
            return;
        };
        let mut next = live.game_match.box_clone();
        match next.play(seat, &mv) {
            Ok(played) => self.commit(seat, None, next, played).await,
            Err(e) => tracing::error!(seat, error = %e, "an automatic move was refused"),
        }
    }
}
