//! Engine hosting: how the server runs the rules engines. Every call the server makes into an engine
//! goes through the guard (its panics caught, under a deadline; [`guarded`] inline and watched for
//! the move path, [`isolated`] on the blocking pool for the rest): a room's calls through its
//! [`HostedMatch`], replays of stored matches through [`checkpoints`] and [`replay`]. A failing
//! engine costs its own match (the room aborts it), never another room or the server (a first
//! runaway on the move path holds one runtime worker until it returns: see [`guard`]). Bots think
//! here too, on threads of their own ([`bots`]).

pub mod bots;
mod checkpoints;
mod guard;
mod hosted;
mod replay;
mod watchdog;

pub use checkpoints::{Checkpoints, StateError};
pub use guard::{guarded, isolated, EngineFailure};
pub use hosted::{build_views, Facts, HostedMatch};
pub use replay::{engine_options, game_of_match, replay_stored};
