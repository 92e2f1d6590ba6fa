//! Engine tests: the setups and their opening move counts (§3), every rule of §4 and §6 on small
//! positions, removal-set enumeration against brute force, and the shared contract playouts.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use super::board::{lines_of, Board, Square, CELLS};
use super::*;
use crate::testing::{check_contract, entry};

fn rng() -> GameRng {
    GameRng::from_seed([7; 32])
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn start(variant: &str, players: usize) -> Pinuid {
    let options = crate::options::validate(
        &Pinuid::info().options,
        players,
        &json!({"variant": variant}),
    )
    .unwrap();
    Pinuid::setup(&options, players, &mut rng()).unwrap()
}

/// A position from a diagram: 8 rows, rank 8 first, '.' empty or a seat digit (spaces ignored).
/// Removed piles are filled up to the variant's starting count.
fn position(variant: Variant, players: usize, diagram: &str, to_move: Seat) -> Pinuid {
    let rows: Vec<String> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(rows.len(), 8, "diagram has 8 ranks");
    let mut board: Board = [None; CELLS];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 8, "rank {} has 8 squares", 8 - r);
        for (x, c) in row.chars().enumerate() {
            board[Square::new(x, 7 - r).index()] = c.to_digit(10).map(|d| d as u8);
        }
    }
    let full = if variant == Variant::Classic { 8 } else { 7 };
    let mut game = Pinuid {
        variant,
        players,
        board,
        removed: vec![0; players],
        eliminated: vec![false; players],
        to_move: Some(to_move),
        no_removal_limit: None,
        plies_without_removal: 0,
        last: None,
        outcome: None,
    };
    for s in 0..players {
        game.removed[s] = (full - game.pieces(s).min(full)) as u32;
    }
    game
}

fn mv(json: Value) -> Move {
    Pinuid::parse_move(&json).unwrap()
}

fn step(from: &str, to: &str, remove: &[&str]) -> Move {
    Move::step(sq(from), sq(to), remove.iter().map(|s| sq(s)).collect())
}

fn play(g: &mut Pinuid, seat: Seat, m: &Move) -> Vec<Value> {
    g.play(seat, m, &mut rng())
        .unwrap_or_else(|e| panic!("{m:?} refused: {e}"))
        .into_iter()
        .map(|e| e.data)
        .collect()
}

/// Plays an illegal move, checks nothing changed and returns the message.
fn refuse(g: &mut Pinuid, seat: Seat, m: &Move) -> String {
    let before = g.view(Viewer::Omniscient);
    let err = g
        .play(seat, m, &mut rng())
        .expect_err("move must be refused");
    assert_eq!(
        g.view(Viewer::Omniscient),
        before,
        "a refused move changed nothing"
    );
    match err {
        MoveError::Illegal(msg) => msg,
        other => panic!("expected Illegal, got {other:?}"),
    }
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["kind"].as_str().unwrap()).collect()
}

/// Legal moves of `seat` from `from` to `to`, as canonical JSON.
fn moves_of_step(g: &Pinuid, seat: Seat, from: &str, to: &str) -> Vec<Value> {
    g.legal_moves(seat)
        .into_iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .filter(|m| m["from"] == from && m["to"] == to)
        .collect()
}

// ---- setup and opening counts (§3) ----

#[test]
fn classic_setup_view_and_ten_opening_moves_per_side() {
    let mut g = start("classic", 2);
    assert_eq!(g.to_act(), vec![0], "White (seat 0) moves first");
    assert_eq!(
        g.view(Viewer::Spectator),
        json!({
            "board": (["00.00.00", "..0..0..", &".".repeat(32), "..1..1..", "11.11.11"].concat()),
            "variant": "classic", "players": 2, "pieces": [8, 8], "removed": [0, 0],
            "eliminated": [false, false], "to_move": 0, "plies_without_removal": 0, "last": null
        })
    );
    for seat in 0..2 {
        g.to_move = Some(seat);
        let moves = g.legal_moves(seat);
        assert_eq!(moves.len(), 10, "seat {seat} has 10 opening moves");
        assert!(moves
            .iter()
            .all(|m| matches!(m, Move::Move { remove, .. } if remove.is_empty())));
        assert!(g.legal_moves(1 - seat).is_empty());
    }
    assert!(lines_of(&g.board, 0).is_empty() && lines_of(&g.board, 1).is_empty());
}

