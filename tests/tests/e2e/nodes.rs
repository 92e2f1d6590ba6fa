//! Several nodes as one Plateau (the contract's "Several nodes"): real server processes sharing one
//! Postgres database and the machine's NATS, each test under a cluster name of its own. Players on
//! different nodes play whole matches; a node killed with -9, paused past its lease, or stopped with
//! SIGTERM loses no acknowledged move, plays none twice, and its rooms go on elsewhere within 10 s.

use plateau::cluster::{Leases, Take};
use plateau::store::{NewMove, Store, StoreError};
use plateau_tests::cluster::{
    assert_stored_once, duel_across, play_one, start_nodes, start_nodes_each, NATS,
};
use plateau_tests::plug::Plug;
use plateau_tests::scenario::line_reaches;
use plateau_tests::{Api, Backend, Client, Player, TestDb, TestServer};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The games and what a whole match of each is played with.
const GAMES: [&str; 5] = [
    "abalone",
    "triominos",
    "pinuid",
    "trangouar",
    "groups-of-three",
];

/// Signing out everywhere through one node closes the player's sockets on every node at once
/// (4001): a thief connected to another node does not keep playing. Another player's socket on
/// that node stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_everywhere_closes_sockets_on_every_node() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    let api = Api::new(nodes[0].http());
    let owner = api.new_player("Owner").await;
    let bystander = api.new_player("Bystander").await;
    let on_other_node = Client::login(&nodes[1].ws_url(), &owner).await;
    let bystanders = Client::login(&nodes[1].ws_url(), &bystander).await;
    let on_this_node = Client::login(&nodes[0].ws_url(), &owner).await;
    let (status, _) = api.delete("/api/v1/sessions", Some(&owner.token)).await;
    assert_eq!(status.as_u16(), 204);
    for socket in [&on_this_node, &on_other_node] {
        assert_eq!(
            socket.closed_within(Duration::from_secs(5)).await,
            Some(Some(4001))
        );
    }
    let mark = bystanders.mark();
    bystanders.send(json!({"type": "ping"})).await;
    bystanders.wait_for(mark, |f| f["type"] == "pong").await;
}

/// The short notation through another node (`docs/protocol.md`, "Short notation"): the form a
/// connection asked for travels with its forwarded requests, so the node that runs the room writes
/// that connection's `you.legal` in it, and takes its moves in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_on_another_node_keeps_its_short_notation() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    let (code, [alice, _], [_, b]) = duel_across("abalone", &nodes[0], &nodes[0], &nodes[1]).await;
    let (phone, welcome) =
        Client::login_asking(&nodes[1].ws_url(), &alice, json!({"legal": "short"})).await;
    assert_eq!(welcome["legal"], "short", "{welcome}");
    phone.join(&code, "player").await;
    phone.until_version(&code, 1).await;
    let legal = phone.legal(&code);
    assert_eq!(legal.len(), 44);
    assert!(legal.iter().all(Value::is_string), "{legal:?}");
    let ack = phone.play(&code, "across", legal[0].clone()).await;
    assert_eq!(ack["type"], "ack", "{ack}");
    b.until_version(&code, 2).await;
    assert!(
        b.legal(&code).iter().all(Value::is_object),
        "Bob asked for nothing"
    );
}

/// An account closed through one node: its chat lines and its name leave the rooms another node
/// runs (they hear it with the revocation that closes the player's sockets there). A ban made
/// through one node closes the banned player's sockets on the other at once (4003).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closing_an_account_and_a_ban_reach_every_node() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    let here = Api::new(nodes[0].http());
    let there = Api::new(nodes[1].http());
    let alice = here.new_player("Alice").await;
    let bob = here.new_player("Bob").await;
    let room = here
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap();
    let a = Client::login(&nodes[0].ws_url(), &alice).await;
    let b = Client::login(&nodes[0].ws_url(), &bob).await;
    a.join(code, "player").await;
    b.join(code, "player").await;
    let mark = b.mark();
    a.send(json!({"type": "chat", "room": code, "text": "bye all"}))
        .await;
    let line = b
        .wait_for(mark, |f| f["type"] == "chat" && f["text"] == "bye all")
        .await;

    let mark = b.mark();
    let (status, _, body) = there
        .raw(
            reqwest::Method::DELETE,
            "/api/v1/players/me",
            Some(&json!({})),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status.as_u16(), 204, "{body}");
    let gone = b.wait_for(mark, |f| f["type"] == "chat_deleted").await;
    assert_eq!(gone["id"], line["id"]);
    // Her seat there shows the name she left under.
    let renamed = b
        .wait_for(mark, |f| {
            f["type"] == "room" && f["room"]["seats"][0]["player"]["name"] == "deleted player"
        })
        .await;
    assert_eq!(
        renamed["room"]["seats"][0]["player"]["id"],
        alice.id.as_str()
    );
    assert_eq!(
        a.closed_within(Duration::from_secs(5)).await,
        Some(Some(4001))
    );

    // Bob is banned through the other node by an admin.
    let admin = admin(&db, &here).await;
    let (status, _, body) = there
        .raw(
            reqwest::Method::POST,
            &format!("/api/v1/mod/players/{}/ban", bob.id),
            Some(&json!({"reason": "spam", "duration_s": 600})),
            Some(&admin.token),
        )
        .await;
    assert_eq!(status.as_u16(), 200, "{body}");
    assert_eq!(
        b.closed_within(Duration::from_secs(5)).await,
        Some(Some(4003))
    );
}

