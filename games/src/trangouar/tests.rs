//! Tests of Trangouar: the rules file's worked combat example, the blocking cascade, paths,
//! exchanges, setup validation, the variant, the ends of a match, hidden setups, the contract
//! playouts and the replay of every coin.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use super::board::{self, Point};
use super::*;
use crate::engine::{Audience, Event, GameRng, Viewer};
use crate::options;
use crate::registry;
use crate::testing::{check_contract, json_contains};

// ---- helpers -------------------------------------------------------------------------------------

fn pt(s: &str) -> Point {
    Point::parse(s).unwrap()
}

fn game(players: usize, options: Value) -> Trangouar {
    let opts = options::validate(&Trangouar::info().options, players, &options).unwrap();
    Trangouar::setup(&opts, players, &mut GameRng::seed_from_u64(0)).unwrap()
}

/// A position in play: `(at, owner, (red, black, white))`, owner `None` for a corpse.
fn position(players: usize, options: Value, cubes: &[Placed], turn: Seat) -> Trangouar {
    Trangouar::for_test(players, &options, cubes, turn)
}

fn play(g: &mut Trangouar, seat: Seat, mv: Value) -> Result<Vec<Event>, MoveError> {
    let m = Trangouar::parse_move(&mv)?;
    g.play(seat, &m, &mut GameRng::seed_from_u64(7))
}