#[test]
fn quatro_setup_matches_the_diagram_and_opening_moves_are_counted() {
    // §3.2's diagram with P1..P4 as seats 0..3.
    let four = [
        "011..223",
        "30....30",
        "3.0..3.0",
        &".".repeat(16),
        "2.1..2.1",
        "21....21",
        "100..332",
    ]
    .concat();
    let three = four.replace('3', ".");
    // §3.2: 7 opening moves each with 4 colours. With 3, P4's pieces are gone, which frees one more
    // square next to two pieces of each other colour (P1: b2-a3, h3-g2; P2: h7-g8, b1-a2; P3:
    // g7-f8, f1-g2): 9 each.
    for (players, board, count) in [(4, four, 7), (3, three, 9)] {
        let mut g = start("quatro", players);
        assert_eq!(
            g.view(Viewer::Spectator)["board"],
            json!(board),
            "{players} players"
        );
        assert_eq!(g.view(Viewer::Spectator)["pieces"], json!(vec![7; players]));
        for seat in 0..players {
            g.to_move = Some(seat);
            assert_eq!(
                g.legal_moves(seat).len(),
                count,
                "{players} players, seat {seat}"
            );
            assert!(lines_of(&g.board, seat as u8).is_empty());
        }
    }
}

#[test]
fn quatro_first_player_is_drawn_and_classic_starts_with_white() {
    let options = |v: &str| {
        crate::options::validate(&Pinuid::info().options, 3, &json!({"variant": v})).unwrap()
    };
    for players in [3, 4] {
        let firsts: std::collections::BTreeSet<Seat> = (0..64u8)
            .map(|s| {
                Pinuid::setup(
                    &options("quatro"),
                    players,
                    &mut GameRng::from_seed([s; 32]),
                )
                .unwrap()
                .to_act()[0]
            })
            .collect();
        assert_eq!(firsts.len(), players, "every seat can start");
    }
    for s in 0..16u8 {
        let g = Pinuid::setup(&options("classic"), 2, &mut GameRng::from_seed([s; 32])).unwrap();
        assert_eq!(g.to_act(), vec![0]);
    }
}

/// Issue 13.2: a room created without options works at every player count, as the variant's
/// default follows it (classic for 2, quatro for 3 or 4), and the catalog says so.
#[test]
fn the_variant_defaults_to_the_one_for_the_player_count() {
    let e = entry("pinuid");
    for (players, variant) in [(2, "classic"), (3, "quatro"), (4, "quatro")] {
        for given in [Value::Null, json!({}), json!({"no_removal_limit": 50})] {
            let options = e.validate(players, &given).unwrap();
            assert_eq!(options["variant"], variant, "{players} players, {given}");
            let m = e.start(&options, players, [1; 32]).unwrap();
            assert_eq!(m.to_act().len(), 1);
        }
    }
    // The catalog shows these (tests/tests/e2e/operations.rs checks it is served).
    let spec = &Pinuid::info().options[0];
    assert_eq!(spec.default, "classic");
    assert_eq!(
        spec.default_by_players,
        [(2, "classic"), (3, "quatro"), (4, "quatro")]
            .map(|(n, v)| (n, json!(v)))
            .into()
    );
}

#[test]
fn variant_needs_its_player_count() {
    let e = entry("pinuid");
    assert!(e.validate(2, &json!({})).is_ok());
    assert!(e.validate(3, &json!({"variant": "quatro"})).is_ok());
    assert!(e
        .validate(4, &json!({"variant": "quatro", "no_removal_limit": 200}))
        .is_ok());
    for (players, variant) in [(3, "classic"), (4, "classic"), (2, "quatro")] {
        let err = e
            .validate(players, &json!({"variant": variant}))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("options.variant:"), "{err}");
    }
    let err = e
        .validate(2, &json!({"no_removal_limit": 0}))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("options.no_removal_limit:"), "{err}");
}

// ---- moves as JSON ----

#[test]
fn move_json_parses_to_canonical_form() {
    let m = mv(json!({"action": "move", "from": "c3", "to": "d4", "remove": ["b1", "a1"]}));
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"action": "move", "from": "c3", "to": "d4", "remove": ["a1", "b1"]})
    );
    let m = mv(json!({"action": "move", "from": "c3", "to": "d4"}));
    assert_eq!(serde_json::to_value(&m).unwrap()["remove"], json!([]));
    assert_eq!(
        mv(json!({"action": "move", "from": "c3", "to": "d4", "remove": null})),
        m
    );
    let m = mv(json!({"action": "reenter", "to": "e1"}));
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        json!({"action": "reenter", "to": "e1"})
    );
    // Squares sort as their names do: file, then rank.
    let m = step("a1", "b2", &["h1", "a8", "b1"]);
    assert_eq!(
        serde_json::to_value(&m).unwrap()["remove"],
        json!(["a8", "b1", "h1"])
    );
}

