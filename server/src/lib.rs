//! Plateau's server: REST ([`api`]), WebSocket sessions ([`ws`]) over their connections
//! ([`conn`]), rooms, one task each owning its match ([`rooms`]), the rules engines hosted behind
//! one guard ([`engine_host`]), views and their patches ([`views`]), the store over Postgres or
//! SQLite ([`store`]), accounts ([`accounts`]), moderation and what a player's chat passes
//! ([`moderation`]), tournaments ([`tournaments`]), per-client limits ([`limits`]), configuration
//! ([`config`]) and metrics ([`metrics`]), the embedded browser client ([`web`]), and several nodes
//! as one ([`cluster`]). `docs/design.md` draws the layout, and the path of a move through these
//! parts.

pub mod accounts;
pub mod api;
pub mod app;
pub mod catalogues;
pub mod cli;
pub mod cluster;
pub mod config;
pub mod conn;
pub mod engine_host;
pub mod error;
pub mod limits;
pub mod listen;
pub mod metrics;
pub mod moderation;
pub mod rooms;
pub mod state;
pub mod store;
pub mod text;
pub mod tournaments;
pub mod views;
pub mod web;
pub mod ws;
