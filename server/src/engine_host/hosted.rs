//! A room's match, hosted. The engine's state sits behind the guard: the room reaches it only
//! through [`HostedMatch::read`] and [`HostedMatch::play_on_copy`], which run under the guard
//! ([`guarded`]: inline and watched, its panics caught, under the engine's deadline). What the room
//! needs to know between two engine calls (who acts, which seats the rules could play for) is read
//! under the guard whenever the state changes and kept beside it as [`Facts`], so that the room's
//! own task never calls an engine.

use plateau_games::{Match, Seat, Viewer};
use std::sync::Arc;
use std::time::Duration;

use super::guard::{guarded, EngineFailure};
use crate::views::{LegalForms, Moment, RecipientView};

/// The match a room holds.
pub struct HostedMatch {
    /// Never changed in place: a move is played on a copy, made under the guard, which then
    /// replaces it. Shared with the guarded calls (and a thinking bot) that read it meanwhile.
    state: Arc<dyn Match>,
    facts: Facts,
}

/// What the room reads of its match between engine calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// The seats that must act now.
    pub to_act: Vec<Seat>,
    /// Of those, the seats the rules could play for (`Match::default_move`): the server plays
    /// for them when they run out of time.
    pub with_default: Vec<Seat>,
}

impl Facts {
    /// Reads the facts of `m`. Calls the engine: only under the guard.
    fn of(m: &dyn Match) -> Facts {
        let to_act = m.to_act();
        let with_default = to_act
            .iter()
            .copied()
            .filter(|&seat| m.default_move(seat).is_some())
            .collect();
        Facts {
            to_act,
            with_default,
        }
    }

    /// Whether the rules could play for `seat` now.
    pub fn has_default(&self, seat: Seat) -> bool {
        self.with_default.contains(&seat)
    }
}

impl HostedMatch {
    /// Hosts `state`, reading its facts. Calls the engine: only under the guard (inside a closure
    /// given to [`isolated`], [`HostedMatch::play_on_copy`] or a replay).
    pub fn settle(state: Box<dyn Match>) -> HostedMatch {
        let facts = Facts::of(&*state);
        HostedMatch {
            state: Arc::from(state),
            facts,
        }
    }

    pub fn facts(&self) -> &Facts {
        &self.facts
    }

    /// Runs `work` on the state, under the guard.
    pub async fn read<T, W>(&self, budget: Duration, work: W) -> Result<T, EngineFailure>
    where
        T: Send + 'static,
        W: FnOnce(&dyn Match) -> T + Send + 'static,
    {
        let state = self.state.clone();
        guarded(budget, move || work(&*state)).await
    }

    /// Runs `work` on a copy of the state, made under the guard (a copy is an engine call too).
    pub async fn play_on_copy<T, W>(&self, budget: Duration, work: W) -> Result<T, EngineFailure>
    where
        T: Send + 'static,
        W: FnOnce(Box<dyn Match>) -> T + Send + 'static,
    {
        let state = self.state.clone();
        guarded(budget, move || work(state.box_clone())).await
    }

    /// The state, for a bot's search: the bot pool runs it under a guard of its own (its panics
    /// caught, a deadline), on its own threads.
    pub fn for_bot(&self) -> Arc<dyn Match> {
        self.state.clone()
    }
}

/// The views of `viewers` of `m` at `moment`, each with its legal-move list in the forms its
/// recipients asked for. Calls the engine: only under the guard.
pub fn build_views(
    m: &dyn Match,
    viewers: Vec<(Viewer, LegalForms)>,
    moment: &Moment,
) -> Vec<(Viewer, RecipientView)> {
    // Where the end-to-end tests make a view fail (a panic, or a call past its deadline).
    fail::fail_point!("engine-view");
    RecipientView::build_each(m, viewers, moment)
}