#[test]
fn malformed_moves_say_why() {
    let bad = |v: Value| match Pinuid::parse_move(&v) {
        Err(MoveError::Malformed(m)) => m,
        other => panic!("{v} gave {other:?}"),
    };
    assert!(bad(json!("c3d4")).contains("JSON object"));
    assert!(bad(json!({"from": "c3", "to": "d4"})).contains("\"action\""));
    assert!(bad(json!({"action": "jump", "from": "c3", "to": "d4"})).contains("unknown action"));
    assert!(bad(json!({"action": "move", "to": "d4"})).contains("\"from\" is missing"));
    assert!(bad(json!({"action": "move", "from": "c9", "to": "d4"})).contains("c9"));
    assert!(bad(json!({"action": "move", "from": "i1", "to": "d4"})).contains("i1"));
    assert!(bad(json!({"action": "move", "from": "c03", "to": "d4"})).contains("c03"));
    assert!(bad(json!({"action": "move", "from": 3, "to": "d4"})).contains("\"from\""));
    assert!(
        bad(json!({"action": "move", "from": "c3", "to": "d4", "remove": "a1"})).contains("list")
    );
    assert!(
        bad(json!({"action": "move", "from": "c3", "to": "d4", "remove": ["z1"]})).contains("z1")
    );
    assert!(
        bad(json!({"action": "move", "from": "c3", "to": "d4", "x": 1})).contains("unknown field")
    );
    assert!(bad(json!({"action": "reenter", "to": "e1", "from": "c3"})).contains("unknown field"));
    assert!(bad(json!({"action": "reenter"})).contains("\"to\" is missing"));
}

#[test]
fn steps_must_be_one_diagonal_to_an_empty_square_of_ones_own() {
    let mut g = start("classic", 2);
    assert!(
        refuse(&mut g, 0, &step("c7", "d6", &[])).contains("c7 does not hold one of your pieces")
    );
    assert!(refuse(&mut g, 0, &step("c2", "c3", &[])).contains("not one diagonal step"));
    assert!(refuse(&mut g, 0, &step("c2", "e4", &[])).contains("not one diagonal step"));
    assert!(refuse(&mut g, 0, &step("c2", "d1", &[])).contains("d1 is not empty"));
    assert!(refuse(&mut g, 0, &step("c2", "d3", &["a1"])).contains("creates no line"));
    assert!(
        refuse(&mut g, 0, &mv(json!({"action": "reenter", "to": "c1"})))
            .contains("re-entry is only")
    );
    assert_eq!(
        g.play(1, &step("c7", "d6", &[]), &mut rng()),
        Err(MoveError::NotYourTurn)
    );
    let events = play(&mut g, 0, &step("c2", "d3", &[]));
    assert_eq!(
        events,
        vec![json!({"kind": "moved", "seat": 0, "from": "c2", "to": "d3"})]
    );
    let view = g.view(Viewer::Seat(1));
    assert_eq!(view["to_move"], json!(1));
    assert_eq!(view["plies_without_removal"], json!(1));
    assert_eq!(
        view["last"],
        json!({"seat": 0, "move": {"action": "move", "from": "c2", "to": "d3", "remove": []}})
    );
}

// ---- lines (§2.2) ----

#[test]
fn only_maximal_runs_of_exactly_three_are_lines() {
    let g = position(
        Variant::Classic,
        2,
        "0 0 0 . 0 0 0 0
         0 0 . . . . . .
         0 . . . . . . .
         . . . . . . . .
         . 0 0 0 1 . 0 .
         . . . . . . 0 .
         . . . . . . 0 .
         0 0 . 1 1 1 . .",
        0,
    );
    let named = |seat: u8| -> Vec<String> {
        let mut names: Vec<String> = lines_of(&g.board, seat)
            .iter()
            .map(|l| l.map(|s| s.to_string()).join("-"))
            .collect();
        names.sort();
        names
    };
    // a8-c8 (e8-h8 is 4), a6-a8 (file a), b4-d4 (bounded by the other's e4), g2-g4 (file g; g1 empty).
    // Runs of 2 (a7-b7, b7-b8) and of 4 never count; diagonals never do.
    assert_eq!(
        named(0),
        vec!["a6-a7-a8", "a8-b8-c8", "b4-c4-d4", "g2-g3-g4"]
    );
    assert_eq!(named(1), vec!["d1-e1-f1"]);
}

