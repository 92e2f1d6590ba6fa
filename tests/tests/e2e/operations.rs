//! What an operator and a client discover about a server: health, readiness, metrics, the games
//! catalog with every option described, and the OpenAPI document of the REST API.

use plateau_tests::{Api, Backend, Client, TestDb, TestServer};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_metrics_catalog_and_openapi() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());

    let http = reqwest::Client::new();
    for path in ["/healthz", "/readyz"] {
        let answer = http
            .get(format!("{}{path}", server.http()))
            .send()
            .await
            .unwrap();
        assert!(answer.status().is_success(), "{path}");
    }

    // The catalog: five games, each option with type, default and description.
    let (_, games) = api.get("/api/v1/games", None).await;
    let ids: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            "abalone",
            "triominos",
            "pinuid",
            "trangouar",
            "groups-of-three"
        ]
    );
    for game in games.as_array().unwrap() {
        assert!(
            game["min_players"].as_u64().unwrap() >= 2
                && game["max_players"].as_u64().unwrap() <= 4
        );
        for (name, option) in game["options"].as_object().unwrap() {
            assert!(option["type"].is_string(), "{name}");
            assert!(option.get("default").is_some(), "{name}");
            assert!(
                option["description"]
                    .as_str()
                    .is_some_and(|d| !d.is_empty()),
                "{name}"
            );
            // Every value of an enum comes with its words for a person.
            for value in option["values"].as_array().into_iter().flatten() {
                let label = &option["value_labels"][value.as_str().unwrap()];
                assert!(
                    label
                        .as_str()
                        .is_some_and(|l| l.len() >= 2 && !l.contains('_')),
                    "{name} = {value}: {label}"
                );
            }
        }
    }
    assert_eq!(
        games[0]["options"]["layout"]["values"],
        json!(["standard", "belgian-daisy", "german-daisy"])
    );
    assert_eq!(games[0]["options"]["layout"]["default"], "standard");

    // Metrics count what happened: a connection, a move, an error.
    let alice = api.new_player("Alice").await;
    let room = api
        .create_room(
            &alice,
            json!({"game": "abalone", "players": 2, "visibility": "private"}),
        )
        .await;
    let code = room["code"].as_str().unwrap();
    let a = Client::login(&server.ws_url(), &alice).await;
    a.join(code, "player").await;
    a.send(json!({"type": "start", "room": code, "bots": true}))
        .await;
    a.until_version(code, 1).await;
    assert_eq!(
        a.play(code, "m1", a.legal(code)[0].clone()).await["type"],
        "ack"
    );
    a.expect_error(json!({"type": "nonsense"}), "bad_request")
        .await;
    let metrics = http
        .get(format!("{}/metrics", server.metrics_http()))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let value = |name: &str| -> f64 {
        metrics
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} missing from /metrics:\n{metrics}"))
    };
    assert_eq!(value("plateau_connections"), 1.0);
    assert!(value("plateau_moves_total") >= 1.0);
    assert!(value("plateau_move_ack_seconds_count") >= 1.0);
    assert!(value("plateau_errors_total{code=\"bad_request\"}") >= 1.0);
    assert_eq!(value("plateau_rooms{status=\"playing\"}"), 1.0);

    // The OpenAPI document describes the REST API.
    let (status, openapi) = api.get("/api/v1/openapi.json", None).await;
    assert!(status.is_success());
    assert!(openapi["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/v1/players",
        "/api/v1/rooms",
        "/api/v1/rooms/{code}",
        "/api/v1/rooms/quick",
        "/api/v1/matches",
        "/api/v1/matches/{id}",
        "/api/v1/matches/{id}/state",
        "/api/v1/games",
        "/api/v1/games/{id}/leaderboard",
        "/api/v1/players/me/password",
        "/api/v1/players/{id}/ratings/{game}",
        "/api/v1/players/{id}/matches.ndjson",
        "/api/v1/sessions/current",
        "/api/v1/players/me/export",
        "/api/v1/players/me/language",
        "/api/v1/players/me/blocks",
        "/api/v1/players/me/blocks/{id}",
    ] {
        assert!(openapi["paths"].get(path).is_some(), "{path} is documented");
    }
    for method in ["get", "delete"] {
        assert!(
            openapi["paths"]["/api/v1/players/me"].get(method).is_some(),
            "{method} /api/v1/players/me is documented"
        );
    }
    for schema in ["Blocks", "Block", "CloseAccount", "ChosenLanguage", "Me"] {
        assert!(
            openapi["components"]["schemas"].get(schema).is_some(),
            "the {schema} schema is in the document"
        );
    }
    assert!(
        openapi["components"]["schemas"]["Me"]["properties"]
            .get("language")
            .is_some(),
        "Me says the language"
    );
    for method in ["post", "delete"] {
        assert!(
            openapi["paths"]["/api/v1/sessions"].get(method).is_some(),
            "{method} /api/v1/sessions is documented"
        );
    }
}