/// Two nodes, the second reaching NATS through a [`Plug`] that cuts it off when pulled.
async fn second_node_through_a_plug(db: &TestDb) -> (Plug, Vec<TestServer>) {
    let nats = plateau_tests::services::nats();
    let plug = Plug::start(Plug::server_of(nats)).await;
    let through_plug = plug.url_for(nats);
    let cut_off: &[(&str, &str)] = &[("PLATEAU_NATS_URL", through_plug.as_str())];
    let nodes = start_nodes_each(db, 2000, &[&[], cut_off]).await;
    (plug, nodes)
}

/// A player made admin by `plateau admin grant` on the cluster's database.
async fn admin(db: &TestDb, api: &Api) -> Player {
    let admin = api.new_player("Admin").await;
    let granted = std::process::Command::new(plateau_tests::server::binary())
        .args(["admin", "grant", &admin.id, "--database-url", &db.url])
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert!(granted.status.success());
    admin
}

/// A private Abalone room Alice hosts, made through `host`: Alice connected through `via_alice`,
/// Bob (seated) and Carol (watching) through `via_others`, all joined; Bob's lines numbered.
struct Chatting {
    code: String,
    alice: Player,
    bob: Player,
    carol: Player,
    clients: [Client; 3],
    said: AtomicUsize,
}

impl Chatting {
    async fn new(host: &TestServer, via_alice: &TestServer, via_others: &TestServer) -> Chatting {
        let api = Api::new(host.http());
        let alice = api.new_player("Alice").await;
        let bob = api.new_player("Bob").await;
        let carol = api.new_player("Carol").await;
        let room = json!({"game": "abalone", "players": 2, "visibility": "private"});
        let code = api.create_room(&alice, room).await["code"]
            .as_str()
            .unwrap()
            .to_string();
        let a = Client::login(&via_alice.ws_url(), &alice).await;
        let b = Client::login(&via_others.ws_url(), &bob).await;
        let c = Client::login(&via_others.ws_url(), &carol).await;
        for (client, role) in [(&a, "player"), (&b, "player"), (&c, "spectator")] {
            client.join(&code, role).await;
        }
        Chatting {
            code,
            alice,
            bob,
            carol,
            clients: [a, b, c],
            said: AtomicUsize::new(0),
        }
    }

    /// Whether Bob's next line reaches Alice's socket (Carol, who hears it, tells).
    async fn bobs_next_line_reaches_alice(&self) -> bool {
        let line = format!("line {}", self.said.fetch_add(1, Ordering::Relaxed));
        let [a, b, c] = &self.clients;
        line_reaches(&self.code, &line, b, c, a).await
    }

    fn blocks_path(&self) -> String {
        format!("/api/v1/players/me/blocks/{}", self.bob.id)
    }
}

/// A block made through one node reaches the blocker's socket on another (issue 46, point 4: the
/// news travels between nodes as a revocation does, and that node reads the list again): Bob's
/// lines stop reaching Alice's socket there, and come back once she unblocks him through the first
/// node, her socket open all along.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_made_through_one_node_reaches_sockets_on_another() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    let chat = Chatting::new(&nodes[0], &nodes[1], &nodes[0]).await;
    assert!(chat.bobs_next_line_reaches_alice().await, "not blocked yet");
    let api = Api::new(nodes[0].http());
    let token = Some(chat.alice.token.as_str());
    let (status, _) = api.put(&chat.blocks_path(), &json!(null), token).await;
    assert_eq!(status.as_u16(), 204);
    assert!(
        until(|| async { !chat.bobs_next_line_reaches_alice().await }).await,
        "the block reaches her socket on the other node"
    );
    let (status, _) = api.delete(&chat.blocks_path(), token).await;
    assert_eq!(status.as_u16(), 204);
    assert!(
        until(|| chat.bobs_next_line_reaches_alice()).await,
        "the unblock reaches her socket on the other node"
    );
}

/// A block made while the blocker's node is cut off from the others reaches its socket there once
/// the link is back (issue 46, point 4): the news said meanwhile is lost, so that node reads its
/// lists again after the break.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_made_while_a_node_is_cut_off_reaches_it_once_back() {
    let db = TestDb::new(Backend::Postgres).await;
    let (mut plug, nodes) = second_node_through_a_plug(&db).await;
    // Everyone on the node that will be cut off, with the room: only the news of the block has
    // to come from the other node.
    let chat = Chatting::new(&nodes[1], &nodes[1], &nodes[1]).await;
    assert!(chat.bobs_next_line_reaches_alice().await, "not blocked yet");

    let ready = || async {
        let answer = reqwest::get(format!("{}/readyz", nodes[1].http())).await;
        answer.unwrap().status().as_u16() == 200
    };
    plug.pull().await;
    assert!(until(|| async { !ready().await }).await, "cut off");
    let token = Some(chat.alice.token.as_str());
    let elsewhere = Api::new(nodes[0].http());
    let (status, _) = elsewhere
        .put(&chat.blocks_path(), &json!(null), token)
        .await;
    assert_eq!(status.as_u16(), 204);
    assert!(
        chat.bobs_next_line_reaches_alice().await,
        "the news has not come through"
    );
    plug.put_back().await;
    assert!(until(ready).await, "back");
    assert!(
        until(|| async { !chat.bobs_next_line_reaches_alice().await }).await,
        "the block reaches her socket once the link is back"
    );
}