fn refused(g: &Trangouar, seat: Seat, mv: Value) -> String {
    let mut h = g.clone();
    match play(&mut h, seat, mv) {
        Err(MoveError::Illegal(m)) => m,
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

/// Plays an attack with the first RNG seed whose coins come out as given: the engine flips with
/// the `GameRng` as in real play, we only pick the seed.
fn attack_with(
    g: &Trangouar,
    seat: Seat,
    mv: Value,
    attack: &[&str],
    defence: &[&str],
) -> (Trangouar, Vec<Event>) {
    let m = Trangouar::parse_move(&mv).unwrap();
    for s in 0..10_000u64 {
        let mut h = g.clone();
        let events = h.play(seat, &m, &mut GameRng::seed_from_u64(s)).unwrap();
        let a = &events[0].data;
        if a["attack_coins"] == json!(attack) && a["defence_coins"] == json!(defence) {
            return (h, events);
        }
    }
    panic!("no seed gives these coins");
}

fn kinds(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| e.data["kind"].as_str().unwrap().to_string())
        .collect()
}

fn corpse_events(events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .filter(|e| e.data["kind"] == "corpse")
        .map(|e| {
            (
                e.data["at"].as_str().unwrap().into(),
                e.data["reason"].as_str().unwrap().into(),
            )
        })
        .collect()
}

fn pearls_of(g: &Trangouar, at: &str) -> (Option<Seat>, (u8, u8, u8)) {
    let c = g.cube_at(pt(at)).unwrap();
    (c.owner, (c.pearls.red, c.pearls.black, c.pearls.white))
}

fn setup_json(cubes: &[(&str, u8, u8, u8)]) -> Value {
    let cubes: Vec<Value> = cubes
        .iter()
        .map(|&(at, r, b, w)| json!({"at": at, "red": r, "black": b, "white": w}))
        .collect();
    json!({"action": "setup", "cubes": cubes})
}

// ---- board and moves ---------------------------------------------------------------------------

#[test]
fn board_names_and_zones() {
    assert_eq!(pt("a1"), Point::new(0, 0));
    assert_eq!(pt("i9"), Point::new(8, 8));
    assert_eq!(pt("c7").to_string(), "c7");
    assert_eq!(serde_json::to_string(&pt("e5")).unwrap(), r#""e5""#);
    // Every point's name reads back as that point.
    for i in 0..board::CELLS {
        let p = Point::from_index(i);
        assert_eq!(Point::parse(p.name()), Some(p), "{}", p.name());
    }
    assert!(
        Point::parse("j1").is_none()
            && Point::parse("a0").is_none()
            && Point::parse("a10").is_none()
    );
    let names = |n| board::zones(n).iter().map(|z| z.name).collect::<Vec<_>>();
    assert_eq!(names(2), ["SW", "NE"]);
    assert_eq!(names(3), ["SW", "NW", "NE"]);
    assert_eq!(names(4), ["SW", "NW", "NE", "SE"]);
    let ne = board::zones(2)[1];
    assert!(ne.contains(pt("g7")) && ne.contains(pt("i9")) && !ne.contains(pt("f9")));
    assert_eq!(ne.cells().len(), 9);
    assert_eq!(
        ne.corners().map(|p| p.to_string()),
        ["i9", "g9", "i7", "g7"]
    );
    assert_eq!(pt("a1").neighbours().count(), 2);
    assert_eq!(pt("e1").neighbours().count(), 3);
    assert_eq!(pt("e5").neighbours().count(), 4);
}

#[test]
fn moves_parse_and_serialise_canonically() {
    let examples = [
        json!({"action": "setup", "cubes": [{"at": "b2", "red": 3, "black": 3, "white": 3}]}),
        json!({"action": "nothing"}),
        json!({"action": "exchange", "cube": "b2", "red": 1, "black": 4, "white": 0}),
        json!({"action": "move", "cube": "b2", "path": ["b3", "c3"]}),
        json!({"action": "attack", "cube": "b2", "target": "b3"}),
        json!({"action": "lose", "pearls": {"white": 1}}),
    ];
    for e in examples {
        let m = Trangouar::parse_move(&e).unwrap();
        assert_eq!(serde_json::to_value(&m).unwrap(), e);
    }
    let malformed = |v: Value| match Trangouar::parse_move(&v) {
        Err(MoveError::Malformed(m)) => m,
        other => panic!("{v} parsed: {other:?}"),
    };
    assert!(malformed(json!({"action": "fly"})).contains("unknown variant `fly`"));
    assert!(malformed(json!({"action": "attack", "cube": "b2"})).contains("missing field `target`"));
    assert!(
        malformed(json!({"action": "attack", "cube": "z9", "target": "b3"}))
            .contains("`z9` is not an intersection")
    );
    assert!(malformed(json!({"action": "lose", "pearls": {"green": 1}}))
        .contains("unknown field `green`"));
    assert!(malformed(json!({"action": "nothing", "extra": 1})).contains("unknown field `extra`"));
    assert!(malformed(
        json!({"action": "exchange", "cube": "b2", "red": -1, "black": 4, "white": 0})
    )
    .contains("invalid value"));
    assert!(malformed(json!("nothing")).contains("trangouar move"));
}

#[test]
fn options_and_setup_errors() {
    let entry = registry::find("trangouar").unwrap();
    let o = entry.validate(2, &Value::Null).unwrap();
    assert_eq!(o["variant"], "base");
    assert_eq!(o["stall_rounds"], 30);
    assert_eq!(o["antenna_mode"], "per_colour");
    assert_eq!(o["allow_empty_cubes"], false);
    assert_eq!(o["move_mode"], "exact");
    assert_eq!(o["move_shape"], "any");
    assert_eq!(
        entry.validate(4, &json!({"stall_rounds": null})).unwrap()["stall_rounds"],
        Value::Null
    );
    assert!(entry.validate(2, &json!({"stall_rounds": 0})).is_err());
    assert!(entry.validate(2, &json!({"variant": "slow"})).is_err());
    assert!(entry.validate(1, &Value::Null).is_err());
    assert!(entry.validate(5, &Value::Null).is_err());
}

// ---- setup ---------------------------------------------------------------------------------------

#[test]
fn setup_validation() {
    let g = game(2, Value::Null);
    let three = [("a1", 3, 3, 3), ("b1", 3, 3, 3), ("c1", 3, 3, 3)];
    assert!(g.check_setup(0, &parse_setup(&setup_json(&three))).is_ok());
    // Cube count.
    assert_eq!(
        refused(&g, 0, setup_json(&[("a1", 3, 3, 3), ("b1", 3, 3, 3)])),
        "a setup has 3 to 9 cubes, not 2"
    );
    let ten: Vec<(&str, u8, u8, u8)> = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3", "a1"]
        .iter()
        .map(|&a| (a, 1, 1, 1))
        .collect();
    assert_eq!(
        refused(&g, 0, setup_json(&ten)),
        "a setup has 3 to 9 cubes, not 10"
    );
    // Zone: seat 0 is SW, seat 1 is NE.
    assert_eq!(
        refused(
            &g,
            0,
            setup_json(&[("a1", 3, 3, 3), ("b1", 3, 3, 3), ("d1", 3, 3, 3)])
        ),
        "d1 is not in your zone (SW corner, a1 to c3)"
    );
    assert_eq!(
        refused(&g, 1, setup_json(&three)),
        "a1 is not in your zone (NE corner, g7 to i9)"
    );
    // Distinct intersections.
    assert_eq!(
        refused(
            &g,
            0,
            setup_json(&[("a1", 3, 3, 3), ("a1", 3, 3, 3), ("c1", 3, 3, 3)])
        ),
        "two cubes on a1"
    );
    // Pearl total.
    assert_eq!(
        refused(
            &g,
            0,
            setup_json(&[("a1", 3, 3, 3), ("b1", 3, 3, 3), ("c1", 3, 3, 2)])
        ),
        "the pearls add up to 26, not 27"
    );
    assert_eq!(
        refused(
            &g,
            0,
            setup_json(&[
                ("a1", 3, 3, 3),
                ("b1", 3, 3, 3),
                ("c1", 3, 3, 3),
                ("c2", 1, 0, 0)
            ])
        ),
        "the pearls add up to 28, not 27"
    );
    // Caps: at most 3 of a colour.
    assert_eq!(
        refused(
            &g,
            0,
            setup_json(&[("a1", 4, 2, 3), ("b1", 3, 3, 3), ("c1", 3, 3, 3)])
        ),
        "a1: at most 3 pearls of a colour on a cube"
    );
    // At least one pearl per cube.
    let with_empty = [
        ("a1", 3, 3, 3),
        ("b1", 3, 3, 3),
        ("c1", 3, 3, 3),
        ("c2", 0, 0, 0),
    ];
    assert_eq!(
        refused(&g, 0, setup_json(&with_empty)),
        "the cube on c2 has no pearl: every cube needs at least one"
    );
    // Free antennas: any colours, 9 per cube.
    let free = game(2, json!({"antenna_mode": "free"}));
    assert!(free
        .check_setup(
            0,
            &parse_setup(&setup_json(&[
                ("a1", 9, 0, 0),
                ("b1", 0, 9, 0),
                ("c1", 0, 0, 9)
            ]))
        )
        .is_ok());
    let over = [
        SetupCube {
            at: pt("a1"),
            red: 5,
            black: 5,
            white: 0,
        },
        SetupCube {
            at: pt("b1"),
            red: 0,
            black: 8,
            white: 0,
        },
        SetupCube {
            at: pt("c1"),
            red: 0,
            black: 0,
            white: 9,
        },
    ];
    assert_eq!(
        free.check_setup(0, &over).unwrap_err(),
        "a1: at most 9 pearls on a cube"
    );
}

/// Issue 11.1: with free antennas, a cube of 255 red and 10 black pearls once read as 9 pearls
/// (a wrapping `u8` sum), passed every check, and its 255-step path search pinned a core.
#[test]
fn crafted_pearl_counts_cannot_wrap_the_total() {
    let free = game(2, json!({"antenna_mode": "free"}));
    let crafted = json!({"action": "setup", "cubes": [
        {"at": "a1", "red": 255, "black": 10, "white": 0},
        {"at": "b1", "red": 9, "black": 0, "white": 0},
        {"at": "c1", "red": 0, "black": 0, "white": 9},
    ]});
    // The wire form is refused as malformed: no colour count above what a cube can hold...
    let Err(MoveError::Malformed(why)) = Trangouar::parse_move(&crafted) else {
        panic!("a count of 255 pearls parsed");
    };
    assert!(why.contains("a pearl count is 0 to 9"), "{why}");
    for mv in [
        json!({"action": "exchange", "cube": "a1", "red": 256, "black": 0, "white": 0}),
        json!({"action": "lose", "pearls": {"red": 10}}),
        json!({"action": "exchange", "cube": "a1", "red": -1, "black": 0, "white": 0}),
    ] {
        assert!(
            matches!(Trangouar::parse_move(&mv), Err(MoveError::Malformed(_))),
            "{mv}"
        );
    }
    // ...and the rules, reached without the parser, count 265 pearls, not 9.
    let cubes = [
        SetupCube {
            at: pt("a1"),
            red: 255,
            black: 10,
            white: 0,
        },
        SetupCube {
            at: pt("b1"),
            red: 9,
            black: 0,
            white: 0,
        },
        SetupCube {
            at: pt("c1"),
            red: 0,
            black: 0,
            white: 9,
        },
    ];
    assert_eq!(
        free.check_setup(0, &cubes).unwrap_err(),
        "a1: at most 9 pearls on a cube"
    );
    assert_eq!(Pearls::new(255, 10, 0).total(), 265);
    assert!(!free.fits(Pearls::new(255, 10, 0)));
}

fn parse_setup(v: &Value) -> Vec<SetupCube> {
    match Trangouar::parse_move(v).unwrap() {
        Move::Setup { cubes } => cubes,
        _ => unreachable!(),
    }
}

#[test]
fn setup_is_simultaneous_then_revealed() {
    let mut g = game(3, Value::Null);
    assert_eq!(g.to_act(), vec![0, 1, 2]);
    assert_eq!(g.view(Viewer::Spectator)["to_move"], Value::Null);
    // Every listed example setup is valid for its seat.
    for seat in 0..3 {
        let examples = g.legal_moves(seat);
        assert_eq!(examples.len(), 4);
        for m in &examples {
            let Move::Setup { cubes } = m else { panic!() };
            assert!(g.check_setup(seat, cubes).is_ok());
        }
    }
    let setups = [
        setup_json(&[("a1", 3, 3, 3), ("c1", 3, 3, 3), ("a3", 3, 3, 3)]),
        setup_json(&[("a9", 3, 3, 3), ("b8", 3, 3, 3), ("c7", 3, 3, 3)]),
        setup_json(&[
            ("i9", 3, 3, 3),
            ("h8", 3, 3, 3),
            ("g7", 2, 2, 2),
            ("g9", 1, 1, 1),
        ]),
    ];
    play(&mut g, 1, setups[1].clone()).unwrap();
    assert_eq!(g.to_act(), vec![0, 2]);
    assert!(g.legal_moves(1).is_empty());
    assert_eq!(
        g.view(Viewer::Spectator)["ready"],
        json!([false, true, false])
    );
    play(&mut g, 2, setups[2].clone()).unwrap();
    assert_eq!(g.view(Viewer::Seat(0))["cubes"], json!([]));
    let events = play(&mut g, 0, setups[0].clone()).unwrap();
    assert!(kinds(&events).contains(&"revealed".to_string()));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v["phase"], "play");
    assert_eq!(v["cubes"].as_array().unwrap().len(), 10);
    assert_eq!(
        v["cubes"][0],
        json!({"at": "a1", "owner": 0, "red": 3, "black": 3, "white": 3})
    );
    assert_eq!(v["to_move"], json!(g.starter));
    assert_eq!(g.to_act(), vec![g.starter]);
    assert!(refused(&g, g.starter, setups[0].clone()).contains("already in"));
}

#[test]
fn the_starter_is_drawn_from_the_rng() {
    let opts = options::validate(&Trangouar::info().options, 2, &Value::Null).unwrap();
    let starters: std::collections::BTreeSet<Seat> = (0..40u64)
        .map(|s| {
            Trangouar::setup(&opts, 4, &mut GameRng::seed_from_u64(s))
                .unwrap()
                .starter
        })
        .collect();
    assert_eq!(starters.len(), 4);
}

#[test]
fn empty_setup_cubes_only_with_the_option() {
    let mut g = game(2, json!({"allow_empty_cubes": true}));
    let empty = setup_json(&[
        ("a1", 3, 3, 3),
        ("b1", 3, 3, 3),
        ("c1", 3, 3, 3),
        ("c2", 0, 0, 0),
    ]);
    play(&mut g, 0, empty).unwrap();
    let events = play(
        &mut g,
        1,
        setup_json(&[("i9", 3, 3, 3), ("h9", 3, 3, 3), ("g9", 3, 3, 3)]),
    )
    .unwrap();
    assert_eq!(
        corpse_events(&events),
        [("c2".to_string(), "pearls".to_string())]
    );
    assert_eq!(pearls_of(&g, "c2"), (None, (0, 0, 0)));
}

// ---- hidden setups -------------------------------------------------------------------------------

/// A random valid setup for `seat`: 3 to 9 cubes in its zone, 27 pearls, 1 to 3 of a colour.
fn random_setup(g: &Trangouar, seat: Seat, rng: &mut impl Rng) -> Value {
    let zone = board::zones(g.players)[seat];
    let mut cells = zone.cells();
    use rand::seq::SliceRandom;
    cells.shuffle(rng);
    let n = rng.random_range(3..=9usize);
    let mut pearls = vec![Pearls::new(1, 0, 0); n];
    let mut left = PEARLS as usize - n;
    while left > 0 {
        let i = rng.random_range(0..n);
        let p = &mut pearls[i];
        match rng.random_range(0..3) {
            0 if p.red < 3 => p.red += 1,
            1 if p.black < 3 => p.black += 1,
            2 if p.white < 3 => p.white += 1,
            _ => continue,
        }
        left -= 1;
    }
    let cubes: Vec<Value> = (0..n)
        .map(|i| json!({"at": cells[i], "red": pearls[i].red, "black": pearls[i].black, "white": pearls[i].white}))
        .collect();
    json!({"action": "setup", "cubes": cubes})
}

#[test]
fn no_view_or_event_shows_another_seats_setup_before_the_reveal() {
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for players in 2..=4 {
        for round in 0..10 {
            let mut g = game(players, Value::Null);
            let mut order: Vec<Seat> = (0..players).collect();
            use rand::seq::SliceRandom;
            order.shuffle(&mut pick);
            let mut submitted: Vec<(Seat, Value)> = Vec::new();
            for (k, &seat) in order.iter().enumerate() {
                let mv = if round % 2 == 0 {
                    random_setup(&g, seat, &mut pick)
                } else {
                    serde_json::to_value(&g.legal_moves(seat)[k % 4]).unwrap()
                };
                let events = play(&mut g, seat, mv.clone()).unwrap();
                submitted.push((seat, mv["cubes"].clone()));
                if k + 1 == players {
                    break; // revealed: nothing is secret any more
                }
                for (owner, cubes) in &submitted {
                    let secret: Vec<&Value> = std::iter::once(cubes)
                        .chain(cubes.as_array().unwrap())
                        .collect();
                    let mut viewers: Vec<Viewer> = (0..players)
                        .filter(|s| s != owner)
                        .map(Viewer::Seat)
                        .collect();
                    viewers.push(Viewer::Spectator);
                    for viewer in viewers {
                        let view = g.view(viewer);
                        for s in &secret {
                            assert!(
                                !json_contains(&view, s),
                                "{viewer:?} sees seat {owner}'s setup"
                            );
                        }
                    }
                    // The owner sees it, so the test can fail.
                    assert_eq!(g.view(Viewer::Seat(*owner))["private"]["setup"], *cubes);
                    assert!(json_contains(&g.view(Viewer::Omniscient), cubes));
                }
                // This move's events: the cubes go to the mover only.
                for e in &events {
                    for viewer in (0..players)
                        .filter(|&s| s != seat)
                        .map(Viewer::Seat)
                        .chain([Viewer::Spectator])
                    {
                        if e.audience.includes(viewer) {
                            assert!(!json_contains(&e.data, &mv["cubes"]));
                            assert!(!json_contains(&e.data, &mv["cubes"][0]));
                        }
                    }
                }
                assert!(events
                    .iter()
                    .any(|e| e.audience == Audience::Only(seat) && e.data["cubes"] == mv["cubes"]));
                let ready: Vec<bool> = (0..players).map(|s| order[..=k].contains(&s)).collect();
                assert_eq!(g.view(Viewer::Spectator)["ready"], json!(ready));
            }
        }
    }
}

// ---- turn options --------------------------------------------------------------------------------

#[test]
fn exchange_keeps_the_total_and_the_caps() {
    let g = position(
        2,
        Value::Null,
        &[
            ("e5", Some(0), (2, 0, 0)),
            ("a1", Some(0), (3, 3, 3)),
            ("i9", Some(1), (1, 1, 1)),
        ],
        0,
    );
    let exchanges = |g: &Trangouar, at: &str| {
        g.legal_moves(0)
            .into_iter()
            .filter(|m| matches!(m, Move::Exchange { cube, .. } if *cube == pt(at)))
            .count()
    };
    // 2 pearls: (0,0,2) (0,1,1) (0,2,0) (1,0,1) (1,1,0) besides (2,0,0) itself.
    assert_eq!(exchanges(&g, "e5"), 5);
    // 3/3/3 has no other split under the caps.
    assert_eq!(exchanges(&g, "a1"), 0);
    assert_eq!(
        refused(
            &g,
            0,
            json!({"action": "exchange", "cube": "a1", "red": 1, "black": 4, "white": 4})
        ),
        "at most 3 pearls of a colour on a cube"
    );
    assert_eq!(
        refused(
            &g,
            0,
            json!({"action": "exchange", "cube": "e5", "red": 2, "black": 0, "white": 0})
        ),
        "an exchange must change the colours"
    );
    assert_eq!(
        refused(
            &g,
            0,
            json!({"action": "exchange", "cube": "e5", "red": 1, "black": 0, "white": 0})
        ),
        "an exchange keeps the cube's 2 pearls, not 1"
    );
    assert_eq!(
        refused(
            &g,
            0,
            json!({"action": "exchange", "cube": "i9", "red": 3, "black": 0, "white": 0})
        ),
        "the cube on i9 is not yours"
    );
    let mut h = g.clone();
    let events = play(
        &mut h,
        0,
        json!({"action": "exchange", "cube": "e5", "red": 0, "black": 1, "white": 1}),
    )
    .unwrap();
    assert_eq!(
        events[0].data["to"],
        json!({"red": 0, "black": 1, "white": 1})
    );
    assert_eq!(pearls_of(&h, "e5"), (Some(0), (0, 1, 1)));
    assert_eq!(h.to_act(), vec![1]);
    // Free antennas: 4 of a colour is fine, the total still holds.
    let free = position(
        2,
        json!({"antenna_mode": "free"}),
        &[("a1", Some(0), (3, 3, 3)), ("i9", Some(1), (1, 1, 1))],
        0,
    );
    assert_eq!(exchanges(&free, "a1"), 54);
    let mut f = free.clone();
    play(
        &mut f,
        0,
        json!({"action": "exchange", "cube": "a1", "red": 9, "black": 0, "white": 0}),
    )
    .unwrap();
    assert_eq!(pearls_of(&f, "a1"), (Some(0), (9, 0, 0)));
}

fn destinations(g: &Trangouar, seat: Seat, at: &str) -> Vec<String> {
    let mut d: Vec<String> = g
        .legal_moves(seat)
        .into_iter()
        .filter_map(|m| match m {
            Move::Move { cube, path } if cube == pt(at) => Some(path.last().unwrap().to_string()),
            _ => None,
        })
        .collect();
    d.sort();
    d
}

#[test]
fn moves_take_exactly_red_steps_around_obstacles() {
    // e5 has 3 red pearls; corpses on e6 and e4, an enemy on f5: it can only leave through d5.
    let cubes = [
        ("e5", Some(0), (3, 0, 0)),
        ("e6", None, (0, 0, 0)),
        ("e4", None, (0, 0, 0)),
        ("f5", Some(1), (1, 1, 1)),
        ("a1", Some(0), (1, 1, 1)),
    ];
    let g = position(2, Value::Null, &cubes, 0);
    assert_eq!(destinations(&g, 0, "e5"), ["b5", "c4", "c6", "d3", "d7"]);
    // Any valid path is accepted, listed or not.
    for path in [json!(["d5", "d6", "c6"]), json!(["d5", "c5", "c6"])] {
        let mut h = g.clone();
        let events = play(
            &mut h,
            0,
            json!({"action": "move", "cube": "e5", "path": path}),
        )
        .unwrap();
        assert_eq!(events[0].data["to"], "c6");
        assert!(h.cube_at(pt("e5")).is_none());
        assert_eq!(pearls_of(&h, "c6"), (Some(0), (3, 0, 0)));
    }
    let mv = |path: Value| json!({"action": "move", "cube": "e5", "path": path});
    assert_eq!(
        refused(&g, 0, mv(json!(["d5", "d6"]))),
        "the cube on e5 moves exactly 3 steps (its red pearls), not 2"
    );
    assert_eq!(
        refused(&g, 0, mv(json!(["d5", "d6", "d7", "d8"]))),
        "the cube on e5 moves exactly 3 steps (its red pearls), not 4"
    );
    assert_eq!(
        refused(&g, 0, mv(json!(["e6", "e7", "e8"]))),
        "e6 is not empty: a cube cannot go through or onto another"
    );
    assert_eq!(
        refused(&g, 0, mv(json!(["d5", "e5", "d5"]))),
        "the path visits e5 twice"
    );
    assert_eq!(
        refused(&g, 0, mv(json!(["d5", "d6", "d5"]))),
        "the path visits d5 twice"
    );
    assert_eq!(
        refused(&g, 0, mv(json!(["d5", "b5", "b4"]))),
        "b5 is not next to d5"
    );
    assert_eq!(
        refused(
            &g,
            0,
            json!({"action": "move", "cube": "a1", "path": ["a2", "a3"]})
        ),
        "the cube on a1 moves exactly 1 steps (its red pearls), not 2"
    );
    // On an open board, 3 exact steps reach the 4 neighbours and the 12 intersections 3 away.
    let open = position(
        2,
        Value::Null,
        &[("e5", Some(0), (3, 0, 0)), ("a1", Some(1), (1, 1, 1))],
        0,
    );
    assert_eq!(destinations(&open, 0, "e5").len(), 16);
    // A cube without red pearls does not move.
    let still = position(
        2,
        Value::Null,
        &[("e5", Some(0), (0, 3, 0)), ("a1", Some(1), (1, 1, 1))],
        0,
    );
    assert!(destinations(&still, 0, "e5").is_empty());
    assert_eq!(
        refused(
            &still,
            0,
            json!({"action": "move", "cube": "e5", "path": []})
        ),
        "the cube on e5 has no red pearl, so it cannot move"
    );
}

#[test]
fn move_mode_and_shape_options() {
    let cubes = [
        ("e5", Some(0), (3, 0, 0)),
        ("e6", None, (0, 0, 0)),
        ("e4", None, (0, 0, 0)),
        ("f5", Some(1), (1, 1, 1)),
    ];
    let up_to = position(2, json!({"move_mode": "up_to"}), &cubes, 0);
    assert_eq!(
        destinations(&up_to, 0, "e5"),
        ["b5", "c4", "c5", "c6", "d3", "d4", "d5", "d6", "d7"]
    );
    let mut h = up_to.clone();
    play(
        &mut h,
        0,
        json!({"action": "move", "cube": "e5", "path": ["d5"]}),
    )
    .unwrap();
    let straight = position(2, json!({"move_shape": "straight"}), &cubes, 0);
    assert_eq!(destinations(&straight, 0, "e5"), ["b5"]);
    assert_eq!(
        refused(
            &straight,
            0,
            json!({"action": "move", "cube": "e5", "path": ["d5", "d6", "d7"]})
        ),
        "moves go in one straight line"
    );
    let both = position(
        2,
        json!({"move_shape": "straight", "move_mode": "up_to"}),
        &cubes,
        0,
    );
    assert_eq!(destinations(&both, 0, "e5"), ["b5", "c5", "d5"]);
}

#[test]
fn attacks_need_contact_with_an_enemy_active_cube() {
    let cubes = [
        ("e5", Some(0), (1, 1, 1)),
        ("e6", Some(1), (1, 1, 1)),
        ("d5", Some(0), (1, 1, 1)),
        ("f5", None, (0, 0, 0)),
        ("g5", Some(1), (1, 1, 1)),
    ];
    let g = position(2, Value::Null, &cubes, 0);
    let attacks: Vec<Value> = g
        .legal_moves(0)
        .into_iter()
        .filter(|m| matches!(m, Move::Attack { .. }))
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    assert_eq!(
        attacks,
        [json!({"action": "attack", "cube": "e5", "target": "e6"})]
    );
    let atk = |from: &str, to: &str| json!({"action": "attack", "cube": from, "target": to});
    assert_eq!(
        refused(&g, 0, atk("e5", "g5")),
        "g5 is not in contact with e5"
    );
    assert_eq!(
        refused(&g, 0, atk("e5", "d5")),
        "you cannot attack your own cube"
    );
    assert_eq!(
        refused(&g, 0, atk("e5", "f5")),
        "a corpse cannot be attacked"
    );
    assert_eq!(refused(&g, 0, atk("e5", "e4")), "there is no cube on e4");
    assert_eq!(
        refused(&g, 0, atk("f5", "g5")),
        "the cube on f5 is a corpse"
    );
    assert!(matches!(
        play(&mut g.clone(), 1, json!({"action": "nothing"})),
        Err(MoveError::NotYourTurn)
    ));
    // No black pearl: legal, 0 coins, the attacker cannot win.
    let weak = position(
        2,
        Value::Null,
        &[("e5", Some(0), (3, 0, 0)), ("e6", Some(1), (0, 0, 1))],
        0,
    );
    let (h, events) = attack_with(&weak, 0, atk("e5", "e6"), &[], &["black"]);
    assert_eq!(events[0].data["difference"], 0);
    assert_eq!(h.to_act(), vec![1]);
}

// ---- combat ----------------------------------------------------------------------------------------

#[test]
fn the_worked_combat_example() {
    // §4.3.6: Yellow (seat 0) attacks with 1 black pearl, Green (seat 1) defends with 3 white.
    let cubes = [("e5", Some(0), (1, 1, 2)), ("e6", Some(1), (2, 0, 3))];
    let g = position(2, Value::Null, &cubes, 0);
    let (mut h, events) = attack_with(
        &g,
        0,
        json!({"action": "attack", "cube": "e5", "target": "e6"}),
        &["white"],
        &["white", "white", "black"],
    );
    let a = &events[0].data;
    assert_eq!(a["kind"], "attack");
    assert_eq!(a["black_faces"], 0);
    assert_eq!(a["white_faces"], 2);
    assert_eq!(a["difference"], -2);
    assert_eq!(a["loser"], "e5");
    assert_eq!(a["loser_seat"], 0);
    assert_eq!(a["pearls_to_lose"], 1);
    assert_eq!(h.view(Viewer::Spectator)["phase"], "lose");
    assert_eq!(
        h.view(Viewer::Spectator)["pending_loss"],
        json!({"seat": 0, "cube": "e5", "count": 1})
    );
    assert_eq!(h.to_act(), vec![0]);
    // Every single pearl it has is a choice: red, black or white.
    assert_eq!(h.legal_moves(0).len(), 3);
    assert_eq!(
        h.default_loss(),
        Some(Move::Lose {
            pearls: Lost {
                white: 1,
                ..Lost::default()
            }
        })
    );
    assert_eq!(
        refused(&h, 0, json!({"action": "nothing"})),
        "the cube on e5 lost a fight: say which 1 pearl(s) it loses"
    );
    assert_eq!(
        refused(&h, 0, json!({"action": "lose", "pearls": {"white": 2}})),
        "the cube on e5 loses 1 pearl(s), not 2"
    );
    // Yellow gives up a white pearl, which lowers its defence.
    let events = play(&mut h, 0, json!({"action": "lose", "pearls": {"white": 1}})).unwrap();
    assert_eq!(
        events[0].data["pearls"],
        json!({"red": 0, "black": 0, "white": 1})
    );
    assert_eq!(pearls_of(&h, "e5"), (Some(0), (1, 1, 1)));
    assert_eq!(h.to_act(), vec![1]);
    assert_eq!(h.view(Viewer::Spectator)["phase"], "play");
    // Under the variant the same coins cost 2 pearls.
    let fast = position(2, json!({"variant": "fast"}), &cubes, 0);
    let (h, events) = attack_with(
        &fast,
        0,
        json!({"action": "attack", "cube": "e5", "target": "e6"}),
        &["white"],
        &["white", "white", "black"],
    );
    assert_eq!(events[0].data["pearls_to_lose"], 2);
    assert_eq!(
        refused(&h, 0, json!({"action": "lose", "pearls": {"white": 1}})),
        "the cube on e5 loses 2 pearl(s), not 1"
    );
    // (0,0,2) (0,1,1) (1,0,1) (1,1,0): (2,0,0) and (0,2,0) are more than it has.
    assert_eq!(h.legal_moves(0).len(), 4);
}

#[test]
fn the_defender_chooses_its_loss_out_of_turn() {
    let cubes = [
        ("e5", Some(0), (0, 3, 0)),
        ("e6", Some(1), (1, 2, 2)),
        ("a1", Some(1), (1, 1, 1)),
    ];
    let g = position(2, json!({"variant": "fast"}), &cubes, 0);
    let (mut h, events) = attack_with(
        &g,
        0,
        json!({"action": "attack", "cube": "e5", "target": "e6"}),
        &["black", "black", "black"],
        &["black", "black"],
    );
    assert_eq!(events[0].data["difference"], 3);
    assert_eq!(h.to_act(), vec![1]);
    assert!(h.legal_moves(0).is_empty());
    assert_eq!(h.view(Viewer::Spectator)["to_move"], 0);
    // Default: one at a time from the colour with most (black and white tie: black first).
    assert_eq!(
        h.default_loss(),
        Some(Move::Lose {
            pearls: Lost {
                red: 1,
                black: 1,
                white: 1
            }
        })
    );
    let m = h.default_loss().unwrap();
    h.play(1, &m, &mut GameRng::seed_from_u64(0)).unwrap();
    assert_eq!(pearls_of(&h, "e6"), (Some(1), (0, 1, 1)));
    assert_eq!(h.to_act(), vec![1]);
    assert_eq!(h.default_loss(), None);
}

#[test]
fn the_fast_variant_takes_at_most_what_the_cube_has() {
    let cubes = [
        ("e5", Some(0), (0, 3, 0)),
        ("e6", Some(1), (1, 0, 0)),
        ("a1", Some(1), (1, 1, 1)),
    ];
    let g = position(2, json!({"variant": "fast"}), &cubes, 0);
    let (mut h, events) = attack_with(
        &g,
        0,
        json!({"action": "attack", "cube": "e5", "target": "e6"}),
        &["black", "black", "white"],
        &[],
    );
    assert_eq!(events[0].data["difference"], 2);
    assert_eq!(events[0].data["pearls_to_lose"], 1);
    // Only one colour: the choice is forced, but still asked.
    assert_eq!(
        h.legal_moves(1),
        vec![Move::Lose {
            pearls: Lost {
                red: 1,
                ..Lost::default()
            }
        }]
    );
    let events = play(&mut h, 1, json!({"action": "lose", "pearls": {"red": 1}})).unwrap();
    assert_eq!(
        corpse_events(&events),
        [("e6".to_string(), "pearls".to_string())]
    );
    assert_eq!(pearls_of(&h, "e6"), (None, (0, 0, 0)));
}

// ---- corpses and the blocking cascade -------------------------------------------------------------

/// Seat 0 attacks from `from` the 1-pearl cube of seat 1 on `victim`, wins, and seat 1 gives up its
/// last pearl there: the new corpse may block cubes.
fn kill(g: &Trangouar, from: &str, victim: &str) -> (Trangouar, Vec<Event>) {
    let (mut h, _) = attack_with(
        g,
        0,
        json!({"action": "attack", "cube": from, "target": victim}),
        &["black"],
        &[],
    );
    assert_eq!(h.to_act(), vec![1]);
    let events = play(&mut h, 1, json!({"action": "lose", "pearls": {"red": 1}})).unwrap();
    (h, events)
}

#[test]
fn cascade_corner() {
    // a1 (seat 1) has the edge on two sides, a corpse on b1; its other neighbour a2 dies.
    let cubes = [
        ("a1", Some(1), (3, 3, 3)),
        ("b1", None, (0, 0, 0)),
        ("a2", Some(1), (1, 0, 0)),
        ("a3", Some(0), (0, 1, 0)),
        ("i9", Some(0), (1, 1, 1)),
        ("h9", Some(1), (1, 1, 1)),
    ];
    let g = position(2, Value::Null, &cubes, 0);
    let (h, events) = kill(&g, "a3", "a2");
    assert_eq!(
        corpse_events(&events),
        [
            ("a2".into(), "pearls".into()),
            ("a1".into(), "blocked".into())
        ]
    );
    let blocked = events
        .iter()
        .find(|e| e.data["reason"] == "blocked")
        .unwrap();
    assert_eq!(blocked.data["owner"], 1);
    assert_eq!(
        blocked.data["pearls"],
        json!({"red": 3, "black": 3, "white": 3})
    );
    assert_eq!(pearls_of(&h, "a1"), (None, (0, 0, 0)));
    // A live cube next to it does not block: the same without b1's corpse but with a cube there.
    let mut live = cubes;
    live[1] = ("b1", Some(0), (1, 1, 1));
    let (_, events) = kill(&position(2, Value::Null, &live, 0), "a3", "a2");
    assert_eq!(corpse_events(&events), [("a2".into(), "pearls".into())]);
}

#[test]
fn cascade_edge() {
    // e1 on the bottom edge: corpses on d1 and f1, the last neighbour e2 dies.
    let cubes = [
        ("e1", Some(0), (1, 1, 1)),
        ("d1", None, (0, 0, 0)),
        ("f1", None, (0, 0, 0)),
        ("e2", Some(1), (1, 0, 0)),
        ("e3", Some(0), (0, 1, 0)),
        ("h9", Some(1), (1, 1, 1)),
    ];
    let (_, events) = kill(&position(2, Value::Null, &cubes, 0), "e3", "e2");
    assert_eq!(
        corpse_events(&events),
        [
            ("e2".into(), "pearls".into()),
            ("e1".into(), "blocked".into())
        ]
    );
    // Two corpses are not enough on an edge.
    let mut two = cubes;
    two[2] = ("f1", Some(1), (1, 1, 1));
    let (_, events) = kill(&position(2, Value::Null, &two, 0), "e3", "e2");
    assert_eq!(corpse_events(&events), [("e2".into(), "pearls".into())]);
}

#[test]
fn cascade_interior() {
    // e5 in the interior: corpses on d5, f5, e4; the attacker on e7 kills e6.
    let cubes = [
        ("e5", Some(1), (2, 2, 2)),
        ("d5", None, (0, 0, 0)),
        ("f5", None, (0, 0, 0)),
        ("e4", None, (0, 0, 0)),
        ("e6", Some(1), (1, 0, 0)),
        ("e7", Some(0), (0, 1, 0)),
        ("a1", Some(1), (1, 1, 1)),
    ];
    let (h, events) = kill(&position(2, Value::Null, &cubes, 0), "e7", "e6");
    assert_eq!(
        corpse_events(&events),
        [
            ("e6".into(), "pearls".into()),
            ("e5".into(), "blocked".into())
        ]
    );
    // Pearls left the game: the quiet count starts again.
    assert_eq!(h.quiet_turns, 0);
    // With only three corpses around (e4 empty), it lives.
    let mut open = cubes;
    open[3] = ("e4", Some(0), (1, 1, 1));
    let (_, events) = kill(&position(2, Value::Null, &open, 0), "e7", "e6");
    assert_eq!(corpse_events(&events), [("e6".into(), "pearls".into())]);
}

#[test]
fn cascade_chain_of_corpses() {
    // A wall of corpses (c1, d2, f2, g1) along the edge: when e1 dies, d1 (seat 1) and f1 (seat 0)
    // are hemmed in at once by the edge, the wall and the new corpse; the attacker on e2 lives (e3
    // is empty). A longer chain (a death blocking a cube whose death blocks another) cannot happen
    // with orthogonal contact: a cube next to a live cube is never blocked.
    let cubes = [
        ("c1", None, (0, 0, 0)),
        ("d1", Some(1), (3, 0, 0)),
        ("e1", Some(1), (1, 0, 0)),
        ("f1", Some(0), (0, 0, 3)),
        ("g1", None, (0, 0, 0)),
        ("d2", None, (0, 0, 0)),
        ("f2", None, (0, 0, 0)),
        ("e2", Some(0), (0, 1, 0)),
        ("i9", Some(0), (1, 1, 1)),
        ("a9", Some(1), (1, 1, 1)),
    ];
    let (h, events) = kill(&position(2, Value::Null, &cubes, 0), "e2", "e1");
    assert_eq!(
        corpse_events(&events),
        [
            ("e1".into(), "pearls".into()),
            ("d1".into(), "blocked".into()),
            ("f1".into(), "blocked".into())
        ]
    );
    assert_eq!(pearls_of(&h, "e2"), (Some(0), (0, 1, 0)));
    assert!(h.outcome().is_none());
    assert_eq!(h.eliminated, Vec::<Seat>::new());
}

// ---- elimination and the end ----------------------------------------------------------------------

#[test]
fn last_player_standing_wins_and_eliminated_seats_are_skipped() {
    // 3 players: seat 1's only cube dies; then play goes 0 -> 2 -> 0.
    let cubes = [
        ("e5", Some(0), (0, 1, 0)),
        ("e6", Some(1), (1, 0, 0)),
        ("a1", Some(2), (1, 1, 1)),
    ];
    let g = position(3, Value::Null, &cubes, 0);
    let (mut h, events) = kill(&g, "e5", "e6");
    assert!(kinds(&events).contains(&"eliminated".to_string()));
    assert_eq!(h.eliminated, vec![1]);
    assert!(h.outcome().is_none());
    assert_eq!(h.to_act(), vec![2]);
    play(&mut h, 2, json!({"action": "nothing"})).unwrap();
    assert_eq!(h.to_act(), vec![0]);
    // 2 players: the last cube of seat 1 dies, seat 0 wins.
    let g = position(2, Value::Null, &cubes[..2], 0);
    let (h, events) = kill(&g, "e5", "e6");
    let out = h.outcome().unwrap();
    assert_eq!(out.winners, vec![0]);
    assert_eq!(out.reason, "last_player_standing");
    assert_eq!(out.scores, Some(vec![1, 0]));
    assert!(h.to_act().is_empty());
    assert_eq!(kinds(&events).last().unwrap(), "game_over");
    assert_eq!(h.view(Viewer::Spectator)["phase"], "over");
}

#[test]
fn simultaneous_wipe_out_is_a_draw() {
    // Seat 0's last cube on a1 (corpse on b1) kills seat 1's last cube on a2, which then hems a1 in.
    let cubes = [
        ("a1", Some(0), (0, 1, 0)),
        ("b1", None, (0, 0, 0)),
        ("a2", Some(1), (1, 0, 0)),
    ];
    let (h, events) = kill(&position(2, Value::Null, &cubes, 0), "a1", "a2");
    assert_eq!(
        corpse_events(&events),
        [
            ("a2".into(), "pearls".into()),
            ("a1".into(), "blocked".into())
        ]
    );
    let out = h.outcome().unwrap();
    assert_eq!(out.winners, Vec::<Seat>::new());
    assert_eq!(out.reason, "simultaneous_wipe_out");
    assert_eq!(out.scores, Some(vec![1, 1]));
    assert!(h.to_act().is_empty());
    // With a third player still in, the game goes on without both.
    let mut three = cubes.to_vec();
    three.push(("i9", Some(2), (1, 1, 1)));
    let (h, _) = kill(&position(3, Value::Null, &three, 0), "a1", "a2");
    let out = h.outcome().unwrap();
    assert_eq!(
        (out.winners, out.reason.as_str()),
        (vec![2], "last_player_standing")
    );
    assert_eq!(h.eliminated, vec![0, 1]);
}

#[test]
fn stall_rounds_end_the_match_as_a_draw() {
    let cubes = [("a1", Some(0), (1, 1, 1)), ("i9", Some(1), (1, 1, 1))];
    let mut g = position(2, json!({"stall_rounds": 2}), &cubes, 0);
    // Whole rounds of 2 turns: after 1, 2, 3 quiet turns, 0, 1, 1 rounds.
    for (seat, rounds) in [(0, 0), (1, 1), (0, 1)] {
        play(&mut g, seat, json!({"action": "nothing"})).unwrap();
        assert_eq!(g.view(Viewer::Spectator)["quiet_rounds"], rounds);
        assert!(g.outcome().is_none());
    }
    let events = play(&mut g, 1, json!({"action": "nothing"})).unwrap();
    assert!(kinds(&events).contains(&"stall".to_string()));
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.winners.len(), out.reason.as_str(), out.scores),
        (0, "stall", Some(vec![1, 1]))
    );
    assert!(g.to_act().is_empty());
    // A pearl leaving the game starts the count again; null never stalls.
    let fight = [
        ("e5", Some(0), (0, 1, 0)),
        ("e6", Some(1), (1, 0, 1)),
        ("a1", Some(1), (1, 1, 1)),
    ];
    let mut g = position(2, json!({"stall_rounds": 2}), &fight, 1);
    play(&mut g, 1, json!({"action": "nothing"})).unwrap();
    assert_eq!(g.quiet_turns, 1);
    let (mut h, _) = attack_with(
        &g,
        0,
        json!({"action": "attack", "cube": "e5", "target": "e6"}),
        &["black"],
        &["black"],
    );
    play(&mut h, 1, json!({"action": "lose", "pearls": {"red": 1}})).unwrap();
    assert_eq!(h.quiet_turns, 0);
    let mut never = position(2, json!({"stall_rounds": null}), &cubes, 0);
    for k in 0..400 {
        play(&mut never, k % 2, json!({"action": "nothing"})).unwrap();
    }
    assert!(never.outcome().is_none());
    assert_eq!(never.view(Viewer::Spectator)["quiet_rounds"], 200);
}