/// The catalog in the language asked for: `?lang=fr`, or a browser's `Accept-Language`; the English
/// words stay as they were, a language not spoken here gets English, and a tag that is no language
/// is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_catalog_speaks_the_language_asked_for() {
    let db = TestDb::new(Backend::Sqlite).await;
    let server = TestServer::start(&db).await;
    let http = reqwest::Client::new();
    let catalog = |query: &'static str, accept: Option<&'static str>| {
        let mut ask = http.get(format!("{}/api/v1/games{query}", server.http()));
        if let Some(accept) = accept {
            ask = ask.header("Accept-Language", accept);
        }
        async move {
            let answer = ask.send().await.unwrap();
            let status = answer.status().as_u16();
            let vary = answer
                .headers()
                .get("vary")
                .map(|v| v.to_str().unwrap().to_string());
            (
                status,
                vary,
                answer.json::<serde_json::Value>().await.unwrap(),
            )
        }
    };

    // Nothing asked: no words, the catalog as before.
    let (_, _, plain) = catalog("", None).await;
    assert!(plain[0].get("words").is_none());

    // French by name: every game and option in French, the English labels unchanged beside them.
    let (status, vary, fr) = catalog("?lang=fr", None).await;
    assert_eq!(status, 200);
    assert_eq!(vary.as_deref(), Some("accept-language"));
    let abalone = &fr[0];
    assert_eq!(abalone["words"]["lang"], "fr");
    assert_eq!(abalone["options"]["layout"]["label"], "Start position");
    assert_eq!(
        abalone["words"]["options"]["layout"]["label"],
        "Position de départ"
    );
    assert_eq!(
        abalone["words"]["options"]["layout"]["values"]["belgian-daisy"],
        "Marguerite belge"
    );
    let groups = &fr[4];
    assert_eq!(groups["words"]["name"], "Groupe de trois");
    for game in fr.as_array().unwrap() {
        let words = &game["words"]["options"];
        for (name, option) in game["options"].as_object().unwrap() {
            let said = &words[name];
            assert!(
                said["label"].as_str().is_some_and(|l| !l.is_empty()),
                "{name}"
            );
            assert_ne!(
                said["description"], option["description"],
                "{name} is translated"
            );
            for value in option["values"].as_array().into_iter().flatten() {
                assert!(
                    said["values"][value.as_str().unwrap()].is_string(),
                    "{name} = {value}"
                );
            }
        }
    }

    // A browser's header: the first language spoken here by quality, a region counting as its
    // language; none spoken here gets English.
    let (_, _, header_fr) = catalog("", Some("de-DE, fr-CA;q=0.8, en;q=0.5")).await;
    assert_eq!(header_fr[0]["words"]["lang"], "fr");
    let (_, _, header_en) = catalog("", Some("en-GB, fr;q=0.9")).await;
    assert_eq!(header_en[0]["words"]["lang"], "en");
    assert_eq!(
        header_en[0]["words"]["options"]["layout"]["label"],
        "Start position"
    );
    let (_, _, unknown) = catalog("?lang=de", Some("fr")).await;
    assert_eq!(
        unknown[0]["words"]["lang"], "en",
        "lang= wins over the header"
    );

    // Not a language tag: refused, with the field named.
    let (status, _, refused) = catalog("?lang=%3Cscript%3E", None).await;
    assert_eq!(status, 400);
    assert!(refused["error"]["message"]
        .as_str()
        .unwrap()
        .starts_with("lang:"));
}

