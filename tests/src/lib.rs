//! The end-to-end harness: a fresh database per test ([`db`]) on the Postgres and NATS of
//! [`services`] (the machine's, or throwaway ones the tests start), the real server as a child process
//! on a free port ([`server`]), a REST client ([`rest`]) and a WebSocket client that rebuilds each
//! room's view from the snapshot and every patch ([`client`]), a reverse proxy to put in front of
//! the server ([`proxy`]), a plug to pull between the server and its Postgres ([`plug`]), a push service that checks and
//! decrypts what the server pushes ([`push_service`]), and the
//! set-ups many tests start from ([`scenario`], and [`tournament`] for tournaments). The tests are
//! in `tests/tests/e2e/`.

pub mod client;
pub mod cluster;
pub mod db;
pub mod ending;
pub mod frame_schema;
pub mod history;
pub mod lifeline;
pub mod ndjson;
pub mod plug;
pub mod proxy;
pub mod push_service;
pub mod replay;
pub mod rest;
pub mod scenario;
pub mod server;
pub mod services;
pub mod strategy;
pub mod table;
pub mod tournament;
pub mod transport;

pub use client::Client;
pub use db::{Backend, TestDb};
pub use ndjson::NdjsonStream;
pub use rest::{Api, Player};
pub use server::TestServer;
pub use table::Table;

/// Defines one test per database from `async fn $name(backend: Backend)`.
#[macro_export]
macro_rules! on_both_databases {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::Backend::Sqlite).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::Backend::Postgres).await
            }
        }
    };
}