/// What a REST call asks of a room another node runs is answered by the room there (issue 46,
/// point 4: the question and the room's answer travel between the nodes, no connection made for
/// it): a report through the other node carries the chat its reporter heard in the room, a
/// moderator's abort of a match not yet started is refused `conflict`, and the waiting room is
/// closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rest_call_asks_a_room_another_node_runs() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    let chat = Chatting::new(&nodes[0], &nodes[0], &nodes[0]).await;
    assert!(chat.bobs_next_line_reaches_alice().await);
    let there = Api::new(nodes[1].http());
    let report = json!({"player": chat.bob.id, "reason": "chat", "room": chat.code});
    let (status, created) = there
        .post("/api/v1/reports", &report, Some(&chat.carol.token))
        .await;
    assert_eq!(status.as_u16(), 201, "{created}");
    let admin = admin(&db, &there).await;
    let (status, open) = there
        .get("/api/v1/mod/reports?status=open", Some(&admin.token))
        .await;
    assert_eq!(status.as_u16(), 200, "{open}");
    let heard: Vec<&Value> = open["reports"][0]["context"]["chat"]
        .as_array()
        .map(|lines| lines.iter().map(|line| &line["text"]).collect())
        .unwrap_or_default();
    assert_eq!(heard, ["line 0", "after line 0"], "{open}");

    let because = json!({"reason": "testing"});
    let path = |action: &str| format!("/api/v1/mod/rooms/{}/{action}", chat.code);
    let (status, refused) = there
        .post(&path("abort"), &because, Some(&admin.token))
        .await;
    assert_eq!(status.as_u16(), 409, "{refused}");
    assert_eq!(refused["error"]["code"], "conflict");
    let (status, closed) = there
        .post(&path("close"), &because, Some(&admin.token))
        .await;
    assert_eq!(status.as_u16(), 200, "{closed}");
    assert_eq!(closed["status"], "abandoned");
}

/// Players on different nodes play whole matches of every game; a room created through one node is
/// joined through the two others, watched through a third, and every node answers the same
/// RoomInfo, presence included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_matches_of_every_game_across_three_nodes() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 3, 2000, &[]).await;
    for game in GAMES {
        let (code, _, [a, b]) = duel_across(game, &nodes[0], &nodes[1], &nodes[2]).await;
        let carol = Api::new(nodes[0].http()).new_player("Carol").await;
        let c = Client::login(&nodes[0].ws_url(), &carol).await;
        c.join(&code, "spectator").await;
        // Presence is the room's, whichever node is asked.
        for node in &nodes {
            let (_, info) = Api::new(node.http())
                .get(&format!("/api/v1/rooms/{code}"), None)
                .await;
            let seen = async {
                let deadline = Instant::now() + Duration::from_secs(5);
                loop {
                    let (_, info) = Api::new(node.http())
                        .get(&format!("/api/v1/rooms/{code}"), None)
                        .await;
                    if info["spectators"] == 1 || Instant::now() > deadline {
                        return info;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            };
            let info = if info["spectators"] == 1 {
                info
            } else {
                seen.await
            };
            assert_eq!(info["status"], "playing", "{game}: {info}");
            assert_eq!(info["spectators"], 1, "{game}: {info}");
            assert_eq!(info["seats"][0]["connected"], true, "{game}: {info}");
            assert_eq!(info["seats"][1]["connected"], true, "{game}: {info}");
        }
        let mut acked = Vec::new();
        while play_one(&code, &[&a, &b], &mut acked).await.is_some() {}
        // The end reached one client: it reaches the other too (each through its own node).
        let end = a
            .wait_for(0, |f| f["type"] == "ended" && f["room"] == code)
            .await;
        let watched = c
            .wait_for(0, |f| f["type"] == "ended" && f["room"] == code)
            .await;
        assert_eq!(watched["result"], end["result"], "{game}");
        // Views rebuilt from the patches each node relayed equal fresh snapshots.
        assert!(a.gaps().is_empty() && b.gaps().is_empty() && c.gaps().is_empty());
        a.check_sync(&code).await;
        b.check_sync(&code).await;
        c.check_sync(&code).await;
        for node in &nodes {
            assert_stored_once(&Api::new(node.http()), &code, &acked).await;
        }
    }
}

/// A room's node dies: until another node takes the room over, a `join` sent through another node
/// is answered `error` `internal` naming the room ("the room is moving"). The same `join` sent
/// again after a pause that grows, as docs/protocol.md tells clients to (and web/js/room-model.js
/// does), finds the room where it runs now: the seat kept, the match going on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_refused_while_its_room_moves_goes_through_when_sent_again() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = start_nodes(&db, 2, 2000, &[]).await;
    let (code, [alice, _], [a, b]) = duel_across("abalone", &nodes[0], &nodes[1], &nodes[1]).await;
    drop(a);
    nodes[0].kill9();
    let again = Client::login(&nodes[1].ws_url(), &alice).await;
    let first = again.join(&code, "player").await;
    assert_eq!(
        (&first["type"], &first["code"], &first["room"]),
        (&json!("error"), &json!("internal"), &json!(code)),
        "the room is moving: {first}"
    );
    let mut pause = Duration::from_millis(250);
    let deadline = Instant::now() + Duration::from_secs(10);
    let joined = loop {
        tokio::time::sleep(pause).await;
        let answer = again.join(&code, "player").await;
        if answer["type"] == "room" {
            break answer;
        }
        assert_eq!(answer["code"], "internal", "{answer}");
        assert!(
            Instant::now() < deadline,
            "still refused after 10 s: {answer}"
        );
        pause = (pause * 2).min(Duration::from_secs(4));
    };
    assert_eq!(
        joined["room"]["seats"][0]["player"]["id"],
        alice.id.as_str(),
        "{joined}"
    );
    let mut acked = Vec::new();
    play_one(&code, &[&again, &b], &mut acked)
        .await
        .expect("the match goes on");
}

