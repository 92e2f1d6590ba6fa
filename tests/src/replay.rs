//! A finished match rebuilt locally from its public record (`GET /api/v1/matches/{id}`: options,
//! seats, moves and the revealed seed), ply by ply, with the same engines the server runs: what
//! anyone can do to check every die, coin and shuffle, and what the tests compare the wire with.

use std::collections::BTreeMap;

use plateau_games::options::Options;
use plateau_games::{registry, Event, GameEntry, Match, Seed, Viewer};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::Client;

/// One accepted move, replayed.
pub struct Ply {
    pub seat: usize,
    pub mv: Value,
    /// Every event the move caused, with its audience.
    pub events: Vec<Event>,
    /// The match after the move.
    pub after: Box<dyn Match>,
}

pub struct Replay {
    pub entry: &'static dyn GameEntry,
    pub options: Options,
    pub players: usize,
    pub seed: Seed,
    /// The match as dealt (version 1).
    pub start: Box<dyn Match>,
    /// Ply `p` (from 1) is `plies[p - 1]`, and gives version `p + 1`.
    pub plies: Vec<Ply>,
}

impl Replay {
    /// Rebuilds the match of `record` (a `GET /api/v1/matches/{id}` answer of an ended match). Checks
    /// that the revealed seed hashes to the commitment, that every stored move replays, and that
    /// `registry::replay` (what the server's `/state` endpoint runs) reaches the same position.
    pub fn from_record(record: &Value) -> Replay {
        let game = record["game"].as_str().expect("game");
        let entry = registry::find(game).expect("a known game");
        let players = record["players"].as_array().expect("players").len();
        let options = entry
            .validate(players, &record["options"])
            .expect("the stored options are valid");
        let seed_hex = record["rng"]["seed"]
            .as_str()
            .expect("the seed is revealed once the match has ended");
        let seed: Seed = hex::decode(seed_hex)
            .expect("the seed is hex")
            .try_into()
            .expect("the seed has 32 bytes");
        assert_eq!(
            hex::encode(Sha256::digest(seed)),
            record["rng"]["commitment"].as_str().expect("commitment"),
            "the revealed seed hashes to the commitment published at the start"
        );
        let moves = record["moves"].as_array().expect("moves");
        let max_plies = record["max_plies"].as_u64();
        let mut start = entry.start(&options, players, seed).expect("setup");
        if let Some(max_plies) = max_plies {
            start.limit_plies(max_plies);
        }
        let mut current = start.box_clone();
        let mut plies = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m["ply"], i + 1, "moves are listed by ply");
            let seat = m["seat"].as_u64().expect("seat") as usize;
            let played = current.play(seat, &m["move"]).unwrap_or_else(|e| {
                panic!(
                    "ply {}: stored move {} does not replay: {e}",
                    i + 1,
                    m["move"]
                )
            });
            assert_eq!(played.canonical, m["move"], "moves are stored canonical");
            plies.push(Ply {
                seat,
                mv: m["move"].clone(),
                events: played.events,
                after: current.box_clone(),
            });
        }
        let by_registry = registry::replay_capped(
            entry,
            &options,
            players,
            seed,
            max_plies,
            moves
                .iter()
                .map(|m| (m["seat"].as_u64().unwrap() as usize, &m["move"])),
        )
        .expect("registry::replay rebuilds the match");
        assert_eq!(
            by_registry.view(Viewer::Omniscient),
            current.view(Viewer::Omniscient),
            "registry::replay and the ply-by-ply replay agree"
        );
        Replay {
            entry,
            options,
            players,
            seed,
            start,
            plies,
        }
    }

    /// The match at `version` (1: as dealt).
    pub fn at_version(&self, version: u64) -> &dyn Match {
        match version {
            0 => panic!("versions start at 1"),
            1 => &*self.start,
            v => &*self.plies[v as usize - 2].after,
        }
    }

    pub fn last(&self) -> &dyn Match {
        self.at_version(self.plies.len() as u64 + 1)
    }

    pub fn final_version(&self) -> u64 {
        self.plies.len() as u64 + 1
    }

    /// The events of the move that made `version`, as `viewer` may see them.
    pub fn events_for(&self, version: u64, viewer: Viewer) -> Vec<Value> {
        self.plies[version as usize - 2]
            .events
            .iter()
            .filter(|e| e.audience.includes(viewer))
            .map(|e| e.data.clone())
            .collect()
    }

    /// Every event of the match (all audiences) of kind `kind`, in order, with its version.
    pub fn public_events_of_kind(&self, kind: &str) -> Vec<(u64, Value)> {
        self.plies
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                p.events
                    .iter()
                    .filter(|e| e.audience.includes(Viewer::Spectator) && e.data["kind"] == kind)
                    .map(move |e| (i as u64 + 2, e.data.clone()))
            })
            .collect()
    }
}

/// The events each patch of `room` carried to `client`, by version.
pub fn wire_events(client: &Client, room: &str) -> BTreeMap<u64, Vec<Value>> {
    client
        .frames()
        .into_iter()
        .filter(|f| f["type"] == "patch" && f["room"] == room)
        .map(|f| {
            (
                f["version"].as_u64().expect("version"),
                f["events"].as_array().expect("events").clone(),
            )
        })
        .collect()
}

/// Events of kind `kind` a client got over the wire, in order, with their version.
pub fn wire_events_of_kind(client: &Client, room: &str, kind: &str) -> Vec<(u64, Value)> {
    wire_events(client, room)
        .into_iter()
        .flat_map(|(v, events)| {
            events
                .into_iter()
                .filter(|e| e["kind"] == kind)
                .map(move |e| (v, e))
        })
        .collect()
}

/// Each frame of `room` a client got, with the version of the room it belongs to (snapshots and
/// patches carry theirs; other frames belong to the last version received before them).
pub fn frames_by_version(client: &Client, room: &str) -> Vec<(u64, Value)> {
    let mut version = 0;
    client
        .frames()
        .into_iter()
        .filter(|f| f["room"] == room || f["room"]["code"] == room || f["room"].is_null())
        .map(|f| {
            if matches!(f["type"].as_str(), Some("snapshot" | "patch")) && f["room"] == room {
                version = f["version"].as_u64().expect("version");
            }
            (version, f)
        })
        .collect()
}
