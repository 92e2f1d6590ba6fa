//! How much memory the server uses while it streams a long history: writes N finished matches of
//! one player (default 100,000, each of `--plies` moves) straight into a fresh database, starts the
//! server on it, downloads `GET /api/v1/players/{id}/matches.ndjson`, and prints the server's
//! resident memory (VmRSS) before, at each tenth of the lines, and at its peak. Flat memory: the
//! figures at 10% and at 100% are about the same, whatever N.
//!
//! ```sh
//! cargo build --release -p plateau-tests --bins
//! target/release/export-memory                       # SQLite, 100,000 matches
//! target/release/export-memory postgres 20000 10     # backend, matches, moves per match
//! ```
//!
//! The matches are written with plain SQL in large transactions (the store's own path commits
//! each match, too slow for 100,000); only the columns the export reads are filled.

use plateau_tests::{Api, Backend, TestDb, TestServer};
use serde_json::json;
use sqlx::types::Json;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Matches per transaction while seeding.
const BATCH: usize = 500;

/// Writes `$matches` finished matches of `$a` (who wins) against `$b` in `$pool`, `$plies` moves
/// each, [`BATCH`] matches a transaction (a macro: the binding code is compiled per backend).
macro_rules! seed {
    ($pool:ident, $a:expr, $b:expr, $matches:expr, $plies:expr) => {{
        let options = Json(json!({}));
        let players = Json(json!([
            {"seat": 0, "id": $a, "name": "Alice", "bot": false},
            {"seat": 1, "id": $b, "name": "Bob", "bot": false}
        ]));
        let result = Json(json!({"winners": [0], "scores": null, "reason": "seeded"}));
        let start = chrono::Utc::now() - chrono::Duration::days(365);
        for batch in (0..$matches).collect::<Vec<_>>().chunks(BATCH) {
            let mut tx = $pool.begin().await.expect("begin");
            for &i in batch {
                let code = format!("X{i:07}");
                let id = Uuid::now_v7();
                let at = start + chrono::Duration::seconds(i as i64);
                sqlx::query(
                    "INSERT INTO rooms (code, game, players, visibility, options, host, status, match_id, created_at)
                     VALUES ($1, 'abalone', 2, 'private', $2, $3, 'finished', $4, $5)",
                )
                .bind(&code)
                .bind(&options)
                .bind($a)
                .bind(id)
                .bind(at)
                .execute(&mut *tx)
                .await
                .expect("room");
                sqlx::query(
                    "INSERT INTO matches (id, room_code, game, options, players, seed, commitment, status, result,
                                          started_at, ended_at, plies, max_plies)
                     VALUES ($1, $2, 'abalone', $3, $4, $5, 'seeded', 'finished', $6, $7, $7, $8, 2000)",
                )
                .bind(id)
                .bind(&code)
                .bind(&options)
                .bind(&players)
                .bind(vec![0u8; 32])
                .bind(&result)
                .bind(at)
                .bind($plies as i64)
                .execute(&mut *tx)
                .await
                .expect("match");
                for (seat, player) in [$a, $b].into_iter().enumerate() {
                    sqlx::query(
                        "INSERT INTO match_players (match_id, seat, player_id, won) VALUES ($1, $2, $3, $4)",
                    )
                    .bind(id)
                    .bind(seat as i32)
                    .bind(player)
                    .bind(seat == 0)
                    .execute(&mut *tx)
                    .await
                    .expect("seat");
                }
                for ply in 1..=$plies {
                    sqlx::query(
                        "INSERT INTO moves (match_id, ply, seat, player_id, body, at) VALUES ($1, $2, $3, $4, $5, $6)",
                    )
                    .bind(id)
                    .bind(ply as i64)
                    .bind(((ply - 1) % 2) as i32)
                    .bind(if ply % 2 == 1 { $a } else { $b })
                    .bind(Json(json!({"seeded": i, "ply": ply, "notation": "a1b2"})))
                    .bind(at)
                    .execute(&mut *tx)
                    .await
                    .expect("move");
                }
            }
            tx.commit().await.expect("commit");
        }
    }};
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: export-memory [sqlite|postgres] [MATCHES=100000] [PLIES=10]");
        return;
    }
    let backend = match args.first().map(String::as_str) {
        None | Some("sqlite") => Backend::Sqlite,
        Some("postgres") => Backend::Postgres,
        Some(other) => panic!("unknown backend {other}: sqlite or postgres"),
    };
    let matches: usize = args.get(1).map_or(100_000, |n| n.parse().expect("MATCHES"));
    let plies: usize = args.get(2).map_or(10, |n| n.parse().expect("PLIES"));
    // The server under test is the binary beside this one.
    if std::env::var_os("CARGO_BIN_EXE_plateau-under-test").is_none() {
        let exe = std::env::current_exe().expect("this executable");
        let server = exe.with_file_name("plateau-under-test");
        std::env::set_var("CARGO_BIN_EXE_plateau-under-test", server);
    }

    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let pid = server.pid().expect("the server runs");
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let bob = api.new_player("Bob").await;
    let (a, b): (Uuid, Uuid) = (alice.id.parse().unwrap(), bob.id.parse().unwrap());

    let seeding = Instant::now();
    match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&db.url).await.expect("SQLite");
            seed!(pool, a, b, matches, plies);
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(&db.url).await.expect("Postgres");
            seed!(pool, a, b, matches, plies);
        }
    }
    println!(
        "seeded {matches} matches of {plies} moves in {:.1} s ({backend:?})",
        seeding.elapsed().as_secs_f64()
    );

    let before = rss_mib(pid);
    println!("server RSS before the export: {before:.1} MiB");
    let started = Instant::now();
    let mut response = reqwest::get(format!(
        "{}/api/v1/players/{}/matches.ndjson",
        server.http(),
        alice.id
    ))
    .await
    .expect("export");
    assert!(response.status().is_success(), "{}", response.status());
    let (mut lines, mut bytes, mut peak) = (0usize, 0usize, before);
    let mut next_tenth = 1;
    let mut last_sample = Instant::now();
    while let Some(chunk) = response.chunk().await.expect("export body") {
        bytes += chunk.len();
        lines += chunk.iter().filter(|&&b| b == b'\n').count();
        if last_sample.elapsed() > Duration::from_millis(50) {
            peak = peak.max(rss_mib(pid));
            last_sample = Instant::now();
        }
        while matches > 0 && lines * 10 >= next_tenth * matches && next_tenth <= 10 {
            let now = rss_mib(pid);
            peak = peak.max(now);
            println!(
                "{:>3}% ({lines:>7} lines, {:>7.1} MiB sent): server RSS {now:.1} MiB",
                next_tenth * 10,
                bytes as f64 / 1_048_576.0
            );
            next_tenth += 1;
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    assert_eq!(lines, matches, "every match streamed");
    println!(
        "streamed {lines} lines, {:.1} MiB in {elapsed:.1} s ({:.0} matches/s); \
         server RSS peak {peak:.1} MiB, {:+.1} MiB over the start",
        bytes as f64 / 1_048_576.0,
        lines as f64 / elapsed,
        peak - before
    );
}

/// The resident memory of process `pid`, in MiB.
fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc");
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS");
    kib / 1024.0
}
