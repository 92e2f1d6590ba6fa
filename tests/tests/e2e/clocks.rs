//! Clocks (the contract's "Playing in public"): a room's `clock` is echoed in RoomInfo and shown in
//! every view as `clock: {remaining_ms, running, at}`; a Fischer bank runs only while its seat has
//! to act and gains the increment after each of its moves; per-move and correspondence time starts
//! afresh for each decision; a seat out of time in a 2-player Abalone match (no default move)
//! forfeits with `timeout`. Clocks derive from what is stored, so a SIGKILL neither resets nor
//! loses time. Bad settings are refused naming the field.

use chrono::{DateTime, Utc};
use plateau_tests::ending::{ended_by_forfeit, forfeit_patch};
use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{started_duo, started_room, Duo, Seated};
use plateau_tests::strategy::trangouar::hunter;
use plateau_tests::table::{machine_speed_server_with, test_rng};
use plateau_tests::{on_both_databases, Api, Backend, Client, Table, TestDb, TestServer};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A public 2-player Abalone room with `clock`, seated in join order (the host moves first).
fn clocked(clock: Value) -> Value {
    json!({"game": "abalone", "players": 2, "visibility": "public", "clock": clock,
           "seating": "host_first"})
}

/// A view's clock: each seat's remaining milliseconds, the seats whose time runs, and when the
/// figures were taken.
#[derive(Debug)]
struct Clock {
    remaining: Vec<i64>,
    running: Vec<u64>,
    at: DateTime<Utc>,
}

impl Clock {
    fn of(view: &Value) -> Clock {
        let clock = &view["clock"];
        let ints = |v: &Value| -> Vec<Value> { v.as_array().cloned().unwrap_or_default() };
        Clock {
            remaining: ints(&clock["remaining_ms"])
                .iter()
                .map(|v| v.as_i64().expect("remaining_ms are whole numbers"))
                .collect(),
            running: ints(&clock["running"])
                .iter()
                .map(|v| v.as_u64().expect("running are seats"))
                .collect(),
            at: clock["at"]
                .as_str()
                .and_then(|at| at.parse().ok())
                .unwrap_or_else(|| panic!("a view's clock with an RFC 3339 `at`: {view}")),
        }
    }

    /// What a client counting down shows for `seat` at `when` (the server's `at` and the test's
    /// clock are the same machine's).
    fn shown(&self, seat: usize, when: DateTime<Utc>) -> i64 {
        let running = self.running.contains(&(seat as u64));
        let spent = if running {
            (when - self.at).num_milliseconds()
        } else {
            0
        };
        (self.remaining[seat] - spent).max(0)
    }

    /// Milliseconds from `self.at` to `later.at`.
    fn ms_until(&self, later: &Clock) -> i64 {
        (later.at - self.at).num_milliseconds()
    }
}

/// The clock of a fresh snapshot of `room`.
async fn synced(client: &Client, room: &str) -> Clock {
    Clock::of(&client.sync(room).await["view"])
}

/// The clock of the view `client` holds of `room`.
fn held(client: &Client, room: &str) -> Clock {
    Clock::of(&client.view(room).expect("a view").1)
}

/// `value` is `expected` give or take `slack` milliseconds (rounding of stored times and figures).
fn near(value: i64, expected: i64, slack: i64) -> bool {
    (value - expected).abs() <= slack
}