// ---- contract and replays ---------------------------------------------------------------------------

const BAD: &[&str] = &[
    r#"{"action": "nothing"}"#,
    r#"{"action": "exchange", "cube": "b2", "red": 1, "black": 4, "white": 0}"#,
    r#"{"action": "move", "cube": "a1", "path": ["a2", "a3"]}"#,
    r#"{"action": "attack", "cube": "b2", "target": "b3"}"#,
    r#"{"action": "lose", "pearls": {"white": 1}}"#,
    r#"{"action": "setup", "cubes": [{"at": "a1", "red": 3, "black": 3, "white": 3}]}"#,
];

fn bad_moves() -> Vec<Value> {
    BAD.iter()
        .map(|s| serde_json::from_str(s).unwrap())
        .collect()
}

// "nothing" is always legal, so random matches are long: the stall option and a ply cap end them.
// Random cubes meet now and then, so fights, losses and corpses happen in these playouts too.

#[test]
fn contract_two_players() {
    let seen = check_contract(
        "trangouar",
        2,
        json!({"stall_rounds": 60}),
        3,
        1500,
        &bad_moves(),
    );
    assert!(seen.finished >= 2, "{seen:?}");
    let fast_free = json!({"stall_rounds": 30, "variant": "fast", "antenna_mode": "free"});
    let seen = check_contract("trangouar", 2, fast_free, 2, 800, &bad_moves());
    assert!(seen.plies > 100, "{seen:?}");
}

