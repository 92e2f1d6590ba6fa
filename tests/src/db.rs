//! A fresh database for each test server: a SQLite file in a temporary folder, or a new Postgres
//! database (dropped afterwards) on the server [`crate::services::postgres`] finds or starts
//! (`PLATEAU_TEST_POSTGRES`, else the machine's on 127.0.0.1:5432, else one of the tests' own).
//! Postgres tests fail, never skip, when no Postgres can be had: CI must not pass without them.

use sqlx::{Connection, PgConnection, SqliteConnection};

pub use crate::services::DEFAULT_POSTGRES;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestDb {
    pub url: String,
    /// Holds the SQLite file (and server logs) until the test ends.
    pub dir: tempfile::TempDir,
    /// The admin URL and name of a Postgres database to drop at the end.
    postgres: Option<(String, String)>,
}

impl TestDb {
    pub async fn new(backend: Backend) -> TestDb {
        let dir = tempfile::Builder::new()
            .prefix("plateau-e2e-")
            .tempdir()
            .expect("temp dir");
        match backend {
            Backend::Sqlite => TestDb {
                url: format!("sqlite://{}", dir.path().join("plateau.db").display()),
                dir,
                postgres: None,
            },
            Backend::Postgres => {
                let admin = crate::services::postgres().to_string();
                let name = format!("plateau_e2e_{}", uuid::Uuid::new_v4().simple());
                let mut conn = PgConnection::connect(&admin)
                    .await
                    .unwrap_or_else(|e| panic!("Postgres at {admin} is needed for this test: {e}"));
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&mut conn)
                    .await
                    .expect("create the test database");
                let base = admin
                    .rsplit_once('/')
                    .map_or(admin.as_str(), |(base, _)| base);
                TestDb {
                    url: format!("{base}/{name}"),
                    dir,
                    postgres: Some((admin, name)),
                }
            }
        }
    }
}

impl TestDb {
    /// `plateau admin grant WHO` on this database (a player's id, an account's name, or the name of
    /// a single guest): the first admin, as an operator makes it.
    pub fn grant_admin(&self, who: &str) {
        let out = std::process::Command::new(crate::server::binary())
            .args(["admin", "grant", who, "--database-url", &self.url])
            .env_remove("DATABASE_URL")
            .output()
            .expect("run plateau admin");
        assert!(
            out.status.success(),
            "plateau admin grant {who}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl TestDb {
    /// Makes this test's Postgres database unreachable, as an outage would, without touching any
    /// other database: new connections to it are refused, and its open ones are cut. Panics for
    /// SQLite (the chaos tests are Postgres only).
    pub async fn take_away(&self) {
        self.admin(&[
            "ALTER DATABASE {db} ALLOW_CONNECTIONS false",
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{db}'",
        ])
        .await;
    }

    /// Lets this test's Postgres database accept connections again.
    pub async fn bring_back(&self) {
        self.admin(&["ALTER DATABASE {db} ALLOW_CONNECTIONS true"])
            .await;
    }

    /// Runs statements on the admin database, `{db}` standing for this test's database's name.
    async fn admin(&self, statements: &[&str]) {
        let (admin, name) = self
            .postgres
            .as_ref()
            .expect("only a Postgres test database can be taken away");
        let mut conn = PgConnection::connect(admin)
            .await
            .expect("connect to the admin database");
        for statement in statements {
            sqlx::query(&statement.replace("{db}", name))
                .execute(&mut conn)
                .await
                .unwrap_or_else(|e| panic!("{statement}: {e}"));
        }
    }
}

impl TestDb {
    /// Runs `statements` as they are (no parameters, the same text on either backend): rows as an
    /// earlier version of the server would have left them. Stop the server first.
    pub async fn execute(&self, statements: &[&str]) {
        macro_rules! execute {
            ($conn:ty) => {{
                let mut conn = <$conn>::connect(&self.url).await.expect("connect");
                for statement in statements {
                    sqlx::query(statement)
                        .execute(&mut conn)
                        .await
                        .unwrap_or_else(|e| panic!("{statement}: {e}"));
                }
            }};
        }
        if self.postgres.is_some() {
            execute!(PgConnection)
        } else {
            execute!(SqliteConnection)
        }
    }

    /// Moves the creation of room `code` back by `by`, as if it had waited that much longer (its
    /// rows only: a running server keeps what it loaded, so stop it first and restart it after).
    pub async fn backdate_room(&self, code: &str, by: chrono::Duration) {
        // The same statements on either connection type (each backend binds its own way).
        macro_rules! backdate {
            ($conn:ty) => {{
                let mut conn = <$conn>::connect(&self.url).await.expect("connect");
                let at: chrono::DateTime<chrono::Utc> =
                    sqlx::query_scalar("SELECT created_at FROM rooms WHERE code = $1")
                        .bind(code)
                        .fetch_one(&mut conn)
                        .await
                        .expect("the room's creation");
                sqlx::query("UPDATE rooms SET created_at = $1 WHERE code = $2")
                    .bind(at - by)
                    .bind(code)
                    .execute(&mut conn)
                    .await
                    .expect("backdate the room");
            }};
        }
        if self.postgres.is_some() {
            backdate!(PgConnection)
        } else {
            backdate!(SqliteConnection)
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some((admin, name)) = self.postgres.take() {
            // Drop runs inside the test's runtime: use a thread with a runtime of its own.
            let dropped = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .ok()?;
                runtime.block_on(async {
                    let mut conn = PgConnection::connect(&admin).await.ok()?;
                    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await
                        .ok()
                })
            })
            .join();
            if !matches!(dropped, Ok(Some(_))) {
                eprintln!("warning: a test database was not dropped");
            }
        }
    }
}