#[test]
fn leaving_a_run_of_four_creates_a_line() {
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . 1 1
         . . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 0 0 0 . . . .",
        0,
    );
    assert_eq!(g.legal_moves(0).len(), 13, "3 + 1 + 1 + 1 + 1 + 3 + 3");
    assert_eq!(
        moves_of_step(&g, 0, "d1", "e2"),
        vec![
            json!({"action": "move", "from": "d1", "to": "e2", "remove": ["a1"]}),
            json!({"action": "move", "from": "d1", "to": "e2", "remove": ["b1"]}),
            json!({"action": "move", "from": "d1", "to": "e2", "remove": ["c1"]}),
        ]
    );
    assert!(refuse(&mut g, 0, &step("d1", "e2", &[])).contains("creates 1 line(s) (a1-b1-c1)"));
    assert!(refuse(&mut g, 0, &step("d1", "e2", &["a1", "b1"]))
        .contains("remove exactly one piece from each"));
    assert!(refuse(&mut g, 0, &step("d1", "e2", &["g8"])).contains("g8 is not in a line"));
    let events = play(&mut g, 0, &step("d1", "e2", &["b1"]));
    assert_eq!(
        events,
        vec![
            json!({"kind": "moved", "seat": 0, "from": "d1", "to": "e2"}),
            json!({"kind": "line", "seat": 0, "squares": ["a1", "b1", "c1"]}),
            json!({"kind": "removed", "seat": 0, "square": "b1"}),
        ]
    );
    let view = g.view(Viewer::Spectator);
    assert_eq!(view["pieces"], json!([3, 3]));
    assert_eq!(view["removed"], json!([5, 5]));
    assert_eq!(view["plies_without_removal"], json!(0));
}

#[test]
fn two_lines_sharing_a_piece_need_two_other_removals() {
    // d2 to e3 creates d3-e3-f3 by arriving and d3-d4-d5 by leaving the run d2-d5; d3 is in both.
    let mut g = position(
        Variant::Classic,
        2,
        "1 . . . . . . 1
         . . . . . . . .
         . . . . . . . 1
         . . . 0 . . . .
         . . . 0 . . . .
         . . . 0 . 0 . .
         . . . 0 . . . .
         . . . . . . . .",
        0,
    );
    assert_eq!(
        moves_of_step(&g, 0, "d2", "e3"),
        vec![
            json!({"action": "move", "from": "d2", "to": "e3", "remove": ["d4", "f3"]}),
            json!({"action": "move", "from": "d2", "to": "e3", "remove": ["d5", "f3"]}),
        ]
    );
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["d3", "d4"]))
        .contains("d3 belongs to two of the new lines"));
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["d3", "f3"])).contains("d3 belongs to two"));
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["d4", "d5"]))
        .contains("one piece from line d3-e3-f3"));
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["f3"])).contains("creates 2 line(s)"));
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["d4", "e3"])).contains("e3 was just moved"));
    assert!(refuse(&mut g, 0, &step("d2", "e3", &["f3", "f3"])).contains("f3 is listed twice"));
    let events = play(&mut g, 0, &step("d2", "e3", &["f3", "d4"]));
    assert_eq!(
        kinds(&events),
        vec!["moved", "line", "line", "removed", "removed"]
    );
    assert_eq!(events[1]["squares"], json!(["d3", "e3", "f3"]));
    assert_eq!(events[2]["squares"], json!(["d3", "d4", "d5"]));
    assert_eq!(g.pieces(0), 3);
    assert_eq!(g.removed, vec![5, 5]);
}

#[test]
fn runs_of_four_never_count() {
    // e2 to d3 makes a3-d3, a run of 4: no line, nothing to remove.
    let mut g = position(
        Variant::Classic,
        2,
        "1 . . . . . . 1
         . . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 0 0 . . . . .
         . . . . 0 . . .
         . . . . . . . .",
        0,
    );
    assert_eq!(
        moves_of_step(&g, 0, "e2", "d3"),
        vec![json!({"action": "move", "from": "e2", "to": "d3", "remove": []})]
    );
    assert!(refuse(&mut g, 0, &step("e2", "d3", &["a3"])).contains("creates no line"));
    let events = play(&mut g, 0, &step("e2", "d3", &[]));
    assert_eq!(kinds(&events), vec!["moved"]);
}