#[test]
fn contract_three_players() {
    let opts = json!({"stall_rounds": 40, "move_mode": "up_to"});
    let seen = check_contract("trangouar", 3, opts, 2, 1500, &bad_moves());
    assert!(seen.finished >= 1, "{seen:?}");
}

#[test]
fn contract_four_players() {
    let opts = json!({"stall_rounds": 30, "move_shape": "straight", "allow_empty_cubes": true});
    let seen = check_contract("trangouar", 4, opts, 2, 1500, &bad_moves());
    assert!(seen.finished >= 1, "{seen:?}");
}

/// Random playout through the registry; returns the record and every event's data.
fn random_match(players: usize, options: &Value, seed: u8) -> (Vec<(Seat, Value)>, Vec<Value>) {
    let entry = registry::find("trangouar").unwrap();
    let options = entry.validate(players, options).unwrap();
    let mut m = entry.start(&options, players, [seed; 32]).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed as u64);
    let mut record = Vec::new();
    let mut events = Vec::new();
    while m.outcome().is_none() && record.len() < 600 {
        let acting = m.to_act();
        let seat = acting[pick.random_range(0..acting.len())];
        let legal = m.legal_moves(seat);
        // Prefer attacks, so that coins are flipped.
        let attacks: Vec<&Value> = legal.iter().filter(|v| v["action"] == "attack").collect();
        let mv = if !attacks.is_empty() && pick.random_bool(0.7) {
            attacks[pick.random_range(0..attacks.len())].clone()
        } else {
            legal[pick.random_range(0..legal.len())].clone()
        };
        let played = m.play(seat, &mv).unwrap();
        events.extend(played.events.into_iter().map(|e| e.data));
        record.push((seat, played.canonical));
    }
    (record, events)
}

