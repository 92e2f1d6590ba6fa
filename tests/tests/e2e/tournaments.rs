//! Tournaments *(addition)*, end to end: created over REST, entered by players, paired by the
//! director into ordinary rooms that start by themselves, played (here: every seat but the first
//! resigns once the match has started, so every winner is known), scored from the stored results,
//! and exported. A player who never comes forfeits its match (`no_show`) and is paired no more.

use plateau_tests::rest::assert_error;
use plateau_tests::server::admin_cli;
use plateau_tests::tournament::{
    create, detail, enter, entered, play_through, played, points, seats, starting_in,
};
use plateau_tests::{on_both_databases, Api, Backend, Client, Player, TestDb, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::time::{Duration, Instant};

async fn a_swiss_runs_to_the_end_and_a_no_show_forfeits(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());

    // Creating: public is for admins and moderators, private for accounts; guests create none.
    let guest = api.new_player("Guest").await;
    let director = api.new_account("Director", "correct horse battery").await;
    let swiss = json!({"name": "Friday Swiss", "kind": "swiss", "game": "abalone", "players": 2,
                       "clock": {"kind": "per_move", "s": 60}, "rounds": 3, "visibility": "public",
                       "join_secs": 5});
    for (who, body) in [
        (&guest, json!({"visibility": "private"})),
        (&director, json!({})),
    ] {
        let mut request = swiss.clone();
        request
            .as_object_mut()
            .unwrap()
            .extend(body.as_object().unwrap().clone());
        let (status, answer) = api
            .post("/api/v1/tournaments", &request, Some(&who.token))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    }
    admin_cli(&db, "grant", "Director").expect("plateau admin grant");
    // Bad input: no clock, no rounds.
    for remove in ["clock", "rounds"] {
        let mut request = swiss.clone();
        request.as_object_mut().unwrap().remove(remove);
        let (status, answer) = api
            .post("/api/v1/tournaments", &request, Some(&director.token))
            .await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "without {remove}: {answer}"
        );
    }
    let id = create(&api, &director, &starting_in(swiss.clone(), 2)).await;
    let (_, upcoming) = api.get("/api/v1/tournaments?status=upcoming", None).await;
    assert_eq!(upcoming["tournaments"][0]["id"], id.as_str(), "{upcoming}");

    // Seven who play, and Eve, who enters and never comes.
    let mut players = Vec::new();
    for name in ["Ann", "Bob", "Cid", "Dee", "Fay", "Gus", "Hal", "Eve"] {
        let p = api.new_player(name).await;
        enter(&api, &id, &p).await;
        players.push(p);
    }
    let eve = players.pop().unwrap();
    let tasks: Vec<_> = players
        .iter()
        .map(|p| tokio::spawn(play_through(server.ws_url(), id.clone(), p.clone())))
        .collect();
    for task in tasks {
        task.await.expect("a player's task");
    }

    let t = detail(&api, &id).await;
    assert_eq!(t["status"], "finished", "{t}");
    let rounds = t["rounds_played"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "{t}");
    // Nobody met twice; every round pairs each entrant still in at most once.
    let eve_entrant = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"]["name"] == "Eve")
        .map(|s| s["entrant"].as_u64().unwrap())
        .unwrap();
    let mut met = HashSet::new();
    let mut score = [0.0f64; 8];
    let mut eve_out_after = None;
    for round in rounds {
        let mut seen = HashSet::new();
        for p in round["pairings"].as_array().unwrap() {
            let seats = seats(p);
            for &s in &seats {
                assert!(
                    seen.insert(s),
                    "entrant {s} twice in round {}",
                    round["round"]
                );
            }
            if let [a, b] = seats[..] {
                assert!(met.insert((a.min(b), a.max(b))), "{a} and {b} met twice");
            }
            let got = points(p);
            for (s, g) in seats.iter().zip(&got) {
                score[*s as usize] += g;
            }
            if seats.contains(&eve_entrant) {
                assert!(
                    eve_out_after.is_none(),
                    "Eve paired after she did not come: {t}"
                );
                if seats.len() == 2 {
                    // Her opponent won by her absence.
                    let hers = seats.iter().position(|&s| s == eve_entrant).unwrap();
                    assert_eq!(got[hers], 0.0);
                    assert_eq!(got[1 - hers], 2.0);
                    eve_out_after = Some(round["round"].clone());
                }
            }
        }
    }
    assert!(eve_out_after.is_some(), "Eve was paired in a match: {t}");
    // The standings are the points of the rounds, best first, Eve withdrawn.
    let standings = t["standings"].as_array().unwrap();
    for line in standings {
        let e = line["entrant"].as_u64().unwrap() as usize;
        assert_eq!(line["points"].as_f64().unwrap(), score[e], "{line}");
        assert_eq!(line["withdrawn"], line["player"]["name"] == "Eve", "{line}");
    }
    let ordered: Vec<f64> = standings
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    assert!(ordered.windows(2).all(|w| w[0] >= w[1]), "{ordered:?}");

    // The export is the standings, a line each.
    let response = reqwest::get(format!(
        "{}/api/v1/tournaments/{id}/results.ndjson",
        server.http()
    ))
    .await
    .unwrap();
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let lines: Vec<Value> = response
        .text()
        .await
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&lines, standings);
    // Over: nobody joins any more; Eve's match record says why she lost.
    let (status, _) = api
        .post(
            &format!("/api/v1/tournaments/{id}/join"),
            &json!({}),
            Some(&eve.token),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
}
on_both_databases!(a_swiss_runs_to_the_end_and_a_no_show_forfeits);