/// Starts `plateau serve` on a free public port with `args`, its JSON log in `log`, without the
/// harness's `--metrics-addr` (these tests are about what happens without or with one).
fn serve_bare(db: &TestDb, log: &std::path::Path, args: &[&str]) -> std::process::Child {
    std::process::Command::new(plateau_tests::server::binary())
        .args(["serve", "--addr", "127.0.0.1:0", "--database-url", &db.url])
        .args(["--log-format", "json"])
        .args(args)
        .env_remove("PLATEAU_METRICS_ADDR")
        .env_remove("PLATEAU_ADDR")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("start plateau")
}

/// The public address of the log's `listening` line, once written.
async fn listening(log: &std::path::Path, child: &mut std::process::Child) -> String {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        let addr = text.lines().find_map(|line| {
            let entry: serde_json::Value = serde_json::from_str(line).ok()?;
            (entry["fields"]["message"] == "listening")
                .then(|| entry["fields"]["addr"].as_str().map(str::to_string))?
        });
        if let Some(addr) = addr {
            return addr;
        }
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the server exited with {status}:\n{text}");
        }
        assert!(std::time::Instant::now() < deadline, "no start:\n{text}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// A second Plateau on one host (or Prometheus itself) holding the default metrics address does
/// not keep players out: the server warns and serves without `/metrics`. The default is not
/// Prometheus's 9090.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_default_metrics_address_is_a_warning_not_a_failure() {
    let db = TestDb::new(Backend::Sqlite).await;
    // Held here, or already held by something else on this machine: taken either way.
    let _held = std::net::TcpListener::bind("127.0.0.1:9464");
    let log = db.dir.path().join("bare.log");
    let mut child = serve_bare(&db, &log, &[]);
    let addr = listening(&log, &mut child).await;
    let health = reqwest::get(format!("http://{addr}/healthz"))
        .await
        .unwrap();
    assert_eq!(health.status(), 200, "the public listener serves");
    let text = std::fs::read_to_string(&log).unwrap();
    let warning = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|e| e["level"] == "WARN" && e["fields"]["addr"] == "127.0.0.1:9464");
    let warning = warning.unwrap_or_else(|| panic!("a warning names the default:\n{text}"));
    assert!(
        warning["fields"]["message"]
            .as_str()
            .unwrap()
            .contains("--metrics-addr"),
        "it says how to serve /metrics elsewhere: {warning}"
    );
    assert!(!text.contains("9090"), "Prometheus's own port is not used");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// An address the operator set is a promise: if it cannot be had, the server does not start, and
/// says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_taken_metrics_address_that_was_set_stops_the_start() {
    let db = TestDb::new(Backend::Sqlite).await;
    let held = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let taken = held.local_addr().unwrap().to_string();
    let log = db.dir.path().join("bare.log");
    let mut child = serve_bare(&db, &log, &["--metrics-addr", &taken]);
    let exit = tokio::task::spawn_blocking(move || child.wait().unwrap());
    let status = tokio::time::timeout(std::time::Duration::from_secs(60), exit)
        .await
        .expect("the server stops at once")
        .unwrap();
    assert!(!status.success(), "the start fails");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains(&format!("cannot listen on {taken}")),
        "the error names the address:\n{text}"
    );
}

/// The runtime's workers: at least two by default (a runaway engine call holds one, the other
/// serves), and `TOKIO_WORKER_THREADS` when the operator sets it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn runtime_workers_are_two_at_least_or_as_the_operator_sets() {
    let db = TestDb::new(Backend::Sqlite).await;
    // Threads of the runtime, named by Tokio; its blocking pool's threads bear the same name, and
    // go after a second idle (the server's keep-alive), so they are counted after that.
    let workers = |server: &TestServer| {
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let pid = server.pid().expect("the server runs");
        std::fs::read_dir(format!("/proc/{pid}/task"))
            .expect("the server's threads")
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
            .filter(|name| name.trim() == "tokio-rt-worker")
            .count()
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let default = TestServer::start(&db).await;
    assert_eq!(workers(&default), cores.max(2));
    drop(default);
    let one = TestServer::start_with(&db, &[("TOKIO_WORKER_THREADS", "1")]).await;
    assert_eq!(workers(&one), 1);
    let api = Api::new(one.http());
    let alice = api.new_player("Alice").await;
    let client = Client::login(&one.ws_url(), &alice).await;
    assert!(!client.is_closed(), "one worker serves");
}