#[test]
fn replays_flip_the_same_coins() {
    let options = json!({"stall_rounds": 40});
    let entry = registry::find("trangouar").unwrap();
    let validated = entry.validate(2, &options).unwrap();
    let count = |events: &[Value], kind: &str| events.iter().filter(|e| e["kind"] == kind).count();
    let (mut attacks, mut losses, mut corpses) = (0, 0, 0);
    for seed in 0..8u8 {
        let (record, events) = random_match(2, &options, seed);
        let coins = |events: &[Value]| -> Vec<Value> {
            events
                .iter()
                .filter(|e| e["kind"] == "attack")
                .map(|e| json!([e["attack_coins"], e["defence_coins"], e["difference"]]))
                .collect()
        };
        // Replay move by move from the seed and collect the events again.
        let mut m = entry.start(&validated, 2, [seed; 32]).unwrap();
        let mut again = Vec::new();
        for (seat, mv) in &record {
            again.extend(
                m.play(*seat, mv)
                    .unwrap()
                    .events
                    .into_iter()
                    .map(|e| e.data),
            );
        }
        assert_eq!(coins(&again), coins(&events));
        assert_eq!(again, events);
        attacks += count(&events, "attack");
        losses += count(&events, "pearls_lost");
        corpses += count(&events, "corpse");
        let rebuilt = registry::replay(
            entry,
            &validated,
            2,
            [seed; 32],
            record.iter().map(|(s, v)| (*s, v)),
        )
        .unwrap();
        assert_eq!(rebuilt.view(Viewer::Omniscient), m.view(Viewer::Omniscient));
    }
    assert!(
        attacks >= 20 && losses >= 10 && corpses >= 2,
        "{attacks} attacks, {losses} losses, {corpses} corpses"
    );
}