async fn a_group_arena_fills_seats_with_bots_and_scores_places(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let host = api.new_account("Host", "correct horse battery").await;
    // Three entrants, matches of four: one group, its last seat a bot; a short arena.
    let id = create(
        &api,
        &host,
        &json!({"name": "Quick four", "kind": "arena", "game": "triominos", "players": 4,
                    "clock": {"kind": "per_move", "s": 60}, "minutes": 1, "join_secs": 10}),
    )
    .await;
    let mut clients = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        let p = api.new_player(name).await;
        enter(&api, &id, &p).await;
        clients.push((Client::login(&server.ws_url(), &p).await, p));
    }
    // Following a tournament that does not exist is `not_found`; `join` names one thing.
    let (ann_client, _) = &clients[0];
    let unknown = uuid::Uuid::new_v4().to_string();
    ann_client
        .expect_error(json!({"type": "join", "tournament": unknown}), "not_found")
        .await;
    ann_client
        .expect_error(
            json!({"type": "join", "tournament": id, "room": "ABCDEFGH", "as": "player"}),
            "bad_request",
        )
        .await;
    // The first pairing: one room of four seats, three entrants and a bot.
    let deadline = Instant::now() + Duration::from_secs(20);
    let pairing = loop {
        let t = detail(&api, &id).await;
        if let Some(p) = t["rounds_played"][0]["pairings"][0].as_object() {
            break Value::Object(p.clone());
        }
        assert!(Instant::now() < deadline, "never paired: {t}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let seats = pairing["seats"].as_array().unwrap().clone();
    assert_eq!(seats.len(), 4, "{pairing}");
    assert_eq!(seats.iter().filter(|s| s.is_null()).count(), 1, "{pairing}");
    let room = pairing["room"].as_str().unwrap().to_string();
    for (client, _) in &clients {
        client.join(&room, "player").await;
    }
    let (first, _) = &clients[0];
    first
        .wait_for(0, |f| f["type"] == "snapshot" && f["room"] == room.as_str())
        .await;
    // Two resign: they place last, the first to go lowest.
    let t = detail(&api, &id).await;
    let entrant_of = |name: &str| {
        t["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player"]["name"] == name)
            .map(|s| s["entrant"].clone())
            .unwrap()
    };
    let (ann, bob, cid) = (entrant_of("Ann"), entrant_of("Bob"), entrant_of("Cid"));
    clients[1].0.resign(&room).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    clients[2].0.resign(&room).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Ann goes too: the bot, last in, wins; Ann, the last to forfeit, is second.
    clients[0].0.resign(&room).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let scored = loop {
        let t = detail(&api, &id).await;
        let p = &t["rounds_played"][0]["pairings"][0];
        if !p["points"].is_null() {
            break p.clone();
        }
        assert!(Instant::now() < deadline, "the match never ended: {t}");
        tokio::time::sleep(Duration::from_millis(300)).await;
    };
    let points = scored["points"].as_array().unwrap();
    let at = |e: &Value| seats.iter().position(|s| s == e).unwrap();
    assert_eq!(
        points[at(&bob)],
        0.0,
        "Bob resigned first: last place, {scored}"
    );
    assert_eq!(
        points[at(&cid)],
        1.0,
        "Cid resigned next: third place, {scored}"
    );
    assert_eq!(
        points[at(&ann)],
        2.0,
        "Ann resigned last: second place, {scored}"
    );
    let total: f64 = points.iter().map(|p| p.as_f64().unwrap()).sum();
    assert_eq!(total, 6.0, "3 + 2 + 1 + 0: {scored}");
}
on_both_databases!(a_group_arena_fills_seats_with_bots_and_scores_places);