#[test]
fn the_piece_just_moved_cannot_be_removed() {
    let mut g = position(
        Variant::Classic,
        2,
        "1 . . . . . . 1
         . . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 . 0 . . . . 0
         . . 0 . . . . .
         . . . . . . . .",
        0,
    );
    assert_eq!(
        moves_of_step(&g, 0, "c2", "b3"),
        vec![
            json!({"action": "move", "from": "c2", "to": "b3", "remove": ["a3"]}),
            json!({"action": "move", "from": "c2", "to": "b3", "remove": ["c3"]}),
        ]
    );
    assert!(refuse(&mut g, 0, &step("c2", "b3", &["b3"]))
        .contains("b3 was just moved and cannot be removed"));
}

#[test]
fn a_line_that_already_stood_does_not_count_again() {
    let g = position(
        Variant::Classic,
        2,
        "1 . . . . . . 1
         . . . . . . . 1
         . . . . . . . .
         . . . . . . 0 .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 0 0 . . . . .",
        0,
    );
    // The standing line a1-c1 is not created by stepping g5; stepping its own pieces breaks it.
    assert!(g
        .legal_moves(0)
        .iter()
        .all(|m| matches!(m, Move::Move { remove, .. } if remove.is_empty())));
    assert_eq!(g.legal_moves(0).len(), 4 + 1 + 2 + 2);
}

// ---- victory (§4 step 7) ----

#[test]
fn down_to_two_pieces_wins() {
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . 1 1
         . . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 . 0 . . . . .
         0 . . . . . . .
         . . . . . . . .",
        0,
    );
    let events = play(&mut g, 0, &step("a2", "b3", &["c3"]));
    assert_eq!(kinds(&events), vec!["moved", "line", "removed", "won"]);
    assert_eq!(
        events[3],
        json!({"kind": "won", "seat": 0, "reason": "two_pieces"})
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winners: vec![0],
            scores: None,
            reason: "two_pieces".into()
        })
    );
    assert!(g.to_act().is_empty());
    assert!(g.legal_moves(0).is_empty() && g.legal_moves(1).is_empty());
    assert_eq!(g.view(Viewer::Spectator)["to_move"], Value::Null);
}

// ---- re-entry (§4 step 2, Classic) ----

#[test]
fn classic_one_colour_player_reenters_on_the_back_row_and_the_turn_ends() {
    // White (0) has only dark squares: c3, e3, d4.
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . 1 1
         1 . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . 0 . . . .
         . . 0 . 0 . . .
         . . . . . . . .
         . . . . . . . .",
        1,
    );
    assert!(g.monochrome(0));
    let events = play(&mut g, 1, &step("a7", "b6", &[]));
    assert_eq!(kinds(&events), vec!["moved"]);
    assert_eq!(g.to_act(), vec![0], "the re-entry is White's move");
    let legal: Vec<Value> = g
        .legal_moves(0)
        .iter()
        .map(|m| serde_json::to_value(m).unwrap())
        .collect();
    let expected: Vec<Value> = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
        .iter()
        .map(|s| json!({"action": "reenter", "to": s}))
        .collect();
    assert_eq!(legal, expected);
    assert!(refuse(&mut g, 0, &step("c3", "b2", &[])).contains("re-enter a piece on your back row"));
    assert!(
        refuse(&mut g, 0, &mv(json!({"action": "reenter", "to": "d2"})))
            .contains("not an empty square of your back row")
    );
    let events = play(&mut g, 0, &mv(json!({"action": "reenter", "to": "d1"})));
    assert_eq!(
        events,
        vec![json!({"kind": "reentered", "seat": 0, "square": "d1"})]
    );
    assert_eq!(g.to_act(), vec![1], "the turn ends after re-entering");
    assert_eq!(g.pieces(0), 4);
    assert_eq!(g.removed[0], 4);
    assert!(!g.monochrome(0), "d1 is light");
}

#[test]
fn a_line_made_by_reentering_does_not_count() {
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . 1 1
         1 . . . . . . .
         . . . . . . . .
         . . . . 0 . 0 .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 . 0 . . . . .",
        0,
    );
    g.to_move = Some(0);
    let events = play(&mut g, 0, &mv(json!({"action": "reenter", "to": "b1"})));
    assert_eq!(kinds(&events), vec!["reentered"], "no line, no removal");
    play(&mut g, 1, &step("a7", "b6", &[]));
    // a1-b1-c1 now stands, but only a step that creates it counts.
    assert!(g
        .legal_moves(0)
        .iter()
        .filter(|m| matches!(m, Move::Move { from, .. } if from.y >= 4))
        .all(|m| matches!(m, Move::Move { remove, .. } if remove.is_empty())));
}

