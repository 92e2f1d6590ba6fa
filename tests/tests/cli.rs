//! The `plateau` command: `perft` prints Abalone's move counts, `migrate` prepares
//! a database the server then uses, and `serve` refuses a configuration it cannot run.

use plateau_tests::server::binary;
use plateau_tests::{Api, Backend, TestDb, TestServer};
use std::process::Command;

fn perft(args: &[&str]) -> u64 {
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
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("perft prints a count")
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
