//! Triominos through the server, over real sockets: whole 2- and 4-player matches to the end (random
//! legal moves; in the 4-player match one seat is a server bot), and what a user would check of
//! them:
//! - no frame a seat receives holds a tile of another seat's rack or of the pile (the racks and the
//!   pile of every version come from a local replay with the seed revealed at the end), and the
//!   spectator gets no rack at all;
//! - the seed hashes to the commitment, and seed + moves rebuild the same deal each seat was shown,
//!   the same events and the same final scores as the last view and `/state`.

use plateau_games::Viewer;
use plateau_tests::replay::{frames_by_version, Replay};
use plateau_tests::table::{machine_speed_server, random_chooser, test_rng};
use plateau_tests::{on_both_databases, Backend, Client, Table, TestDb};
use serde_json::{json, Value};

type Tile = [u64; 3];

/// A tile in a frame: an array of three corner numbers 0..=5 in canonical (ascending) order.
fn as_tile(v: &Value) -> Option<Tile> {
    let a = v.as_array()?;
    if a.len() != 3 {
        return None;
    }
    let t: Vec<u64> = a.iter().map(Value::as_u64).collect::<Option<_>>()?;
    (t[0] <= t[1] && t[1] <= t[2] && t[2] <= 5).then(|| [t[0], t[1], t[2]])
}

fn tiles(v: &Value) -> Vec<Tile> {
    v.as_array()
        .expect("a list of tiles")
        .iter()
        .map(|t| as_tile(t).expect("a tile"))
        .collect()
}

/// Every tile written anywhere in `v`, except where the rules make a tile public: the tile of a
/// `placed` event, the highest triple `revealed` at an opening, and the racks shown in a `round_end`;
/// and, for `viewer`, the tile of its own `drew` event (its own rack: when the round ends in the same
/// version, that tile is already back in the next round's pile, so the state cannot vouch for it).
fn tiles_in(v: &Value, viewer: Viewer, out: &mut Vec<(String, Tile)>, path: &str) {
    if let Some(t) = as_tile(v) {
        out.push((path.to_string(), t));
        return;
    }
    match v {
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| tiles_in(x, viewer, out, &format!("{path}/{i}"))),
        Value::Object(o) => {
            // A move record (a patch's `moves`, `recent`): the tile it placed is on the board, as
            // its `placed` event says, even when a new round has since dealt it back to the pile.
            if let (Some(_), Some(Value::Object(mv))) = (o.get("ply"), o.get("move")) {
                for (k, x) in mv.iter().filter(|(k, _)| *k != "tile") {
                    tiles_in(x, viewer, out, &format!("{path}/move/{k}"));
                }
                return;
            }
            let public = match o.get("kind").and_then(Value::as_str) {
                Some("placed" | "revealed") => Some("tile"),
                Some("round_end") => Some("racks"),
                Some("drew")
                    if o.get("seat")
                        .and_then(Value::as_u64)
                        .map(|s| Viewer::Seat(s as usize))
                        == Some(viewer) =>
                {
                    Some("tile")
                }
                _ => None,
            };
            for (k, x) in o {
                // A list of three winning seats looks like a tile; it is not one.
                if Some(k.as_str()) != public && k != "winners" {
                    tiles_in(x, viewer, out, &format!("{path}/{k}"));
                }
            }
        }
        _ => {}
    }
}

/// What `viewer` must not see at `version`: the other seats' racks and the pile.
fn hidden_at(replay: &Replay, version: u64, viewer: Viewer) -> Vec<(String, Tile)> {
    let all = replay.at_version(version).view(Viewer::Omniscient);
    let private = &all["private"];
    let mut hidden: Vec<(String, Tile)> = tiles(&private["pile"])
        .into_iter()
        .map(|t| ("the pile".to_string(), t))
        .collect();
    for (seat, rack) in private["racks"]
        .as_array()
        .expect("racks")
        .iter()
        .enumerate()
    {
        if viewer != Viewer::Seat(seat) {
            hidden.extend(tiles(rack).into_iter().map(|t| (format!("rack {seat}"), t)));
        }
    }
    hidden
}

/// Every frame `client` (watching as `viewer`) received holds no tile hidden from it at the version
/// it belongs to; the racks it was shown are its own.
fn assert_no_leak(client: &Client, code: &str, replay: &Replay, viewer: Viewer) {
    let mut checked = 0;
    for (version, frame) in frames_by_version(client, code) {
        if version == 0 {
            continue; // before the start: lobby frames
        }
        let hidden = hidden_at(replay, version, viewer);
        let mut seen = Vec::new();
        tiles_in(&frame, viewer, &mut seen, "");
        for (path, tile) in &seen {
            if let Some((whose, _)) = hidden.iter().find(|(_, h)| h == tile) {
                panic!(
                    "{viewer:?} got {tile:?} of {whose} at version {version} ({path}): {}",
                    frame.to_string().chars().take(600).collect::<String>()
                );
            }
        }
        if frame["type"] == "snapshot" {
            let private = &frame["view"]["state"]["private"];
            match viewer {
                Viewer::Seat(seat) => assert_eq!(
                    private["rack"],
                    replay.at_version(version).view(Viewer::Omniscient)["private"]["racks"][seat],
                    "the snapshot shows seat {seat} its own rack"
                ),
                _ => assert_eq!(*private, Value::Null, "a spectator gets no private part"),
            }
        }
        checked += seen.len();
    }
    if viewer != Viewer::Spectator {
        assert!(checked > 0, "{viewer:?} was shown its own tiles");
    }
}

