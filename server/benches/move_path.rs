//! The server's per-move path without sockets, for each game from a mid-game position: validate
//! (the engine plays the move on a copy of the match), store (`Store::append_move`, committed),
//! view (each seat's and the spectators' view) and diff (the patch from the view held, as the
//! frame's text). Without the store, then on SQLite and on Postgres; and the store alone, one append
//! at a time and 64 at once (what group commit is for).
//!
//! `cargo bench -p plateau --bench move_path`. Postgres: `PLATEAU_BENCH_POSTGRES` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`); a database is created for the run and dropped.

use chrono::Utc;
use criterion::{criterion_group, criterion_main, Criterion};
use futures_util::future::join_all;
use plateau::engine_host::{guarded, isolated};
use plateau::store::{NewMatch, NewMove, RoomRow, RoomWriter, SeatRow, Store};
use plateau::views::{events_for, write_events, HeldView, Moment, RecipientView};
use plateau_games::{registry, Match, Viewer};
use plateau_protocol::rest::{MatchPlayer, Seating, Visibility};
use plateau_protocol::ws::LegalForm;
use plateau_protocol::{PlayerRef, RoomStatus};
use rand::{Rng, SeedableRng};
use serde_json::Value;
use sqlx::{Connection, PgConnection};
use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use uuid::Uuid;

const PLAYERS: usize = 2;
/// Random legal moves from the start to the benchmarked position.
const PLIES: usize = 24;

/// A match of `game` after up to [`PLIES`] random legal moves from a fixed seed (stopping before
/// the move that would end it), with its ply count.
fn mid_game(game: &str) -> (Box<dyn Match>, u64) {
    let entry = registry::find(game).expect("game");
    let options = entry.validate(PLAYERS, &Value::Null).expect("options");
    let mut m = entry.start(&options, PLAYERS, [42; 32]).expect("setup");
    let mut pick = picker(7);
    let mut ply = 0;
    while ply < PLIES as u64 {
        let to_act = m.to_act();
        let seat = to_act[pick.random_range(0..to_act.len())];
        let legal = m.legal_moves(seat);
        let mv = &legal[pick.random_range(0..legal.len())];
        let mut next = m.box_clone();
        next.play(seat, mv).expect("legal");
        if next.to_act().is_empty() {
            break;
        }
        m = next;
        ply += 1;
    }
    (m, ply)
}

