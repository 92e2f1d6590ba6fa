//! What the room does when time passes: a bot's move, a clock that runs out, a seat abandoned.
//!
//! The room keeps no timer of its own per duty: each turn of its loop asks [`Room::next_duty`] for
//! the earliest one and sleeps until then (a single sleep, so an idle room with a correspondence
//! clock costs one sleeping task). Every deadline is derived from what the room knows: the stored
//! clocks, and since when each seat has had to act and has been away.

use chrono::Utc;
use plateau_games::Seat;
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::{ForfeitReason, RoomStatus};
use tokio::time::Instant;

use super::Room;

/// Something the room must do at a given time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Duty {
    /// A move the server plays: a bot's, a forfeited seat's, or a rules' default after the
    /// decision timeout (rooms without a clock).
    Automatic,
    /// The seat's clock has run out.
    OutOfTime(Seat),
    /// The seat has had to act with nobody of it connected for `--abandon-after-secs`.
    Abandoned(Seat),
    /// The server has played seats of the match for `--unattended-after-secs` with no person of
    /// the match connected.
    Unattended,
}

impl Room {
    /// Notes which seats have a connection in the room now, and whether a match the server plays
    /// seats of still has a person of it connected.
    pub(super) fn track_presence(&mut self) {
        let now = Instant::now();
        for seat in 0..self.seats.absent_since.len() {
            let present = self.members.values().any(|m| m.seat == Some(seat));
            match (present, self.seats.absent_since[seat]) {
                (true, _) => self.seats.absent_since[seat] = None,
                (false, None) => self.seats.absent_since[seat] = Some(now),
                (false, Some(_)) => {}
            }
        }
        let unattended = self
            .live
            .as_ref()
            .filter(|live| live.result.is_none())
            .is_some_and(|live| {
                let seats = 0..self.seats.occupants.len();
                let server_plays = seats.clone().any(|s| live.server_plays(s));
                let attended = seats
                    .into_iter()
                    .any(|s| !live.server_plays(s) && self.seats.absent_since[s].is_none());
                server_plays && !attended
            });
        match (unattended, self.timers.unattended_since) {
            (false, _) => self.timers.unattended_since = None,
            (true, None) => self.timers.unattended_since = Some(now),
            (true, Some(_)) => {}
        }
    }

    /// Notes which seats have had to act since when; called after every version.
    pub(super) fn track_turns(&mut self) {
        let acting = self
            .live
            .as_ref()
            .filter(|_| self.status() == RoomStatus::Playing)
            .map(|live| live.clocked_seats())
            .unwrap_or_default();
        let now = Instant::now();
        for (seat, since) in self.seats.acting_since.iter_mut().enumerate() {
            if !acting.contains(&seat) {
                *since = None;
            } else if since.is_none() {
                *since = Some(now);
            }
        }
    }

    /// Whether the clock alone decides when an absent seat loses: a correspondence clock, or one
    /// giving each move longer than `--abandon-after-secs`. A player may take that long to come
    /// back, as the clock allows; `--abandon-after-secs` would cut it short. (A Fischer bank is
    /// not a time per move: such rooms keep the abandonment limit.)
    fn clock_rules_absence(&self) -> bool {
        let abandon_after = self.context.limits.abandon_after();
        match self.settings.clock {
            Some(ClockSetting::Correspondence { .. }) => true,
            Some(ClockSetting::PerMove { s }) => {
                std::time::Duration::from_secs(u64::from(s)) > abandon_after
            }
            Some(ClockSetting::Fischer { .. }) | None => false,
        }
    }

    /// The earliest thing the room must do, and when.
    pub(super) fn next_duty(&self) -> Option<(Instant, Duty)> {
        let mut duties: Vec<(Instant, Duty)> = Vec::new();
        if let Some(at) = self.timers.auto_due {
            duties.push((at, Duty::Automatic));
        }
        let live = self
            .live
            .as_ref()
            .filter(|l| l.result.is_none() && self.status() == RoomStatus::Playing);
        if let Some(live) = live {
            let now = Instant::now();
            if let Some((seat, at)) = live.clocks.as_ref().and_then(|c| c.next_deadline()) {
                let left = (at - Utc::now()).to_std().unwrap_or_default();
                duties.push((now + left, Duty::OutOfTime(seat)));
            }
            let abandon_after = self.context.limits.abandon_after();
            let seats = if self.clock_rules_absence() {
                Vec::new()
            } else {
                live.clocked_seats()
            };
            for seat in seats {
                if let (Some(away), Some(acting)) =
                    (self.seats.absent_since[seat], self.seats.acting_since[seat])
                {
                    duties.push((away.max(acting) + abandon_after, Duty::Abandoned(seat)));
                }
            }
            if let Some(since) = self.timers.unattended_since {
                let after = self.context.limits.unattended_after();
                duties.push((since + after, Duty::Unattended));
            }
            // Forfeits wait while their store is away.
            if let Some(retry) = self.timers.retry_duties_at {
                for (at, duty) in &mut duties {
                    if *duty != Duty::Automatic {
                        *at = (*at).max(retry);
                    }
                }
            }
        }
        duties.into_iter().min_by_key(|(at, _)| *at)
    }

    pub(super) async fn perform(&mut self, duty: Duty) {
        match duty {
            Duty::Automatic => self.play_automatic(None).await,
            Duty::OutOfTime(seat) => {
                let out = self
                    .live
                    .as_ref()
                    .and_then(|l| l.clocks.as_ref())
                    .is_some_and(|c| c.out_of_time(seat, Utc::now()));
                if !out {
                    return;
                }
                // The rules' default move where the game has one; else the seat forfeits.
                let has_default = self
                    .live
                    .as_ref()
                    .is_some_and(|l| l.game.facts().has_default(seat));
                if has_default {
                    self.play_automatic(Some(seat)).await;
                } else {
                    // Not stored: tried again once the store answers (see `retry_duties_at`).
                    self.forfeit(seat, ForfeitReason::Timeout).await;
                }
            }
            Duty::Abandoned(seat) => {
                self.forfeit(seat, ForfeitReason::Abandoned).await;
            }
            Duty::Unattended => {
                tracing::info!("nobody of the match was connected for a while: it ends as aborted");
                self.end_aborted().await;
            }
        }
    }
}
