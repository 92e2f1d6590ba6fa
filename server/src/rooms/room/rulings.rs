//! What ends a match other than its rules: resigning, a forfeit (out of time, abandoned), a draw
//! every side agrees to. Each is a ruling: stored, then a version of its own that everyone is sent.

use chrono::Utc;
use plateau_games::{Seat, Viewer};
use plateau_protocol::ws::{ClaimResult, ServerFrame};
use plateau_protocol::{Forfeit, ForfeitReason, MatchResult, RoomStatus, AGREED_DRAW};
use serde_json::{json, Value};
use std::time::Duration;

use super::play::{NewVersion, VersionKind};
use super::{rated_end, InPlay, Room, RoomError};
use crate::conn::{encode, Conn};
use crate::engine_host::build_views;
use crate::rooms::rules::forfeits;
use crate::store::Ruling;
use crate::views::RecipientView;

/// How long a ruling that could not be stored waits before it is tried again.
const RETRY_AFTER_FAILED_RULING: Duration = Duration::from_secs(1);

impl Room {
    /// The room with its match under way, and the seat of `conn` in it, if it may resign, claim or
    /// offer a draw now; otherwise why not, as for a move: `not_seated`, `not_joined`, then
    /// `not_your_turn` (no match under way, or the seat is already out).
    fn seat_in_play(&mut self, conn: &Conn) -> Result<(InPlay<'_>, Seat), RoomError> {
        let seat = self.seated_and_joined(conn)?;
        let play = self
            .in_play()
            .filter(|play| play.live().result.is_none())
            .ok_or(RoomError::NotYourTurn("no match is under way".into()))?;
        let live = play.live();
        if forfeits::is_out(&live.sides, &live.forfeited(), seat) {
            return Err(RoomError::NotYourTurn(
                "your side is out of the match".into(),
            ));
        }
        Ok((play, seat))
    }

    pub(super) async fn on_resign(&mut self, conn: &Conn) -> Result<(), RoomError> {
        let (mut play, seat) = self.seat_in_play(conn)?;
        stored(
            play.forfeit(seat, ForfeitReason::Resigned).await,
            "could not store the resignation; try again",
        )
    }

    /// A claim over seats of other sides away past the abandonment time, in a private room
    /// without a clock (where the server forfeits nobody by itself): a win makes those seats
    /// forfeit (`abandoned`), a draw ends the match as agreed. Refused before then, and elsewhere.
    pub(super) async fn on_claim(
        &mut self,
        conn: &Conn,
        result: ClaimResult,
    ) -> Result<(), RoomError> {
        let (mut play, seat) = self.seat_in_play(conn)?;
        if !play.claims_instead() {
            return Err(RoomError::Conflict(
                "claims are for private rooms without a clock: here the server forfeits a player who stays away".into(),
            ));
        }
        let now = tokio::time::Instant::now();
        let own_side: Vec<Seat> = play
            .live()
            .sides
            .iter()
            .find(|side| side.contains(&seat))
            .cloned()
            .unwrap_or_else(|| vec![seat]);
        let claimable: Vec<Seat> = (0..play.seats.occupants.len())
            .filter(|s| !own_side.contains(s))
            .filter(|&s| play.absence_deadline(s).is_some_and(|at| at <= now))
            .collect();
        if claimable.is_empty() {
            let when = (0..play.seats.occupants.len())
                .filter(|s| !own_side.contains(s))
                .filter_map(|s| play.absence_deadline(s))
                .min()
                .map(|at| format!(" (in {} s)", (at - now).as_secs() + 1))
                .unwrap_or_default();
            return Err(RoomError::Conflict(
                format!("nobody of another side has been away long enough to claim{when}").into(),
            ));
        }
        let done = match result {
            ClaimResult::Draw => play.agree_draw().await,
            ClaimResult::Win => {
                let mut done = true;
                for away in claimable {
                    if play.status() != RoomStatus::Playing {
                        break;
                    }
                    done &= play.forfeit(away, ForfeitReason::Abandoned).await;
                }
                done
            }
        };
        stored(done, "could not store the claim; try again")
    }

    pub(super) async fn on_draw(&mut self, conn: &Conn, offer: bool) -> Result<(), RoomError> {
        let (mut play, seat) = self.seat_in_play(conn)?;
        if offer {
            play.draw_offers.insert(seat);
            play.send_draw_offers(Vec::new());
        } else if play.draw_offers.remove(&seat) {
            // Its own offer taken back.
            play.send_draw_offers(Vec::new());
        } else if !play.draw_offers.is_empty() {
            // A seat that did not offer declines every offer standing: the offerers hear it, and
            // nobody finds the offer again after a reload.
            play.draw_offers.clear();
            play.send_draw_offers(vec![json!({"kind": "draw_declined", "seat": seat})]);
        }
        if offer && play.every_side_offers() {
            return stored(
                play.agree_draw().await,
                "could not store the draw; try again",
            );
        }
        Ok(())
    }