fn picker(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// One game's position and the views every recipient holds of it.
struct Position {
    game: &'static str,
    m: Box<dyn Match>,
    ply: u64,
    seat: usize,
    legal: Vec<Value>,
    viewers: Vec<Viewer>,
    held: Vec<HeldView>,
}

impl Position {
    fn new(game: &'static str) -> Position {
        let (m, ply) = mid_game(game);
        let seat = m.to_act()[0];
        let legal = m.legal_moves(seat);
        let viewers: Vec<Viewer> = (0..PLAYERS)
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect();
        let moment = moment(game, ply);
        let held = viewers
            .iter()
            .map(|v| RecipientView::build(&*m, *v, &moment).hold())
            .collect();
        Position {
            game,
            m,
            ply,
            seat,
            legal,
            viewers,
            held,
        }
    }

    /// Validate: the engine plays the `n`-th listed move on a copy.
    fn validate(&self, n: usize) -> (Box<dyn Match>, plateau_games::Played) {
        let mut next = self.m.box_clone();
        let played = next
            .play(self.seat, &self.legal[n % self.legal.len()])
            .expect("legal");
        (next, played)
    }

    /// View and diff: every recipient's new view, and its patch frame as text.
    fn views_and_patches(&self, next: &dyn Match, played: &plateau_games::Played) -> usize {
        let moment = moment(self.game, self.ply + 1);
        let mut bytes = 0;
        let written = write_events(&played.events);
        for (viewer, held) in self.viewers.iter().zip(&self.held) {
            let view = RecipientView::build(next, *viewer, &moment);
            let events = events_for(&written, *viewer);
            let versions = (self.ply + 1, self.ply + 2);
            let frame =
                held.patch_frame(&view, "BENCHROOM", versions, &events, None, LegalForm::Full);
            bytes += frame.len();
            // What the room keeps of the view it sent.
            std::hint::black_box(view.hold());
        }
        bytes
    }
}

fn moment(game: &'static str, ply: u64) -> Moment {
    Moment {
        game,
        version: ply + 1,
        ply,
        status: RoomStatus::Playing,
        result: None,
        clock: None,
        played_by_server: Vec::new(),
    }
}

/// A match row to append moves to: a player, a room, a started match. The room's code and the
/// match's id.
async fn stored_match(store: &Store, game: &str) -> (String, Uuid) {
    let player = PlayerRef::person(Uuid::new_v4(), "bench");
    store
        .create_player(&player, &Uuid::new_v4().to_string(), Utc::now())
        .await
        .expect("player");
    let code = Uuid::new_v4().simple().to_string()[..8].to_uppercase();
    let room = RoomRow {
        code: code.clone(),
        game: game.into(),
        players: PLAYERS,
        visibility: Visibility::Private,
        options: Default::default(),
        host: player.id,
        status: RoomStatus::Waiting,
        match_id: None,
        created_at: Utc::now(),
        vacant_since: None,
        clock: None,
        rematch: None,
        seating: Seating::HostFirst,
        rated: false,
        auto_start: false,
        start_by: None,
        seats: (0..PLAYERS)
            .map(|s| SeatRow {
                seat: s as i32,
                player_id: Some(player.id),
                player_name: Some(player.name.clone()),
                player_bot: Some(false),
                bot: false,
            })
            .collect(),
    };
    store.create_room(&room).await.expect("room");
    let id = Uuid::now_v7();
    let players: Vec<MatchPlayer> = (0..PLAYERS)
        .map(|seat| MatchPlayer {
            seat,
            id: Some(player.id),
            name: player.name.clone(),
            bot: false,
            bot_level: None,
        })
        .collect();
    store
        .room_writer(&code, None)
        .start_match(&NewMatch {
            id,
            game,
            options: &Default::default(),
            players: &players,
            seed: &[0; 32],
            commitment: "",
            started_at: Utc::now(),
            max_plies: 2000,
            clock: None,
        })
        .await
        .expect("match");
    (code, id)
}

fn append<'a>(match_id: Uuid, ply: u64, seat: usize, body: &'a Value) -> NewMove<'a> {
    NewMove {
        match_id,
        ply,
        seat,
        player_id: None,
        client_id: None,
        body,
        at: Utc::now(),
        end: None,
    }
}

const GAMES: [&str; 5] = [
    "abalone",
    "triominos",
    "pinuid",
    "trangouar",
    "groups-of-three",
];

fn without_store(c: &mut Criterion) {
    for game in GAMES {
        let position = Position::new(game);
        let mut group = c.benchmark_group(format!("move_path/{game}"));
        let mut n = 0;
        group.bench_function("validate", |b| {
            b.iter(|| {
                n += 1;
                black_box(position.validate(n))
            })
        });
        let (next, played) = position.validate(0);
        group.bench_function("view+diff", |b| {
            b.iter(|| black_box(position.views_and_patches(&*next, &played)))
        });
        group.bench_function("validate+view+diff", |b| {
            b.iter(|| {
                n += 1;
                let (next, played) = position.validate(n);
                black_box(position.views_and_patches(&*next, &played))
            })
        });
        group.finish();
    }
}

