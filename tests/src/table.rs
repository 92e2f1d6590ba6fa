//! A whole match through the server: a private room whose first seats are test clients (the
//! "humans") and whose other seats are server bots, watched by a spectator; a driver that plays for
//! the humans as soon as one is to act; and the checks every finished match must pass.

use plateau_games::Viewer;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use serde_json::{json, Value};

use crate::replay::{wire_events, Replay};
use crate::{Api, Client, TestDb, TestServer};

/// A server for test clients that play at machine speed: bots play at once, a connection may
/// sustain 1000 frames a second (the default, 50, suits people; a test client answering every
/// version at once of a 2000-ply match goes beyond it), and the ply cap is raised to 20,000, so
/// that random play (far longer than people's: a Groups-of-Three match of random steps often passes
/// the default 2,000) reaches the rules' own end, which these tests check.
pub async fn machine_speed_server(db: &TestDb) -> TestServer {
    machine_speed_server_with(db, &[]).await
}

/// [`machine_speed_server`] with more environment.
pub async fn machine_speed_server_with(db: &TestDb, env: &[(&str, &str)]) -> TestServer {
    let mut all = vec![
        ("PLATEAU_BOT_DELAY_MS", "0"),
        ("PLATEAU_FRAMES_PER_SEC", "1000"),
        ("PLATEAU_MAX_PLIES", "20000"),
    ];
    all.extend_from_slice(env);
    TestServer::start_with(db, &all).await
}

pub struct Table {
    pub api: Api,
    pub game: String,
    pub code: String,
    pub match_id: String,
    pub players: usize,
    /// The test clients, seat `i` being `humans[i]`; the seats after them are bots.
    pub humans: Vec<Client>,
    pub spectator: Client,
    /// The commitment to the seed, published at the start.
    pub commitment: String,
    /// Moves the driver has sent: the ids of moves are `s<seat>-<n>`, unique in the room (a
    /// known id is answered with its first ack and not played again).
    sent: std::sync::atomic::AtomicUsize,
}

/// What a chooser answers for a human to act: a move, or nothing (the human stays silent and the
/// driver waits for someone else, the server included, to change the room).
pub type Chooser<'a> = dyn FnMut(usize, &Value) -> Option<Value> + 'a;

/// A chooser of random moves among `you.legal`.
pub fn random_chooser(rng: &mut StdRng) -> impl FnMut(usize, &Value) -> Option<Value> + '_ {
    move |_, view| legal_of(view).choose(rng).cloned()
}

