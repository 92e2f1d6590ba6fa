//! Trangouar through the server, over real sockets:
//! - the secret setup: until every setup is in, no frame another seat or a spectator receives holds
//!   anything of a submitted setup, only a per-seat ready flag; then the reveal shows them all;
//! - whole 2-, 3- and 4-player matches to the end (test clients seeking fights with legal moves,
//!   server bots in the other seats, `stall_rounds` bounding the length), every coin of every
//!   `attack` seen over the wire being the one a local replay from the revealed seed flips;
//! - a `lose` decision a player does not answer is played by the server after the decision
//!   timeout, with the rules' default (each pearl from the colour with most; ties red, black, white).

use std::time::Duration;

use plateau_games::Viewer;
use plateau_tests::replay::{frames_by_version, wire_events_of_kind, Replay};
use plateau_tests::strategy::trangouar::{hunter, random_setup, zone_points};
use plateau_tests::table::{machine_speed_server, machine_speed_server_with, test_rng};
use plateau_tests::{on_both_databases, Backend, Client, Table, TestDb};
use serde_json::{json, Value};

fn is_point(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && (b'a'..=b'i').contains(&b[0]) && (b'1'..=b'9').contains(&b[1])
}

fn strings_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings_in(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

/// Every frame `client` (seat `viewer`, or a spectator for `None`) got before version `reveal`
/// tells nothing of another seat's setup: no intersection outside its own zone, no cube on the
/// board, ready events of others without content, and patches that change only versions, who is
/// to act, ready flags, and its own setup and legal moves.
fn assert_setups_hidden(
    client: &Client,
    code: &str,
    viewer: Option<usize>,
    zones: &[String],
    reveal: u64,
) {
    let own: Vec<String> = viewer.map_or_else(Vec::new, |s| zone_points(&zones[s]));
    let mut frames = 0;
    for (version, frame) in frames_by_version(client, code) {
        if version == 0 || version >= reveal {
            continue;
        }
        frames += 1;
        let mut strings = Vec::new();
        strings_in(&frame, &mut strings);
        for s in strings.iter().filter(|s| is_point(s)) {
            assert!(
                own.contains(s),
                "{viewer:?} got intersection {s} before the reveal: {frame}"
            );
        }
        match frame["type"].as_str() {
            Some("snapshot") => {
                let state = &frame["view"]["state"];
                assert_eq!(state["phase"], "setup");
                assert_eq!(state["cubes"], json!([]), "{frame}");
                assert_eq!(
                    state["to_move"],
                    Value::Null,
                    "who starts stays secret: {frame}"
                );
                let keys: Vec<&String> = state.as_object().unwrap().keys().collect();
                assert!(keys.iter().all(|k| [
                    "phase",
                    "zones",
                    "ready",
                    "cubes",
                    "to_move",
                    "pending_loss",
                    "eliminated",
                    "quiet_rounds",
                    "private"
                ]
                .contains(&k.as_str())));
                match viewer {
                    Some(_) => assert_eq!(
                        state["private"]
                            .as_object()
                            .unwrap()
                            .keys()
                            .collect::<Vec<_>>(),
                        ["setup"]
                    ),
                    None => assert!(state.get("private").is_none(), "{frame}"),
                }
            }
            Some("patch") => {
                for op in frame["ops"].as_array().unwrap() {
                    let path = op["path"].as_str().unwrap();
                    let allowed = ["/version", "/ply", "/to_move", "/state/ready/"]
                        .iter()
                        .any(|p| path.starts_with(p))
                        || (viewer.is_some()
                            && (path.starts_with("/state/private/setup") || path == "/you/legal"));
                    assert!(allowed, "{viewer:?} got {op} before the reveal: {frame}");
                }
                for event in frame["events"].as_array().unwrap() {
                    assert_eq!(event["kind"], "ready", "{frame}");
                    if Some(event["seat"].as_u64().unwrap() as usize) != viewer {
                        assert_eq!(
                            *event,
                            json!({"kind": "ready", "seat": event["seat"]}),
                            "another seat's setup is only a ready flag"
                        );
                    }
                }
            }
            _ => {}
        }
    }
    assert!(frames > 0, "{viewer:?} was watching during the setup");
}

async fn hidden_setups(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let players = 3;
    let table = Table::open(
        &server,
        "trangouar",
        players,
        players,
        json!({"stall_rounds": 8}),
    )
    .await;
    let code = table.code.clone();
    let start = table.public_view();
    assert_eq!(start["state"]["phase"], "setup");
    assert_eq!(
        start["to_move"],
        json!([0, 1, 2]),
        "every seat sets up at once"
    );
    let zones: Vec<String> = start["state"]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z.as_str().unwrap().to_string())
        .collect();

    // Seats 2, then 0, then 1 submit a setup of their own making (not one of the listed examples).
    let mut rng = test_rng();
    let mut submitted = vec![Value::Null; players];
    for (n, seat) in [2, 0, 1].into_iter().enumerate() {
        let h = &table.humans[seat];
        let setup = random_setup(&zones[seat], &mut rng);
        let ack = h.play(&code, &format!("setup{seat}"), setup.clone()).await;
        assert_eq!(ack["type"], "ack", "{ack}");
        submitted[seat] = setup["cubes"].clone();
        for c in table.clients() {
            c.until_version(&code, n as u64 + 2).await;
        }
        let (_, own) = h.view(&code).unwrap();
        if n < 2 {
            assert_eq!(
                own["state"]["private"]["setup"], submitted[seat],
                "a seat sees its own setup"
            );
            let public = table.public_view();
            assert_eq!(public["state"]["ready"][seat], true);
            assert_eq!(public["state"]["cubes"], json!([]));
        }
    }
    let reveal = 4;
    for (seat, h) in table.humans.iter().enumerate() {
        assert_setups_hidden(h, &code, Some(seat), &zones, reveal);
    }
    assert_setups_hidden(&table.spectator, &code, None, &zones, reveal);

    // The last setup reveals them all, to everyone.
    for c in table.clients() {
        let patch = c
            .wait_for(0, |f| f["type"] == "patch" && f["version"] == reveal)
            .await;
        let revealed = patch["events"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["kind"] == "revealed")
            .expect("a revealed event")
            .clone();
        assert_eq!(revealed["setups"], json!(submitted));
    }
    let public = &table.public_view()["state"];
    let cubes: usize = submitted.iter().map(|s| s.as_array().unwrap().len()).sum();
    assert_eq!(public["cubes"].as_array().unwrap().len(), cubes);

    // Played to the end, the replay confirms that what each seat saw was its due.
    let mut chooser = |seat: usize, view: &Value| hunter(seat, view, &mut rng);
    table.play_until_end(&mut chooser).await;
    table.verify_end().await;
}