/// Each node in turn is killed with -9 in the middle of a match it runs, played by clients of
/// the two others: within 10 s another node runs the room from its last committed move, the clients
/// go on, and every acked move is stored exactly once. The killed node comes back for the next turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_mid_match_is_replaced_within_ten_seconds() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = start_nodes(&db, 3, 2000, &[]).await;
    for victim in 0..3 {
        let (via_a, via_b) = ((victim + 1) % 3, (victim + 2) % 3);
        let (code, _, [a, b]) =
            duel_across("abalone", &nodes[victim], &nodes[via_a], &nodes[via_b]).await;
        let mut acked = Vec::new();
        for _ in 0..4 {
            play_one(&code, &[&a, &b], &mut acked)
                .await
                .expect("playing");
        }
        nodes[victim].kill9();
        let killed = Instant::now();
        play_one(&code, &[&a, &b], &mut acked)
            .await
            .expect("playing");
        let resumed = killed.elapsed();
        assert!(
            resumed < Duration::from_secs(10),
            "play resumed {resumed:?} after the kill"
        );
        for _ in 0..3 {
            play_one(&code, &[&a, &b], &mut acked)
                .await
                .expect("playing");
        }
        assert_stored_once(&Api::new(nodes[via_a].http()), &code, &acked).await;
        nodes[victim].restart().await;
    }
}

/// A node frozen (SIGSTOP) past its lease loses its rooms to the others; once it runs again it
/// commits nothing more to them, and its own clients play on through the room's new node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_node_cannot_commit_and_its_clients_move_on() {
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[]).await;
    // Alice is on the node that runs the room; Bob on the other.
    let (code, _, [a, b]) = duel_across("abalone", &nodes[0], &nodes[0], &nodes[1]).await;
    let mut acked = Vec::new();
    for _ in 0..2 {
        play_one(&code, &[&a, &b], &mut acked)
            .await
            .expect("playing");
    }
    nodes[0].pause();
    // Past the lease and a sweep: node 1 runs the room now.
    tokio::time::sleep(Duration::from_secs(4)).await;
    nodes[0].resume();
    // Alice's next move goes through the frozen node: it must not commit it there.
    for _ in 0..4 {
        play_one(&code, &[&a, &b], &mut acked)
            .await
            .expect("playing");
    }
    assert_stored_once(&Api::new(nodes[1].http()), &code, &acked).await;
    assert_stored_once(&Api::new(nodes[0].http()), &code, &acked).await;
    let lost = |node: &TestServer| node.log_contains("lease lost");
    assert!(
        lost(&nodes[0]),
        "the frozen node noticed it lost the room:\n{}",
        nodes[0].log_tail()
    );
}

