//! The end-to-end tests, in one test binary: each area is a module of it, so that the whole server
//! is linked once for all of them, not once per area (issue 46: 40 binaries made most of a CI
//! run's build). `cargo test -p plateau-tests --test e2e clocks::` runs one area,
//! `cargo test -p plateau-tests --test e2e NAME` the tests whose path holds NAME.
//!
//! A new area is a file in this folder and its line below: a file directly in `tests/tests/` would
//! be a binary of its own again. The areas share one process: a test sets up what it needs (its
//! own database, server and clients) and changes nothing process-wide that another could see.

mod accounts;
mod backup;
mod bad_input;
mod bearer_scheme;
mod behind_a_proxy;
mod blocks;
mod bot_api;
mod bots;
mod bounded_work;
mod cli;
mod clocks;
mod closing;
mod contract;
mod database_away;
mod deploy;
mod draws;
mod durability;
mod engine_isolation;
mod forfeits;
mod full_match;
mod game_groups_of_three;
mod game_pinuid;
mod game_trangouar;
mod game_triominos;
mod hardening_edges;
mod history;
mod load_tool;
mod moderation;
mod move_latency;
mod nodes;
mod nodes_rolling;
mod operations;
mod pairing;
mod privacy;
mod public_url;
mod push;
mod rematch;
mod room_limits;
mod seating;
mod short_notation;
mod text_rules;
mod tournaments;
mod your_games;