#[test]
fn classic_full_back_row_passes_automatically() {
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 1 0 1 0 1 0 1",
        1,
    );
    assert!(g.monochrome(0));
    let events = play(&mut g, 1, &step("h8", "g7", &[]));
    assert_eq!(
        events,
        vec![
            json!({"kind": "moved", "seat": 1, "from": "h8", "to": "g7"}),
            json!({"kind": "passed", "seat": 0, "reason": "back_row_full"}),
        ]
    );
    assert_eq!(g.to_act(), vec![1]);
    assert!(g.legal_moves(0).is_empty());
    // Black frees d1: White must now re-enter there.
    play(&mut g, 1, &step("d1", "e2", &[]));
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.legal_moves(0), vec![Move::Reenter { to: sq("d1") }]);
}

// ---- blocking (§4 step 3) and no moves at all ----

#[test]
fn a_blocked_player_passes_until_a_step_is_possible() {
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . . . . 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         1 1 1 1 . . . .
         0 0 0 . . . . .",
        1,
    );
    let events = play(&mut g, 1, &step("h8", "g7", &[]));
    assert_eq!(
        events[1],
        json!({"kind": "passed", "seat": 0, "reason": "blocked"})
    );
    assert_eq!(g.to_act(), vec![1]);
    let events = play(&mut g, 1, &step("g7", "f6", &[]));
    assert_eq!(kinds(&events), vec!["moved", "passed"]);
    // d2 leaves: a2-c2 becomes a line for Black; White's c1 can then step to d2.
    let events = play(&mut g, 1, &step("d2", "e3", &["b2"]));
    assert_eq!(kinds(&events), vec!["moved", "line", "removed"]);
    assert_eq!(g.to_act(), vec![0]);
    assert_eq!(g.legal_moves(0).len(), 3, "a1-b2, c1-b2, c1-d2");
}

#[test]
fn nobody_able_to_move_is_a_draw() {
    // Quatro, 4 players, seat 3 already out (its pieces are walls). Seats 1 and 2 (both square
    // colours) are walled in by seat 0's light pieces and seat 3's. Seat 0 steps a4-b5, forms
    // b5-c5-d5 and removes c5: all its pieces are now light. 1 and 2 pass, 0 is eliminated, and the
    // two left can never move.
    let mut g = position(
        Variant::Quatro,
        4,
        "1 . 1 . . . . 1
         . 0 . 0 . . 3 .
         . . . . . . . .
         . . 0 0 . . . .
         0 . . . . . . .
         . . . . . . . .
         . 3 . 3 . . 0 .
         2 . 2 . . . . 2",
        0,
    );
    g.eliminated[3] = true;
    assert_eq!(
        moves_of_step(&g, 0, "a4", "b5"),
        vec![
            json!({"action": "move", "from": "a4", "to": "b5", "remove": ["c5"]}),
            json!({"action": "move", "from": "a4", "to": "b5", "remove": ["d5"]}),
        ]
    );
    let events = play(&mut g, 0, &step("a4", "b5", &["c5"]));
    assert_eq!(
        events[3..],
        [
            json!({"kind": "passed", "seat": 1, "reason": "blocked"}),
            json!({"kind": "passed", "seat": 2, "reason": "blocked"}),
            json!({"kind": "eliminated", "seat": 0, "reason": "one_square_colour"}),
            json!({"kind": "draw", "reason": "no_moves"}),
        ]
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winners: vec![],
            scores: None,
            reason: "no_moves".into()
        })
    );
    assert!(g.to_act().is_empty());
}

// ---- Quatro (§6) ----

#[test]
fn quatro_one_colour_player_is_eliminated_and_leaves_obstacles() {
    // Seat 0 (a1 c3 e5) is all dark. Seat 3 steps; at seat 0's turn it is eliminated.
    let mut g = position(
        Variant::Quatro,
        4,
        ". . . . . . 2 2
         . . . . . . . .
         1 . . . . . . .
         . . . . 0 . . .
         2 . . . . 1 . .
         . . 0 . 1 1 3 .
         . . 1 . . . . .
         0 . . . . 3 . 3",
        3,
    );
    let events = play(&mut g, 3, &step("g3", "h4", &[]));
    assert_eq!(
        events[1],
        json!({"kind": "eliminated", "seat": 0, "reason": "one_square_colour"})
    );
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.eliminated, vec![true, false, false, false]);
    assert_eq!(g.pieces(0), 3, "its pieces stay");
    assert_eq!(
        &g.view(Viewer::Spectator)["board"].as_str().unwrap()[..3],
        "0.."
    );
    // They block: seat 1's f4 may not step onto e5.
    assert!(refuse(&mut g, 1, &step("f4", "e5", &[])).contains("e5 is not empty"));
    assert!(moves_of_step(&g, 1, "f4", "e5").is_empty());
    // They bound a run without counting: c3(0) d3 e3 f3 is a line d3-f3 for seat 1.
    assert_eq!(
        moves_of_step(&g, 1, "c2", "d3"),
        vec![
            json!({"action": "move", "from": "c2", "to": "d3", "remove": ["e3"]}),
            json!({"action": "move", "from": "c2", "to": "d3", "remove": ["f3"]}),
        ]
    );
    play(&mut g, 1, &step("c2", "d3", &["f3"]));
    assert_eq!(g.to_act(), vec![2]);
    play(&mut g, 2, &step("a4", "b5", &[]));
    play(&mut g, 3, &step("h4", "g3", &[]));
    assert_eq!(g.to_act(), vec![1], "seat 0's turns are skipped");
    assert!(g.legal_moves(0).is_empty());
}