/// Nor does the public match record tell a setup before the reveal: `GET /api/v1/matches/{id}`
/// (anyone may read it, without a token) lists the moves played so far, and `/state` the position.
async fn setups_stay_out_of_the_record_until_the_reveal(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "trangouar", 2, 2, json!({})).await;
    let mut rng = test_rng();
    let zone = table.public_view()["state"]["zones"][0]
        .as_str()
        .unwrap()
        .to_string();
    let ack = table.humans[0]
        .play(&table.code, "setup", random_setup(&zone, &mut rng))
        .await;
    assert_eq!(ack["type"], "ack", "{ack}");
    // Seat 1 has not set up yet: seat 0's army must stay secret, from seat 1 above all.
    assert_eq!(table.public_view()["state"]["phase"], "setup");
    let seat1 = &table.humans[1].player.as_ref().unwrap().token;
    let mut leaks = Vec::new();
    for (path, token) in [
        (format!("/api/v1/matches/{}", table.match_id), None),
        (
            format!("/api/v1/matches/{}", table.match_id),
            Some(seat1.as_str()),
        ),
        (format!("/api/v1/matches/{}/state", table.match_id), None),
        (
            format!("/api/v1/matches/{}/state?ply=1", table.match_id),
            None,
        ),
        (
            format!(
                "/api/v1/matches?player={}",
                table.humans[0].player.as_ref().unwrap().id
            ),
            None,
        ),
    ] {
        let (status, body) = table.api.get(&path, token).await;
        assert!(status.is_success(), "{path}: {status} {body}");
        let mut strings = Vec::new();
        strings_in(&body, &mut strings);
        let points: Vec<&String> = strings.iter().filter(|s| is_point(s)).collect();
        if !points.is_empty() {
            leaks.push(format!("GET {path} tells {points:?}: {body}"));
        }
    }
    assert!(
        leaks.is_empty(),
        "seat 0's secret setup is public before the reveal:\n{}",
        leaks.join("\n")
    );
}

/// The coins of every attack the clients saw are the replay's, and as many as the pearls say.
fn assert_coins_replayed(table: &Table, replay: &Replay) -> usize {
    let flipped = replay.public_events_of_kind("attack");
    for c in table.clients() {
        assert_eq!(
            wire_events_of_kind(c, &table.code, "attack"),
            flipped,
            "the coins seen over the wire are the replay's"
        );
    }
    for (version, attack) in &flipped {
        let before = replay.at_version(version - 1).view(Viewer::Spectator);
        let cube = |at: &Value| {
            before["cubes"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["at"] == *at)
                .cloned()
                .expect("the fighting cubes are on the board")
        };
        assert_eq!(
            attack["attack_coins"].as_array().unwrap().len() as u64,
            cube(&attack["cube"])["black"].as_u64().unwrap(),
            "one coin per black pearl of the attacker: {attack}"
        );
        assert_eq!(
            attack["defence_coins"].as_array().unwrap().len() as u64,
            cube(&attack["target"])["white"].as_u64().unwrap(),
            "one coin per white pearl of the defender: {attack}"
        );
    }
    flipped.len()
}