/// Every end of a simple path of exactly `left` more steps through empty intersections.
fn brute_force_ends(
    g: &Trangouar,
    at: Point,
    left: usize,
    seen: &mut Vec<Point>,
    ends: &mut Vec<String>,
) {
    if left == 0 {
        ends.push(at.to_string());
        return;
    }
    for n in at.neighbours() {
        if g.cube_at(n).is_none() && !seen.contains(&n) {
            seen.push(n);
            brute_force_ends(g, n, left - 1, seen, ends);
            seen.pop();
        }
    }
}

#[test]
fn listed_destinations_are_every_reachable_end() {
    // Free antennas allow up to 9 red pearls: the search with its early stop must still find every
    // end a full enumeration finds, on random boards with corpses and cubes in the way.
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for round in 0..40 {
        let red = if round < 4 {
            9
        } else {
            pick.random_range(1..=7u8)
        };
        let mut cubes: Vec<Placed> = vec![("e5", Some(0), (red, 0, 0))];
        let names: Vec<String> = (0..board::CELLS)
            .map(|i| Point::from_index(i).to_string())
            .collect();
        for name in &names {
            if name != "e5" && pick.random_bool(0.3) {
                let owner = if pick.random_bool(0.5) { None } else { Some(1) };
                let pearls = if owner.is_some() {
                    (1, 1, 1)
                } else {
                    (0, 0, 0)
                };
                cubes.push((name, owner, pearls));
            }
        }
        let g = position(2, json!({"antenna_mode": "free"}), &cubes, 0);
        let mut ends = Vec::new();
        brute_force_ends(&g, pt("e5"), red as usize, &mut vec![pt("e5")], &mut ends);
        ends.sort();
        ends.dedup();
        assert_eq!(destinations(&g, 0, "e5"), ends, "red {red}");
        for m in g.legal_moves(0) {
            if matches!(m, Move::Move { .. }) {
                g.clone()
                    .play(0, &m, &mut GameRng::seed_from_u64(0))
                    .unwrap();
            }
        }
    }
}

