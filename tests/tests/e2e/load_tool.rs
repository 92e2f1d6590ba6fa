//! The load tool runs each scenario briefly (seconds) against a server started here, in-process
//! through its library, so that it cannot rot. No figure is asserted: only that each scenario did
//! its work without errors.

use plateau_load::{Cli, Summary};
use plateau_tests::cluster::start_nodes;
use plateau_tests::{Api, Backend, TestDb, TestServer};

/// A server whose flood limits do not stop a few matches played flat out.
async fn server(db: &TestDb) -> TestServer {
    TestServer::start_with(
        db,
        &[
            ("PLATEAU_BOT_DELAY_MS", "0"),
            ("PLATEAU_FRAMES_PER_SEC", "1000"),
            ("PLATEAU_FRAME_BURST", "2000"),
        ],
    )
    .await
}

async fn load(server: &TestServer, args: &[&str]) -> Summary {
    load_on(std::slice::from_ref(server), args).await
}

/// The tool run against every node of `servers` (`--addr a,b,...`).
async fn load_on(servers: &[TestServer], args: &[&str]) -> Summary {
    let server = &servers[0];
    let addr = servers
        .iter()
        .map(|s| s.addr.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let mut argv = vec!["plateau-load", "--addr", &addr, "--progress", "0"];
    argv.extend_from_slice(args);
    let cli = <Cli as clap::Parser>::try_parse_from(argv).expect("arguments");
    let summary = plateau_load::run(&cli)
        .await
        .unwrap_or_else(|e| panic!("{args:?}: {e}\n{}", server.log_tail()));
    println!("{}", summary.to_text());
    // The JSON summary is what scripts read.
    let json: serde_json::Value = serde_json::from_str(&summary.to_json()).expect("JSON summary");
    assert_eq!(json["scenario"], args[0]);
    summary
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_holds_connections_and_reads_the_server_memory() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = server(&db).await;
    let metrics_addr = server.metrics_addr.to_string();
    let summary = load(
        &server,
        &[
            "idle",
            "--connections",
            "200",
            "--players",
            "10",
            "--hold",
            "0.5",
            "--metrics-addr",
            &metrics_addr,
        ],
    )
    .await;
    assert_eq!(summary.counters["connected"], 200, "{:?}", summary.errors);
    assert_eq!(summary.extra["connections_held"], 200);
    assert_eq!(summary.extra["server_connections_gauge"], 200.0);
    assert_eq!(summary.extra["memory_source"], "/metrics");
    assert!(summary.extra["server_bytes_per_connection"].is_number());
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}

/// `idle --game`: the connections are the seats of started matches, held while nobody moves; the
/// server's own figures show the rooms playing and every seat connected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_holds_started_matches() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = server(&db).await;
    let metrics_addr = server.metrics_addr.to_string();
    let summary = load(
        &server,
        &[
            "idle",
            "--game",
            "abalone",
            "--connections",
            "20",
            "--players",
            "20",
            "--hold",
            "0.5",
            "--metrics-addr",
            &metrics_addr,
        ],
    )
    .await;
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
    assert_eq!(summary.counters["connected"], 20);
    assert_eq!(summary.extra["matches_held"], 10);
    assert_eq!(summary.extra["players_per_match"], 2);
    assert_eq!(summary.extra["server_connections_gauge"], 20.0);
    assert!(summary.extra["server_bytes_per_connection"].is_number());
    let (_, rooms) = Api::new(server.http())
        .get("/api/v1/matches?status=playing", None)
        .await;
    assert_eq!(
        rooms["matches"].as_array().map(Vec::len),
        Some(10),
        "{rooms}"
    );
}

async fn play_on(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = server(&db).await;
    // A ply cap makes matches end, so the tool's next-match path runs too.
    let summary = load(
        &server,
        &[
            "play",
            "--matches",
            "4",
            "--duration",
            "3",
            "--options",
            r#"{"max_plies": 10}"#,
        ],
    )
    .await;
    assert!(summary.counters["moves_acked"] > 0);
    assert!(summary.counters["matches_ended"] > 0);
    assert!(summary.latency_ms["move_ack"].count > 0);
    assert!(summary.latency_ms["move_patch"].count > 0);
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_sqlite() {
    play_on(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_postgres() {
    play_on(Backend::Postgres).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_at_a_set_rate_with_another_game() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = server(&db).await;
    let summary = load(
        &server,
        &[
            "play",
            "--game",
            "pinuid",
            "--players",
            "3",
            "--options",
            r#"{"variant": "quatro"}"#,
            "--matches",
            "2",
            "--rate",
            "20",
            "--duration",
            "2",
        ],
    )
    .await;
    let acked = summary.counters["moves_acked"];
    assert!(acked > 0 && acked <= 60, "about 20/s for 2 s: {acked}");
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}

/// `--bot-matches`: matches against the server's bots beside the measured ones, counted apart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_beside_matches_against_bots() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = server(&db).await;
    let summary = load(
        &server,
        &[
            "play",
            "--matches",
            "2",
            "--bot-matches",
            "3",
            "--bot-level",
            "easy",
            "--duration",
            "3",
        ],
    )
    .await;
    assert!(summary.counters["moves_acked"] > 0);
    assert_eq!(summary.extra["matches_ready"], 2);
    assert_eq!(summary.extra["bot_matches_ready"], 3);
    assert_eq!(summary.extra["bot_level"], "easy");
    // Each of these moves was answered by a bot: the bots played.
    let against_bots = summary.extra["bot_matches_moves_acked"].as_u64().unwrap();
    assert!(against_bots >= 3, "{against_bots}");
    assert_eq!(summary.extra["bot_matches_errors"], 0);
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn churn_cycles() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = server(&db).await;
    let summary = load(&server, &["churn", "--concurrency", "4", "--duration", "2"]).await;
    assert!(summary.counters["cycles"] > 0);
    assert!(summary.latency_ms["join"].count > 0);
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}

/// The forwarded frames a node counted.
async fn forwarded(node: &TestServer) -> f64 {
    let text = reqwest::get(format!("{}/metrics", node.metrics_http()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    plateau_load::memory::gauge(&text, "plateau_frames_forwarded_total").unwrap_or(0.0)
}

/// Two nodes of one Plateau: each match's room runs on the node it was created through and its
/// seats play through the other one, so both nodes forward; churn spreads its connections too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_and_churn_over_two_nodes() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(
        &db,
        2,
        2000,
        &[
            ("PLATEAU_FRAMES_PER_SEC", "1000"),
            ("PLATEAU_FRAME_BURST", "2000"),
        ],
    )
    .await;
    let summary = load_on(
        &nodes,
        &[
            "play",
            "--matches",
            "4",
            "--duration",
            "3",
            "--options",
            r#"{"max_plies": 10}"#,
        ],
    )
    .await;
    assert_eq!(summary.extra["nodes"], 2);
    assert!(summary.counters["moves_acked"] > 0);
    assert!(summary.counters["matches_ended"] > 0);
    assert!(
        summary.errors.is_empty(),
        "{:?}\n{}\n---\n{}",
        summary.errors,
        nodes[0].log_text(),
        nodes[1].log_text()
    );
    for node in &nodes {
        assert!(forwarded(node).await > 0.0, "{}", node.log_tail());
    }
    let summary = load_on(&nodes, &["churn", "--concurrency", "4", "--duration", "2"]).await;
    assert!(summary.counters["cycles"] > 0);
    assert!(summary.errors.is_empty(), "{:?}", summary.errors);
}
