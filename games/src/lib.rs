//! Plateau's rules engines. Pure and deterministic: no async, no I/O, no clock; randomness only from
//! the seeded RNG a match is given. One module per game behind three traits: its rules
//! ([`engine::Game`]), its wire notation ([`notation::Notation`]) and its hints to bots
//! ([`hints::BotHints`]). The server reaches them through [`registry`]; the bots, which read a
//! clock, are the `plateau-bots` crate.

// Plain data and pure rules: nothing here needs unsafe.
#![forbid(unsafe_code)]

pub mod engine;
pub mod hints;
pub mod notation;
pub mod options;
pub mod perft;
pub mod registry;
pub mod testing;
pub mod words;

#[cfg(test)]
mod ply_cap_tests;

pub mod abalone;
pub mod groups_of_three;
pub mod pinuid;
pub mod trangouar;
pub mod triominos;

pub use engine::{
    Audience, Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError,
    Viewer,
};
pub use hints::BotHints;
pub use notation::Notation;
pub use registry::{GameEntry, Match, Played, Seed};
