//! Backups while running: `plateau backup PATH` copies a serving SQLite database mid-match, the
//! match going on meanwhile; the copy, restored into a fresh directory, starts, and the match plays
//! on from the last move acked before the backup (the restore drill of docs/deploy.md). The command
//! never overwrites a file nor writes through a symbolic link, makes the copy (password and token
//! hashes inside) its owner's alone, and sends a Postgres operator to pg_dump. `plateau backup` is
//! SQLite's: a Postgres database is refused before any path is looked at, so these tests run on
//! SQLite only.

use plateau_tests::scenario::{play_plies, reconnect, started_abalone_duo, Duo};
use plateau_tests::server::binary;
use plateau_tests::{Api, Backend, TestDb, TestServer};
use std::os::unix::fs::{symlink, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output};

fn backup(database_url: &str, path: &std::path::Path) -> Output {
    Command::new(binary())
        .arg("backup")
        .arg(path)
        .args(["--database-url", database_url])
        .env_remove("DATABASE_URL")
        .output()
        .expect("run plateau backup")
}

fn said(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_mid_match_restores_into_a_server_that_plays_on() {
    let db = TestDb::new(Backend::Sqlite).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_abalone_duo(&server, &api, "private").await;
    let acked = play_plies(&code, &[&a, &b], 0, 6).await;
    a.until_version(&code, acked).await;
    let at_backup = a.view(&code).unwrap().1;

    // The copy is taken from the serving database, and the server does not notice.
    let restored = TestDb::new(Backend::Sqlite).await;
    let copy = restored.url.trim_start_matches("sqlite://").to_string();
    let out = backup(&db.url, std::path::Path::new(&copy));
    assert!(out.status.success(), "{}", said(&out));
    let after = play_plies(&code, &[&a, &b], 6, 2).await;
    assert!(
        after > acked,
        "the match went on during and after the backup"
    );

    // Disaster: the server and its files are gone. The copy starts in a directory of its own.
    server.kill9();
    drop(a);
    drop(b);
    let again = TestServer::start(&restored).await;
    let (a, b) = reconnect(&again, &code, &alice, &bob).await;
    let (version, view) = a.view(&code).unwrap();
    assert_eq!(version, acked, "the match is where it was at the backup");
    assert_eq!(view["ply"], 6);
    assert_eq!(view["state"], at_backup["state"]);
    let next = play_plies(&code, &[&a, &b], 6, 2).await;
    assert_eq!(next, acked + 2, "and it plays on from there");

    // The same path again: refused, the copy untouched.
    let size = std::fs::metadata(&copy).unwrap().len();
    let twice = backup(&db.url, std::path::Path::new(&copy));
    assert!(!twice.status.success());
    assert!(
        said(&twice).contains("never overwrites"),
        "{}",
        said(&twice)
    );
    assert_eq!(std::fs::metadata(&copy).unwrap().len(), size);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backing_up_postgres_or_nothing_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("copy.db");
    let postgres = backup("postgres://127.0.0.1/plateau", &target);
    assert!(!postgres.status.success());
    assert!(said(&postgres).contains("pg_dump"), "{}", said(&postgres));
    let missing = format!("sqlite://{}", dir.path().join("none.db").display());
    let nothing = backup(&missing, &target);
    assert!(!nothing.status.success());
    assert!(
        said(&nothing).contains("no SQLite database"),
        "{}",
        said(&nothing)
    );
    assert!(!target.exists(), "nothing written");
}

/// The copy holds every password and token hash: it never goes where a symbolic link at the path
/// points (a dangling one included, which a check for an existing file does not see: another user
/// of a shared directory can plant one), never over a file, and only its owner may read it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_never_follows_a_link_and_is_its_owners_alone() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_account("Alice", "correct horse battery").await;
    // The copy goes where a fresh test database would be, the links beside it.
    let restored = TestDb::new(Backend::Sqlite).await;
    let copy = Path::new(restored.url.trim_start_matches("sqlite://")).to_path_buf();
    let dir = copy.parent().unwrap().to_path_buf();
    let path = |name: &str| dir.join(name);

    // A link to where nothing is yet, and a link to a file: refused, nothing written at either end.
    symlink(path("planted.db"), path("dangling.db")).unwrap();
    std::fs::write(path("someone's.db"), "theirs").unwrap();
    symlink(path("someone's.db"), path("to-a-file.db")).unwrap();
    for link in ["dangling.db", "to-a-file.db"] {
        let out = backup(&db.url, &path(link));
        assert!(!out.status.success(), "{link}: {}", said(&out));
        assert!(said(&out).contains("symbolic link"), "{}", said(&out));
        assert!(std::fs::symlink_metadata(path(link)).unwrap().is_symlink());
    }
    assert!(
        !path("planted.db").exists(),
        "nothing written through the link"
    );
    assert_eq!(
        std::fs::read_to_string(path("someone's.db")).unwrap(),
        "theirs"
    );

    // A new path: a file of its own, mode 0600, and nothing else left beside it (the copy is made
    // in a private directory, then moved).
    let out = backup(&db.url, &copy);
    assert!(out.status.success(), "{}", said(&out));
    let made = std::fs::symlink_metadata(&copy).unwrap();
    assert!(made.is_file());
    assert_eq!(made.permissions().mode() & 0o777, 0o600, "owner only");
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let copy_name = copy.file_name().unwrap().to_string_lossy();
    let mut expected = vec!["dangling.db", "someone's.db", "to-a-file.db", &copy_name];
    expected.sort();
    assert_eq!(left, expected);

    // And it is the database: a server on it signs Alice in.
    let again = TestServer::start(&restored).await;
    let (status, me) = Api::new(again.http())
        .get("/api/v1/players/me", Some(&alice.token))
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{me}");
}
