//! How a match ends early (the contract's "Playing in public"), as a client sees it: a forfeit is a
//! version of its own with the event `forfeited`; the version that ends the match shows it
//! finished with its result, and an `ended` frame with the same result follows.

use serde_json::{json, Value};

use crate::Client;

/// Waits on `client`, after `mark`, for the forfeit of `seat` for `reason` in `room` and checks
/// that it is a version of its own. Returns that patch.
pub async fn forfeit_patch(
    client: &Client,
    mark: usize,
    room: &str,
    seat: usize,
    reason: &str,
) -> Value {
    let patch = client.wait_for_event(mark, room, "forfeited").await;
    let event = patch["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "forfeited")
        .unwrap();
    assert_eq!(
        (&event["seat"], &event["reason"]),
        (&json!(seat), &json!(reason)),
        "the forfeit: {patch}"
    );
    assert_eq!(
        patch["version"].as_u64(),
        patch["from"].as_u64().map(|v| v + 1),
        "a forfeit is one version: {patch}"
    );
    patch
}

/// Waits on `client`, after `mark`, for the `ended` frame of `room`, and checks that the view
/// held then is finished with the same result. Returns the result.
pub async fn ended_result(client: &Client, mark: usize, room: &str) -> Value {
    let ended = client.wait_for_frame(mark, "ended", room).await;
    let (_, view) = client.view(room).expect("a view");
    assert_eq!(view["status"], "finished", "the view once ended: {view}");
    assert_eq!(
        view["result"], ended["result"],
        "the view and `ended` tell one result"
    );
    ended["result"].clone()
}

/// Waits on `client`, after `mark`, for the forfeit of `seat` for `reason` that ends the match of
/// `room`: the forfeit's version is the last one, finished, with `reason` as the result's reason and
/// the forfeit as the last of `result.forfeited`. Returns the result, for the caller to check the
/// winners.
pub async fn ended_by_forfeit(
    client: &Client,
    mark: usize,
    room: &str,
    seat: usize,
    reason: &str,
) -> Value {
    let patch = forfeit_patch(client, mark, room, seat, reason).await;
    let result = ended_result(client, mark, room).await;
    assert_eq!(
        client.version(room),
        patch["version"].as_u64().unwrap(),
        "the forfeit's version ends the match"
    );
    assert_eq!(result["reason"], reason, "{result}");
    assert_eq!(
        result["forfeited"].as_array().and_then(|f| f.last()),
        Some(&json!({"seat": seat, "reason": reason})),
        "{result}"
    );
    result
}
