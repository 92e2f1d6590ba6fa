//! The bearer scheme is read in any case (issue 45, point 8): RFC 7235 makes an authentication
//! scheme case-insensitive, so `Authorization: bearer TOKEN` is the token, for every kind of call:
//! a banned player's lower-case scheme is still the banned player (no new guest from it), and a
//! player's, a moderator's or a signing-out call's token works in any case. Anything that is not
//! the `Bearer` scheme with a token is no token.

use plateau_tests::rest::assert_error;
use plateau_tests::{on_both_databases, Api, Backend, Player, TestDb, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::json;

/// The scheme as clients write it: the RFC's case, and others.
const SCHEMES: [&str; 4] = ["Bearer", "bearer", "BEARER", "bEaReR"];

async fn me(api: &Api, authorization: &str) -> (StatusCode, serde_json::Value) {
    api.with_authorization(Method::GET, "/api/v1/players/me", None, authorization)
        .await
}

async fn the_scheme_is_read_in_any_case(backend: Backend) {
    let db = TestDb::new(backend).await;
    let server = TestServer::start(&db).await;
    let api = Api::new(server.http());
    let admin = api.new_player("Admin").await;
    db.grant_admin(&admin.id);
    let carol = api.new_player("Carol").await;
    let bob = api.new_player("Bob").await;
    let ban = json!({"reason": "abusive chat", "for_good": true});
    let path = format!("/api/v1/mod/players/{}/ban", carol.id);
    let (status, standing) = api.post(&path, &ban, Some(&admin.token)).await;
    assert_eq!(status, StatusCode::OK, "{standing}");

    for scheme in SCHEMES {
        let as_player = |p: &Player| format!("{scheme} {}", p.token);
        // The banned player is the banned player: no new guest, no calls.
        let guest = api
            .with_authorization(
                Method::POST,
                "/api/v1/players",
                Some(&json!({"name": "Carol again"})),
                &as_player(&carol),
            )
            .await;
        assert_error(&guest, 403, "banned");
        assert_error(&me(&api, &as_player(&carol)).await, 403, "banned");

        // Anyone else is who its token says: a player, and a moderator (here an admin).
        let (status, bob_seen) = me(&api, &as_player(&bob)).await;
        assert_eq!(status, StatusCode::OK, "{scheme}: {bob_seen}");
        assert_eq!(bob_seen["id"], bob.id.as_str());
        let (status, log) = api
            .with_authorization(Method::GET, "/api/v1/mod/log", None, &as_player(&admin))
            .await;
        assert_eq!(status, StatusCode::OK, "{scheme}: {log}");
        // Several spaces after the scheme are allowed (`1*SP`).
        let (status, _) = me(&api, &format!("{scheme}   {}", bob.token)).await;
        assert_eq!(status, StatusCode::OK, "{scheme} and three spaces");
    }

    // Signing out with a lower-case scheme signs that token out.
    let (status, body) = api
        .with_authorization(
            Method::DELETE,
            "/api/v1/sessions/current",
            None,
            &format!("bearer {}", bob.token),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    assert_error(
        &api.get("/api/v1/players/me", Some(&bob.token)).await,
        401,
        "unauthorized",
    );

    // Not the bearer scheme, or no token after it: no token at all.
    for authorization in [
        format!("Basic {}", admin.token),
        format!("Bearer{}", admin.token),
        "bearer".to_string(),
        "bearer    ".to_string(),
        admin.token.clone(),
    ] {
        assert_error(&me(&api, &authorization).await, 401, "unauthorized");
    }
}
on_both_databases!(the_scheme_is_read_in_any_case);