async fn whole_match(backend: Backend, players: usize, humans: usize, stall_rounds: u64) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(
        &server,
        "trangouar",
        players,
        humans,
        json!({"stall_rounds": stall_rounds, "variant": "fast"}),
    )
    .await;
    let mut rng = test_rng();
    let mut chooser = |seat: usize, view: &Value| hunter(seat, view, &mut rng);
    table.play_until_end(&mut chooser).await;
    let (record, replay) = table.verify_end().await;
    let attacks = assert_coins_replayed(&table, &replay);
    eprintln!(
        "trangouar, {players} players: {} plies, {attacks} attacks, result {}",
        record["plies"], record["result"]
    );
    assert!(attacks > 0, "the test clients sought and found a fight");

    let result = &record["result"];
    let state = &table.public_view()["state"];
    assert_eq!(state["phase"], "over");
    match result["reason"].as_str().unwrap() {
        "last_player_standing" => {
            let winner = result["winners"][0].as_u64().unwrap();
            assert!(state["cubes"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["owner"].is_null() || c["owner"] == winner));
        }
        "stall" => assert_eq!(state["quiet_rounds"], stall_rounds, "{state}"),
        "simultaneous_wipe_out" => assert_eq!(result["winners"], json!([])),
        other => panic!("unexpected end {other}: {result}"),
    }
}

/// Two players start in opposite corners: the stall limit leaves time to meet.
async fn two_players(backend: Backend) {
    whole_match(backend, 2, 1, 16).await;
}

async fn three_players(backend: Backend) {
    whole_match(backend, 3, 2, 10).await;
}

async fn four_players(backend: Backend) {
    whole_match(backend, 4, 2, 10).await;
}

/// The pearls the rules take when the owner of a losing cube does not say: one at a time from the
/// colour with most, ties going red, black, white.
fn default_loss(cube: &Value, count: u64) -> Value {
    let mut left = [
        cube["red"].as_u64().unwrap(),
        cube["black"].as_u64().unwrap(),
        cube["white"].as_u64().unwrap(),
    ];
    let mut lost = [0; 3];
    for _ in 0..count {
        let most = *left.iter().max().unwrap();
        let colour = left.iter().position(|&n| n == most).unwrap();
        left[colour] -= 1;
        lost[colour] += 1;
    }
    json!({"red": lost[0], "black": lost[1], "white": lost[2]})
}