/// Seat views hold only their own rack; the spectator's none. Checked on the final views too.
fn assert_no_rack_for_spectator(table: &Table) {
    let (_, view) = table.spectator.view(&table.code).unwrap();
    assert_eq!(view["you"], Value::Null);
    assert!(view["state"].get("private").is_none(), "{view}");
    assert!(view["state"]["racks"]
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_u64));
}

async fn whole_match(backend: Backend, players: usize, humans: usize, options: Value) {
    let db = TestDb::new(backend).await;
    let server = machine_speed_server(&db).await;
    let table = Table::open(&server, "triominos", players, humans, options).await;
    let code = table.code.clone();

    // The deal: each seat sees its own rack, counts of the others, the pile as a number.
    let start = table
        .spectator
        .wait_for(0, |f| f["type"] == "snapshot" && f["version"] == 1)
        .await["view"]
        .clone();
    assert_eq!(start["state"]["opening"], true);
    let size = if players == 2 { 9 } else { 7 };
    assert_eq!(start["state"]["racks"], json!(vec![size; players]));
    assert_eq!(start["state"]["pile"], 56 - size * players);
    for (seat, h) in table.humans.iter().enumerate() {
        let first = h
            .wait_for(0, |f| f["type"] == "snapshot" && f["version"] == 1)
            .await;
        let rack = &first["view"]["state"]["private"]["rack"];
        assert_eq!(rack.as_array().unwrap().len(), size, "seat {seat}'s rack");
    }

    let mut rng = test_rng();
    let sent = table.play_until_end(&mut random_chooser(&mut rng)).await;
    assert!(sent > 0);
    assert_no_rack_for_spectator(&table);
    let (record, replay) = table.verify_end().await;
    eprintln!(
        "triominos, {players} players: {} plies, result {}",
        record["plies"], record["result"]
    );

    // Same deal: the racks and pile dealt from the seed are those each seat was shown at version 1.
    let dealt = replay.start.view(Viewer::Omniscient);
    for (seat, h) in table.humans.iter().enumerate() {
        let first = h
            .wait_for(0, |f| f["type"] == "snapshot" && f["version"] == 1)
            .await;
        assert_eq!(
            first["view"]["state"]["private"]["rack"], dealt["private"]["racks"][seat],
            "seat {seat} was dealt what the seed deals"
        );
        assert_eq!(first["view"]["state"]["pile"], start["state"]["pile"]);
    }
    // Same final scores: the last view, the record and `/state` all say what the replay says.
    let scores = replay.last().view(Viewer::Omniscient)["scores"].clone();
    assert_eq!(table.public_view()["state"]["scores"], scores);
    assert_eq!(record["result"]["scores"], scores);
    let (_, served) = table
        .api
        .get(&format!("/api/v1/matches/{}/state", table.match_id), None)
        .await;
    assert_eq!(served["view"]["state"]["scores"], scores);
    let round_ends = replay.public_events_of_kind("round_end");
    assert!(!round_ends.is_empty(), "a round was played to its end");
    if let Some(rounds) = record["options"]["rounds"].as_u64() {
        assert_eq!(round_ends.len() as u64, rounds);
        let deals = replay.public_events_of_kind("round_start");
        assert_eq!(
            deals.len() as u64,
            rounds - 1,
            "a new deal for every later round"
        );
    } else {
        let target = record["options"]["target"].as_i64().unwrap();
        let best = scores
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_i64)
            .max();
        assert!(
            best >= Some(target),
            "the match ends at the target: {scores}"
        );
    }

    // No leak, frame by frame and version by version.
    for (seat, h) in table.humans.iter().enumerate() {
        assert_no_leak(h, &code, &replay, Viewer::Seat(seat));
    }
    assert_no_leak(&table.spectator, &code, &replay, Viewer::Spectator);
}

/// Two rounds: the second deal (its `dealt` events, the reshuffled pile) is checked too.
async fn two_players_two_rounds(backend: Backend) {
    whole_match(backend, 2, 2, json!({"rounds": 2})).await;
}

async fn four_players_to_the_target(backend: Backend) {
    whole_match(backend, 4, 3, json!({"target": 50})).await;
}

on_both_databases!(two_players_two_rounds);
on_both_databases!(four_players_to_the_target);