/// A node frozen past its lease changes nothing of the rooms it lost when it wakes: not only its
/// moves are fenced, every write of a room is. While node 0 is frozen, node 1 takes its rooms;
/// node 0's own clients have meanwhile sent a `leave` (the host of a waiting room), a `join` (a
/// free seat), and a `rematch` (a finished match), and one of its waiting rooms, empty, comes due
/// to expire as it wakes. The stored rooms stay as their new owner holds them: the same seats,
/// host, status and rematch link, and no rematch room is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_node_changes_no_seat_status_or_rematch_of_a_room_it_lost() {
    const TTL: Duration = Duration::from_secs(9);
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[("PLATEAU_WAITING_ROOM_TTL_SECS", "9")]).await;
    let (here, there) = (Api::new(nodes[0].http()), Api::new(nodes[1].http()));
    let waiting =
        json!({"game": "abalone", "players": 2, "visibility": "public", "seating": "host_first"});
    let player = |name: &'static str| here.new_player(name);
    // A full waiting room whose host will leave.
    let (alice, bob) = (player("Alice").await, player("Bob").await);
    let full = code_of(&here.create_room(&alice, waiting.clone()).await);
    let a = Client::login(&nodes[0].ws_url(), &alice).await;
    let b = Client::login(&nodes[0].ws_url(), &bob).await;
    a.join(&full, "player").await;
    b.join(&full, "player").await;
    // A waiting room with a free seat that Carol will take.
    let (hana, carol) = (player("Hana").await, player("Carol").await);
    let open = code_of(&here.create_room(&hana, waiting.clone()).await);
    let h = Client::login(&nodes[0].ws_url(), &hana).await;
    h.join(&open, "player").await;
    let c = Client::login(&nodes[0].ws_url(), &carol).await;
    // A finished match whose loser will ask for a rematch.
    let (frank, gina) = (player("Frank").await, player("Gina").await);
    let finished = code_of(&here.create_room(&frank, waiting.clone()).await);
    let f = Client::login(&nodes[0].ws_url(), &frank).await;
    let g = Client::login(&nodes[0].ws_url(), &gina).await;
    f.join(&finished, "player").await;
    g.join(&finished, "player").await;
    f.send(json!({"type": "start", "room": finished})).await;
    f.until_version(&finished, 1).await;
    let mark = g.mark();
    f.resign(&finished).await;
    g.wait_for_frame(mark, "ended", &finished).await;
    // An empty waiting room: node 0 holds its expiry deadline.
    let ivan = player("Ivan").await;
    let empty = code_of(&here.create_room(&ivan, waiting).await);
    let expires = Instant::now() + TTL;

    nodes[0].pause();
    // Past the lease and a sweep, node 1 runs them all: Dave, on node 1, watches each (the
    // finished room is not swept: watching it makes node 1 take it). Watching the empty room keeps
    // it from expiring on node 1.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let dave = there.new_player("Dave").await;
    let d = Client::login(&nodes[1].ws_url(), &dave).await;
    for code in [&full, &open, &finished, &empty] {
        let deadline = Instant::now() + Duration::from_secs(20);
        while d.join(code, "spectator").await["type"] != "room" {
            assert!(Instant::now() < deadline, "node 1 never ran {code}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    let store = Store::connect(&db.url, 2).await.unwrap();
    let before = stored_rooms(&store, &[&full, &open, &finished, &empty]).await;
    // Sent to the frozen node, read when it wakes; the clients then go.
    a.send(json!({"type": "leave", "room": full})).await;
    c.send(json!({"type": "join", "room": open, "as": "player"}))
        .await;
    g.rematch(&finished).await;
    for client in [&a, &c, &g] {
        client.close().await;
    }
    // Node 0 wakes after the empty room's deadline.
    tokio::time::sleep_until((expires + Duration::from_millis(500)).into()).await;
    nodes[0].resume();
    let lost = until(|| async { nodes[0].log_contains("lease lost") }).await;
    assert!(
        lost,
        "the frozen node noticed it lost its rooms:\n{}",
        nodes[0].log_tail()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    // Requests node 0 read once it knew it had lost a room went on to node 1, which may apply them
    // as the owner: what is stored must be what node 1 holds, and node 0 must have written nothing.
    assert!(
        !nodes[0].log_contains("rematch room made"),
        "node 0 made a rematch of a room it had lost:\n{}",
        nodes[0].log_tail()
    );
    let after = stored_rooms(&store, &[&full, &open, &finished, &empty]).await;
    for (code, (seats, host, status, rematch)) in
        [&full, &open, &finished, &empty].into_iter().zip(&after)
    {
        let (_, info) = there.get(&format!("/api/v1/rooms/{code}"), None).await;
        let held: Vec<Option<String>> = info["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["player"]["id"].as_str().map(str::to_string))
            .collect();
        let stored: Vec<Option<String>> = seats
            .iter()
            .map(|s| s.player_id.map(|id| id.to_string()))
            .collect();
        assert_eq!(
            stored, held,
            "{code}: the stored seats are the owner's: {info}"
        );
        assert_eq!(info["host"], host.to_string(), "{code}: {info}");
        assert_eq!(&info["status"], status.as_str(), "{code}: {info}");
        if rematch.is_some() {
            assert!(
                nodes[1].log_contains("rematch room made"),
                "{code}: a rematch link not made by its owner"
            );
        }
    }
    // Where nothing went on to node 1, nothing changed: the empty room did not expire.
    assert_eq!(after[3], before[3], "the empty room, as it was");
    drop((b, h, f));
}

/// A node joining a cluster changes no room that a live node holds: the waiting rooms it finds
/// long vacant in the store are not its own to expire. Node 0 runs two waiting rooms, one with its
/// host in it and one empty, whose rows say they have been vacant for an hour (as a vacancy write
/// that failed in a database blip leaves a row: the store catches up at the room's next change).
/// Node 1 starting must leave them as node 0 holds them: waiting, and in the lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_joining_changes_no_room_another_node_holds() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = start_nodes(&db, 2, 2000, &[]).await;
    let status = nodes[1].terminate().await;
    assert!(status.success(), "{status}");
    let here = Api::new(nodes[0].http());
    let waiting =
        json!({"game": "abalone", "players": 2, "visibility": "public", "seating": "host_first"});
    let (alice, ivan) = (
        here.new_player("Alice").await,
        here.new_player("Ivan").await,
    );
    let occupied = code_of(&here.create_room(&alice, waiting.clone()).await);
    let a = Client::login(&nodes[0].ws_url(), &alice).await;
    a.join(&occupied, "player").await;
    let empty = code_of(&here.create_room(&ivan, waiting).await);
    let backdate = format!(
        "UPDATE rooms SET vacant_since = now() - interval '1 hour' \
          WHERE code IN ('{occupied}', '{empty}')"
    );
    db.execute(&[backdate.as_str()]).await;
    let store = Store::connect(&db.url, 2).await.unwrap();
    let before = stored_rooms(&store, &[&occupied, &empty]).await;

    nodes[1].restart().await;

    let after = stored_rooms(&store, &[&occupied, &empty]).await;
    assert_eq!(after, before, "a node starting changed rooms node 0 holds");
    let there = Api::new(nodes[1].http());
    for (code, (_, _, status, _)) in [&occupied, &empty].into_iter().zip(&after) {
        assert_eq!(
            *status,
            plateau_protocol::RoomStatus::Waiting,
            "{code} as stored"
        );
        let (_, info) = there.get(&format!("/api/v1/rooms/{code}"), None).await;
        assert_eq!(info["status"], "waiting", "{code}: {info}");
    }
    // The host plays on in her room: Bob joins it through the new node and she starts it.
    let bob = there.new_player("Bob").await;
    let b = Client::login(&nodes[1].ws_url(), &bob).await;
    let joined = b.join(&occupied, "player").await;
    assert_eq!(joined["type"], "room", "{joined}");
    a.send(json!({"type": "start", "room": occupied})).await;
    a.until_version(&occupied, 1).await;
    b.until_version(&occupied, 1).await;
}

/// What a paused node could wrongly change of rooms, as stored: (seats, host, status, rematch).
async fn stored_rooms(
    store: &Store,
    codes: &[&String],
) -> Vec<(
    Vec<plateau::store::SeatRow>,
    uuid::Uuid,
    plateau_protocol::RoomStatus,
    Option<String>,
)> {
    let mut rooms = Vec::new();
    for code in codes {
        let row = store.room(code).await.unwrap().expect("a stored room");
        rooms.push((row.seats, row.host, row.status, row.rematch));
    }
    rooms
}

fn code_of(room: &Value) -> String {
    room["code"].as_str().expect("a room code").to_string()
}

/// A match whose replay fails on the node taking it over (its engine panics as it is rebuilt) is
/// aborted there, once: stored so, its players told where they play on, and the room is not loaded
/// into the same failure again and again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_that_fails_on_takeover_aborts_the_match_once() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = start_nodes(&db, 2, 2000, &[]).await;
    // The room runs on node 0; both players are on node 1.
    let (code, _, [a, b]) = duel_across("abalone", &nodes[0], &nodes[1], &nodes[1]).await;
    let mut acked = Vec::new();
    play_one(&code, &[&a, &b], &mut acked)
        .await
        .expect("playing");
    nodes[1]
        .set_failpoints("engine-replay=1*panic(a test's failure)")
        .await;
    let mark = a.mark();
    nodes[0].kill9();
    // Node 1 takes the room over, and its replay fails: the players see it aborted.
    let aborted = a
        .wait_for(mark, |f| {
            f["type"] == "room" && f["room"]["code"] == code && f["room"]["status"] == "aborted"
        })
        .await;
    assert_eq!(aborted["room"]["status"], "aborted", "{aborted}");
    let api = Api::new(nodes[1].http());
    let (_, info) = api.get(&format!("/api/v1/rooms/{code}"), None).await;
    assert_eq!(info["status"], "aborted", "{info}");
    let (_, summary) = api
        .get(
            &format!("/api/v1/matches/{}", info["match"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(summary["status"], "aborted", "{summary}");
    assert_eq!(summary["moves"].as_array().unwrap().len(), 1, "{summary}");
    // Once: node 0 back, the room loaded again anywhere stays as it was stored.
    nodes[0].restart().await;
    let (_, info) = Api::new(nodes[0].http())
        .get(&format!("/api/v1/rooms/{code}"), None)
        .await;
    assert_eq!(info["status"], "aborted", "{info}");
    let aborts = nodes[1].log_lines_containing("match aborted");
    assert_eq!(aborts, 1, "{}", nodes[1].log_tail());
}

/// SIGTERM hands a node's rooms over at once, long before their leases (30 s here) would expire.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_hands_rooms_over_at_once() {
    let db = TestDb::new(Backend::Postgres).await;
    let mut nodes = start_nodes(&db, 2, 30_000, &[]).await;
    let (code, _, [a, b]) = duel_across("abalone", &nodes[0], &nodes[1], &nodes[1]).await;
    let mut acked = Vec::new();
    for _ in 0..2 {
        play_one(&code, &[&a, &b], &mut acked)
            .await
            .expect("playing");
    }
    let status = nodes[0].terminate().await;
    assert!(status.success(), "{status}");
    let stopped = Instant::now();
    play_one(&code, &[&a, &b], &mut acked)
        .await
        .expect("playing");
    assert!(
        stopped.elapsed() < Duration::from_secs(5),
        "handed over in {:?}",
        stopped.elapsed()
    );
    assert_stored_once(&Api::new(nodes[1].http()), &code, &acked).await;
}

/// Fencing, in the store itself: once another node took a room's lease, a commit under the old
/// lease fails (nothing written) and one under the new lease succeeds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_commit_under_a_lost_lease_is_refused() {
    let db = TestDb::new(Backend::Postgres).await;
    let (room, store) = stopped_match(&db).await;
    let match_id: uuid::Uuid = room["match"].as_str().unwrap().parse().unwrap();
    let short = Duration::from_millis(300);
    let old = Leases::new(&store, uuid::Uuid::new_v4(), short).unwrap();
    let new = Leases::new(&store, uuid::Uuid::new_v4(), short).unwrap();
    let Take::Taken(old_fence) = old.take(&duo_code(&room)).await.unwrap() else {
        panic!("a free room is taken");
    };
    assert!(matches!(new.take(&duo_code(&room)).await.unwrap(), Take::HeldBy(n) if n == old.node));
    tokio::time::sleep(short * 2).await;
    let Take::Taken(new_fence) = new.take(&duo_code(&room)).await.unwrap() else {
        panic!("an expired lease is taken over");
    };
    assert_eq!(new_fence.epoch, old_fence.epoch + 1);
    assert!(
        !old.renew(&[duo_code(&room)])
            .await
            .unwrap()
            .contains(&duo_code(&room)),
        "the old node learns it lost the room"
    );
    let body = json!({"from": "A1", "to": "B1"});
    let mv = || NewMove {
        match_id,
        ply: 1,
        seat: 0,
        player_id: None,
        client_id: Some("fenced"),
        body: &body,
        at: chrono::Utc::now(),
        end: None,
    };
    let code = duo_code(&room);
    let (old_writer, new_writer) = (
        store.room_writer(&code, Some(old_fence)),
        store.room_writer(&code, Some(new_fence)),
    );
    let refused = old_writer.append_move(&mv()).await.unwrap_err();
    assert!(matches!(refused, StoreError::LeaseLost { .. }), "{refused}");
    assert_eq!(store.moves(match_id, None).await.unwrap().len(), 0);
    // Every other write of the room is refused alike, and changes nothing.
    let before = store.room(&code).await.unwrap().unwrap();
    let mut rematch = before.clone();
    rematch.code = "REMATCH2".into();
    (rematch.status, rematch.match_id) = (plateau_protocol::RoomStatus::Waiting, None);
    let refusals = [
        old_writer
            .seat(1, None, before.host, Some("abandoned"))
            .await,
        old_writer.create_rematch(&rematch).await,
        old_writer.set_vacant_since(Some(chrono::Utc::now())).await,
        old_writer.abandon_if_waiting().await.map(|_| ()),
    ];
    for refused in refusals {
        assert!(
            matches!(refused, Err(StoreError::LeaseLost { .. })),
            "{refused:?}"
        );
    }
    let after = store.room(&code).await.unwrap().unwrap();
    assert_eq!(
        (
            &after.seats,
            &after.status,
            &after.rematch,
            after.vacant_since,
            after.host
        ),
        (
            &before.seats,
            &before.status,
            &before.rematch,
            before.vacant_since,
            before.host
        ),
        "a write under a lost lease changed the room"
    );
    assert!(
        store.room("REMATCH2").await.unwrap().is_none(),
        "no rematch room made"
    );
    new_writer.append_move(&mv()).await.unwrap();
    assert_eq!(store.moves(match_id, None).await.unwrap().len(), 1);
}

/// A lease let go stays let go: the node's next renewal does not take it back, and another node
/// takes the room at once. A renewal that took back every lease of its node kept a stopping
/// node's rooms from the others until they expired again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_let_go_is_not_renewed() {
    let db = TestDb::new(Backend::Postgres).await;
    let (room, store) = stopped_match(&db).await;
    let code = duo_code(&room);
    let long = Duration::from_secs(60);
    let stopping = Leases::new(&store, uuid::Uuid::new_v4(), long).unwrap();
    let other = Leases::new(&store, uuid::Uuid::new_v4(), long).unwrap();
    assert!(matches!(
        stopping.take(&code).await.unwrap(),
        Take::Taken(_)
    ));
    let running = [code.clone()];
    assert!(
        stopping.renew(&running).await.unwrap().contains(&code),
        "a running room's lease is renewed"
    );
    stopping.release_all().await.unwrap();
    // Even a renewal that still counts the room as running there (it was on its way as the room
    // stopped) does not take it back.
    assert!(stopping.renew(&running).await.unwrap().is_empty());
    assert!(
        matches!(other.take(&code).await.unwrap(), Take::Taken(_)),
        "another node takes the room at once"
    );
    assert!(
        !stopping.renew(&running).await.unwrap().contains(&code),
        "the node that let it go learns it is no longer its own"
    );
}

/// A room's task that stops lets go of the lease it ran under, not of a later one: a node that
/// ran two copies of a room one after the other (its old task stopping late) must not free the
/// room under the new one, for another node to take it while it plays here.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn letting_go_of_an_old_lease_keeps_the_newer_one() {
    let db = TestDb::new(Backend::Postgres).await;
    let (room, store) = stopped_match(&db).await;
    let code = duo_code(&room);
    let long = Duration::from_secs(60);
    let node = Leases::new(&store, uuid::Uuid::new_v4(), long).unwrap();
    let other = Leases::new(&store, uuid::Uuid::new_v4(), long).unwrap();
    let Take::Taken(first) = node.take(&code).await.unwrap() else {
        panic!("a free room is taken");
    };
    let Take::Taken(second) = node.take(&code).await.unwrap() else {
        panic!("a node takes its own lease again");
    };
    assert_eq!(second.epoch, first.epoch + 1);
    node.release(&first).await.unwrap();
    let running = [code.clone()];
    assert!(
        node.renew(&running).await.unwrap().contains(&code),
        "the newer lease is still held"
    );
    assert!(matches!(other.take(&code).await.unwrap(), Take::HeldBy(n) if n == node.node));
    node.release(&second).await.unwrap();
    assert!(
        matches!(other.take(&code).await.unwrap(), Take::Taken(_)),
        "once the lease in use is let go, another node takes the room at once"
    );
}

/// A started Abalone match on `db` whose server has stopped (it made the schema and the match):
/// its RoomInfo, and the store, for tests of leases at the store level.
async fn stopped_match(db: &TestDb) -> (Value, Store) {
    let server = TestServer::start(db).await;
    let api = Api::new(server.http());
    let duo = plateau_tests::scenario::started_abalone_duo(&server, &api, "private").await;
    let (_, room) = api.get(&format!("/api/v1/rooms/{}", duo.code), None).await;
    drop(duo);
    drop(server);
    let store = Store::connect(&db.url, 2).await.unwrap();
    (room, store)
}

fn duo_code(room: &Value) -> String {
    room["code"].as_str().unwrap().to_string()
}

/// Several nodes need Postgres: with SQLite and a NATS URL the server refuses to start and says why.
#[tokio::test]
async fn several_nodes_refuse_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(plateau_tests::server::binary())
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--metrics-addr",
            "127.0.0.1:0",
        ])
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.path().join("x.db").display()),
        )
        .env("PLATEAU_NATS_URL", NATS)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a Postgres database"), "{stderr}");
}