/// A Fischer bank runs only for the seat to move, gains the increment after each move, and its
/// end forfeits the seat (`timeout`).
async fn fischer_runs_gains_and_times_out(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let setting = json!({"kind": "fischer", "initial_s": 3, "increment_s": 2});
    let Duo { code, a, b, .. } = started_duo(&server, &api, clocked(setting.clone())).await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["clock"], setting, "RoomInfo echoes the clock");

    let start = held(&a, &code);
    assert!(
        start.remaining.iter().all(|&r| near(r, 3000, 50)),
        "both banks are full: {start:?}"
    );
    assert_eq!(start.running, [0], "Alice, to move, runs");
    assert_eq!(held(&b, &code).remaining, start.remaining, "same for Bob");
    // Later, a fresh snapshot's figures count down to what the first ones do: Alice's bank has
    // run, Bob's has not.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let later = synced(&a, &code).await;
    let now = Utc::now();
    assert!(
        near(later.shown(0, now), start.shown(0, now), 50),
        "one bank: {start:?} and {later:?} at {now}"
    );
    assert!(
        later.shown(0, now) <= 3000 - 550,
        "Alice's bank ran for 600 ms: {later:?} at {now}"
    );
    assert!(
        near(later.shown(1, now), 3000, 50),
        "Bob's bank stands still"
    );

    tokio::time::sleep(Duration::from_millis(400)).await;
    let mark = b.mark();
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    b.until_version(&code, 2).await;
    let moved = held(&b, &code);
    let used = start.ms_until(&moved);
    assert!(used >= 950, "Alice thought for {used} ms: {moved:?}");
    assert!(
        near(moved.remaining[0], 3000 - used + 2000, 50),
        "after her move Alice has what was left plus 2 s: {moved:?}"
    );
    assert!(
        moved.remaining[0] > 3000,
        "the increment outweighs the time used"
    );
    assert_eq!(moved.running, [1], "now Bob's bank runs");
    assert!(near(moved.remaining[1], 3000, 50), "{moved:?}");

    // Bob never moves: his 3 s run out, and he forfeits.
    let result = ended_by_forfeit(&b, mark, &code, 1, "timeout").await;
    let ended = held(&b, &code);
    let bobs_time = moved.ms_until(&ended);
    assert!(
        (2950..4500).contains(&bobs_time),
        "Bob forfeited {bobs_time} ms after his turn began with 3 s"
    );
    assert_eq!(result["winners"], json!([0]), "{result}");
    assert_eq!(
        result["forfeited"],
        json!([{"seat": 1, "reason": "timeout"}])
    );
    assert_eq!(ended.remaining[1], 0, "Bob is out of time: {ended:?}");
    assert!(ended.running.is_empty(), "no clock runs once it ended");
}
on_both_databases!(fischer_runs_gains_and_times_out);

/// Per move: each decision has the same time, whatever the earlier ones used; a decision not made
/// in time forfeits the seat.
async fn per_move_resets_and_times_out(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo { code, a, b, .. } =
        started_duo(&server, &api, clocked(json!({"kind": "per_move", "s": 2}))).await;
    // Alice uses 1.3 s of her 2 s twice: 2.6 s in all, and no timeout, as each decision starts
    // afresh.
    for (ply, mover) in [(0, &a), (1, &b), (2, &a)] {
        if ply != 1 {
            tokio::time::sleep(Duration::from_millis(1300)).await;
        }
        let version = mover.version(&code);
        let ack = mover
            .play(&code, &format!("m{ply}"), mover.legal(&code)[0].clone())
            .await;
        assert_eq!(ack["type"], "ack", "ply {ply}: {ack}");
        for c in [&a, &b] {
            c.until_version(&code, version + 1).await;
        }
        let clock = held(&a, &code);
        let next = (ply + 1) % 2;
        assert_eq!(clock.running, [next as u64], "{clock:?}");
        assert!(
            near(clock.remaining[next], 2000, 50),
            "a new decision has the whole 2 s: {clock:?}"
        );
    }
    // Bob's decision is not made: he forfeits after 2 s.
    let mark = a.mark();
    let asked = Instant::now();
    let result = ended_by_forfeit(&a, mark, &code, 1, "timeout").await;
    let waited = asked.elapsed();
    assert!(
        (Duration::from_millis(1700)..Duration::from_millis(4000)).contains(&waited),
        "Bob forfeited {waited:?} after his decision began"
    );
    assert_eq!(result["winners"], json!([0]), "{result}");
}
on_both_databases!(per_move_resets_and_times_out);

/// Correspondence: days per decision, shown in the view (nobody waits days here).
async fn correspondence_is_shown(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let setting = json!({"kind": "correspondence", "days": 3});
    let Duo { code, a, b, .. } = started_duo(&server, &api, clocked(setting.clone())).await;
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["clock"], setting);
    const THREE_DAYS: i64 = 3 * 86_400_000;
    let start = held(&b, &code);
    assert!(
        start.remaining.iter().all(|&r| near(r, THREE_DAYS, 50)),
        "three days each: {start:?}"
    );
    assert_eq!(start.running, [0]);
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    b.until_version(&code, 2).await;
    let moved = held(&b, &code);
    assert_eq!(moved.running, [1], "{moved:?}");
    assert!(
        near(moved.remaining[1], THREE_DAYS, 50),
        "Bob has three days: {moved:?}"
    );
    assert!(!b.legal(&code).is_empty());
}
on_both_databases!(correspondence_is_shown);

