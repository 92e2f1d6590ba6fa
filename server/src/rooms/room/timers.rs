//! What the room does when time passes: a bot's move, a clock that runs out, a seat abandoned.
//!
//! The room keeps no timer of its own per duty: each turn of its loop asks [`Room::next_duty`] for
//! the earliest one and sleeps until then (a single sleep, so an idle room with a correspondence
//! clock costs one sleeping task). Every deadline is derived from what the room knows: the stored
//! clocks, and since when each seat has had to act and has been away.

use chrono::Utc;
use plateau_games::Seat;
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::Visibility;
use plateau_protocol::{ForfeitReason, RoomStatus};
use tokio::time::Instant;
use uuid::Uuid;

use super::{InPlay, Room};

/// A seat's absence as the room's info shows it.
pub(super) struct Absence {
    pub away_since: Option<chrono::DateTime<Utc>>,
    pub forfeit_at: Option<chrono::DateTime<Utc>>,
    pub claim_at: Option<chrono::DateTime<Utc>>,
}

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
    /// A tournament's room still waiting at its `start_by`: it starts with whoever has come.
    StartDue,
}

impl Room {
    /// Notes which seats have a connection in the room now, and whether a match the server plays
    /// seats of still has a person of it connected.
    pub(super) fn track_presence(&mut self) {
        let now = Instant::now();
        for seat in 0..self.seats.absent_since.len() {
            match (self.seat_here(seat), self.seats.absent_since[seat]) {
                (true, _) => self.seats.absent_since[seat] = None,
                (false, None) => self.seats.absent_since[seat] = Some(now),
                (false, Some(_)) => {}
            }
        }
        let unattended = self.phase.under_way().is_some_and(|live| {
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

    /// Notes which seats have had to act since when; called after every version. When that
    /// changes for a seat that is away, its `forfeit_at` / `claim_at` change: the room's info is
    /// published again after the version (`absence_news`). Returns the seats whose turn began.
    pub(super) fn track_turns(&mut self) -> Vec<Seat> {
        let acting = self
            .phase
            .under_way()
            .map(|live| live.clocked_seats())
            .unwrap_or_default();
        let now = Instant::now();
        let mut began = Vec::new();
        for (seat, since) in self.seats.acting_since.iter_mut().enumerate() {
            let before = since.is_some();
            if !acting.contains(&seat) {
                *since = None;
            } else if since.is_none() {
                *since = Some(now);
                began.push(seat);
            }
            if before != since.is_some() && self.seats.absent_since[seat].is_some() {
                self.timers.absence_news = true;
            }
        }
        began
    }

    /// Tells the players of `seats`, whose turn just began, that it did (`turn`: web push), each
    /// that has no connection in the room, where the match is played at leisure: a correspondence
    /// or per-move clock, or none (a Fischer bank is a sitting, played with the room open).
    pub(super) fn tell_turns(&self, seats: &[Seat]) {
        if matches!(self.settings.clock, Some(ClockSetting::Fischer { .. })) {
            return;
        }
        let Some(live) = self.phase.under_way() else {
            return;
        };
        let to: Vec<Uuid> = seats
            .iter()
            .filter(|&&seat| !live.server_plays(seat) && !self.seat_here(seat))
            .filter_map(|&seat| self.seats.occupants[seat].player.as_ref())
            .filter(|player| !player.bot)
            .map(|player| player.id)
            .collect();
        if to.is_empty() {
            return;
        }
        let line = serde_json::json!({"type": "turn", "room": &self.settings.code,
            "game": self.settings.game.info().id, "match": live.id});
        self.context
            .events
            .tell_hearer(&crate::events::Event { to, line });
    }

    /// Whether the server forfeits a seat that has to act and stays away (`abandoned`): not where
    /// the clock alone decides, and not in a private room without a clock, where friends may step
    /// away (the others may `claim` instead).
    fn forfeits_the_absent(&self) -> bool {
        !self.clock_rules_absence() && !self.claims_instead()
    }

    /// A private room without a clock: an absent seat is never forfeited by the server; past the
    /// abandonment time, the others may claim the match.
    pub(super) fn claims_instead(&self) -> bool {
        self.settings.visibility == Visibility::Private && self.settings.clock.is_none()
    }

    /// When seat `seat`'s absence runs out (it has had to act with nobody of it connected for
    /// `--abandon-after-secs`), if it is away and has to act in a match under way.
    pub(super) fn absence_deadline(&self, seat: Seat) -> Option<Instant> {
        let live = self.phase.under_way()?;
        if !live.clocked_seats().contains(&seat) {
            return None;
        }
        let away = self.away_since(seat)?;
        let acting = self.seats.acting_since[seat]?;
        Some(away.max(acting) + self.context.limits.abandon_after())
    }

    /// Since when the person of seat `seat` has had no connection in the room, during a match
    /// (None: connected, a bot, or no match). A seat just left counts from now (its absence is
    /// noted at the room's next turn).
    pub(super) fn away_since(&self, seat: Seat) -> Option<Instant> {
        let live = self.phase.under_way()?;
        let person = self.seats.occupants[seat].player.is_some() && !live.server_plays(seat);
        (person && !self.seat_here(seat))
            .then(|| self.seats.absent_since[seat].unwrap_or_else(Instant::now))
    }

    /// What the room's info says of seat `seat`'s absence: since when, and when the server will
    /// forfeit it or the others may claim (wall-clock times).
    pub(super) fn absence_info(&self, seat: Seat) -> Absence {
        // One anchor for the process, so that the same instant always reads as the same time
        // (the info is published again and again; it must not jitter).
        static ANCHOR: std::sync::LazyLock<(Instant, chrono::DateTime<Utc>)> =
            std::sync::LazyLock::new(|| (Instant::now(), Utc::now()));
        let wall = |at: Instant| {
            let (instant, time) = *ANCHOR;
            if at >= instant {
                time + (at - instant)
            } else {
                time - (instant - at)
            }
        };
        let deadline = self.absence_deadline(seat).map(wall);
        Absence {
            away_since: self.away_since(seat).map(wall),
            forfeit_at: deadline.filter(|_| self.forfeits_the_absent()),
            claim_at: deadline.filter(|_| self.claims_instead()),
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
        if let Some(start_by) = self
            .settings
            .start_by
            .filter(|_| self.status() == RoomStatus::Waiting)
        {
            let left = (start_by - Utc::now()).to_std().unwrap_or_default();
            let at = Instant::now() + left;
            let retry = self.timers.retry_duties_at.unwrap_or(at);
            duties.push((at.max(retry), Duty::StartDue));
        }
        if let Some(live) = self.phase.under_way() {
            let now = Instant::now();
            if let Some((seat, at)) = live.clocks.as_ref().and_then(|c| c.next_deadline()) {
                let left = (at - Utc::now()).to_std().unwrap_or_default();
                duties.push((now + left, Duty::OutOfTime(seat)));
            }
            if self.forfeits_the_absent() {
                for seat in live.clocked_seats() {
                    if let Some(at) = self.absence_deadline(seat) {
                        duties.push((at, Duty::Abandoned(seat)));
                    }
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
        if duty == Duty::StartDue {
            return self.start_when_due().await;
        }
        // Every other duty is the match's: due only while it is under way.
        if let Some(mut play) = self.in_play() {
            play.perform(duty).await;
        }
    }
}

impl InPlay<'_> {
    async fn perform(&mut self, duty: Duty) {
        match duty {
            Duty::Automatic => self.play_automatic(None).await,
            Duty::OutOfTime(seat) => {
                let live = self.live();
                let out = live
                    .clocks
                    .as_ref()
                    .is_some_and(|c| c.out_of_time(seat, Utc::now()));
                if !out {
                    return;
                }
                // The rules' default move where the game has one; else the seat forfeits.
                if live.game.facts().has_default(seat) {
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
            // A room's own, above.
            Duty::StartDue => {}
        }
    }
}
