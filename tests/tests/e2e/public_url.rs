//! `--public-url` / `PLATEAU_PUBLIC_URL`: the address invite links are built from, which clients
//! learn from `GET /api/v1/server`; a malformed one stops the server at start.

use plateau_tests::server::binary;
use plateau_tests::{on_both_databases, Api, Backend, TestDb, TestServer};
use serde_json::json;
use std::process::Command;

async fn public_url_reaches_clients(backend: Backend) {
    let db = TestDb::new(backend).await;
    {
        let server = TestServer::start(&db).await;
        let (status, info) = Api::new(server.http()).get("/api/v1/server", None).await;
        assert_eq!(status, 200);
        assert_eq!(
            info,
            json!({ "public_url": null }),
            "unset: clients use their own address"
        );
    }
    let server = TestServer::start_with(
        &db,
        &[("PLATEAU_PUBLIC_URL", "https://plateau.example.org/")],
    )
    .await;
    let (status, info) = Api::new(server.http()).get("/api/v1/server", None).await;
    assert_eq!(status, 200);
    assert_eq!(
        info,
        json!({ "public_url": "https://plateau.example.org" }),
        "kept without its trailing slash, so that clients append /r/CODE"
    );
}

on_both_databases!(public_url_reaches_clients);

#[test]
fn a_malformed_public_url_stops_the_server_with_a_reason() {
    let out = Command::new(binary())
        .args(["serve", "--public-url", "plateau.example.org"])
        .output()
        .expect("run plateau serve");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--public-url") && err.contains("https://"),
        "{err}"
    );
}
