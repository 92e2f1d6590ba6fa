//! Views out: a snapshot for whoever joins or asks, and after each version the patch from each
//! recipient's last view.

use plateau_games::Viewer;
use plateau_protocol::ws::{LegalForm, ServerFrame};
use tungstenite::Utf8Bytes;

use super::{InPlay, Room, RoomError};
use crate::conn::{encode, Conn, ConnId};
use crate::engine_host::build_views;
use crate::views::moves::PlayedMove;
use crate::views::{events_for, write_events, HeldView, LegalForms, Moment, RecipientView};
use serde_json::Value;

impl InPlay<'_> {
    /// The match as it stands, for the views built of it.
    pub(super) fn moment(&self) -> Moment {
        let live = self.live();
        Moment {
            game: self.settings.game.info().id,
            version: live.version(),
            ply: live.ply,
            status: self.status(),
            result: live.result.clone(),
            clock: live.clock_view(),
            played_by_server: live.forfeited().iter().map(|f| f.seat).collect(),
        }
    }

    /// The whole view a viewer holds now, as a snapshot carries it: built under the engine's guard,
    /// and held from now on if nobody holds it yet (it equals the view the patches led to). None
    /// if the engine failed (the match is then aborted).
    async fn current_view(&mut self, viewer: Viewer, form: LegalForm) -> Option<Value> {
        let moment = self.moment();
        let live = self.live();
        let budget = self.context.limits.engine_abort();
        let forms = LegalForms::of(form);
        let built = live
            .game
            .read(budget, move |m| {
                build_views(m, vec![(viewer, forms)], &moment)
            })
            .await;
        let (_, view) = match built {
            Ok(mut views) => views.pop()?,
            Err(failure) => {
                self.abort(failure).await;
                return None;
            }
        };
        let live = self.live_mut();
        let held = match viewer {
            Viewer::Seat(seat) => &mut live.seat_views[seat],
            _ => &mut live.spectator_view,
        };
        if held.is_none() {
            *held = Some(view.hold());
        }
        Some(view.full_in(form))
    }

    /// Sends `conn` a snapshot of the match, as its viewer sees it.
    async fn snapshot_for(&mut self, conn: &Conn) {
        let viewer = self.viewer_of(conn);
        if let Some(view) = self.current_view(viewer, conn.legal).await {
            let version = self.live().version();
            conn.send(&ServerFrame::Snapshot {
                room: self.settings.code.clone(),
                version,
                view,
            });
        }
    }
}

impl Room {
    pub(super) fn viewer_of(&self, conn: &Conn) -> Viewer {
        match self.members.get(&conn.id) {
            Some(m) => m.seat.map_or(Viewer::Spectator, Viewer::Seat),
            None => self
                .seat_of(conn.player.id)
                .map_or(Viewer::Spectator, Viewer::Seat),
        }
    }

    /// Sends member `member` a snapshot of the match, if the room has one.
    pub(super) async fn send_snapshot(&mut self, member: ConnId) {
        let Some(conn) = self.members.get(&member).map(|m| m.conn.clone()) else {
            return;
        };
        if let Some(mut play) = self.in_play() {
            play.snapshot_for(&conn).await;
        }
    }

    pub(super) async fn on_sync(&mut self, conn: &Conn) -> Result<(), RoomError> {
        self.joined(conn)?;
        match self.in_play() {
            Some(mut play) => {
                play.snapshot_for(conn).await;
                play.send_recent(conn);
            }
            None => {
                conn.send(&ServerFrame::Room {
                    room: self.room_info(),
                });
            }
        }
        Ok(())
    }

    /// The viewers someone in the room watches as: each seat taken by a member, and the
    /// spectators; each with the forms of legal-move list its members asked for.
    pub(super) fn watched_viewers(&self) -> Vec<(Viewer, LegalForms)> {
        let mut watched: Vec<(Viewer, LegalForms)> = Vec::new();
        for m in self.members.values() {
            let viewer = m.seat.map_or(Viewer::Spectator, Viewer::Seat);
            match watched.iter_mut().find(|(v, _)| *v == viewer) {
                Some((_, forms)) => forms.add(m.conn.legal),
                None => watched.push((viewer, LegalForms::of(m.conn.legal))),
            }
        }
        watched
    }
}

impl InPlay<'_> {
    /// Sends every member the patch from the version before to the current one, given the current
    /// `views` of the [`Room::watched_viewers`] (built with the engine, off the room task). The
    /// events are written once, for every frame, and kept as written for whoever (re)joins; so is
    /// the version's move (`recorded`; none for a ruling), which every patch carries as the
    /// history lists it: a page keeps its list of moves without reading the history.
    pub(super) fn broadcast_version(
        &mut self,
        events: Vec<plateau_games::Event>,
        views: Vec<(Viewer, RecipientView)>,
        recorded: Option<&PlayedMove>,
    ) {
        let moment = self.moment();
        let version = moment.version;
        let live = self.live();
        let from = moment.version - 1;
        let events = write_events(&events);
        let ended = live.result.is_some();
        let moves = recorded.map(|m| m.write(ended));
        let mut next_held: Vec<(Viewer, HeldView)> = Vec::new();
        let mut gone = Vec::new();
        for (viewer, next) in views {
            let held = match viewer {
                Viewer::Seat(seat) => live.seat_views[seat].as_ref(),
                _ => live.spectator_view.as_ref(),
            };
            let events = events_for(&events, viewer);
            // The frame in each form of the legal-move list its members get, written once.
            let mut texts: [Option<Utf8Bytes>; 2] = [None, None];
            let members = self.members.values();
            for m in members.filter(|m| m.seat.map_or(Viewer::Spectator, Viewer::Seat) == viewer) {
                let form = m.conn.legal;
                let text = texts[usize::from(next.differs_in(form))].get_or_insert_with(|| {
                    match held {
                        Some(held) => {
                            let versions = (from, moment.version);
                            let code = &self.settings.code;
                            let moves = moves.as_deref();
                            held.patch_frame(&next, code, versions, &events, moves, form)
                                .into()
                        }
                        // Nobody held this view (a member joined before the match had one):
                        // the whole view.
                        None => encode(&ServerFrame::Snapshot {
                            room: self.settings.code.clone(),
                            version: moment.version,
                            view: next.full_in(form),
                        }),
                    }
                });
                if !m.conn.send_text(text.clone()) {
                    gone.push(m.conn.id);
                }
            }
            next_held.push((viewer, next.hold()));
        }
        let live = self.live_mut();
        live.seat_views.iter_mut().for_each(|v| *v = None);
        live.spectator_view = None;
        for (viewer, view) in next_held {
            match viewer {
                Viewer::Seat(seat) => live.seat_views[seat] = Some(view),
                _ => live.spectator_view = Some(view),
            }
        }
        self.drop_members(&gone);
        self.recent.version(version, events);
        if let Some(recorded) = recorded {
            self.recent.moved(recorded.clone());
        }
    }
}