/// The catalog says of every option whether it is a house rule (`advanced`) and the player counts
/// it applies to (`players`), so that a client draws its form from the catalog alone; and what it
/// says is what the server does: an option set off its default for a count it does not apply to
/// is refused, for a count it applies to, taken. The OpenAPI document describes both.
async fn the_catalog_says_house_rules_and_player_counts(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let (_, games) = api.get("/api/v1/games", None).await;
    let option = |game: &str, name: &str| {
        let game = games.as_array().unwrap().iter().find(|g| g["id"] == game);
        game.unwrap()["options"][name].clone()
    };
    assert_eq!(
        option("abalone", "team_moves_mixed_columns")["players"],
        json!([4])
    );
    assert_eq!(
        option("groups-of-three", "two_player_colours")["players"],
        json!([2])
    );
    assert_eq!(
        option("groups-of-three", "three_player_omitted")["players"],
        json!([3])
    );
    assert_eq!(option("abalone", "layout")["players"], json!([2, 3, 4]));
    assert_eq!(option("abalone", "layout")["advanced"], json!(false));
    assert_eq!(option("abalone", "max_plies")["advanced"], json!(true));
    assert_eq!(option("triominos", "target")["advanced"], json!(false));
    assert_eq!(option("triominos", "blocked_tie")["advanced"], json!(true));
    // A default that follows the player count is shown as it always was.
    let variant = option("pinuid", "variant");
    assert_eq!(variant["default"], "classic");
    assert_eq!(
        variant["default_by_players"],
        json!({"2": "classic", "3": "quatro", "4": "quatro"})
    );

    let alice = api.new_player("Alice").await;
    for game in games.as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        let counts = game["min_players"].as_u64().unwrap()..=game["max_players"].as_u64().unwrap();
        for (name, option) in game["options"].as_object().unwrap() {
            assert!(option["advanced"].is_boolean(), "{id}.{name}");
            let players: Vec<u64> = option["players"]
                .as_array()
                .unwrap_or_else(|| panic!("{id}.{name}: players"))
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect();
            assert!(
                !players.is_empty()
                    && players.windows(2).all(|w| w[0] < w[1])
                    && players.iter().all(|n| counts.contains(n)),
                "{id}.{name}: {players:?}"
            );
            if players.len() == counts.clone().count() {
                continue;
            }
            // Off its default: refused where the catalog says it does not apply, taken where it does.
            let changed = match &option["default"] {
                serde_json::Value::Bool(b) => json!(!b),
                default => option["values"]
                    .as_array()
                    .and_then(|v| v.iter().find(|v| *v != default).cloned())
                    .unwrap_or_else(|| panic!("{id}.{name}: another value")),
            };
            for n in counts.clone() {
                let body = json!({"game": id, "players": n, "visibility": "private",
                                  "options": {name.as_str(): changed}});
                let (status, answer) = api.post("/api/v1/rooms", &body, Some(&alice.token)).await;
                if players.contains(&n) {
                    assert_eq!(status.as_u16(), 201, "{id}.{name} with {n}: {answer}");
                } else {
                    assert_eq!(status.as_u16(), 400, "{id}.{name} with {n}: {answer}");
                    let message = answer["error"]["message"].as_str().unwrap();
                    assert!(
                        message.starts_with(&format!("options.{name}:")),
                        "{message}"
                    );
                }
            }
        }
    }

    let (_, openapi) = api.get("/api/v1/openapi.json", None).await;
    let option = &openapi["components"]["schemas"]["CatalogOption"]["properties"];
    assert!(
        option.get("advanced").is_some() && option.get("players").is_some(),
        "{option}"
    );
}
plateau_tests::on_both_databases!(the_catalog_says_house_rules_and_player_counts);