/// Issue 11.9: a bot's setup is any valid setup, not one of the four listed examples.
#[test]
fn random_setups_are_valid_and_not_only_the_examples() {
    for options in [
        Value::Null,
        json!({"antenna_mode": "free"}),
        json!({"antenna_mode": "free", "allow_empty_cubes": true}),
    ] {
        for players in 2..=4 {
            let g = game(players, options.clone());
            let mut rng = GameRng::seed_from_u64(3);
            let mut seen = std::collections::HashSet::new();
            for _ in 0..200 {
                for seat in 0..players {
                    let Some(Move::Setup { cubes }) = g.random_move(seat, &mut rng) else {
                        panic!("a setup is drawn in the setup phase");
                    };
                    assert_eq!(g.check_setup(seat, &cubes), Ok(()), "{options} {cubes:?}");
                    seen.insert(format!("{cubes:?}"));
                }
            }
            assert!(
                seen.len() > 100 * players,
                "{options}: only {} setups",
                seen.len()
            );
        }
    }
}

/// Bots draw from their own RNG stream: different matches give different setups, a replay of
/// the same match (same seed, same moves) the same ones, and drawing never moves the match RNG.
#[test]
fn bot_moves_differ_between_matches_and_replay_identically() {
    let entry = registry::find("trangouar").unwrap();
    let options = entry.validate(2, &Value::Null).unwrap();
    let bot_setups = |seed: [u8; 32]| {
        let mut m = entry.start(&options, 2, seed).unwrap();
        let mut setups = Vec::new();
        for seat in 0..2 {
            let before = m.view(Viewer::Omniscient);
            let mv = m.random_move(seat).expect("a setup to draw");
            assert_eq!(
                m.view(Viewer::Omniscient),
                before,
                "drawing changed the match"
            );
            m.play(seat, &mv).expect("a bot's setup is valid");
            setups.push(mv);
        }
        // After the reveal, bots draw among the legal moves, from the next ply's stream.
        let seat = m.to_act()[0];
        setups.push(m.random_move(seat).expect("a move to draw"));
        setups
    };
    let first = bot_setups([1; 32]);
    assert_eq!(bot_setups([1; 32]), first, "a replay draws the same");
    let other = bot_setups([2; 32]);
    assert_ne!(other[0], first[0]);
    assert_ne!(other[1], first[1]);
}

