//! Plateau's server: REST ([`api`]), WebSocket sessions ([`ws`]), rooms, one task each owning its
//! match ([`rooms`]), the store over Postgres or SQLite ([`store`]), configuration ([`config`]) and
//! metrics ([`metrics`]), the embedded browser client ([`web`]), and several nodes as one
//! ([`cluster`]). `shared/design.md` draws the
//! path of a move through these parts.

pub mod api;
pub mod app;
pub mod auth;
pub mod cli;
pub mod client_addr;
pub mod cluster;
pub mod config;
pub mod conn;
pub mod counted;
pub mod engine_host;
pub mod error;
pub mod listen;
pub mod metrics;
pub mod pairing;
pub mod passwords;
pub mod rate;
pub mod ratings;
pub mod rooms;
pub mod state;
pub mod store;
pub mod text;
pub mod views;
pub mod web;
pub mod ws;