/// The whole path on one database: validate, store, view, diff; and the store alone.
fn with_store(c: &mut Criterion, kind: &str, url: &str) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let store = runtime.block_on(async {
        let store = Store::connect(url, 8).await.expect("connect");
        store.migrate().await.expect("migrate");
        store
    });
    for game in GAMES {
        let position = Position::new(game);
        let (code, match_id) = runtime.block_on(stored_match(&store, game));
        let writer = store.room_writer(&code, None);
        let ply = AtomicU64::new(0);
        let mut group = c.benchmark_group(format!("move_path/{game}/{kind}"));
        group.bench_function("validate+store+view+diff", |b| {
            b.to_async(&runtime).iter(|| {
                let n = ply.fetch_add(1, Ordering::Relaxed) + 1;
                let (writer, position) = (&writer, &position);
                async move {
                    let (next, played) = position.validate(n as usize);
                    writer
                        .append_move(&append(match_id, n, position.seat, &played.canonical))
                        .await
                        .expect("append");
                    black_box(position.views_and_patches(&*next, &played))
                }
            })
        });
        group.finish();
        if game != "abalone" {
            continue;
        }
        let mut group = c.benchmark_group(format!("store/{kind}"));
        let body = position.legal[0].clone();
        group.bench_function("append_move", |b| {
            b.to_async(&runtime).iter(|| {
                let n = ply.fetch_add(1, Ordering::Relaxed) + 1;
                let (writer, body) = (&writer, &body);
                async move {
                    writer
                        .append_move(&append(match_id, n, 0, body))
                        .await
                        .expect("append")
                }
            })
        });
        // 64 rooms appending at once, one move each (a match per room).
        let matches: Vec<(String, Uuid)> = runtime.block_on(async {
            let mut ids = Vec::new();
            for _ in 0..64 {
                ids.push(stored_match(&store, game).await);
            }
            ids
        });
        let plies = AtomicU64::new(0);
        let grouped = runtime.block_on(async {
            store
                .clone()
                .with_group_commit(1, std::time::Duration::ZERO)
        });
        for (name, store) in [
            ("append_move x64 concurrent", &store),
            ("append_move x64 concurrent, group commit", &grouped),
        ] {
            let writers: Vec<(RoomWriter, Uuid)> = matches
                .iter()
                .map(|(code, id)| (store.room_writer(code, None), *id))
                .collect();
            group.bench_function(name, |b| {
                b.to_async(&runtime).iter(|| {
                    let n = plies.fetch_add(1, Ordering::Relaxed) + 1;
                    let (body, writers) = (&body, &writers);
                    async move {
                        let appends: Vec<NewMove> = writers
                            .iter()
                            .map(|(_, id)| append(*id, n, 0, body))
                            .collect();
                        join_all(
                            writers
                                .iter()
                                .zip(&appends)
                                .map(|((writer, _), mv)| writer.append_move(mv)),
                        )
                        .await
                        .into_iter()
                        .collect::<Result<Vec<()>, _>>()
                        .expect("append")
                    }
                })
            });
        }
        group.finish();
    }
    runtime.block_on(store.close());
}

/// The cost of the engine's guard on a move's work, as the room runs it: `guarded` (inline under
/// `catch_unwind`, watched; what the move path uses) against `isolated` (the blocking pool, a
/// caught panic, a deadline; what it used before issue 30).
fn isolation(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    for game in GAMES {
        let position = std::sync::Arc::new(Position::new(game));
        let mut group = c.benchmark_group(format!("move_path/{game}"));
        let mut n = 0;
        for (name, inline) in [
            ("validate+view+diff, guarded inline", true),
            ("validate+view+diff, isolated", false),
        ] {
            group.bench_function(name, |b| {
                b.to_async(&runtime).iter(|| {
                    n += 1;
                    let (p, n) = (position.clone(), n);
                    async move {
                        let work = move || {
                            let (next, played) = p.validate(n);
                            p.views_and_patches(&*next, &played)
                        };
                        let budget = std::time::Duration::from_secs(2);
                        let answer = if inline {
                            guarded(budget, work).await
                        } else {
                            isolated(budget, work).await
                        };
                        black_box(answer.expect("the engine answers"))
                    }
                })
            });
        }
        group.finish();
    }
}

fn sqlite(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    with_store(c, "sqlite", &url);
}

fn postgres(c: &mut Criterion) {
    let admin = std::env::var("PLATEAU_BENCH_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("plateau_bench_{}", Uuid::new_v4().simple());
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let created = runtime.block_on(async {
        let mut conn = PgConnection::connect(&admin).await?;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
    });
    if let Err(e) = created {
        eprintln!("skipping the Postgres benches: no Postgres at {admin}: {e}");
        return;
    }
    let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
    with_store(c, "postgres", &format!("{base}/{name}"));
    let _ = runtime.block_on(async {
        let mut conn = PgConnection::connect(&admin).await?;
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .execute(&mut conn)
            .await
    });
}

criterion_group!(benches, without_store, isolation, sqlite, postgres);
criterion_main!(benches);
