//! What idle tournaments cost (issue 45: 2,040 idle arenas took 28% of a core, for up to twelve
//! hours; the goal is 10,000 under 2%): writes N private tournaments nobody has entered straight
//! into a fresh database (half upcoming, starting in a day; half arenas of 720 minutes starting
//! now, which the director starts), starts the server, waits until it has started every arena
//! due, then prints the server's CPU (user + system, from `/proc`) over a window, as a share of
//! one core, with the director's turns in that window (`plateau_tournament_turns_total`).
//!
//! ```sh
//! cargo build --release -p plateau-tests --bins
//! target/release/idle-tournaments                     # SQLite, 10,000 tournaments, 30 s
//! target/release/idle-tournaments postgres 10000 60   # backend, tournaments, seconds
//! ```
//!
//! Written with plain SQL in one transaction (the REST route has a budget of 5 open a creator).

use plateau_tests::{Api, Backend, TestDb, TestServer};
use serde_json::json;
use sqlx::types::Json;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// Writes `$n` tournaments of `$creator` in `$pool`, half upcoming and half due now.
macro_rules! seed {
    ($pool:ident, $creator:expr, $n:expr) => {{
        let now = chrono::Utc::now();
        let clock = Json(json!({"kind": "per_move", "s": 60}));
        let mut tx = $pool.begin().await.expect("begin");
        for i in 0..$n {
            let starts_at = if i % 2 == 0 {
                now + chrono::Duration::days(1)
            } else {
                now
            };
            sqlx::query(
                "INSERT INTO tournaments (id, name, kind, game, match_size, options, clock, rated,
                   visibility, creator, starts_at, rounds, minutes, join_secs, status, created_at,
                   wake_at)
                 VALUES ($1, $2, 'arena', 'abalone', 2, $3, $4, FALSE, 'private', $5, $6, NULL, 720,
                   30, 'upcoming', $7, $6)",
            )
            .bind(Uuid::new_v4())
            .bind(format!("Idle {i}"))
            .bind(Json(json!({})))
            .bind(&clock)
            .bind($creator)
            .bind(starts_at)
            .bind(now)
            .execute(&mut *tx)
            .await
            .expect("tournament");
        }
        tx.commit().await.expect("commit");
    }};
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("usage: idle-tournaments [sqlite|postgres] [TOURNAMENTS=10000] [SECONDS=30]");
        return;
    }
    let backend = match args.first().map(String::as_str) {
        None | Some("sqlite") => Backend::Sqlite,
        Some("postgres") => Backend::Postgres,
        Some(other) => panic!("unknown backend {other}: sqlite or postgres"),
    };
    let n: usize = args
        .get(1)
        .map_or(10_000, |n| n.parse().expect("TOURNAMENTS"));
    let window = Duration::from_secs(args.get(2).map_or(30, |s| s.parse().expect("SECONDS")));
    // The server under test is the binary beside this one.
    if std::env::var_os("CARGO_BIN_EXE_plateau-under-test").is_none() {
        let exe = std::env::current_exe().expect("this executable");
        let server = exe.with_file_name("plateau-under-test");
        std::env::set_var("CARGO_BIN_EXE_plateau-under-test", server);
    }

    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let creator: Uuid = api.new_player("Creator").await.id.parse().unwrap();
    // Seeded with the server stopped, then started on them: as after a restart.
    server.terminate().await;
    let seeding = Instant::now();
    match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&db.url).await.expect("SQLite");
            seed!(pool, creator, n);
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(&db.url).await.expect("Postgres");
            seed!(pool, creator, n);
        }
    }
    println!(
        "seeded {n} tournaments in {:.1} s ({backend:?}): {} upcoming, {} due now",
        seeding.elapsed().as_secs_f64(),
        n.div_ceil(2),
        n / 2
    );
    server.restart().await;
    let pid = server.pid().expect("the server runs");
    let turns = || async {
        server
            .metric("plateau_tournament_turns_total")
            .await
            .unwrap_or(0.0)
    };
    // Until every arena due is started: the turns stop growing.
    let started = Instant::now();
    let mut last = -1.0;
    loop {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let now = turns().await;
        if now == last && now >= (n / 2) as f64 {
            break;
        }
        last = now;
    }
    println!(
        "{last} turns to start the arenas due, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let (cpu_before, turns_before) = (cpu_seconds(pid), turns().await);
    let at = Instant::now();
    tokio::time::sleep(window).await;
    let cpu = cpu_seconds(pid) - cpu_before;
    let elapsed = at.elapsed().as_secs_f64();
    println!(
        "{n} idle tournaments, {backend:?}: server CPU {:.2}% of a core over {elapsed:.0} s \
         ({cpu:.3} s), {} director turns",
        100.0 * cpu / elapsed,
        turns().await - turns_before
    );
}

/// The CPU time process `pid` has used (user and system), in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc");
    // After the command's name in parentheses: fields 14 and 15 (utime, stime) of stat(5).
    let fields: Vec<&str> = stat[stat.rfind(')').expect("stat") + 2..]
        .split_whitespace()
        .collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    // Clock ticks per second: 100 on Linux.
    ticks / 100.0
}
