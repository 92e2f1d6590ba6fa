//! What an outside attack found in the rules of text (issue 45): the chat filter is compared with
//! what a reader sees, the guest public-chat rule counts only a public match the guest played, and
//! the names the server and its client show for what is not a person cannot be taken
//! (docs/protocol.md: "The chat filter", "Who chats in public rooms", "Names kept for the server").

use plateau_tests::rest::assert_error;
use plateau_tests::scenario::{play_plies, started_abalone_duo, Duo};
use plateau_tests::{on_both_databases, Api, Backend, Client, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;

/// The list the attack was made with.
const WORD_LIST: &str = "# words this server refuses\nspam\nbuy gold\nidiot\n";

/// Lines that read as an entry of [`WORD_LIST`], and the entry.
const REFUSED: &[(&str, &str)] = &[
    ("\u{FF53}\u{FF50}\u{FF41}\u{FF4D}", "spam"),
    ("\u{1D42C}\u{1D429}\u{1D41A}\u{1D426}", "spam"),
    (
        "\u{FF22}\u{FF35}\u{FF39} \u{FF27}\u{FF2F}\u{FF2C}\u{FF24}",
        "buy gold",
    ),
    ("\u{455}\u{440}\u{430}\u{43C}", "spam"),
    ("id\u{456}ot", "idiot"),
    ("\u{131}diot", "idiot"),
    ("\u{130}diot", "idiot"),
    ("\u{26A}d\u{26A}ot", "idiot"),
    ("\u{1E61}pam", "spam"),
    ("sp\u{E1}m", "spam"),
    ("s.p.a.m", "spam"),
    ("s p a m", "spam"),
    ("buygold", "buy gold"),
    ("cheap: b u y gold here", "buy gold"),
    ("you IDIOT!", "idiot"),
];

/// Lines that only hold a listed word inside another, or look like none: they must pass.
const INNOCENT: &[&str] = &[
    "a spammer in Spain",
    "spamming is a spasm",
    "buy golden apples",
    "the buyer of gold",
    "idiotic idioms",
    "Scunthorpe",
    "I am a bit tired",
    "s p a",
    "burn the modern corn",
    "gg, well played",
];

/// The operator's word list with what a reader sees: each attack's line is refused `bad_request`
/// naming the entry and reaches nobody; innocent lines, some holding a listed word inside
/// another, reach the room.
async fn the_chat_filter_refuses_what_a_reader_sees(backend: Backend) {
    let db = TestDb::new(backend).await;
    let list = std::env::temp_dir().join(format!("plateau-words-{}.txt", uuid::Uuid::new_v4()));
    std::fs::write(&list, WORD_LIST).unwrap();
    let server =
        TestServer::start_with(&db, &[("PLATEAU_CHAT_FILTER", list.to_str().unwrap())]).await;
    let api = Api::new(server.http());
    let (fay, gus) = (api.new_player("Fay").await, api.new_player("Gus").await);
    let room = api
        .create_room(
            &fay,
            json!({"game": "pinuid", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let (fay_socket, gus_socket) = (
        Client::login(&server.ws_url(), &fay).await,
        Client::login(&server.ws_url(), &gus).await,
    );
    fay_socket.join(&code, "player").await;
    gus_socket.join(&code, "player").await;
    let mark = gus_socket.mark();

    for (line, entry) in REFUSED {
        let refused = fay_socket
            .expect_error(
                json!({"type": "chat", "room": code, "text": line}),
                "bad_request",
            )
            .await;
        let message = refused["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("\"{entry}\" is not allowed")),
            "{line:?}: {refused}"
        );
    }
    for line in INNOCENT {
        fay_socket
            .send(json!({"type": "chat", "room": code, "text": line}))
            .await;
        gus_socket
            .wait_for(mark, |f| f["type"] == "chat" && f["text"] == *line)
            .await;
    }
    let said: Vec<Value> = gus_socket.frames()[mark..]
        .iter()
        .filter(|f| f["type"] == "chat")
        .map(|f| f["text"].clone())
        .collect();
    assert_eq!(said, INNOCENT, "only the innocent lines reached the room");
    std::fs::remove_file(list).ok();
}
on_both_databases!(the_chat_filter_refuses_what_a_reader_sees);

/// How long a session holds a reading of "may not chat", and some slack: a refusal seen after it
/// is the store's answer, not a remembered one.
const READ_AGAIN_AFTER: Duration = Duration::from_millis(5_500);

/// Sends `text` to `code` and waits for the answer: true if `listener` got the line, false if the
/// sender was refused `forbidden`.
async fn chat_gets_through(sender: &Client, listener: &Client, code: &str, text: &str) -> bool {
    let (sent, heard) = (sender.mark(), listener.mark());
    sender
        .send(json!({"type": "chat", "room": code, "text": text}))
        .await;
    tokio::select! {
        _ = listener.wait_for(heard, |f| f["type"] == "chat" && f["text"] == text) => true,
        refused = sender.wait_for(sent, |f| f["type"] == "error") => {
            assert_eq!(refused["code"], "forbidden", "{refused}");
            assert!(refused["message"].as_str().unwrap().contains("5 moves of their own"), "{refused}");
            false
        }
    }
}

/// A public room with a stranger in it, where `guest` (on `socket`) tries to chat.
struct PublicRoom {
    code: String,
    stranger: Client,
}

async fn public_room(server: &TestServer, api: &Api, socket: &Client) -> PublicRoom {
    let stranger = api.new_player("Stranger").await;
    let room = api
        .create_room(
            &stranger,
            json!({"game": "pinuid", "players": 2, "visibility": "public"}),
        )
        .await;
    let code = room["code"].as_str().unwrap().to_string();
    let stranger = Client::login(&server.ws_url(), &stranger).await;
    stranger.join(&code, "player").await;
    socket.join(&code, "spectator").await;
    PublicRoom { code, stranger }
}

/// A guest chats in public rooms only after a finished public match in which it made five moves of
/// its own (or once it keeps its name with a password): resigning at once in a private match
/// against a second guest of its own, or in a public one, or after four moves, does not count.
async fn guests_chat_in_public_after_a_public_match_of_their_own(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());

    // The attack: a private match against its own second guest, resigned at ply 0.
    let Duo {
        code, alice, a, b, ..
    } = started_abalone_duo(&server, &api, "private").await;
    let mark = b.mark();
    a.resign(&code).await;
    b.wait_for_frame(mark, "ended", &code).await;
    let lobby = public_room(&server, &api, &a).await;
    tokio::time::sleep(READ_AGAIN_AFTER).await;
    assert!(
        !chat_gets_through(&a, &lobby.stranger, &lobby.code, "buy gold here").await,
        "a private match resigned at once does not count"
    );

    // A public match of four moves each, then resigned: not enough moves of her own.
    let duo = started_abalone_duo(&server, &api, "public").await;
    play_plies(&duo.code, &[&duo.a, &duo.b], 0, 8).await;
    let mark = duo.b.mark();
    duo.a.resign(&duo.code).await;
    duo.b.wait_for_frame(mark, "ended", &duo.code).await;
    let lobby = public_room(&server, &api, &duo.a).await;
    tokio::time::sleep(READ_AGAIN_AFTER).await;
    assert!(!chat_gets_through(&duo.a, &lobby.stranger, &lobby.code, "hello").await);

    // Five moves of her own in a public match: from then on she chats (within the session's
    // next reading).
    let duo = started_abalone_duo(&server, &api, "public").await;
    play_plies(&duo.code, &[&duo.a, &duo.b], 0, 9).await;
    let mark = duo.b.mark();
    duo.a.resign(&duo.code).await;
    duo.b.wait_for_frame(mark, "ended", &duo.code).await;
    let lobby = public_room(&server, &api, &duo.a).await;
    tokio::time::sleep(READ_AGAIN_AFTER).await;
    assert!(chat_gets_through(&duo.a, &lobby.stranger, &lobby.code, "well played").await);
    // Her opponent made four: he still may not.
    duo.b.join(&lobby.code, "spectator").await;
    assert!(!chat_gets_through(&duo.b, &lobby.stranger, &lobby.code, "me too").await);

    // A password counts at once.
    let (status, _) = api
        .put(
            "/api/v1/players/me/password",
            &json!({"password": "correct horse battery"}),
            Some(&alice.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let lobby = public_room(&server, &api, &a).await;
    assert!(chat_gets_through(&a, &lobby.stranger, &lobby.code, "hello all").await);
}
on_both_databases!(guests_chat_in_public_after_a_public_match_of_their_own);

/// Names the server and its client show for what is not a person, in each language of the client
/// and in forms that look the same.
const KEPT: &[&str] = &[
    "deleted player",
    "Deleted Player",
    "DELETED  PLAYER",
    "d\u{435}leted p1ayer",
    "Bot 1",
    "bot 4",
    "\u{299}\u{1D0F}\u{1D1B} 2",
    "Random bot",
    "Strong Bot",
    "Seat 2",
    "an unknown player",
    "the command line",
    "Ordinateur 1",
    "Niveau Facile",
    "un robot",
    "Place 3",
    "Joueur 2",
];

/// `POST /api/v1/players` with a name the server keeps is `409 conflict`, and so is a moderator's
/// rename to one; names that merely look near them are taken as any other. A closed account shows
/// as `deleted player`, which nobody can then pass for.
async fn names_the_server_shows_cannot_be_taken(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    for name in KEPT {
        let answer = api
            .post("/api/v1/players", &json!({ "name": name }), None)
            .await;
        assert_error(&answer, 409, "conflict");
    }
    for name in ["Bottom 1", "Botanist", "Deleted", "Player One"] {
        assert_eq!(api.new_player(name).await.name, name);
    }

    // A moderator (here an admin, appointed from the command line) cannot rename anyone to one.
    let admin = api.new_player("Admin").await;
    plateau_tests::server::admin_cli(&db, "grant", &admin.id).expect("grant the admin");
    let carol = api.new_player("Carol").await;
    for name in ["Deleted player", "Bot 3", "Ordinateur 2"] {
        let (status, _, text) = api
            .raw(
                Method::POST,
                &format!("/api/v1/mod/players/{}/rename", carol.id),
                Some(&json!({"reason": "test", "name": name})),
                Some(&admin.token),
            )
            .await;
        let body: Value = serde_json::from_str(&text).unwrap();
        assert_error(&(status, body), 409, "conflict");
    }
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", carol.id), None)
        .await;
    assert_eq!(profile["name"], "Carol", "a refused rename changes nothing");

    // Carol closes her account: she shows as `deleted player`, a name nobody else holds.
    let (status, _, _) = api
        .raw(
            Method::DELETE,
            "/api/v1/players/me",
            Some(&json!({})),
            Some(&carol.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, profile) = api
        .get(&format!("/api/v1/players/{}", carol.id), None)
        .await;
    assert_eq!(profile["name"], "deleted player");
    let taken = api
        .post("/api/v1/players", &json!({"name": "deleted player"}), None)
        .await;
    assert_error(&taken, 409, "conflict");
}
on_both_databases!(names_the_server_shows_cannot_be_taken);