    /// Tells everyone the offers standing now, with what just happened to them (`events`).
    fn send_draw_offers(&mut self, events: Vec<Value>) {
        let frame = encode(&ServerFrame::Draw {
            room: self.settings.code.clone(),
            offers: self.draw_offers.iter().copied().collect(),
            events,
        });
        self.send_to_all(frame);
    }

    /// An accepted move clears every offer.
    pub(super) fn clear_draw_offers(&mut self) {
        if !self.draw_offers.is_empty() {
            self.draw_offers.clear();
            self.send_draw_offers(Vec::new());
        }
    }
}

/// A ruling the sender asked for was stored, or it is told `unstored`.
fn stored(done: bool, unstored: &'static str) -> Result<(), RoomError> {
    done.then_some(())
        .ok_or(RoomError::Internal(unstored.into()))
}

impl InPlay<'_> {
    /// Whether every side still in the match has a seat offering a draw.
    fn every_side_offers(&self) -> bool {
        let live = self.live();
        let forfeited = live.forfeited();
        forfeits::sides_left(&live.sides, &forfeited)
            .iter()
            .all(|side| side.iter().any(|s| self.draw_offers.contains(s)))
    }

    /// `seat` forfeits for `reason`: stored, then a version with a `forfeited` event; the match ends
    /// if one side alone is left. False if it could not be stored (tried again later when a timer
    /// caused it).
    pub(super) async fn forfeit(&mut self, seat: Seat, reason: ForfeitReason) -> bool {
        let live = self.live();
        let forfeit = Forfeit { seat, reason };
        let end = live.end_after_forfeit(forfeit);
        let ruling = Ruling {
            after_ply: live.ply,
            seat: Some(seat),
            reason: reason.as_str().into(),
            at: Utc::now(),
        };
        let event = json!({"kind": "forfeited", "seat": seat, "reason": reason.as_str()});
        if !self.rule(ruling, end, event).await {
            return false;
        }
        tracing::info!(seat, reason = reason.as_str(), "seat forfeited");
        let had_offer = self.draw_offers.remove(&seat);
        if self.status() == RoomStatus::Playing {
            if had_offer {
                self.send_draw_offers(Vec::new());
            }
            // The offers left may now be every side's.
            if !self.draw_offers.is_empty() && self.every_side_offers() {
                self.agree_draw().await;
            }
        }
        true
    }

    /// Every side left agreed: the match ends as a draw.
    async fn agree_draw(&mut self) -> bool {
        let live = self.live();
        let result = MatchResult {
            winners: Vec::new(),
            scores: None,
            reason: AGREED_DRAW.into(),
            forfeited: live.forfeited(),
        };
        let ruling = Ruling {
            after_ply: live.ply,
            seat: None,
            reason: AGREED_DRAW.into(),
            at: Utc::now(),
        };
        let stored = self
            .rule(ruling, Some(result), json!({"kind": "draw_agreed"}))
            .await;
        if stored {
            self.draw_offers.clear();
        }
        stored
    }

    /// Stores a ruling (and the end it brings), applies it, and sends everyone the new version
    /// with `event`. False if it could not be stored: nothing changed.
    async fn rule(&mut self, ruling: Ruling, end: Option<MatchResult>, event: Value) -> bool {
        let live = self.live();
        let end = end.map(|result| rated_end(self.settings.rated, live.every_seat_moved(), result));
        let mut rulings = live.rulings.clone();
        rulings.push(ruling.clone());
        let match_end = end.as_ref().map(|result| self.match_end(result, ruling.at));
        let stored = self
            .writer
            .record_ruling(live.id, &rulings, match_end.as_ref())
            .await;
        if let Err(e) = stored {
            if self.lost_lease(&e) {
                return false;
            }
            tracing::error!(error = %e, "could not store a ruling");
            self.timers.retry_duties_at =
                Some(tokio::time::Instant::now() + RETRY_AFTER_FAILED_RULING);
            return false;
        }
        self.timers.retry_duties_at = None;
        let live = self.live_mut();
        let match_id = live.id;
        live.apply_ruling(ruling, end.clone());
        // Nothing is played: only the views are built, under the engine's guard. A failure there
        // aborts the match, whose ruling is stored all the same.
        let Some(views) = self.views_now().await else {
            return true;
        };
        let rating = match &end {
            Some(end) => self.rating_of_end(match_id, end).await,
            None => None,
        };
        self.after_version(NewVersion {
            events: vec![plateau_games::Event::public(event)],
            views,
            end,
            rating,
            kind: VersionKind::Ruling,
        });
        true
    }

    /// The current version's view for each viewer watching, built under the engine's guard; None
    /// if the engine failed (the match is then aborted).
    async fn views_now(&mut self) -> Option<Vec<(Viewer, RecipientView)>> {
        let moment = self.moment();
        let live = self.live();
        let watched = self.watched_viewers();
        let budget = self.context.limits.engine_abort();
        match live
            .game
            .read(budget, move |m| build_views(m, watched, &moment))
            .await
        {
            Ok(views) => Some(views),
            Err(failure) => {
                self.abort(failure).await;
                None
            }
        }
    }
}
