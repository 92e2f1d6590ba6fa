//! A rolling restart under load (the contract's "Several nodes"): three real nodes on one Postgres
//! database and the tests' NATS run many 2-player Abalone matches, played by test clients
//! spread over the nodes; each node in turn is stopped with SIGTERM and started again while play
//! goes on. Clients of a stopped node connect again through another node and join their room
//! again, as a client behind a load balancer would. In the end every acknowledged move is stored
//! exactly once at its ply, and every match made progress after each restart.
//!
//! `PLATEAU_ROLLING_MATCHES` sets the number of matches (default 100).

use plateau_tests::client::WAIT;
use plateau_tests::cluster::{
    assert_stored_once, duel_across, start_nodes, try_play_one, Acked, Attempt,
};
use plateau_tests::{Api, Backend, Client, Player, TestDb};
use serde_json::json;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a match may go without an acknowledged move before the test fails: a SIGTERM hands
/// rooms over at once, so this is slowness of the machine, not failover.
const STALL: Duration = Duration::from_secs(60);

/// One match as its player task holds it.
struct Duel {
    code: String,
    players: [Player; 2],
    clients: [Client; 2],
    /// The node each seat is connected through.
    on: [usize; 2],
    acked: Acked,
}

impl Duel {
    /// Connects seat `s` again through the next node that answers (starting after the one it was
    /// on) and joins the room again; false if no node let it in this time.
    async fn reconnect(&mut self, s: usize, urls: &[String]) -> bool {
        for step in 1..=urls.len() {
            let node = (self.on[s] + step) % urls.len();
            let Some(client) = Client::try_login(&urls[node], &self.players[s]).await else {
                continue;
            };
            let (mark, code) = (client.mark(), self.code.as_str());
            client
                .send(json!({"type": "join", "room": code, "as": "player"}))
                .await;
            let joined = client
                .try_wait_for(mark, WAIT, |f| {
                    (f["type"] == "room" && f["room"]["code"] == code)
                        || (f["type"] == "error" && f["room"] == code)
                })
                .await;
            if joined.is_none_or(|f| f["type"] != "room") {
                // An error while the room itself moves, or this node stopping too: try again.
                continue;
            }
            self.clients[s] = client;
            self.on[s] = node;
            return true;
        }
        false
    }
}

/// Plays `duel` until `stop`, connecting its seats again whenever their node goes away; each
/// acknowledged move's time goes to `progress`. The match, with the moves acknowledged.
async fn play(
    mut duel: Duel,
    urls: Arc<Vec<String>>,
    stop: Arc<AtomicBool>,
    progress: Arc<Mutex<Vec<Instant>>>,
    index: usize,
) -> Duel {
    let mut last = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        for s in 0..2 {
            if duel.clients[s].is_closed() && !duel.reconnect(s, &urls).await {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
        let [a, b] = &duel.clients;
        match try_play_one(&duel.code, &[a, b], &mut duel.acked).await {
            Attempt::Played(_) => {
                last = Instant::now();
                progress.lock().unwrap()[index] = last;
            }
            Attempt::Ended => panic!("match {} ended: the ply cap is out of reach", duel.code),
            Attempt::NotNow => tokio::time::sleep(Duration::from_millis(100)).await,
        }
        assert!(
            last.elapsed() < STALL,
            "match {} made no progress in {STALL:?}: seats on nodes {:?}, views {:?}",
            duel.code,
            duel.on,
            duel.clients
                .iter()
                .map(|c| c.view(&duel.code).map(|(v, _)| v))
                .collect::<Vec<_>>()
        );
    }
    duel
}

/// Waits until every match acknowledged a move after `since` (at most [`STALL`]).
async fn all_progressed(progress: &Mutex<Vec<Instant>>, since: Instant) {
    let deadline = Instant::now() + STALL;
    loop {
        let behind = progress
            .lock()
            .unwrap()
            .iter()
            .filter(|at| **at <= since)
            .count();
        if behind == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{behind} matches made no progress in {STALL:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rolling_restart_under_load_loses_no_acked_move() {
    let matches: usize = std::env::var("PLATEAU_ROLLING_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    let db = TestDb::new(Backend::Postgres).await;
    // Matches must outlive the test: no ply cap within reach.
    let mut nodes = start_nodes(&db, 3, 2000, &[("PLATEAU_MAX_PLIES", "100000")]).await;
    let urls: Arc<Vec<String>> = Arc::new(nodes.iter().map(|n| n.ws_url()).collect());

    // Match i runs on node i (mod 3); its seats play through the two others.
    let mut duels = Vec::with_capacity(matches);
    for i in 0..matches {
        let (host, via_a, via_b) = (i % 3, (i + 1) % 3, (i + 2) % 3);
        let (code, players, clients) =
            duel_across("abalone", &nodes[host], &nodes[via_a], &nodes[via_b]).await;
        duels.push(Duel {
            code,
            players,
            clients,
            on: [via_a, via_b],
            acked: Vec::new(),
        });
    }
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let progress = Arc::new(Mutex::new(vec![started; matches]));
    let tasks: Vec<_> = duels
        .into_iter()
        .enumerate()
        .map(|(i, duel)| tokio::spawn(play(duel, urls.clone(), stop.clone(), progress.clone(), i)))
        .collect();
    all_progressed(&progress, started).await;

    for (n, node) in nodes.iter_mut().enumerate() {
        let signalled = Instant::now();
        let status = node.terminate().await;
        assert!(status.success(), "node {n} stopped: {status}");
        let exited = signalled.elapsed();
        // Play goes on without it: its rooms were handed over, its clients went elsewhere.
        all_progressed(&progress, signalled).await;
        let handed_over = signalled.elapsed();
        node.restart().await;
        let restarted = Instant::now();
        all_progressed(&progress, restarted).await;
        eprintln!(
            "node {n}: exited {exited:?} after SIGTERM; every match moved again {handed_over:?} \
             after the SIGTERM and {:?} after its restart",
            restarted.elapsed()
        );
    }

    stop.store(true, Ordering::Relaxed);
    let mut duels = Vec::with_capacity(matches);
    for task in tasks {
        duels.push(task.await.expect("a match's player task"));
    }
    let api = Api::new(nodes[0].http());
    let mut moves = 0;
    for duel in &duels {
        assert_stored_once(&api, &duel.code, &duel.acked).await;
        moves += duel.acked.len();
    }
    eprintln!(
        "{matches} matches, {moves} acknowledged moves, each stored once, in {:?}",
        started.elapsed()
    );
}