/// A player who lost a fight and does not say which pearls go: after the decision timeout (1 s
/// here) the server plays the rules' default for it, and the match goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_loss_is_played_by_the_server_after_the_timeout() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = machine_speed_server_with(&db, &[("PLATEAU_DECISION_TIMEOUT_SECS", "1")]).await;
    let table = Table::open(&server, "trangouar", 2, 2, json!({"stall_rounds": 20})).await;
    let code = table.code.clone();
    let mut rng = test_rng();

    // Both seek a fight; stop when one of them owes a loss.
    let mut chooser = |seat: usize, view: &Value| hunter(seat, view, &mut rng);
    table
        .play_until(&mut chooser, |view| view["state"]["phase"] == "lose")
        .await;
    let owed = table.public_view();
    assert_eq!(owed["status"], "playing", "a loss was owed before the end");
    let version = owed["version"].as_u64().unwrap();
    let pending = owed["state"]["pending_loss"].clone();
    let seat = pending["seat"].as_u64().unwrap() as usize;
    let cube = owed["state"]["cubes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["at"] == pending["cube"])
        .unwrap()
        .clone();
    let loser = &table.humans[seat];
    loser.until_version(&code, version).await;
    assert!(
        loser.view(&code).unwrap().1["you"]["legal"]
            .as_array()
            .is_some_and(|l| l.iter().all(|m| m["action"] == "lose")),
        "the loser is asked which pearls go: {owed} / {:?}",
        loser.view(&code)
    );
    let waited = std::time::Instant::now();

    // Seat `seat` says nothing. Within a few seconds, the server decides for it.
    assert!(
        table
            .spectator
            .try_wait_for(0, Duration::from_millis(300), |f| f["type"] == "patch"
                && f["version"] == version + 1)
            .await
            .is_none(),
        "nothing happens before the timeout"
    );
    let patch = table
        .spectator
        .try_wait_for(0, Duration::from_secs(5), |f| {
            f["type"] == "patch" && f["version"] == version + 1
        })
        .await
        .expect("the server plays the loss after the timeout");
    let elapsed = waited.elapsed();
    assert!(elapsed >= Duration::from_millis(300), "{elapsed:?}");
    let expected = default_loss(&cube, pending["count"].as_u64().unwrap());
    let lost = patch["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "pearls_lost")
        .unwrap_or_else(|| panic!("a pearls_lost event: {patch}"))
        .clone();
    assert_eq!(lost["seat"], seat);
    assert_eq!(lost["cube"], pending["cube"]);
    assert_eq!(
        lost["pearls"], expected,
        "the colour with most pearls goes: {cube}"
    );
    assert!(
        loser
            .frames()
            .iter()
            .all(|f| f["type"] != "ack" || f["version"] != version + 1),
        "no ack: the player did not move"
    );

    // The record holds the default as the seat's move, stored at least a second after the fight.
    let record = table.api.match_record(&table.match_id).await;
    let moves = record["moves"].as_array().unwrap();
    let (attack, timed_out) = (&moves[version as usize - 2], &moves[version as usize - 1]);
    assert_eq!(attack["move"]["action"], "attack");
    assert_eq!(timed_out["seat"], seat);
    let nonzero: serde_json::Map<String, Value> = expected
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, n)| n.as_u64() != Some(0))
        .map(|(k, n)| (k.clone(), n.clone()))
        .collect();
    assert_eq!(
        timed_out["move"],
        json!({"action": "lose", "pearls": nonzero})
    );
    let at = |m: &Value| {
        chrono::DateTime::parse_from_rfc3339(m["at"].as_str().unwrap()).expect("an RFC 3339 time")
    };
    let gap = at(timed_out) - at(attack);
    assert!(
        gap >= chrono::Duration::milliseconds(1000) && gap < chrono::Duration::seconds(4),
        "the server waited the decision timeout, 1 s: {gap}"
    );

    // The match goes on, the players answering from now on, to its end.
    let mut chooser = |seat: usize, view: &Value| hunter(seat, view, &mut rng);
    table.play_until_end(&mut chooser).await;
    table.verify_end().await;
}

/// Every seat sets up at once, each on the view it was dealt: a setup chosen at version 1 is
/// accepted after the other seats' setups raised the room's version, since they change nothing of
/// what this seat may do. Once play begins, a move chosen before the reveal (which changed what
/// every seat may do) is `stale_version`, and so is a version the room has not reached.
async fn simultaneous_setups_chosen_on_one_version(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let players = 3;
    let table = Table::open(&server, "trangouar", players, players, json!({})).await;
    let code = table.code.clone();
    let zones: Vec<String> = table.public_view()["state"]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z.as_str().unwrap().to_string())
        .collect();
    let mut rng = test_rng();
    for (n, seat) in [1, 0, 2].into_iter().enumerate() {
        let setup = random_setup(&zones[seat], &mut rng);
        let ack = table.humans[seat]
            .play_at(&code, &format!("setup{seat}"), 1, setup)
            .await;
        assert_eq!(
            ack["type"], "ack",
            "seat {seat}'s setup chosen at version 1: {ack}"
        );
        assert_eq!(ack["version"], n as u64 + 2, "{ack}");
    }
    let reveal = 4;
    for c in table.clients() {
        c.until_version(&code, reveal).await;
    }
    let view = table.public_view();
    assert_eq!(view["state"]["phase"], "play", "{view}");
    let first = view["to_move"][0].as_u64().unwrap() as usize;
    let mover = &table.humans[first];
    let legal = mover.legal(&code);
    let mv = legal
        .first()
        .expect("the first seat to play has moves")
        .clone();
    for stale in [3, reveal + 1] {
        let refused = mover
            .play_at(&code, &format!("stale{stale}"), stale, mv.clone())
            .await;
        assert_eq!(
            refused["code"], "stale_version",
            "version {stale}: {refused}"
        );
    }
    assert_eq!(
        table.public_view()["version"],
        reveal,
        "a refused move changes nothing"
    );
    let ack = mover.play_at(&code, "first", reveal, mv).await;
    assert_eq!(ack["type"], "ack", "{ack}");
}

on_both_databases!(hidden_setups);
on_both_databases!(simultaneous_setups_chosen_on_one_version);
on_both_databases!(setups_stay_out_of_the_record_until_the_reveal);
on_both_databases!(two_players);
on_both_databases!(three_players);
on_both_databases!(four_players);
