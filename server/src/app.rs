//! The application: shared state, and `serve`, which brings rooms back from the store, listens, and
//! shuts down gracefully (stop accepting, close sockets with 1001, let rooms finish the write under
//! way, close the database).

use axum::serve::ListenerExt;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::config::{Limits, ServeArgs};
use crate::rooms::{RoomContext, Rooms};
use crate::store::Store;

/// What every handler and session shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub rooms: Rooms,
    pub limits: Arc<Limits>,
    /// Cancelled at shutdown: sessions close with 1001, rooms stop after their command under way.
    pub shutdown: CancellationToken,
    /// Open WebSocket sessions, waited for at shutdown.
    pub sessions: TaskTracker,
    /// `--public-url`: where people reach the server, for invite links (`GET /api/v1/server`).
    pub public_url: Option<Arc<str>>,
}

/// Errors that stop the server from starting.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
}

/// Runs the server until SIGTERM or ctrl-c.
pub async fn serve(args: ServeArgs) -> Result<(), StartError> {
    let store = Store::connect(&args.database.database_url, args.database.db_connections).await?;
    store.migrate().await?;
    let store = match args.commit_writers {
        0 => store,
        writers => store.with_group_commit(writers),
    };
    tracing::info!(
        database = store.kind(),
        commit_writers = args.commit_writers,
        "database ready"
    );
    let shutdown = CancellationToken::new();
    let rooms = Rooms::new(RoomContext {
        store: store.clone(),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        decision_timeout: Duration::from_secs(args.decision_timeout_secs),
        shutdown: shutdown.clone(),
    });
    let recovered = rooms.recover().await?;
    tracing::info!(rooms = recovered, "rooms brought back");
    let state = AppState {
        store: store.clone(),
        rooms: rooms.clone(),
        limits: Arc::new(args.limits),
        shutdown: shutdown.clone(),
        sessions: TaskTracker::new(),
        public_url: args.public_url.map(Arc::from),
    };
    let listener = TcpListener::bind(args.addr)
        .await
        .map_err(|source| StartError::Listen {
            addr: args.addr,
            source,
        })?;
    let addr = listener.local_addr().map_err(|source| StartError::Listen {
        addr: args.addr,
        source,
    })?;
    // Frames are small and written as soon as they are ready: without TCP_NODELAY, a frame written
    // right after another (a patch, then the mover's ack) waits for the peer's delayed ACK, ~40 ms.
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "could not set TCP_NODELAY");
        }
    });
    tracing::info!(%addr, "listening");
    // No Nagle delay: an ack written right after a patch must not wait for the client's delayed
    // ACK of the patch (~40 ms on Linux).
    let listener = listener.tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "could not set TCP_NODELAY");
        }
    });
    let router = crate::api::router(state.clone());
    let stop = shutdown.clone();
    let served = axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            shutdown_signal().await;
            tracing::info!("shutting down");
            stop.cancel();
        })
        .await;
    if let Err(e) = served {
        tracing::error!(error = %e, "server error");
    }
    shutdown.cancel();
    state.sessions.close();
    let _ = tokio::time::timeout(Duration::from_secs(5), state.sessions.wait()).await;
    let _ = tokio::time::timeout(Duration::from_secs(10), rooms.stopped()).await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