/// `/readyz` is 503 while NATS is away and 200 again once it is back (a NATS server of the test's
/// own, on a free port, stopped and started again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_nats() {
    let port = free_port();
    let mut nats = start_nats(port);
    let db = TestDb::new(Backend::Postgres).await;
    let url = format!("nats://127.0.0.1:{port}");
    let server = TestServer::start_with(&db, &[("PLATEAU_NATS_URL", url.as_str())]).await;
    let ready = || async {
        reqwest::get(format!("{}/readyz", server.http()))
            .await
            .unwrap()
            .status()
            .as_u16()
    };
    assert_eq!(ready().await, 200);
    nats.kill().unwrap();
    nats.wait().unwrap();
    assert!(
        until(|| async { ready().await == 503 }).await,
        "503 once NATS is away"
    );
    let mut nats = start_nats(port);
    assert!(
        until(|| async { ready().await == 200 }).await,
        "200 once it is back"
    );
    nats.kill().unwrap();
    nats.wait().unwrap();
}

/// NATS killed under live matches and started again (issue 45): the two nodes lose each other for
/// longer than it takes to give a silent node up for gone, and each host, on its room's node,
/// moves meanwhile, unseen by its guest on the other node. Once NATS is back every guest is joined
/// to its room again (a `room` frame and a `snapshot`, with the host's move) and plays on: no match
/// stays frozen, and every acknowledged move is stored once, at its ply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matches_play_on_after_nats_is_killed_and_started_again() {
    let port = free_port();
    let mut nats = start_nats(port);
    let url = format!("nats://127.0.0.1:{port}");
    let db = TestDb::new(Backend::Postgres).await;
    let nodes = start_nodes(&db, 2, 2000, &[("PLATEAU_NATS_URL", url.as_str())]).await;
    // Four matches, two run by each node: the host on the room's node, the guest on the other.
    let mut matches = Vec::new();
    for (room, guest) in [(0, 1), (1, 0), (0, 1), (1, 0)] {
        matches.push(duel_across("abalone", &nodes[room], &nodes[room], &nodes[guest]).await);
    }
    let mut acked = vec![Vec::new(); matches.len()];
    for ((code, _, [a, b]), acked) in matches.iter().zip(&mut acked) {
        for _ in 0..2 {
            play_one(code, &[a, b], acked).await.expect("playing");
        }
    }

    nats.kill().unwrap();
    nats.wait().unwrap();
    // Past the time a silent node is given up for gone (4 s), each host moves.
    tokio::time::sleep(Duration::from_secs(6)).await;
    for ((code, _, [host, _]), acked) in matches.iter().zip(&mut acked) {
        let mv = host.legal(code)[0].clone();
        let answer = host.play(code, "while-nats-was-away", mv.clone()).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        acked.push((answer["version"].as_u64().unwrap() - 1, mv));
    }
    let mut nats = start_nats(port);

    // Every guest sees the host's move (a patch sent after NATS was back, or its room and a
    // snapshot) and answers; then both play on.
    for ((code, _, [a, b]), acked) in matches.iter().zip(&mut acked) {
        for _ in 0..4 {
            play_one(code, &[a, b], acked).await.expect("playing");
        }
        assert_stored_once(&Api::new(nodes[0].http()), code, acked).await;
    }
    nats.kill().unwrap();
    nats.wait().unwrap();
}

