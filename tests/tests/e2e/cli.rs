//! The `plateau` command: `perft` prints every game's move counts, `migrate` prepares
//! a database the server then uses, and `serve` refuses a configuration it cannot run.

use plateau_tests::server::binary;
use plateau_tests::{Api, Backend, TestDb, TestServer};
use std::process::Command;

/// The counts `plateau perft ARGS` prints, one a depth from 1 (`depth D: COUNT (S s)`).
fn perft_counts(args: &[&str]) -> Vec<u64> {
    let out = Command::new(binary())
        .arg("perft")
        .args(args)
        .output()
        .expect("run plateau perft");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = String::from_utf8_lossy(&out.stdout).into_owned();
    lines
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let rest = line
                .strip_prefix(&format!("depth {}: ", i + 1))
                .unwrap_or_else(|| panic!("a line a depth: {line:?}"));
            let (count, time) = rest.split_once(' ').expect("a count and a time");
            assert!(time.starts_with('(') && time.ends_with(" s)"), "{line:?}");
            count.parse().expect("a count")
        })
        .collect()
}

/// The deepest count of `plateau perft ARGS`.
fn perft(args: &[&str]) -> u64 {
    *perft_counts(args).last().expect("a count")
}

#[test]
fn perft_prints_the_move_counts() {
    assert_eq!(perft(&["abalone", "--depth", "1"]), 44);
    assert_eq!(perft(&["abalone", "--depth", "2"]), 1936);
    assert_eq!(
        perft(&["abalone", "--layout", "belgian-daisy", "--depth", "2"]),
        2692
    );
    assert_eq!(
        perft(&["abalone", "--layout", "german-daisy", "--depth", "2"]),
        6244
    );
    assert_eq!(perft(&["abalone", "--players", "3", "--depth", "1"]), 40);
    assert_eq!(perft(&["abalone", "--players", "4", "--depth", "1"]), 43);
    let refused = Command::new(binary())
        .args(["perft", "abalone", "--layout", "zigzag", "--depth", "1"])
        .output()
        .unwrap();
    assert!(!refused.status.success(), "an unknown layout is refused");
}

/// Issue 46.6: every game has its perft counts (the rules files' numbers where they give them:
/// games/src/perft/tests.rs says where each comes from), for a seed given as a number or in full.
#[test]
fn perft_counts_every_game() {
    assert_eq!(perft_counts(&["abalone", "--depth", "2"]), [44, 1_936]);
    assert_eq!(perft_counts(&["pinuid", "--depth", "2"]), [10, 100]);
    let quatro = [
        "pinuid",
        "--players",
        "4",
        "--options",
        r#"{"variant":"quatro"}"#,
    ];
    assert_eq!(
        perft_counts(&[&quatro[..], &["--depth", "1"]].concat()),
        [7]
    );
    for players in ["2", "3", "4"] {
        let args = [
            "groups-of-three",
            "--players",
            players,
            "--seed",
            "5",
            "--depth",
            "2",
        ];
        assert_eq!(perft_counts(&args), [2, 12], "{players} players");
    }
    // Games with chance: the counts are the seed's, the same however the seed is written.
    let full_seed = format!("07{}", "0".repeat(62));
    for game in ["triominos", "trangouar"] {
        let by_number = perft_counts(&[game, "--seed", "7", "--depth", "2"]);
        assert_eq!(by_number.len(), 2, "{game}");
        assert!(by_number.iter().all(|&n| n > 0), "{game}: {by_number:?}");
        let in_full = perft_counts(&[game, "--seed", &full_seed, "--depth", "2"]);
        assert_eq!(in_full, by_number, "{game}");
    }
    for refused in [
        &["chess", "--depth", "1"][..],
        &["pinuid", "--players", "9"],
        &["triominos", "--seed", "x7"],
        &["abalone", "--depth", "0"],
    ] {
        let out = Command::new(binary())
            .arg("perft")
            .args(refused)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{refused:?} is refused");
    }
}

#[tokio::test]
async fn migrate_prepares_a_database_the_server_uses() {
    let db = TestDb::new(Backend::Sqlite).await;
    let out = Command::new(binary())
        .args(["migrate", "--database-url", &db.url])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run plateau migrate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = db.url.trim_start_matches("sqlite://");
    assert!(
        std::path::Path::new(path).exists(),
        "the SQLite file is created"
    );
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    api.new_player("Alice").await;
}

/// Each commit writer keeps one of the pool's connections: a server with as many writers as
/// connections would leave none for anything else, and refuses to start, saying why.
#[tokio::test]
async fn serve_refuses_as_many_commit_writers_as_database_connections() {
    let db = TestDb::new(Backend::Sqlite).await;
    let out = Command::new(binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--database-url", &db.url])
        .args(["--db-connections", "2", "--commit-writers", "2"])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run plateau serve");
    assert!(!out.status.success(), "the server did not start");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--commit-writers (2) must be less than --db-connections (2)"),
        "{said}"
    );
}
