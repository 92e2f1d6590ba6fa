//! Plateau's rules engines. Pure and deterministic: no async, no I/O, no clock; randomness only from
//! the seeded RNG a match is given. One module per game behind the [`engine::Game`] trait; the server
//! reaches them through [`registry`].

// Plain data and pure rules: nothing here needs unsafe.
#![forbid(unsafe_code)]

pub mod bots;
pub mod engine;
pub mod options;
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

pub use bots::{BotLevel, Budget};
pub use engine::{
    Audience, Event, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
pub use registry::{GameEntry, Match, Played, Seed};