/// A node directing a Swiss dies with -9 once the first round is paired: the other node takes the
/// tournament over when its lease runs out, with the rooms of the round, and the Swiss runs to its
/// end there, each round paired once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_tournament_is_replaced() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = plateau_tests::cluster::start_nodes(&db, 2, 2000, &[]).await;
    // Node 1 away: node 0 directs the tournament from its start.
    nodes[1].kill9();
    let api = Api::new(nodes[0].http());
    let swiss = json!({"name": "Failover Swiss", "kind": "swiss", "game": "abalone", "players": 2,
                       "clock": {"kind": "per_move", "s": 60}, "rounds": 3});
    let tournament = entered(&api, swiss, &["Ann", "Bob", "Cid", "Dee"]).await;
    let id = tournament.id.clone();
    let deadline = Instant::now() + Duration::from_secs(20);
    while detail(&api, &id).await["rounds_played"]
        .as_array()
        .unwrap()
        .is_empty()
    {
        assert!(Instant::now() < deadline, "round 1 never paired");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    nodes[0].kill9();
    nodes[1].restart().await;
    let t = played(nodes[1].http(), nodes[1].ws_url(), &tournament, None).await;
    let rounds = t["rounds_played"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "{t}");
    let mut met = HashSet::new();
    for round in rounds {
        let pairings = round["pairings"].as_array().unwrap();
        assert_eq!(pairings.len(), 2, "round {}: {t}", round["round"]);
        for p in pairings {
            let seats = seats(p);
            assert!(
                met.insert((seats[0].min(seats[1]), seats[0].max(seats[1]))),
                "{t}"
            );
            assert!(p["points"].is_array(), "{t}");
        }
    }
    assert!(
        nodes[1].log_contains("tournament finished"),
        "{}",
        nodes[1].log_tail()
    );
}

/// A Swiss of 4-player Triominos with 8 entrants: each round two groups of four by points, each
/// match worth 3, 2, 1 and 0 points by place, the leaders of round 1 together in round 2.
async fn a_swiss_of_four_player_matches_groups_by_points(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let swiss = json!({"name": "Tiles", "kind": "swiss", "game": "triominos", "players": 4,
                       "clock": {"kind": "per_move", "s": 60}, "rounds": 2});
    let names: Vec<String> = (0..8).map(|i| format!("Tiler{i}")).collect();
    let tournament = entered(&api, swiss, &names).await;
    let t = played(server.http(), server.ws_url(), &tournament, None).await;
    let rounds = t["rounds_played"].as_array().unwrap();
    assert_eq!(rounds.len(), 2, "{t}");
    let mut score = std::collections::HashMap::new();
    for (r, round) in rounds.iter().enumerate() {
        let pairings = round["pairings"].as_array().unwrap();
        assert_eq!(pairings.len(), 2, "{t}");
        for p in pairings {
            let seats = p["seats"].as_array().unwrap();
            assert_eq!(seats.len(), 4);
            assert!(seats.iter().all(|s| s.is_u64()), "no bot needed: {p}");
            let got = points(p);
            let mut sorted = got.clone();
            sorted.sort_by(|a, b| b.total_cmp(a));
            assert_eq!(sorted, [3.0, 2.0, 1.0, 0.0], "places 3, 2, 1, 0: {p}");
            assert_eq!(got[0], 3.0, "the first seat, who never resigned, wins: {p}");
            if r == 1 {
                // Round 2 groups by points after round 1: a group holds both round-1 winners
                // (3 each) or neither.
                let winners = seats
                    .iter()
                    .filter(|s| score.get(&s.as_u64().unwrap()) == Some(&3.0))
                    .count();
                assert!(winners == 2 || winners == 0, "{t}");
            }
            for (s, g) in seats.iter().zip(&got) {
                *score.entry(s.as_u64().unwrap()).or_insert(0.0) += g;
            }
        }
    }
    for line in t["standings"].as_array().unwrap() {
        assert_eq!(
            line["points"].as_f64().unwrap(),
            score[&line["entrant"].as_u64().unwrap()],
            "{line}"
        );
    }
}
on_both_databases!(a_swiss_of_four_player_matches_groups_by_points);