/// One node cut off from NATS while the other keeps it (issue 45): long enough for the other to
/// give it up for gone, so that its connections leave the rooms there, and every frame for them
/// meanwhile is lost. Each host moves during the cut. Once the node is back, its guests are
/// joined to their rooms on the other node again (a `room` frame and a `snapshot`, with the
/// host's move), the other node's guests get the moves of the rooms on the node that was cut off,
/// and every match plays on, each acknowledged move stored once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_nats_has_its_guests_join_again() {
    let db = TestDb::new(Backend::Postgres).await;
    let (mut plug, nodes) = second_node_through_a_plug(&db).await;
    // Two matches run by each node: the host on the room's node, the guest on the other.
    let rooms_on = [0, 1, 0, 1];
    let mut matches = Vec::new();
    for room in rooms_on {
        let (host, guest) = (&nodes[room], &nodes[1 - room]);
        matches.push(duel_across("abalone", host, host, guest).await);
    }
    let mut acked = vec![Vec::new(); matches.len()];
    for ((code, _, [a, b]), acked) in matches.iter().zip(&mut acked) {
        for _ in 0..2 {
            play_one(code, &[a, b], acked).await.expect("playing");
        }
    }

    plug.pull().await;
    // Past the time a silent node is given up for gone (4 s), each host moves.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let marks: Vec<usize> = matches
        .iter()
        .map(|(_, _, [_, guest])| guest.mark())
        .collect();
    for ((code, _, [host, _]), acked) in matches.iter().zip(&mut acked) {
        let mv = host.legal(code)[0].clone();
        let answer = host.play(code, "while-cut-off", mv.clone()).await;
        assert_eq!(answer["type"], "ack", "{answer}");
        acked.push((answer["version"].as_u64().unwrap() - 1, mv));
    }
    plug.put_back().await;

    for (i, (code, _, [a, b])) in matches.iter().enumerate() {
        for _ in 0..4 {
            play_one(code, &[a, b], &mut acked[i])
                .await
                .expect("playing");
        }
        assert_stored_once(&Api::new(nodes[0].http()), code, &acked[i]).await;
        // The frames for the node cut off were lost: only a snapshot brings its guests the move.
        if rooms_on[i] == 0 {
            let mark = marks[i];
            assert!(
                b.frames()[mark..]
                    .iter()
                    .any(|f| f["type"] == "snapshot" && f["room"] == code.as_str()),
                "the guest of {code}, cut off, was joined to it again"
            );
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start_nats(port: u16) -> std::process::Child {
    // The harness's own lookup: installed with apt-get when missing, even where the machine's
    // NATS answers (and so no test of this binary needed the binary before).
    let binary = plateau_tests::services::nats_server_binary();
    let child = std::process::Command::new(binary)
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("nats-server starts");
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child
}

/// Whether `check` holds within 15 s.
async fn until<F, Fut>(check: F) -> bool
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(15);
    while Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    false
}