/// Clock settings outside the contract are `400 bad_request` naming the field, and create nothing.
async fn bad_clocks_are_refused_naming_the_field(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let alice = api.new_player("Alice").await;
    let cases = [
        (
            json!({"kind": "fischer", "initial_s": 0, "increment_s": 5}),
            "clock.initial_s",
        ),
        (
            json!({"kind": "fischer", "initial_s": 86401, "increment_s": 0}),
            "clock.initial_s",
        ),
        (
            json!({"kind": "fischer", "initial_s": 300, "increment_s": 3601}),
            "clock.increment_s",
        ),
        (
            json!({"kind": "fischer", "initial_s": 300}),
            "clock.increment_s",
        ),
        (json!({"kind": "per_move", "s": 0}), "clock.s"),
        (json!({"kind": "per_move", "s": 3601}), "clock.s"),
        (json!({"kind": "per_move", "s": 1.5}), "clock.s"),
        (json!({"kind": "correspondence", "days": 15}), "clock.days"),
        (json!({"kind": "correspondence", "days": "3"}), "clock.days"),
        (json!({"kind": "sandglass", "s": 60}), "clock.kind"),
        (json!({"s": 60}), "clock.kind"),
        (json!("blitz"), "clock"),
    ];
    for (clock, field) in cases {
        let answer = api
            .post("/api/v1/rooms", &clocked(clock.clone()), Some(&alice.token))
            .await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(field),
            "the answer to {clock} names {field}: {message}"
        );
    }
    let (_, lobby) = api.get("/api/v1/rooms", None).await;
    assert_eq!(lobby, json!([]), "no room was created");
    // The bounds themselves are accepted, and null is no clock.
    for clock in [
        json!({"kind": "fischer", "initial_s": 86400, "increment_s": 3600}),
        json!({"kind": "per_move", "s": 1}),
        json!({"kind": "correspondence", "days": 14}),
        Value::Null,
    ] {
        let room = api.create_room(&alice, clocked(clock.clone())).await;
        assert_eq!(room["clock"], clock);
    }
}
on_both_databases!(bad_clocks_are_refused_naming_the_field);

/// A SIGKILL while Bob's bank runs: after the restart his clock shows at most what it showed
/// before, and no less than that minus all the time passed meanwhile (downtime included); Alice's
/// bank is untouched; and the clock still runs out after the restart.
async fn sigkill_neither_resets_nor_loses_time(backend: Backend) {
    let db = TestDb::new(backend).await;
    let mut server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo {
        code,
        alice,
        bob,
        a,
        b,
    } = started_duo(
        &server,
        &api,
        clocked(json!({"kind": "fischer", "initial_s": 6, "increment_s": 0})),
    )
    .await;
    let ack = a.play(&code, "m0", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    b.until_version(&code, 2).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let before = synced(&b, &code).await;
    assert_eq!(before.running, [1], "{before:?}");
    let killed = Utc::now();
    let shown_before = before.shown(1, killed);
    assert!(
        shown_before < 5300,
        "Bob's bank ran: {before:?} at {killed}"
    );

    server.kill9();
    drop((a, b));
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.restart().await;

    let b = Client::login(&server.ws_url(), &bob).await;
    let mark = b.mark();
    b.send(json!({"type": "join", "room": code, "as": "player"}))
        .await;
    b.wait_for(mark, |f| f["type"] == "snapshot").await;
    let after = held(&b, &code);
    let now = Utc::now();
    let shown_after = after.shown(1, now);
    let deadline = Instant::now() + Duration::from_millis(shown_after as u64);
    let passed = (now - killed).num_milliseconds();
    assert_eq!(after.running, [1], "Bob's bank runs again: {after:?}");
    assert!(
        shown_after <= shown_before,
        "no time is given back: {shown_before} ms shown before the crash, {shown_after} after"
    );
    assert!(
        shown_after >= shown_before - passed - 50,
        "no more is lost than the {passed} ms passed: {shown_before} ms shown before the crash, \
         {shown_after} after"
    );
    assert_eq!(
        after.shown(0, now),
        before.shown(0, killed),
        "Alice's bank did not run"
    );

    // The timer came back with the room: Bob still runs out of time.
    let a = Client::login(&server.ws_url(), &alice).await;
    let mark = a.mark();
    a.send(json!({"type": "join", "room": code, "as": "player"}))
        .await;
    let result = ended_by_forfeit(&a, mark, &code, 1, "timeout").await;
    assert!(
        Instant::now() + Duration::from_millis(200) >= deadline,
        "Bob forfeited before his time ran out"
    );
    assert_eq!(result["winners"], json!([0]), "{result}");
}
on_both_databases!(sigkill_neither_resets_nor_loses_time);

/// The version of the first patch of `room` after `mark` whose events include `kind` by `seat`,
/// once `client` holds it.
async fn version_of_event(
    client: &Client,
    mark: usize,
    room: &str,
    kind: &str,
    seat: usize,
) -> u64 {
    let patch = client
        .wait_for(mark, |f| {
            f["type"] == "patch"
                && f["events"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["kind"] == kind && e["seat"] == seat))
        })
        .await;
    let version = patch["version"].as_u64().unwrap();
    client.until_version(room, version).await;
    version
}