/// A round robin of four: three rounds, everybody meets everybody once; its field is fixed once it
/// has started.
async fn a_round_robin_meets_everybody_once(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let round_robin = json!({"name": "All play all", "kind": "round_robin", "game": "pinuid",
                             "players": 2, "clock": {"kind": "per_move", "s": 60}});
    let tournament = entered(&api, round_robin, &["Ann", "Bob", "Cid", "Dee"]).await;
    let t = played(server.http(), server.ws_url(), &tournament, None).await;
    let id = &tournament.id;
    let late = api.new_player("Late").await;
    let (status, _) = api
        .post(
            &format!("/api/v1/tournaments/{id}/join"),
            &json!({}),
            Some(&late.token),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let rounds = t["rounds_played"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "{t}");
    let mut met = HashSet::new();
    for round in rounds {
        for p in round["pairings"].as_array().unwrap() {
            let s = seats(p);
            assert!(met.insert((s[0].min(s[1]), s[0].max(s[1]))), "{t}");
        }
    }
    assert_eq!(met.len(), 6, "everybody met everybody: {t}");
}
on_both_databases!(a_round_robin_meets_everybody_once);

/// A round robin of 3-player Pinuid with four entrants: each round a group of three (the fourth,
/// alone, sits out), until every two entrants have met; each match scores its places 2, 1, 0.
async fn a_round_robin_of_threes_brings_everybody_together(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let threes = json!({"name": "Threes", "kind": "round_robin", "game": "pinuid", "players": 3,
                        "clock": {"kind": "per_move", "s": 60}});
    let tournament = entered(&api, threes, &["Ann", "Bob", "Cid", "Dee"]).await;
    let t = played(server.http(), server.ws_url(), &tournament, None).await;
    let mut met = HashSet::new();
    for round in t["rounds_played"].as_array().unwrap() {
        let pairings = round["pairings"].as_array().unwrap();
        assert_eq!(
            pairings.len(),
            2,
            "a group of three, the fourth sitting out: {t}"
        );
        for p in pairings {
            if p["room"].is_null() {
                assert_eq!(p["seats"].as_array().unwrap().len(), 1, "{p}");
                assert_eq!(p["points"], json!([0.0]), "sitting out scores nothing: {p}");
                continue;
            }
            let seats = p["seats"].as_array().unwrap();
            assert_eq!(seats.len(), 3, "{p}");
            assert!(seats.iter().all(Value::is_u64), "no bots: {p}");
            let people: Vec<u64> = seats.iter().filter_map(Value::as_u64).collect();
            for (i, &a) in people.iter().enumerate() {
                for &b in &people[i + 1..] {
                    met.insert((a.min(b), a.max(b)));
                }
            }
            let total: f64 = points(p).iter().sum();
            assert_eq!(total, 3.0, "2 + 1 + 0: {p}");
        }
    }
    assert_eq!(met.len(), 6, "every two of the four met: {t}");
}
on_both_databases!(a_round_robin_of_threes_brings_everybody_together);

/// An arena of 2-player Abalone with 8 players for one minute: whoever finishes is paired again at
/// once; each leaves after four matches. The points are the arena's: 2 a win, and 4 for a win
/// after two wins in a row, with the flame on whoever has won its last two.
async fn an_arena_pairs_again_at_once_and_doubles_streaks(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let arena = json!({"name": "Minute arena", "kind": "arena", "game": "abalone", "players": 2,
                       "clock": {"kind": "per_move", "s": 60}, "minutes": 1, "join_secs": 5});
    let names: Vec<String> = (0..8).map(|i| format!("Racer{i}")).collect();
    let tournament = entered(&api, arena, &names).await;
    // Each leaves after four matches.
    let t = played(server.http(), server.ws_url(), &tournament, Some(4)).await;
    // Each entrant's results in the order they were paired, and the arena's points from them.
    let mut results: std::collections::HashMap<u64, Vec<f64>> = Default::default();
    let mut matches = 0;
    for round in t["rounds_played"].as_array().unwrap() {
        for p in round["pairings"].as_array().unwrap() {
            matches += 1;
            for (s, got) in p["seats"]
                .as_array()
                .unwrap()
                .iter()
                .zip(p["points"].as_array().unwrap())
            {
                results
                    .entry(s.as_u64().unwrap())
                    .or_default()
                    .push(got.as_f64().unwrap());
            }
        }
    }
    assert!(matches >= 16, "eight players, four matches each: {matches}");
    let mut doubled = false;
    for line in t["standings"].as_array().unwrap() {
        let mine = &results[&line["entrant"].as_u64().unwrap()];
        let mut points = 0.0;
        let mut streak = 0;
        for &r in mine {
            doubled |= r == 2.0 && streak >= 2;
            points += if r == 2.0 && streak >= 2 { 4.0 } else { r };
            streak = if r == 2.0 { streak + 1 } else { 0 };
        }
        assert_eq!(
            line["points"].as_f64().unwrap(),
            points,
            "{line} after {mine:?}"
        );
        assert_eq!(line["fire"], streak >= 2, "{line} after {mine:?}");
        assert!(
            line["withdrawn"].as_bool().unwrap(),
            "left after four: {line}"
        );
    }
    // The first seat, placed higher, wins every match here: leaders string wins together.
    assert!(doubled, "some win counted double: {t}");
}
on_both_databases!(an_arena_pairs_again_at_once_and_doubles_streaks);

/// A private arena of `name`, starting at `starts_at` (now if none), for `host`'s budget tests.
fn private_arena(name: &str, starts_at: Option<chrono::DateTime<chrono::Utc>>) -> Value {
    let mut body = json!({"name": name, "kind": "arena", "game": "abalone", "players": 2,
                          "clock": {"kind": "per_move", "s": 60}, "minutes": 720,
                          "visibility": "private"});
    if let Some(at) = starts_at {
        body["starts_at"] = json!(at.to_rfc3339());
    }
    body
}

/// A tournament's name follows the rules of players' names (issue 45): no control, format or
/// bidirectional character, no character that shows nothing, something that shows, 60 characters
/// at most; refused `400 bad_request` naming the character, and nothing is stored.
async fn a_tournament_name_follows_the_rules_of_names(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let host = &api.new_account("Namer", "correct horse battery").await;
    for (bad, code) in [
        ("a\nb", "U+000A"),
        ("a\u{0}b", "U+0000"),
        ("a\u{85}b", "U+0085"),
        ("a\u{2028}b", "U+2028"),
        ("a\u{200F}b", "U+200F"),
        ("a\u{202E}b", "U+202E"),
        ("x\"}\n{\"level\":\"ERROR\"", "U+000A"),
        ("Spring\u{3164}", "U+3164"),
    ] {
        let answer = api
            .post(
                "/api/v1/tournaments",
                &private_arena(bad, None),
                Some(&host.token),
            )
            .await;
        assert_error(&answer, 400, "bad_request");
        let message = answer.1["error"]["message"].as_str().unwrap();
        assert!(message.contains(code), "{bad:?}: {message}");
    }
    for bad in ["", "   ", "\u{FE0F}", &"x".repeat(61)] {
        let answer = api
            .post(
                "/api/v1/tournaments",
                &private_arena(bad, None),
                Some(&host.token),
            )
            .await;
        assert_error(&answer, 400, "bad_request");
    }
    // Nothing refused was stored: the whole budget (5 open) is still there.
    let mut made = Vec::new();
    for n in 0..5 {
        made.push(
            create(
                &api,
                host,
                &private_arena(&format!("  Spring open {n} "), None),
            )
            .await,
        );
    }
    assert_eq!(detail(&api, &made[0]).await["name"], "Spring open 0");
}
on_both_databases!(a_tournament_name_follows_the_rules_of_names);

/// Making tournaments has a budget (issue 45: one account made 2,040 arenas in seconds): a
/// player has at most `--tournaments-open-per-creator` private ones open at once, and makes at
/// most `--tournaments-per-day` a day, as does one client address; then `429 rate_limited` with
/// `Retry-After`. Public tournaments (moderators' and admins') are outside the budget.
async fn making_tournaments_has_a_budget(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_TOURNAMENTS_OPEN_PER_CREATOR", "2"),
            ("PLATEAU_TOURNAMENTS_PER_DAY", "3"),
        ],
    )
    .await;
    let here = Api::new(server.http());
    let elsewhere = Api::from_address(server.http(), "127.0.0.2".parse().unwrap());
    let alice = &here.new_account("Alice", "correct horse battery").await;
    let bob = &here.new_account("Bob", "correct horse battery").await;
    let later = Some(chrono::Utc::now() + chrono::Duration::hours(1));
    let refused = |api: &Api, who: &Player| {
        let (api, token) = (api.clone(), who.token.clone());
        async move {
            let (status, headers, body) = api
                .raw(
                    reqwest::Method::POST,
                    "/api/v1/tournaments",
                    Some(&private_arena("One more", later)),
                    Some(&token),
                )
                .await;
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
            assert!(body.contains("rate_limited"), "{body}");
            let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
            assert!(wait >= 1, "{wait}");
            wait
        }
    };
    // Two open at once.
    create(&here, alice, &private_arena("First", later)).await;
    create(&here, alice, &private_arena("Second", later)).await;
    refused(&here, alice).await;
    // One over (finished here by hand) frees a place; the third of the day is the last.
    db.execute(&["UPDATE tournaments SET status = 'finished' WHERE name = 'First'"])
        .await;
    create(&here, alice, &private_arena("Third", later)).await;
    db.execute(&["UPDATE tournaments SET status = 'finished'"])
        .await;
    // Alice's day is spent, from any address: back in about a day.
    let wait = refused(&elsewhere, alice).await;
    assert!((86_000..=86_400).contains(&wait), "{wait}");
    // This address's day is spent too (three from it), for Bob as well; not the other address,
    // which Alice's refusal above did not charge.
    refused(&here, bob).await;
    for n in 0..2 {
        create(&elsewhere, bob, &private_arena(&format!("Bob {n}"), later)).await;
    }
    // A moderator's public tournaments are outside the budget.
    admin_cli(&db, "grant", "Alice").expect("plateau admin grant");
    let mut public = private_arena("For everybody", later);
    public["visibility"] = json!("public");
    for _ in 0..3 {
        create(&elsewhere, alice, &public).await;
    }
}
on_both_databases!(making_tournaments_has_a_budget);