#[test]
fn last_player_not_eliminated_wins() {
    // 3 players: seat 0 all dark, seat 1 all light; seat 2 steps and is the only one left.
    let mut g = position(
        Variant::Quatro,
        3,
        "1 . 1 . . . 2 2
         . 1 . . . . . .
         . . . . . . . .
         . . . . 0 . . .
         2 . . . . . . .
         . . 0 . . . . .
         . . . . . . . .
         0 . . . . . . .",
        2,
    );
    let events = play(&mut g, 2, &step("a4", "b5", &[]));
    assert_eq!(
        events[1..],
        [
            json!({"kind": "eliminated", "seat": 0, "reason": "one_square_colour"}),
            json!({"kind": "eliminated", "seat": 1, "reason": "one_square_colour"}),
            json!({"kind": "won", "seat": 2, "reason": "last_survivor"}),
        ]
    );
    assert_eq!(g.outcome().unwrap().winners, vec![2]);
    assert_eq!(
        g.view(Viewer::Spectator)["eliminated"],
        json!([true, true, false])
    );
    assert!(g.to_act().is_empty());
}

#[test]
fn quatro_blocked_player_passes() {
    // Seat 1 (a8 c8 h8) is walled in by seat 2 (b7 d7 g7); seat 0 steps, seat 1 passes.
    let mut g = position(
        Variant::Quatro,
        3,
        "1 . 1 . . . . 1
         . 2 . 2 . . 2 .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 . . 0 . 0 . .",
        0,
    );
    let events = play(&mut g, 0, &step("a1", "b2", &[]));
    assert_eq!(
        events[1],
        json!({"kind": "passed", "seat": 1, "reason": "blocked"})
    );
    assert_eq!(g.to_act(), vec![2]);
}

// ---- the no-removal limit (§7 P13) ----

#[test]
fn no_removal_limit_is_a_draw() {
    let e = entry("pinuid");
    let options = e.validate(2, &json!({"no_removal_limit": 3})).unwrap();
    let mut g = Pinuid::setup(&options, 2, &mut rng()).unwrap();
    play(&mut g, 0, &step("c2", "d3", &[]));
    play(&mut g, 1, &step("c7", "d6", &[]));
    assert!(g.outcome().is_none());
    let events = play(&mut g, 0, &step("d3", "c4", &[]));
    assert_eq!(
        events[1],
        json!({"kind": "draw", "reason": "no_removal_limit"})
    );
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winners: vec![],
            scores: None,
            reason: "no_removal_limit".into()
        })
    );
    assert!(g.to_act().is_empty());

    // A removal starts the count again.
    let mut g = position(
        Variant::Classic,
        2,
        ". . . . 1 1 1 1
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         0 0 0 0 . . . 0",
        0,
    );
    g.no_removal_limit = Some(2);
    g.plies_without_removal = 1;
    play(&mut g, 0, &step("d1", "e2", &["a1"]));
    assert_eq!(g.plies_without_removal, 0);
    play(&mut g, 1, &step("h8", "g7", &["e8"]));
    play(&mut g, 0, &step("h1", "g2", &[]));
    assert!(g.outcome().is_none());
    play(&mut g, 1, &step("g7", "h6", &[]));
    assert_eq!(g.outcome().unwrap().reason, "no_removal_limit");
}

// ---- removal sets against brute force, and contract playouts ----

