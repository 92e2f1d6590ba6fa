//! Fuzzing of the WebSocket client frame parser, as a property test: arbitrary text, and valid
//! frames with a part replaced, go through what the server does with a text frame (JSON, then
//! [`ClientFrame`]). Nothing may panic, and a frame that parses serialises back to JSON that parses
//! to the same frame.
//!
//! A short run is part of `cargo test`. The long run:
//! `PLATEAU_FUZZ_CASES=10000000 nice -n 19 cargo test --release -p plateau-protocol --test fuzz_frames`

use plateau_protocol::ws::ClientFrame;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};

fn cases() -> u32 {
    std::env::var("PLATEAU_FUZZ_CASES")
        .ok()
        .map_or(2000, |n| n.parse().expect("PLATEAU_FUZZ_CASES is a number"))
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    })
}

/// The server's reading of one text frame: JSON first, then the frame.
fn parse(text: &str) -> Option<ClientFrame> {
    let value: Value = serde_json::from_str(text).ok()?;
    serde_json::from_value(value).ok()
}

fn roundtrips(frame: &ClientFrame) -> Result<(), TestCaseError> {
    let text = serde_json::to_string(frame).expect("frames serialise");
    let back = parse(&text);
    prop_assert_eq!(back.as_ref(), Some(frame), "{} does not parse back", text);
    Ok(())
}

/// One valid frame of each type.
fn templates() -> Vec<Value> {
    vec![
        json!({"type": "auth", "token": "t0k3n"}),
        json!({"type": "join", "room": "r1", "as": "player"}),
        json!({"type": "leave", "room": "r1"}),
        json!({"type": "start", "room": "r1", "bots": true}),
        json!({"type": "move", "room": "r1", "id": "m1", "version": 3, "move": {"action": "pass"}}),
        json!({"type": "sync", "room": "r1"}),
        json!({"type": "chat", "room": "r1", "text": "hello"}),
        json!({"type": "ping"}),
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        ".{0,16}".prop_map(Value::from),
        prop::sample::select(vec![
            "auth",
            "join",
            "leave",
            "start",
            "move",
            "sync",
            "chat",
            "ping",
            "player",
            "spectator",
            "type",
            "room",
            "as",
            "id",
            "version",
            "text",
            "bots",
            "token",
        ])
        .prop_map(Value::from),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "type", "room", "as", "id", "version", "move", "text", "bots", "token", "x"
                ]),
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

#[test]
fn arbitrary_bytes_never_panic_and_frames_roundtrip() {
    runner()
        .run(&prop::collection::vec(any::<u8>(), 0..200), |bytes| {
            // A WebSocket text frame is UTF-8: the server never sees other bytes as text.
            if let Ok(text) = std::str::from_utf8(&bytes) {
                if let Some(frame) = parse(text) {
                    roundtrips(&frame)?;
                }
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn mutated_frames_never_panic_and_frames_roundtrip() {
    let strategy = (
        prop::sample::select(templates()),
        prop::sample::select(vec![
            "type", "room", "as", "id", "version", "move", "text", "bots", "token", "x",
        ]),
        prop_oneof![json_value().prop_map(Some), Just(None)],
        any::<bool>(),
    );
    runner()
        .run(&strategy, |(mut frame, key, value, as_text)| {
            match value {
                Some(v) => frame[key] = v,
                None => {
                    frame.as_object_mut().expect("an object").remove(key);
                }
            }
            let parsed = if as_text {
                parse(&frame.to_string())
            } else {
                serde_json::from_value(frame).ok()
            };
            if let Some(frame) = parsed {
                roundtrips(&frame)?;
            }
            Ok(())
        })
        .unwrap();
}

/// Found by the fuzzing: without serde_json's `float_roundtrip`, some numbers a client sends in a
/// move came back (echoed, stored) as a different number.
#[test]
fn a_number_in_a_move_comes_back_exactly() {
    let text = r#"{"type":"move","room":"r1","id":"m1","version":3,"move":[{"n":-6.603544095453969e-264}]}"#;
    let frame = parse(text).expect("a valid frame");
    assert_eq!(parse(&serde_json::to_string(&frame).unwrap()), Some(frame));
}