/// An idle tournament costs nothing (issue 45: 2,040 idle arenas took 28% of a core): running
/// arenas nobody has entered are read once, at their start, and then not again until something
/// changes one of them; an entrant coming wakes its tournament at once.
async fn an_idle_tournament_is_not_read_again(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start_with(
        &db,
        &[
            ("PLATEAU_TOURNAMENTS_OPEN_PER_CREATOR", "100"),
            ("PLATEAU_TOURNAMENTS_PER_DAY", "100"),
        ],
    )
    .await;
    let api = Api::new(server.http());
    let host = &api.new_account("Host", "correct horse battery").await;
    let mut arenas = Vec::new();
    for n in 0..20 {
        arenas.push(create(&api, host, &private_arena(&format!("Idle {n}"), None)).await);
    }
    let turns = || async {
        server
            .metric("plateau_tournament_turns_total")
            .await
            .expect("the director counts its turns")
    };
    // Each is started (one turn each), then nothing is due.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let statuses =
            futures_util::future::join_all(arenas.iter().map(|id| detail(&api, id))).await;
        if statuses.iter().all(|d| d["status"] == "running") {
            break;
        }
        assert!(Instant::now() < deadline, "the arenas did not start");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let before = turns().await;
    assert!(before >= 20.0, "{before}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(turns().await, before, "idle tournaments were read again");
    // Two entrants: that arena wakes and pairs them at once.
    let (ann, ben) = (
        &api.new_account("Ann", "correct horse battery").await,
        &api.new_account("Ben", "correct horse battery").await,
    );
    enter(&api, &arenas[7], ann).await;
    enter(&api, &arenas[7], ben).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    while detail(&api, &arenas[7]).await["rounds_played"]
        .as_array()
        .is_none_or(|r| r.is_empty())
    {
        assert!(Instant::now() < deadline, "the entrants were not paired");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(turns().await > before);
}
on_both_databases!(an_idle_tournament_is_not_read_again);