/// Every subset of the right size of the mover's pieces in the created lines: `removal_error`
/// accepts exactly the sets `removal_sets` lists, and there is always at least one.
#[test]
fn removal_sets_match_brute_force_in_random_games() {
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut multi = 0;
    for (variant, players) in [("classic", 2), ("quatro", 3), ("quatro", 4)] {
        for game in 0..30u8 {
            let options = crate::options::validate(
                &Pinuid::info().options,
                players,
                &json!({"variant": variant}),
            )
            .unwrap();
            let mut g =
                Pinuid::setup(&options, players, &mut GameRng::from_seed([game; 32])).unwrap();
            for _ in 0..400 {
                let Some(seat) = g.to_move else { break };
                for s in g.steps(seat) {
                    if s.lines.is_empty() {
                        continue;
                    }
                    multi += usize::from(s.lines.len() > 1);
                    let sets = Pinuid::removal_sets(&s);
                    assert!(!sets.is_empty());
                    let mut pool: Vec<Square> = s.lines.iter().flatten().copied().collect();
                    pool.push(Square::new(0, 0));
                    pool.sort();
                    pool.dedup();
                    let k = s.lines.len();
                    for mask in 0u32..(1 << pool.len()) {
                        if mask.count_ones() as usize != k {
                            continue;
                        }
                        let set: Vec<Square> = (0..pool.len())
                            .filter(|i| mask & (1 << i) != 0)
                            .map(|i| pool[i])
                            .collect();
                        assert_eq!(
                            Pinuid::removal_error(&s, &set).is_none(),
                            sets.contains(&set),
                            "{set:?}"
                        );
                    }
                }
                let legal = g.legal_moves(seat);
                let m = legal[pick.random_range(0..legal.len())].clone();
                g.play(seat, &m, &mut rng()).unwrap();
            }
        }
    }
    assert!(multi > 0, "random games create several lines at once");
}

fn bad_moves() -> Vec<Value> {
    vec![
        json!({"action": "move", "from": "a1", "to": "b2", "remove": []}),
        json!({"action": "move", "from": "c2", "to": "d3", "remove": ["a1"]}),
        json!({"action": "move", "from": "d4", "to": "e5", "remove": []}),
        json!({"action": "reenter", "to": "d1"}),
        json!({"action": "reenter", "to": "a8"}),
    ]
}

#[test]
fn contract_classic() {
    let seen = check_contract(
        "pinuid",
        2,
        json!({"variant": "classic"}),
        24,
        2000,
        &bad_moves(),
    );
    assert_eq!(seen.finished, 24, "{seen:?}");
}

#[test]
fn contract_classic_with_no_removal_limit() {
    let seen = check_contract(
        "pinuid",
        2,
        json!({"no_removal_limit": 40}),
        16,
        2000,
        &bad_moves(),
    );
    assert_eq!(seen.finished, 16, "{seen:?}");
}

#[test]
fn contract_quatro_three_players() {
    let seen = check_contract(
        "pinuid",
        3,
        json!({"variant": "quatro"}),
        16,
        2000,
        &bad_moves(),
    );
    assert_eq!(seen.finished, 16, "{seen:?}");
}

#[test]
fn contract_quatro_four_players() {
    let seen = check_contract(
        "pinuid",
        4,
        json!({"variant": "quatro", "no_removal_limit": 200}),
        16,
        3000,
        &bad_moves(),
    );
    assert_eq!(seen.finished, 16, "{seen:?}");
}

/// No hidden information: every seat and spectator sees exactly the omniscient view, all game long.
#[test]
fn views_are_the_same_for_everyone() {
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for (variant, players) in [("classic", 2), ("quatro", 4)] {
        let mut g = start(variant, players);
        for _ in 0..300 {
            let all = g.view(Viewer::Omniscient);
            assert!(all.get("private").is_none());
            assert_eq!(g.view(Viewer::Spectator), all);
            for s in 0..players {
                assert_eq!(g.view(Viewer::Seat(s)), all);
            }
            let Some(seat) = g.to_move else { break };
            let legal = g.legal_moves(seat);
            let m = legal[pick.random_range(0..legal.len())].clone();
            g.play(seat, &m, &mut rng()).unwrap();
        }
    }
}

/// Issue 13.4: the P13 safeguard is on by default (200 plies) and may be switched off with null.
#[test]
fn the_no_removal_limit_is_200_plies_by_default() {
    let e = entry("pinuid");
    let defaults = e.validate(2, &Value::Null).unwrap();
    assert_eq!(defaults["no_removal_limit"], json!(200));
    let off = e.validate(2, &json!({"no_removal_limit": null})).unwrap();
    assert_eq!(off["no_removal_limit"], Value::Null);
    let err = e.validate(2, &json!({"no_removal_limit": 0})).unwrap_err();
    assert!(err.to_string().starts_with("options.no_removal_limit:"));
}
