//! The application's composition root: `serve` builds every part (the store, the cluster, the
//! rooms, the state handlers share), brings rooms back from the store, listens
//! (the public listener, and the operations one for `/metrics`), and shuts down gracefully (stop
//! accepting, close sockets with 1001, let rooms finish the write under way, close the database).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use uuid::Uuid;

use crate::accounts::revocation::{Revocations, SpreadRevocations};
use crate::cluster::{Cluster, ClusterPlacement, Leases, Timing};
use crate::config::ServeArgs;
use crate::engine_host::bots::BotPool;
use crate::events::{PlayerEvents, SpreadEvents};
use crate::moderation::blocks::{BlockLists, SpreadBlocks};
use crate::rooms::{Alone, Placement, RoomContext, Rooms};
use crate::state::{AppState, Budgets, Shared};
use crate::store::Store;
use crate::text::chat_filter::ChatFilter;

/// Errors that stop the server from starting.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("database: {0}")]
    Database(#[from] crate::store::StoreError),
    #[error("migrations: {0}")]
    Migrate(#[from] crate::store::MigrateError),
    #[error("several nodes: {0}")]
    Cluster(String),
    #[error("{0}")]
    Config(String),
    #[error("web push: {0}")]
    Push(#[from] crate::push::KeyError),
    #[error("chat filter {0}: {1}")]
    ChatFilter(std::path::PathBuf, std::io::Error),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
}

/// Runs the server until SIGTERM or ctrl-c.
pub async fn serve(args: ServeArgs) -> Result<(), StartError> {
    // Read first: a word list that cannot be read stops the start before anything else.
    let chat_filter = Arc::new(match &args.chat_filter {
        None => ChatFilter::default(),
        Some(path) => {
            let filter =
                ChatFilter::load(path).map_err(|e| StartError::ChatFilter(path.clone(), e))?;
            tracing::info!(entries = filter.len(), path = %path.display(), "chat filter read");
            filter
        }
    });
    // Each commit writer keeps a connection of the pool: some must be left for everything else.
    if args.commit_writers >= args.database.db_connections as usize {
        return Err(StartError::Config(format!(
            "--commit-writers ({}) must be less than --db-connections ({}): each writer keeps a connection",
            args.commit_writers, args.database.db_connections
        )));
    }
    let store = Store::connect(&args.database.database_url, args.database.db_connections).await?;
    store.migrate().await?;
    let store = match args.commit_writers {
        0 => store,
        writers => store.with_group_commit(
            writers,
            std::time::Duration::from_micros(args.commit_linger_us),
        ),
    };
    tracing::info!(
        database = store.kind(),
        commit_writers = args.commit_writers,
        commit_linger_us = args.commit_linger_us,
        "database ready"
    );
    let cluster = match &args.cluster.nats_url {
        None => None,
        Some(url) => Some(Arc::new(join_cluster(url, &store, &args).await?)),
    };
    let shutdown = CancellationToken::new();
    let events = PlayerEvents::new(
        cluster
            .clone()
            .map(|cluster| cluster as Arc<dyn SpreadEvents>),
    );
    // Before the rooms: the pushes of their events are heard from their first.
    let push = crate::push::Push::start(
        &args.push,
        args.public_url.as_deref(),
        store.clone(),
        shutdown.clone(),
    )
    .await?;
    events.heard_by(push.clone());
    let rooms = Rooms::new(
        RoomContext {
            store: store.clone(),
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            bots: BotPool::new(match args.bot_threads {
                0 => std::thread::available_parallelism().map_or(1, |n| n.get() / 2),
                n => n,
            }),
            decision_timeout: Duration::from_secs(args.decision_timeout_secs),
            shutdown: shutdown.clone(),
            limits: args.room_limits.clone(),
            events: events.clone(),
        },
        match &cluster {
            None => Arc::new(Alone) as Arc<dyn Placement>,
            Some(cluster) => Arc::new(ClusterPlacement(cluster.clone())),
        },
    );
    let recovered = rooms.recover().await?;
    tracing::info!(rooms = recovered, "rooms brought back");
    // The cluster's own loops stop after the rooms, once their leases are let go.
    let cluster_stop = CancellationToken::new();
    let revocations = Revocations::new(
        cluster
            .clone()
            .map(|cluster| cluster as Arc<dyn SpreadRevocations>),
    );
    let block_lists = BlockLists::new(
        store.clone(),
        cluster
            .clone()
            .map(|cluster| cluster as Arc<dyn SpreadBlocks>),
    );
    if let Some(rejoins) = rooms.placement().rejoins() {
        tokio::spawn(block_lists.clone().read_again_after_breaks(rejoins));
    }
    if let Some(cluster) = &cluster {
        cluster
            .start(
                Arc::new(rooms.clone()),
                revocations.clone(),
                block_lists.clone(),
                events.clone(),
                cluster_stop.clone(),
            )
            .await
            .map_err(StartError::Cluster)?;
        tracing::info!(node = %cluster.node(), "part of a cluster");
    }
    let state = AppState::new(Shared {
        store: store.clone(),
        rooms: rooms.clone(),
        budgets: Arc::new(Budgets::new(&args.limits)),
        limits: Arc::new(args.limits),
        shutdown: shutdown.clone(),
        sessions: TaskTracker::new(),
        revocations,
        block_lists,
        public_url: args.public_url.map(Arc::from),
        tournaments: crate::tournaments::live::LiveTournaments::new(store.clone()),
        chat_filter,
        events: events.clone(),
        push,
    });
    let public = bind(args.addr).await?;
    let operations = bind_operations(args.metrics_addr).await?;
    // The harness reads both addresses from the log: `listening` comes last.
    if let Some((operations, addr)) = &operations {
        tracing::info!(addr = %local(operations, *addr)?, "metrics listening");
    }
    tracing::info!(addr = %local(&public, args.addr)?, "listening");
    tokio::spawn(state.budgets.clone().forget_quiet(shutdown.clone()));
    // Tournaments are directed from every node, each tournament by the node holding its lease.
    let director = crate::tournaments::director::Director {
        store: store.clone(),
        rooms: rooms.clone(),
        events,
        node: cluster.as_ref().map_or_else(Uuid::new_v4, |c| c.node()),
        lease: Duration::from_millis(args.cluster.lease_ttl_ms),
    };
    let directing = tokio::spawn(director.run(shutdown.clone()));
    let stop = shutdown.clone();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        stop.cancel();
    });
    // Several nodes: once the rooms have stopped here (at once, at shutdown), their leases go, so
    // that the other nodes take them over while this node still closes its connections.
    let handover = cluster.clone().map(|cluster| {
        let (rooms, stop) = (rooms.clone(), shutdown.clone());
        tokio::spawn(async move {
            stop.cancelled().await;
            let _ = tokio::time::timeout(Duration::from_secs(10), rooms.stopped()).await;
            cluster.leave().await;
        })
    });
    let metrics = operations.map(|(operations, _)| {
        let stop = shutdown.clone();
        let metrics = axum::serve(operations, crate::api::operations_router(state.clone()))
            .with_graceful_shutdown(async move { stop.cancelled().await });
        tokio::spawn(async move {
            if let Err(e) = metrics.await {
                tracing::error!(error = %e, "metrics listener error");
            }
        })
    });
    crate::listen::serve(
        public,
        crate::api::router(state.clone()),
        crate::listen::Settings::new(
            &state.limits,
            crate::limits::proxies::TrustedProxies::new(args.trusted_proxies),
        ),
        shutdown.clone(),
    )
    .await;
    if let Some(metrics) = metrics {
        let _ = metrics.await;
    }
    shutdown.cancel();
    state.sessions.close();
    let _ = tokio::time::timeout(Duration::from_secs(5), state.sessions.wait()).await;
    let _ = tokio::time::timeout(Duration::from_secs(10), rooms.stopped()).await;
    let _ = tokio::time::timeout(Duration::from_secs(5), directing).await;
    if let Some(handover) = handover {
        let _ = handover.await;
    }
    cluster_stop.cancel();
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Joins the cluster of `--nats-url`: several nodes share their rooms through Postgres (leases) and
/// NATS, so SQLite is refused.
async fn join_cluster(url: &str, store: &Store, args: &ServeArgs) -> Result<Cluster, StartError> {
    let timing = Timing {
        lease_ttl: Duration::from_millis(args.cluster.lease_ttl_ms),
    };
    let Some(leases) = Leases::new(store, Uuid::new_v4(), timing.lease_ttl) else {
        return Err(StartError::Cluster(
            "--nats-url needs a Postgres database (--database-url postgres://...): \
             several nodes share one database, which SQLite cannot be"
                .into(),
        ));
    };
    Cluster::connect(url, &args.cluster.cluster_name, leases, timing)
        .await
        .map_err(StartError::Cluster)
}

async fn bind(addr: SocketAddr) -> Result<TcpListener, StartError> {
    TcpListener::bind(addr)
        .await
        .map_err(|source| StartError::Listen { addr, source })
}

/// The operations listener: at the address the operator set (which must be had), else at
/// [`crate::config::DEFAULT_METRICS_ADDR`] if it is free. A default that is taken (another Plateau, or another
/// exporter, on this host) is no reason to refuse players: the server warns and runs without it.
async fn bind_operations(
    set: Option<SocketAddr>,
) -> Result<Option<(TcpListener, SocketAddr)>, StartError> {
    if let Some(addr) = set {
        return Ok(Some((bind(addr).await?, addr)));
    }
    let addr = crate::config::DEFAULT_METRICS_ADDR;
    match TcpListener::bind(addr).await {
        Ok(listener) => Ok(Some((listener, addr))),
        Err(error) => {
            tracing::warn!(
                %addr,
                %error,
                "the default metrics address is taken: running without /metrics \
                 (set --metrics-addr to serve it elsewhere)"
            );
            Ok(None)
        }
    }
}

fn local(listener: &TcpListener, addr: SocketAddr) -> Result<SocketAddr, StartError> {
    listener
        .local_addr()
        .map_err(|source| StartError::Listen { addr, source })
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