/// Only people's time runs: not a bot's, nor a forfeited seat's, which the server plays.
async fn clocks_run_for_people_only(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(&db, &[("PLATEAU_BOT_DELAY_MS", "300")]).await;
    let api = Api::new(server.http());
    let (p0, p1) = (api.new_player("P0").await, api.new_player("P1").await);
    let room = api
        .create_room(
            &p0,
            json!({"game": "abalone", "players": 3, "visibility": "private",
                   "clock": {"kind": "fischer", "initial_s": 60, "increment_s": 0}}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let (c0, c1) = (
        Client::login(&server.ws_url(), &p0).await,
        Client::login(&server.ws_url(), &p1).await,
    );
    c0.join(&code, "player").await;
    c1.join(&code, "player").await;
    c0.send(json!({"type": "start", "room": code, "bots": true}))
        .await;
    c0.until_version(&code, 1).await;
    c1.until_version(&code, 1).await;
    let ack = c0.play(&code, "m0", c0.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    c1.until_version(&code, 2).await;
    assert_eq!(held(&c1, &code).running, [1], "P1, a person, runs");

    // P1 resigns on his turn: the server plays his seat, and no clock runs for it.
    let mark = c0.mark();
    c1.resign(&code).await;
    version_of_event(&c0, mark, &code, "forfeited", 1).await;
    let forfeit = held(&c0, &code);
    assert!(forfeit.running.is_empty(), "{forfeit:?}");
    version_of_event(&c0, mark, &code, "moved", 1).await;
    let bots_turn = held(&c0, &code);
    assert_eq!(c0.view(&code).unwrap().1["to_move"], json!([2]));
    assert!(
        bots_turn.running.is_empty(),
        "a bot has no clock running: {bots_turn:?}"
    );
    assert_eq!(
        bots_turn.remaining[1], forfeit.remaining[1],
        "{bots_turn:?}"
    );
    version_of_event(&c0, mark, &code, "moved", 2).await;
    let back = held(&c0, &code);
    assert_eq!(back.running, [0], "{back:?}");
    assert_eq!(
        back.remaining[2], 60_000,
        "the bot's time never ran: {back:?}"
    );
    assert_eq!(back.remaining[1], forfeit.remaining[1], "{back:?}");
}
on_both_databases!(clocks_run_for_people_only);

/// Trangouar's setup is simultaneous: both clocks run from the start. Seat 0 sets up at once, and
/// seat 1, who does not, runs out 2 s after the start (not after seat 0's move) and forfeits: the
/// rules prescribe no setup for it.
async fn simultaneous_clocks_in_trangouar_setup(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Duo { code, a, b, .. } = started_duo(
        &server,
        &api,
        json!({"game": "trangouar", "players": 2, "visibility": "private",
               "clock": {"kind": "fischer", "initial_s": 2, "increment_s": 0}}),
    )
    .await;
    let start = held(&a, &code);
    assert_eq!(a.view(&code).unwrap().1["to_move"], json!([0, 1]));
    assert_eq!(start.running, [0, 1], "both set up at once: {start:?}");

    tokio::time::sleep(Duration::from_millis(500)).await;
    let ack = a.play(&code, "setup", a.legal(&code)[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    b.until_version(&code, 2).await;
    let set_up = held(&b, &code);
    let used = start.ms_until(&set_up);
    assert_eq!(set_up.running, [1], "{set_up:?}");
    assert!(
        near(set_up.remaining[0], 2000 - used, 50),
        "seat 0 used {used} ms: {set_up:?}"
    );
    assert!(
        near(set_up.remaining[1], 2000 - used, 50),
        "seat 1's clock ran meanwhile: {set_up:?}"
    );

    let result = ended_by_forfeit(&a, 0, &code, 1, "timeout").await;
    let out = start.ms_until(&held(&a, &code));
    assert!(
        (1950..3000).contains(&out),
        "seat 1 forfeited {out} ms after the start, with 2 s"
    );
    assert_eq!(result["winners"], json!([0]), "{result}");
}
on_both_databases!(simultaneous_clocks_in_trangouar_setup);

/// With three sides a timeout does not end the match: the server plays the seat out of time, and
/// the next seat's clock starts. Nobody moving, seats 0 then 1 run out, which leaves seat 2 alone:
/// it wins, with the reason of the last forfeit.
async fn timeouts_in_three_players(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let Seated { code, clients, .. } = started_room(
        &server,
        &api,
        json!({"game": "abalone", "players": 3, "visibility": "private",
               "clock": {"kind": "per_move", "s": 1}}),
        &["P0", "P1", "P2"],
    )
    .await;
    let watcher = &clients[2];
    let start = held(watcher, &code);
    let forfeit = forfeit_patch(watcher, 0, &code, 0, "timeout").await;
    watcher
        .until_version(&code, forfeit["version"].as_u64().unwrap())
        .await;
    assert_eq!(watcher.view(&code).unwrap().1["status"], "playing");
    let served = version_of_event(watcher, 0, &code, "moved", 0).await;
    let mark = watcher.mark();
    let next = held(watcher, &code);
    assert_eq!(next.running, [1], "seat 1 decides next: {next:?}");
    assert!(near(next.remaining[1], 1000, 50), "{next:?}");
    assert!(served > forfeit["version"].as_u64().unwrap());

    let result = ended_by_forfeit(watcher, mark, &code, 1, "timeout").await;
    assert_eq!(result["winners"], json!([2]), "{result}");
    assert_eq!(
        result["forfeited"],
        json!([{"seat": 0, "reason": "timeout"}, {"seat": 1, "reason": "timeout"}])
    );
    let out = next.ms_until(&held(watcher, &code));
    assert!((950..2500).contains(&out), "seat 1 ran out after {out} ms");
    assert!(start.ms_until(&next) >= 950, "{start:?} {next:?}");
}
on_both_databases!(timeouts_in_three_players);

/// A seat out of time on a decision the rules can make for it (Trangouar's lost pearls) does not
/// forfeit: the server plays the rules' default and the match goes on. The room's clock (2 s per
/// move), not `--decision-timeout-secs` (30 s here), says when.
async fn a_timeout_with_a_default_move_plays_it(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server_with(&db, &[("PLATEAU_DECISION_TIMEOUT_SECS", "30")]).await;
    let table = Table::open_clocked(
        &server,
        "trangouar",
        2,
        2,
        json!({"stall_rounds": 20}),
        json!({"kind": "per_move", "s": 2}),
    )
    .await;
    let code = table.code.clone();
    let mut rng = test_rng();
    let mut chooser = |seat: usize, view: &Value| hunter(seat, view, &mut rng);
    table
        .play_until(&mut chooser, |view| view["state"]["phase"] == "lose")
        .await;
    let owed = table.public_view();
    assert_eq!(owed["status"], "playing", "a loss was owed before the end");
    let version = owed["version"].as_u64().unwrap();
    let seat = owed["state"]["pending_loss"]["seat"].as_u64().unwrap();
    let asked = Clock::of(&owed);
    assert_eq!(asked.running, [seat], "the loser's time runs: {asked:?}");

    let patch = table
        .spectator
        .wait_for(0, |f| f["type"] == "patch" && f["version"] == version + 1)
        .await;
    let kinds: Vec<&Value> = patch["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["kind"])
        .collect();
    assert!(
        kinds.contains(&&json!("pearls_lost")) && !kinds.contains(&&json!("forfeited")),
        "the default loss, not a forfeit: {patch}"
    );
    table.spectator.until_version(&code, version + 1).await;
    let played = Clock::of(&table.public_view());
    let waited = asked.ms_until(&played);
    assert!(
        (1950..3500).contains(&waited),
        "the loss was played {waited} ms after it was owed, with 2 s per move"
    );
    let view = table.public_view();
    assert_eq!(view["status"], "playing", "the match goes on: {view}");
    assert_eq!(view["result"], Value::Null);
    assert!(
        near(played.remaining[played.running[0] as usize], 2000, 50),
        "the next decision has its whole time: {played:?}"
    );
}
on_both_databases!(a_timeout_with_a_default_move_plays_it);