/// An RNG for choosers, seeded from `PLATEAU_TEST_SEED` or at random; the seed is printed so that a
/// failing run can be repeated.
pub fn test_rng() -> StdRng {
    let seed = std::env::var("PLATEAU_TEST_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random::<u64>);
    eprintln!("chooser seed: PLATEAU_TEST_SEED={seed}");
    StdRng::seed_from_u64(seed)
}

/// The legal moves listed in a view.
pub fn legal_of(view: &Value) -> Vec<Value> {
    view["you"]["legal"].as_array().cloned().unwrap_or_default()
}

impl Table {
    /// Opens a private room of `game` for `players`, seats `0..humans` taken by new test players
    /// (seat 0 is the host), a spectator watching, and starts it with bots in the other seats.
    /// Returns once every client holds the first snapshot. The clients acknowledge TCP data at once
    /// (see [`crate::transport`]): they play thousands of moves and do not measure latency.
    pub async fn open(
        server: &TestServer,
        game: &str,
        players: usize,
        humans: usize,
        options: Value,
    ) -> Table {
        Table::open_clocked(server, game, players, humans, options, Value::Null).await
    }

    /// [`Table::open`] with the room's `clock` (null: none).
    pub async fn open_clocked(
        server: &TestServer,
        game: &str,
        players: usize,
        humans: usize,
        options: Value,
        clock: Value,
    ) -> Table {
        assert!((1..=players).contains(&humans));
        let api = Api::new(server.http());
        let mut accounts = Vec::new();
        for i in 0..humans {
            accounts.push(api.new_player(&format!("Seat{i}")).await);
        }
        let watcher = api.new_player("Watcher").await;
        let room = api
            .create_room(
                &accounts[0],
                json!({"game": game, "players": players, "visibility": "private",
                       "options": options, "clock": clock}),
            )
            .await;
        let code = room["code"].as_str().expect("code").to_string();
        let mut clients = Vec::new();
        for (seat, account) in accounts.iter().enumerate() {
            let client = Client::login_with(&server.ws_url(), account, true).await;
            let joined = client.join(&code, "player").await;
            assert_eq!(joined["type"], "room", "join: {joined}");
            assert_eq!(
                joined["room"]["seats"][seat]["player"]["id"],
                account.id.as_str()
            );
            clients.push(client);
        }
        let spectator = Client::login_with(&server.ws_url(), &watcher, true).await;
        spectator.join(&code, "spectator").await;
        let mark = clients[0].mark();
        clients[0]
            .send(json!({"type": "start", "room": code, "bots": humans < players}))
            .await;
        clients[0]
            .wait_for(mark, |f| f["type"] == "snapshot" || f["type"] == "error")
            .await;
        for c in clients.iter().chain([&spectator]) {
            c.until_version(&code, 1).await;
        }
        let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
        assert_eq!(info["status"], "playing", "{info}");
        for (seat, s) in info["seats"].as_array().expect("seats").iter().enumerate() {
            assert_eq!(s["bot"], seat >= humans, "seat {seat}: {s}");
        }
        let match_id = info["match"].as_str().expect("match id").to_string();
        let (_, record) = api.get(&format!("/api/v1/matches/{match_id}"), None).await;
        assert_eq!(
            record["rng"]["seed"],
            Value::Null,
            "the seed stays secret during play"
        );
        let commitment = record["rng"]["commitment"]
            .as_str()
            .expect("commitment")
            .to_string();
        Table {
            api,
            game: game.to_string(),
            code,
            match_id,
            players,
            humans: clients,
            spectator,
            commitment,
            sent: Default::default(),
        }
    }

    /// Every client at the table: the humans, then the spectator.
    pub fn clients(&self) -> impl Iterator<Item = &Client> {
        self.humans.iter().chain([&self.spectator])
    }

    /// The spectator's view: the room as it stands.
    pub fn public_view(&self) -> Value {
        self.spectator.view(&self.code).expect("a view").1
    }

    /// Plays for the humans until the match ends (see [`Table::play_until`]).
    pub async fn play_until_end(&self, chooser: &mut Chooser<'_>) -> usize {
        self.play_until(chooser, |_| false).await
    }

    /// Plays for the humans until the match ends or `stop` holds of the spectator's view: whenever a
    /// human's view lists legal moves, `chooser` picks one and the human sends it on the version it
    /// holds; otherwise (bots or the server to act) waits for the next version. Every 20 steps, each
    /// client's patched view is checked against a fresh snapshot. Returns the moves the humans made.
    pub async fn play_until(
        &self,
        chooser: &mut Chooser<'_>,
        stop: impl Fn(&Value) -> bool,
    ) -> usize {
        let code = &self.code;
        let mut sent = 0;
        for step in 0.. {
            assert!(step < 50_000, "the match does not end");
            // Every client at the latest version any of them holds, so that `stop` sees each
            // version a human acts on (the spectator's patch may come after a human's ack).
            let latest = self.clients().map(|c| c.version(code)).max().unwrap_or(0);
            for c in self.clients() {
                c.until_version(code, latest).await;
            }
            let (version, public) = self.spectator.view(code).expect("a view");
            if public["status"] != "playing" || stop(&public) {
                break;
            }
            if step % 20 == 19 {
                for c in self.clients() {
                    c.check_sync(code).await;
                }
            }
            let mut acted = false;
            for (seat, h) in self.humans.iter().enumerate() {
                let (held, view) = h.view(code).expect("a view");
                if held != version {
                    // A bot moved meanwhile: look again.
                    acted = true;
                    break;
                }
                if legal_of(&view).is_empty() {
                    continue;
                }
                let Some(mv) = chooser(seat, &view) else {
                    continue;
                };
                sent += 1;
                let n = self.sent.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let id = format!("s{seat}-{n}");
                let answer = h.play_at(code, &id, held, mv.clone()).await;
                match (answer["type"].as_str(), answer["code"].as_str()) {
                    (Some("ack"), _) => {
                        assert!(
                            answer["version"].as_u64().unwrap() > held,
                            "an ack moves the room on: {answer}"
                        );
                    }
                    // Someone else (a bot, in a simultaneous phase) changed the room first.
                    (_, Some("stale_version" | "not_your_turn")) => assert!(
                        h.version(code) > held,
                        "seat {seat} was refused {mv} at version {held} although nothing changed: {answer}"
                    ),
                    _ => panic!("seat {seat}: the server refused the listed move {mv}: {answer}"),
                }
                acted = true;
                break;
            }
            if !acted {
                // A bot (or the server on a timeout) is to act: wait for the next version.
                self.spectator.until_version(code, version + 1).await;
            }
        }
        sent
    }

    /// The checks every match must pass once it has ended, and its local replay:
    /// - every client got an `ended` frame whose result is the record's, and no patch gap;
    ///   each patched view equals a fresh snapshot, and the final view's result is the record's;
    /// - the record is finished, holds one move per ply, and its seed hashes to the commitment;
    ///   a replay of seed and moves reaches the record's result, and the state the server serves
    ///   (`/state`, nothing hidden after the end) is the replay's;
    /// - every patch carried exactly the events the replay gives for its recipient, and each client's
    ///   final view is the replay's view for it;
    /// - the history lists the match for the first human.
    pub async fn verify_end(&self) -> (Value, Replay) {
        let code = &self.code;
        let record = self.api.match_record(&self.match_id).await;
        assert_eq!(record["status"], "finished", "{record}");
        let result = record["result"].clone();
        assert!(result.is_object(), "a finished match has a result");
        let plies = record["plies"].as_u64().expect("plies");
        assert_eq!(record["moves"].as_array().unwrap().len() as u64, plies);
        assert_eq!(record["rng"]["commitment"], self.commitment.as_str());
        for c in self.clients() {
            let ended = c
                .wait_for(0, |f| f["type"] == "ended" && f["room"] == code.as_str())
                .await;
            assert_eq!(ended["match"], self.match_id.as_str());
            assert_eq!(
                ended["result"], result,
                "the ended frame tells the stored result"
            );
            c.until_version(code, plies + 1).await;
            assert!(c.gaps().is_empty(), "patches followed on: {:?}", c.gaps());
            c.check_sync(code).await;
            let (version, view) = c.view(code).unwrap();
            assert_eq!(version, plies + 1, "one version per ply after the start");
            assert_eq!(view["ply"], plies);
            assert_eq!(view["status"], "finished");
            assert_eq!(view["result"], result, "the final view tells the result");
            assert_eq!(view["to_move"], json!([]));
            assert!(
                view["you"].get("legal").is_none(),
                "nobody acts after the end"
            );
        }

        let replay = Replay::from_record(&record);
        let outcome = replay.last().outcome().expect("the replay ends too");
        // Nobody forfeited: the result is the rules' own.
        let mut replayed = serde_json::to_value(&outcome).unwrap();
        replayed["forfeited"] = json!([]);
        assert_eq!(replayed, result, "the replay reaches the stored result");
        let (_, served) = self
            .api
            .get(&format!("/api/v1/matches/{}/state", self.match_id), None)
            .await;
        assert_eq!(served["ply"], plies);
        assert_eq!(served["view"]["result"], result);
        assert_eq!(
            served["view"]["state"],
            replay.last().view(Viewer::Omniscient),
            "the served final state is the replay's, nothing hidden"
        );

        let viewers = (0..self.humans.len())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator]);
        for (c, viewer) in self.clients().zip(viewers) {
            assert_eq!(
                patch_moves(c, code),
                moves_as_played(&self.game, &record),
                "{viewer:?}: the patches carried the history's moves, a secret one hidden until the end"
            );
            let wire = wire_events(c, code);
            assert_eq!(
                wire.keys().copied().collect::<Vec<_>>(),
                (2..=plies + 1).collect::<Vec<_>>(),
                "{viewer:?} got one patch per version"
            );
            for (version, events) in wire {
                assert_eq!(
                    events,
                    replay.events_for(version, viewer),
                    "{viewer:?}: the events of version {version} are the replay's"
                );
            }
            assert_eq!(
                c.view(code).unwrap().1["state"],
                replay.last().view(viewer),
                "{viewer:?}: the final view is the replay's"
            );
        }

        // The history as the first seat's player reads it: the room is private, so its code is
        // shown to its players only, and to nobody else.
        let first = self.humans[0].player.as_ref().expect("logged in");
        let history_path = format!("/api/v1/matches?player={}&game={}", first.id, self.game);
        let listed = |history: Value| {
            history["matches"]
                .as_array()
                .expect("matches")
                .iter()
                .find(|m| m["id"] == self.match_id.as_str())
                .cloned()
                .unwrap_or_else(|| panic!("the history lists the match: {history}"))
        };
        let (_, history) = self.api.get(&history_path, Some(&first.token)).await;
        let mine = listed(history);
        assert_eq!(mine["status"], "finished");
        assert_eq!(mine["result"], result);
        assert_eq!(mine["plies"], plies);
        assert_eq!(mine["room"], code.as_str());
        let (_, history) = self.api.get(&history_path, None).await;
        assert_eq!(
            listed(history)["room"],
            Value::Null,
            "a private code is hidden"
        );
        (record, replay)
    }
}

/// The move records the patches of `room` carried to `client` (`moves`, an addition), in order.
pub fn patch_moves(client: &Client, room: &str) -> Vec<Value> {
    client
        .frames()
        .into_iter()
        .filter(|f| f["type"] == "patch" && f["room"] == room)
        .flat_map(|f| f["moves"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// A finished match's moves (`record`, as `GET /api/v1/matches/{id}` gives them) as the history
/// gave each of them while the match was played: a secret move (a hidden setup) shown as
/// `{"hidden": true}` until the end, hence in every record but the last move's.
pub fn moves_as_played(game: &str, record: &Value) -> Vec<Value> {
    let entry = plateau_games::registry::find(game).expect("a registered game");
    let moves = record["moves"].as_array().expect("moves");
    let last = moves.len();
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mut m = m.clone();
            if i + 1 < last && entry.is_secret_move(&m["move"]) {
                m["move"] = json!({"hidden": true});
            }
            m
        })
        .collect()
}