// ---- what the bots know ---------------------------------------------------------------------------

#[test]
fn fight_odds_follow_the_coins() {
    // 3 black coins against none: the defender loses unless all three come up white.
    assert_eq!(super::bot::fight_odds(3, 0), (7.0 / 8.0, 0.0));
    // Even coins: as likely to lose as to win, 20 times in 64 neither.
    let (win, lose) = super::bot::fight_odds(3, 3);
    assert_eq!(win, lose);
    assert!((1.0 - win - lose - 20.0 / 64.0).abs() < 1e-12);
}

#[test]
fn an_enemy_walled_off_by_corpses_leaves_a_draw_at_best() {
    // Seat 1's two cubes in the NE corner hold each other up behind corpses: seat 0 can never
    // reach them, so however far ahead, it cannot win.
    let mut cubes: Vec<Placed> = vec![
        ("h9", None, (0, 0, 0)),
        ("h8", None, (0, 0, 0)),
        ("i7", None, (0, 0, 0)),
        ("i9", Some(1), (1, 0, 0)),
        ("i8", Some(1), (0, 1, 0)),
        ("g3", Some(0), (3, 3, 3)),
        ("g4", Some(0), (3, 3, 3)),
        ("g5", Some(0), (3, 3, 3)),
    ];
    let walled = position(2, json!({}), &cubes, 0);
    assert!(walled.evaluate(0).unwrap() <= 0.5);
    // With a way in (no corpse on h8), the same lead is a likely win.
    cubes.retain(|c| c.0 != "h8");
    let open = position(2, json!({}), &cubes, 0);
    assert!(open.evaluate(0).unwrap() > 0.8);
}

/// See [`Trangouar::choke_for_test`].
fn choke_position() -> Trangouar {
    Trangouar::choke_for_test()
}

#[test]
fn a_cube_whose_corpse_would_wall_the_enemy_in_is_seen() {
    let g = choke_position();
    assert!(!g.walls_off(0, None), "i9 can still be reached through h8");
    assert!(
        g.walls_off(0, Some(pt("h8"))),
        "a corpse on h8 closes the pocket"
    );
    assert!(!g.walls_off(0, Some(pt("d5"))), "d5 closes nothing");
    // A cube alone in a one-intersection pocket is not walled in: it is blocked, so it dies.
    let corner = position(
        2,
        json!({}),
        &[
            ("h9", None, (0, 0, 0)),
            ("i9", Some(1), (1, 1, 1)),
            ("i8", Some(1), (0, 0, 1)),
            ("g3", Some(0), (3, 3, 3)),
        ],
        0,
    );
    assert!(!corner.walls_off(0, Some(pt("i8"))));
}

#[test]
fn the_evaluation_prefers_the_kill_that_leaves_the_enemy_reachable() {
    let g = choke_position();
    let kill = |at: &str| {
        let mut after = g.clone();
        let i = pt(at).index();
        after.board[i] = Some(Cube {
            owner: None,
            pearls: Pearls::default(),
        });
        after.quiet_turns = 0;
        after
    };
    let (sealing, open) = (kill("h8"), kill("d5"));
    let (sealing, open) = (sealing.evaluate(0).unwrap(), open.evaluate(0).unwrap());
    assert!(
        open > sealing + 0.2,
        "killing d5 ({open}) should be worth far more than walling i9 in ({sealing})"
    );
    // Walled in, seat 0 can only draw: it is worth less than an even game, however far ahead.
    assert!(sealing < 0.5);
}

#[test]
fn a_stall_draw_is_worth_to_the_search_what_the_evaluation_gives_its_position() {
    // Seat 0 far ahead: a stall is no way out for it. Any other state (no stall) gets a half.
    let cubes = [
        ("a1", Some(0), (3, 3, 3)),
        ("a2", Some(0), (3, 3, 3)),
        ("i9", Some(1), (1, 0, 0)),
    ];
    let mut g = position(2, json!({"stall_rounds": 1}), &cubes, 0);
    let lead = g.evaluate(0).unwrap();
    play(&mut g, 0, json!({"action": "nothing"})).unwrap();
    play(&mut g, 1, json!({"action": "nothing"})).unwrap();
    assert_eq!(g.outcome().unwrap().reason, "stall");
    let stalled = g.draw_reward(0);
    assert!(stalled < 0.5 && stalled < lead, "{stalled} against {lead}");
    assert_eq!(stalled, g.evaluate(0).unwrap());
    let going = position(2, json!({}), &cubes, 0);
    assert_eq!(going.draw_reward(0), 0.5);
}
