//! Tests from the rules file: perft counts, the exact first-move lists of §6.1, the edge cases of §6.5,
//! ejection and the win at 6 (2, 3, 4 players), ply caps, parsing, and the shared contract playouts.

use rand::SeedableRng;
use serde_json::{json, Value};

use super::*;
use crate::notation::Notation as _;
use crate::options;
use crate::testing::check_contract;

fn rng() -> GameRng {
    GameRng::from_seed([7; 32])
}

fn new_game(players: usize, opts: Value) -> Abalone {
    let options =
        options::validate(&Abalone::info().options, players, &opts).expect("valid options");
    Abalone::setup(&options, players, &mut rng()).expect("setup")
}

fn play(g: &mut Abalone, seat: Seat, mv: Value) -> Result<Vec<Event>, MoveError> {
    let mv = Abalone::parse_move(&mv)?;
    g.play(seat, &mv, &mut rng())
}

fn nota(g: &mut Abalone, seat: Seat, n: &str) -> Result<Vec<Event>, MoveError> {
    play(g, seat, json!({ "notation": n }))
}

fn board(g: &Abalone) -> String {
    g.view(Viewer::Spectator)["board"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The owner seat on a cell, as the view shows it.
fn at(g: &Abalone, cell: &str) -> Option<u8> {
    let c = parse_cell(cell).unwrap() as usize;
    match board(g).as_bytes()[c] {
        b'.' => None,
        d => Some(d - b'0'),
    }
}

fn is_illegal(r: Result<Vec<Event>, MoveError>) -> bool {
    matches!(r, Err(MoveError::Illegal(_)))
}

fn is_malformed(r: Result<Move, MoveError>) -> bool {
    matches!(r, Err(MoveError::Malformed(_)))
}

fn notations(g: &Abalone) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves(g.pos.to_move as Seat)
        .into_iter()
        .map(|m| m.notation.to_string())
        .collect();
    v.sort();
    v
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn perft_two_players() {
    assert_eq!(perft(2, "standard", 1).unwrap(), 44);
    assert_eq!(perft(2, "standard", 2).unwrap(), 1_936);
    assert_eq!(perft(2, "belgian-daisy", 1).unwrap(), 52);
    assert_eq!(perft(2, "belgian-daisy", 2).unwrap(), 2_692);
    assert_eq!(perft(2, "german-daisy", 1).unwrap(), 80);
    assert_eq!(perft(2, "german-daisy", 2).unwrap(), 6_244);
}

#[test]
fn perft_standard_depth_3() {
    let n = perft(2, "standard", 3).unwrap();
    println!("perft(3) standard = {n}");
    assert_eq!(n, PERFT3_STANDARD);
}

/// Computed by this generator (cross-checked by `generator_matches_validator`).
const PERFT3_STANDARD: u64 = 98_912;

/// Issue 13.5: the daisy layouts' depth-3 counts from the rules file (abalone.md §6.1).
#[test]
fn perft_daisies_depth_3() {
    assert_eq!(perft(2, "belgian-daisy", 3).unwrap(), 149_322);
    assert_eq!(perft(2, "german-daisy", 3).unwrap(), 493_480);
}

#[test]
fn perft_multiplayer() {
    assert_eq!(perft(3, "standard", 1).unwrap(), 40);
    assert_eq!(perft(4, "standard", 1).unwrap(), 43);
    assert!(perft(3, "belgian-daisy", 1).is_err());
    assert!(perft(5, "standard", 1).is_err());
}

#[test]
fn each_multiplayer_seat_has_the_same_count_at_the_start() {
    for (players, count) in [(3usize, 40usize), (4, 43)] {
        for seat in 0..players {
            let mut g = new_game(players, json!({}));
            g.pos.to_move = seat as u8;
            assert_eq!(g.legal_moves(seat).len(), count, "{players}p seat {seat}");
        }
    }
}

#[test]
fn first_moves_standard() {
    let g = new_game(2, json!({}));
    assert_eq!(
        notations(&g),
        sorted(
            "a1b1 a1b2 a2b2 a2b3 a3b3 a3b4 a4b4 a4b5 a5b5 a5b6 b1b2c1 b1c1 b1c2 b2c2 b2c3 b2c3c2 b3c3 b3c4
             b4c4 b4c5 b5b6c6 b5c5 b5c6 b6c6 b6c7 c3c2 c3c4 c3c4d3 c3c4d4 c3c5d3 c3c5d4 c3d3 c3d4 c4c3 c4c5
             c4c5d4 c4c5d5 c4d4 c4d5 c5b5d6 c5c4 c5c6 c5d5 c5d6"
        )
    );
}

#[test]
fn first_moves_belgian_daisy() {
    let g = new_game(2, json!({"layout": "belgian-daisy"}));
    assert_eq!(
        notations(&g),
        sorted(
            "a1a2 a1b1 a1b2 a2a3 a2b2 a2b3 b1c1 b1c2 b1c2c1 b2c2 b2c3 b3a3 b3c3 b3c4 c2c1 c2c3 c2c3d2 c2c3d3
             c2d2 c2d3 c3b3 c3b3d4 c3c2 c3c4 c3d3 c3d4 g7f6 g7f7 g7g6 g7g8 g7g8f6 g7g8f7 g7h7 g8f7 g8f8 g8g7
             g8g9 g8h9f8 h7g6 h7g7 h7g7g6 h7i7 h8g7 h8g8 h9g8 h9g9 i8h7 i8h8 i8i7 i9h8 i9h9 i9i8"
        )
    );
}

/// The 80 first moves, exactly as the rules file lists them (§6.1, completed 2026-11-30: an earlier
/// copy stopped at h8g7). The last nine are the images, under the 180° rotation that maps each colour
/// onto itself (§2.3), of the moves from B1 and B2 (`b1a1` -> `h9i9`, `b1b2a1` -> `h8h9i8`...);
/// `german_daisy_is_symmetric` checks that symmetry on the generated list.
#[test]
fn first_moves_german_daisy() {
    let g = new_game(2, json!({"layout": "german-daisy"}));
    assert_eq!(
        notations(&g),
        sorted(
            "b1a1 b1b2 b1b2a1 b1c1 b1c2 b2a1 b2a2 b2b3 b2c2 b2c3 b2c3a2 b2c3b3 c1b1 c1c2 c1d1 c1d2 c1d2d1 c2b2
             c2c3 c2d2 c2d3 c3b2 c3b3 c3c4 c3d3 c3d4 d2c2 d2d1 d2d3 d2d3e2 d2d3e3 d2e2 d2e3 d3c3 d3c3d4 d3c3e4
             d3d2 d3d4 d3e3 d3e4 f7e6 f7e7 f7f6 f7f8 f7f8e6 f7f8e7 f7g7 f8e7 f8e8 f8f7 f8f9 f8g8 f8g9e8 g7f6
             g7f7 g7f7f6 g7f7g6 g7g6 g7h7 g7h8 g7h8g6 g7h8h7 g8f7 g8f8 g8g7 g8h8 g9f8 g9f9 g9g8 g9h9 h8g7
             h8g8 h8h7 h8h9i8 h8i8 h8i9 h9g8 h9g9 h9h8 h9i9"
        )
    );
}

/// The image of a cell under the 180° rotation (L, n) -> (I + A - L, 10 - n).
fn rotate(c: &str) -> String {
    let b = c.as_bytes();
    format!(
        "{}{}",
        (b'a' + b'i' - b[0]) as char,
        (b'0' + 10 - (b[1] - b'0')) as char
    )
}

#[test]
fn german_daisy_is_symmetric() {
    let g = new_game(2, json!({"layout": "german-daisy"}));
    let moves = g.legal_moves(0);
    assert_eq!(moves.len(), 80);
    let image = |m: &Move| {
        let mut cells: Vec<String> = m
            .marbles
            .as_ref()
            .unwrap()
            .iter()
            .map(|c| rotate(&c.to_lowercase()))
            .collect();
        cells.sort();
        let d = board::parse_dir(m.dir).unwrap();
        (cells, board::DIR_NAMES[((d + 3) % 6) as usize])
    };
    let all: Vec<(Vec<String>, &str)> = moves
        .iter()
        .map(|m| {
            let mut cells: Vec<String> = m
                .marbles
                .as_ref()
                .unwrap()
                .iter()
                .map(|c| c.to_lowercase())
                .collect();
            cells.sort();
            (cells, m.dir)
        })
        .collect();
    for m in &moves {
        assert!(all.contains(&image(m)), "image of {} missing", m.notation);
    }
}

#[test]
fn canonical_move_json() {
    let g = new_game(2, json!({}));
    let legal = g.legal_moves(0);
    let a1b2 = legal.iter().find(|m| m.notation == "a1b2").unwrap();
    assert_eq!(
        serde_json::to_value(a1b2).unwrap(),
        json!({"notation": "a1b2", "marbles": ["A1", "B2", "C3"], "dir": "NE"})
    );
    let side = legal.iter().find(|m| m.notation == "c5b5d6").unwrap();
    assert_eq!(
        serde_json::to_value(side).unwrap(),
        json!({"notation": "c5b5d6", "marbles": ["B5", "C5"], "dir": "NE"})
    );
    // Every listed move round-trips through its canonical JSON and through its notation alone.
    for m in &legal {
        let js = serde_json::to_value(m).unwrap();
        assert_eq!(&Abalone::parse_move(&js).unwrap(), m);
        let mut a = g.clone();
        let mut b = g.clone();
        nota(&mut a, 0, &m.notation).unwrap();
        play(&mut b, 0, js).unwrap();
        assert_eq!(a.pos, b.pos, "{}", m.notation);
    }
}

/// All groups of 1-3 cells in a straight contiguous line, sorted by index.
fn all_groups() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for c in 0..CELLS as u8 {
        out.push(vec![c]);
        for (axis, &b) in NB[c as usize][..3].iter().enumerate() {
            if b == OFF {
                continue;
            }
            out.push(vec![c, b]);
            let d = NB[b as usize][axis];
            if d != OFF {
                out.push(vec![c, b, d]);
            }
        }
    }
    out
}

/// Every (group, direction) request, parsed once: they do not depend on the position.
fn all_requests() -> Vec<Move> {
    all_groups()
        .iter()
        .flat_map(|grp| {
            let names: Vec<String> = grp.iter().map(|&c| name(c).to_string()).collect();
            board::DIR_NAMES
                .iter()
                .map(move |d| Abalone::parse_move(&json!({"marbles": names, "dir": d})).unwrap())
        })
        .collect()
}

/// The moves `play` accepts among all (group, direction) requests are exactly the listed ones.
fn assert_generator_matches_validator(g: &Abalone, requests: &[Move], what: &str) {
    let seat = g.pos.to_move as Seat;
    let mut listed: Vec<Move> = g.legal_moves(seat);
    // `resolve` is all of `play`'s validation (checked by the callers on the listed moves).
    let mut accepted: Vec<Move> = requests
        .iter()
        .filter(|mv| g.resolve(seat as u8, mv).is_ok())
        .cloned()
        .collect();
    listed.sort_by_key(|a| a.notation);
    accepted.sort_by_key(|a| a.notation);
    assert_eq!(listed, accepted, "{what} ply {}", g.ply);
}

/// The generator agrees with the validator: over random playouts, the moves `play` accepts among all
/// (group, direction) requests are exactly the listed ones, and every notation resolves to its move.
#[test]
fn generator_matches_validator() {
    use rand::Rng;
    let requests = all_requests();
    for (players, layout, mixed) in [
        (2, "standard", false),
        (2, "belgian-daisy", false),
        (2, "german-daisy", false),
        (3, "standard", false),
        (4, "standard", false),
        (4, "standard", true),
    ] {
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(players as u64);
        let mut g = new_game(
            players,
            json!({ "layout": layout, "team_moves_mixed_columns": mixed }),
        );
        for _ply in 0..120 {
            if g.outcome().is_some() {
                break;
            }
            let seat = g.pos.to_move as Seat;
            let what = format!("{players}p {layout} mixed {mixed}");
            assert_generator_matches_validator(&g, &requests, &what);
            let legal = g.legal_moves(seat);
            for m in &legal {
                let mut a = g.clone();
                let mut b = g.clone();
                nota(&mut a, seat, &m.notation).unwrap();
                b.play(seat, m, &mut rng()).unwrap();
                assert_eq!(a.pos, b.pos);
            }
            assert!(g.pos.has_move(), "{what} ply {}: moves are listed", g.ply);
            let m = &legal[pick.random_range(0..legal.len())];
            g.play(seat, m, &mut rng()).unwrap();
        }
    }
}

/// `has_move` answers as the list of moves does, also where no marble can step into an empty
/// cell beside it (its quick answer): a push left, then nothing at all.
#[test]
fn has_move_without_a_step() {
    let listed = |g: &Abalone| {
        let mut moves = Vec::new();
        g.pos.generate(&mut moves);
        moves.len()
    };
    let boxed_in = Abalone::from_cells(2, &[&["A1", "A2"], &["A3", "B1", "B2", "B3"]], 0);
    assert_eq!(
        listed(&boxed_in),
        1,
        "A1-A2 pushes A3 into A4, nothing else"
    );
    assert!(boxed_in.pos.has_move());
    let stuck = Abalone::from_cells(2, &[&["A1", "A2"], &["A3", "A4", "B1", "B2", "B3"]], 0);
    assert_eq!(listed(&stuck), 0, "two against two: no move");
    assert!(!stuck.pos.has_move());
}

// ---- rules §6.5 edge cases -------------------------------------------------------------------

#[test]
fn start_position_legal_and_illegal() {
    let g = new_game(2, json!({}));
    let ok = |v: Value| play(&mut g.clone(), 0, v).is_ok();
    assert!(ok(json!({"notation": "a1b2"})));
    assert!(ok(json!({"marbles": ["A1", "B2", "C3"], "dir": "NE"})));
    assert!(
        ok(json!({"notation": "a1b1"})),
        "A1 NW: column A1-B1 into C1"
    );
    assert!(ok(json!({"marbles": ["B1", "B2"], "dir": "NW"})));
    assert!(ok(json!({"notation": "b1b2c1"})));
    assert!(
        ok(json!({"notation": "B2B1C2"})),
        "either extremity first, any case"
    );
    let ill = |v: Value| is_illegal(play(&mut g.clone(), 0, v));
    assert!(ill(json!({"marbles": ["A1"], "dir": "SE"})), "off board");
    assert!(
        ill(json!({"marbles": ["B1"], "dir": "SE"})),
        "B1-A1 would leave"
    );
    assert!(
        ill(json!({"marbles": ["B1", "A1"], "dir": "SE"})),
        "suicide"
    );
    assert!(ill(json!({"marbles": ["C1"], "dir": "SE"})), "no marble");
    assert!(ill(json!({"marbles": ["D1"], "dir": "E"})), "no marble");
    assert!(ill(json!({"notation": "i5h4"})), "not Black's");
    assert!(ill(json!({"marbles": ["I5"], "dir": "SW"})), "not Black's");
    assert!(
        ill(json!({"marbles": ["C3", "C4", "C5"], "dir": "SE"})),
        "B3-B5 occupied"
    );
    assert!(ill(json!({"notation": "a1a2"})), "five in a row");
    assert!(
        ill(json!({"marbles": ["A1"], "dir": "NE"})),
        "own marble in front"
    );
    assert!(ill(json!({"notation": "i5h5"})));
    // A refused move changes nothing.
    let mut h = g.clone();
    assert!(is_illegal(nota(&mut h, 0, "a1a2")));
    assert_eq!(h.view(Viewer::Omniscient), g.view(Viewer::Omniscient));
    assert!(matches!(
        nota(&mut h, 1, "i5h5"),
        Err(MoveError::NotYourTurn)
    ));
}

#[test]
fn own_marble_suicide_refused() {
    let g = Abalone::from_cells(2, &[&["A5", "B6", "C7"], &["I5"]], 0);
    assert!(
        is_illegal(nota(&mut g.clone(), 0, "c7b6")),
        "A5 pushed off by C7-B6"
    );
    assert!(
        is_illegal(nota(&mut g.clone(), 0, "b6a5")),
        "A5 pushed off by B6"
    );
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["A5"], "dir": "SW"})
    )));
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["B6"], "dir": "E"})
    )));
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["A5", "B6"], "dir": "SE"})
    )));
    assert!(
        nota(&mut g.clone(), 0, "a5b6").is_ok(),
        "the column moves away from the edge"
    );
}

#[test]
fn at_most_three_marbles() {
    let g = Abalone::from_cells(2, &[&["C1", "C2", "C3", "C4"], &["I5"]], 0);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")), "rear of four");
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["C1", "C2", "C3"], "dir": "E"})
    )));
    let mut h = g.clone();
    nota(&mut h, 0, "c2c3").unwrap();
    assert_eq!(
        (at(&h, "C1"), at(&h, "C2"), at(&h, "C5")),
        (Some(0), None, Some(0)),
        "the front three moved"
    );
    assert!(is_malformed(Abalone::parse_move(
        &json!({"marbles": ["C1", "C2", "C3", "C4"], "dir": "E"})
    )));
}

#[test]
fn sumito_2v1_push_then_ejection() {
    let mut g = Abalone::from_cells(2, &[&["A5", "B6"], &["C7", "I5"]], 0);
    let ev = nota(&mut g, 0, "a5b6").unwrap();
    assert_eq!(at(&g, "D8"), Some(1));
    assert_eq!(at(&g, "C7"), Some(0));
    assert_eq!(at(&g, "B6"), Some(0));
    assert_eq!(at(&g, "A5"), None);
    assert_eq!(
        ev[0].data,
        json!({"kind": "moved", "seat": 0, "notation": "a5b6", "dir": "NE",
               "marbles": [["A5", "B6"], ["B6", "C7"]], "pushed": [["C7", "D8"]],
               "ejected": null, "score": 0})
    );
    // White moves somewhere harmless, a white marble is put on A5, and C7-B6 ejects it.
    nota(&mut g, 1, "i5h5").unwrap();
    let c = parse_cell("A5").unwrap() as usize;
    g.pos.cells[c] = 2;
    let ev = nota(&mut g, 0, "c7b6").unwrap();
    assert_eq!(
        (at(&g, "B6"), at(&g, "A5"), at(&g, "C7")),
        (Some(0), Some(0), None)
    );
    assert_eq!(ev[0].data["ejected"], json!({"cell": "A5", "owner": 1}));
    assert_eq!(ev[0].data["pushed"], json!([]));
    assert_eq!(g.view(Viewer::Spectator)["ejected"], json!([1, 0]));
    assert!(g.outcome().is_none());
}

#[test]
fn sandwich_pac_and_superiority() {
    let case = |black: &[&str], white: &[&str], n: &str| {
        let mut g = Abalone::from_cells(2, &[black, &[&["I9"], white].concat()], 0);
        nota(&mut g, 0, n)
    };
    // Sandwich: C1-C3 vs C4 with a black C5 behind.
    assert!(is_illegal(case(&["C1", "C2", "C3", "C5"], &["C4"], "c1c2")));
    // Sandwich by a white marble: the opposing line is 3 long.
    assert!(is_illegal(case(
        &["C1", "C2", "C3"],
        &["C4", "C5", "C6"],
        "c1c2"
    )));
    // Pac: 2v2, 3v3; 1v1 (a single marble never pushes).
    assert!(is_illegal(case(&["C1", "C2"], &["C3", "C4"], "c1c2")));
    assert!(is_illegal(case(
        &["C1", "C2", "C3"],
        &["C4", "C5", "C6"],
        "c1c2"
    )));
    assert!(is_illegal(case(&["C1"], &["C2"], "c1c2")));
    // 4v3: only three count.
    assert!(is_illegal(case(
        &["C1", "C2", "C3", "C4"],
        &["C5", "C6", "C7"],
        "c1c2"
    )));
    assert!(is_illegal(case(
        &["C1", "C2", "C3", "C4"],
        &["C5", "C6", "C7"],
        "c2c3"
    )));
    // 2v1, 3v1, 3v2 push; 3v2 with something behind is blocked.
    assert!(case(&["C1", "C2"], &["C3"], "c1c2").is_ok());
    assert!(case(&["C1", "C2", "C3"], &["C4"], "c1c2").is_ok());
    assert!(case(&["C1", "C2", "C3"], &["C4", "C5"], "c1c2").is_ok());
    assert!(is_illegal(case(
        &["C1", "C2", "C3", "C7"],
        &["C4", "C5", "C6"],
        "c1c2"
    )));
    assert!(is_illegal(case(
        &["C1", "C2", "C3", "C6"],
        &["C4", "C5"],
        "c1c2"
    )));
    // 3v2 off the edge: the front one is ejected, the other one moves.
    let mut g = Abalone::from_cells(2, &[&["C3", "C4", "C5"], &["C6", "C7", "I9"]], 0);
    let ev = nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(ev[0].data["pushed"], json!([["C6", "C7"]]));
    assert_eq!(ev[0].data["ejected"], json!({"cell": "C7", "owner": 1}));
    assert_eq!(
        (at(&g, "C7"), at(&g, "C6"), at(&g, "C3")),
        (Some(1), Some(0), None)
    );
    // Broadside never pushes.
    let g = Abalone::from_cells(2, &[&["C1", "C2"], &["D2", "I9"]], 0);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2d1")));
}

#[test]
fn three_players_push_mixed_colours() {
    // Seat 0 column C1-C3 against seat 1 on C4 and seat 2 on C5, C6 empty: legal, both move.
    let mut g = Abalone::from_cells(3, &[&["C1", "C2", "C3"], &["C4", "I5"], &["C5", "I9"]], 0);
    let ev = nota(&mut g, 0, "c1c2").unwrap();
    assert_eq!(ev[0].data["pushed"], json!([["C4", "C5"], ["C5", "C6"]]));
    assert_eq!((at(&g, "C5"), at(&g, "C6")), (Some(1), Some(2)));
    // [opp1, opp2] then own: sandwich.
    let g = Abalone::from_cells(
        3,
        &[&["C1", "C2", "C3", "C6"], &["C4", "I5"], &["C5", "I9"]],
        0,
    );
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
    // Three opposing marbles of two colours cannot be pushed.
    let g = Abalone::from_cells(3, &[&["C1", "C2", "C3"], &["C4", "C6"], &["C5", "I9"]], 0);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
}

#[test]
fn four_players_team_pushes() {
    // Seats 0 and 2 are partners; 1 and 3 the other team.
    let base = |s0: &[&str], s1: &[&str], s2: &[&str], s3: &[&str]| {
        Abalone::from_cells(
            4,
            &[
                s0,
                &[s1, &["I5"]].concat(),
                &[s2, &["I9"]].concat(),
                &[s3, &["A1"]].concat(),
            ],
            0,
        )
    };
    // [partner(rear), own, own] vs 2 opponents: illegal (rear must be own; own-own is 2v2).
    let g = base(&["C2", "C3"], &["C4", "C5"], &["C1"], &[]);
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["C1", "C2", "C3"], "dir": "E"})
    )));
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
    assert!(is_illegal(nota(&mut g.clone(), 0, "c2c3")));
    // [partner(rear), own, own] vs 1: the three-column is refused, own-own 2v1 is fine.
    let g = base(&["C2", "C3"], &["C4"], &["C1"], &[]);
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["C1", "C2", "C3"], "dir": "E"})
    )));
    assert!(nota(&mut g.clone(), 0, "c2c3").is_ok());
    // [own(rear), partner, partner] vs 2 opponents of mixed colours: legal.
    let mut g = base(&["C1"], &["C4"], &["C2", "C3"], &["C5"]);
    let ev = nota(&mut g, 0, "c1c2").unwrap();
    assert_eq!(
        ev[0].data["marbles"],
        json!([["C1", "C2"], ["C2", "C3"], ["C3", "C4"]])
    );
    assert_eq!(ev[0].data["pushed"], json!([["C4", "C5"], ["C5", "C6"]]));
    assert_eq!(
        (
            at(&g, "C2"),
            at(&g, "C3"),
            at(&g, "C4"),
            at(&g, "C5"),
            at(&g, "C6")
        ),
        (Some(0), Some(2), Some(2), Some(1), Some(3))
    );
    // The same with the explicit group.
    let mut g = base(&["C1"], &["C4"], &["C2", "C3"], &["C5"]);
    assert!(play(
        &mut g,
        0,
        json!({"marbles": ["C3", "C1", "C2"], "dir": "E"})
    )
    .is_ok());
    // [own, own] vs [opp, partner behind]: blocked; a partner inside the pushed run blocks too.
    let g = base(&["C1", "C2"], &["C3"], &["C4"], &[]);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
    let g = base(&["C1", "C2", "C3"], &["C4", "C6"], &["C5"], &[]);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
    // A partner marble never moves without a push, and never sideways.
    let g = base(&["C1"], &[], &["C2"], &[]);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["C1", "C2"], "dir": "NE"})
    )));
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["C1"], "dir": "E"})
    )));
    // Own + three partner marbles is too long to push.
    let g = base(&["C1"], &["C5"], &["C2", "C3", "C4"], &[]);
    assert!(is_illegal(nota(&mut g.clone(), 0, "c1c2")));
}

/// Rules §4.3 table, option `team_moves_mixed_columns`: off (the official French text), partner
/// marbles move only in a push; on (the German Quattro text, the official app), a plain move may
/// carry them in a line that starts with one of yours.
#[test]
fn four_players_mixed_columns_option() {
    let requests = all_requests();
    // Seats 0 and 2 are partners; every seat keeps a marble far away.
    let position = |s0: &[&str], s2: &[&str], mixed: bool| {
        let mut g = Abalone::from_cells(4, &[s0, &["I5"], &[s2, &["I9"]].concat(), &["A1"]], 0);
        g.pos.mixed_columns = mixed;
        g
    };
    // Inline: own C1 behind partner C2, front C3 empty.
    let strict = position(&["C1"], &["C2"], false);
    let msg = match nota(&mut strict.clone(), 0, "c1c2") {
        Err(MoveError::Illegal(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(msg.contains("only be moved as part of a push"), "{msg}");
    let mut mixed = position(&["C1"], &["C2"], true);
    let ev = nota(&mut mixed, 0, "c1c2").unwrap();
    assert_eq!(ev[0].data["marbles"], json!([["C1", "C2"], ["C2", "C3"]]));
    assert_eq!((at(&mixed, "C2"), at(&mixed, "C3")), (Some(0), Some(2)));
    // The rear marble must still be yours: westwards, the partner's C2 is the rear of the line.
    let msg = match play(
        &mut position(&["C1"], &["C2"], true),
        0,
        json!({"marbles": ["C1", "C2"], "dir": "W"}),
    ) {
        Err(MoveError::Illegal(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(msg.contains("must be yours"), "{msg}");
    // Own + partner + partner with an empty front: a line of 3 is fine.
    let mut mixed = position(&["C1"], &["C2", "C3"], true);
    assert!(nota(&mut mixed, 0, "c1c2").is_ok());
    assert_eq!(at(&mixed, "C4"), Some(2));
    // Broadside: needs one of yours at an end of the line.
    let sideways = json!({"marbles": ["C1", "C2"], "dir": "NE"});
    assert!(is_illegal(play(
        &mut position(&["C1"], &["C2"], false),
        0,
        sideways.clone()
    )));
    let mut mixed = position(&["C1"], &["C2"], true);
    assert!(play(&mut mixed, 0, sideways).is_ok());
    assert_eq!((at(&mixed, "D2"), at(&mixed, "D3")), (Some(0), Some(2)));
    let ends = json!({"marbles": ["C1", "C2", "C3"], "dir": "NE"});
    let msg = match play(&mut position(&["C2"], &["C1", "C3"], true), 0, ends.clone()) {
        Err(MoveError::Illegal(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(msg.contains("at an end"), "{msg}");
    assert!(play(&mut position(&["C1"], &["C2", "C3"], true), 0, ends).is_ok());
    // The generator lists exactly what is accepted, in these positions too.
    for (s0, s2) in [
        (&["C1"][..], &["C2"][..]),
        (&["C2"][..], &["C1", "C3"][..]),
        (&["C1", "E5"][..], &["C2", "C3", "E4", "D5"][..]),
    ] {
        for mixed in [false, true] {
            let g = position(s0, s2, mixed);
            assert_generator_matches_validator(&g, &requests, &format!("{s0:?} {s2:?} {mixed}"));
        }
    }
    // Team-mates cannot touch within 3 plies of the start (rules §6.4): same counts either way.
    let strict = new_game(4, json!({}));
    let mixed = new_game(4, json!({"team_moves_mixed_columns": true}));
    assert!(mixed.pos.mixed_columns && !strict.pos.mixed_columns);
    for depth in 1..=3 {
        assert_eq!(
            rules::perft(&mixed.pos, depth),
            rules::perft(&strict.pos, depth)
        );
    }
    // Only 4 players have partners.
    let entry = crate::registry::find("abalone").unwrap();
    for players in [2, 3] {
        let err = entry
            .validate(players, &json!({"team_moves_mixed_columns": true}))
            .unwrap_err();
        assert!(
            err.to_string()
                .starts_with("options.team_moves_mixed_columns: applies only to 4 players"),
            "{err}"
        );
        assert!(entry
            .validate(players, &json!({"team_moves_mixed_columns": false}))
            .is_ok());
    }
}

// ---- ejection, wins, caps ------------------------------------------------------------------------

#[test]
fn two_player_win_at_six() {
    let mut g = Abalone::from_cells(2, &[&["C3", "B2"], &["A1", "I5"]], 0);
    g.pos.ejected = [5, 0, 0, 0];
    let ev = nota(&mut g, 0, "c3b2").unwrap();
    assert_eq!(ev[0].data["score"], json!(6));
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![0]);
    assert_eq!(out.reason, "six_ejected");
    assert_eq!(out.scores, Some(vec![6, 0]));
    assert!(g.to_act().is_empty());
    assert!(g.legal_moves(1).is_empty());
    assert!(matches!(
        nota(&mut g, 1, "i5h5"),
        Err(MoveError::NotYourTurn)
    ));
    // With 4 before, a fifth ejection does not end the match.
    let mut g = Abalone::from_cells(2, &[&["C3", "B2"], &["A1", "I5"]], 0);
    g.pos.ejected = [4, 3, 0, 0];
    nota(&mut g, 0, "c3b2").unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.view(Viewer::Spectator)["ejected"], json!([5, 3]));
}

#[test]
fn three_player_first_to_six_in_total() {
    // Seat 1 has ejected 5 (of both colours) and ejects a marble of seat 2.
    let mut g = Abalone::from_cells(3, &[&["I5"], &["C3", "B2"], &["A1", "I9"]], 1);
    g.pos.ejected = [5, 5, 0, 0];
    nota(&mut g, 1, "c3b2").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![1]);
    assert_eq!(out.reason, "six_ejected");
    assert_eq!(out.scores, Some(vec![5, 6, 0]));
}

#[test]
fn four_player_team_total() {
    // Seat 2 has ejected 3, seat 0 two; seat 0 ejects a fourth-seat marble: the team has 6.
    let mut g = Abalone::from_cells(4, &[&["C3", "B2"], &["I5"], &["I9"], &["A1", "E5"]], 0);
    g.pos.ejected = [2, 4, 3, 1];
    nota(&mut g, 0, "c3b2").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, vec![0, 2]);
    assert_eq!(out.scores, Some(vec![6, 5, 6, 5]));
    assert_eq!(g.view(Viewer::Spectator)["ejected"], json!([3, 4, 3, 1]));
    assert_eq!(g.view(Viewer::Spectator)["teams"], json!([[0, 2], [1, 3]]));
}

#[test]
fn ply_cap_draw() {
    let mut g = new_game(2, json!({"max_plies": 2}));
    nota(&mut g, 0, "a1b2").unwrap();
    assert!(g.outcome().is_none());
    nota(&mut g, 1, "i5h5").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!(out.winners, Vec::<Seat>::new());
    assert_eq!(out.reason, "ply_limit");
    assert!(g.legal_moves(0).is_empty());
}

#[test]
fn ply_cap_marbles() {
    let mk = |players: usize, seats: &[&[&str]], ejected: [u8; 4]| {
        let mut g = Abalone::from_cells(players, seats, 0);
        g.max_plies = Some(1);
        g.cap_marbles = true;
        g.pos.ejected = ejected;
        g
    };
    // 2p: the side with more ejected wins at the cap.
    let mut g = mk(2, &[&["C3", "B2"], &["A1", "I5"]], [2, 2, 0, 0]);
    nota(&mut g, 0, "c3b2").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!((out.winners, out.reason.as_str()), (vec![0], "ply_limit"));
    // A tie is a draw.
    let mut g = mk(2, &[&["C3"], &["I5"]], [2, 2, 0, 0]);
    nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(g.outcome().unwrap().winners, Vec::<Seat>::new());
    // 3p: a tie at the top is a draw; a single leader wins.
    let mut g = mk(3, &[&["C3"], &["I5"], &["I9"]], [1, 3, 3, 0]);
    nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(g.outcome().unwrap().winners, Vec::<Seat>::new());
    let mut g = mk(3, &[&["C3"], &["I5"], &["I9"]], [1, 3, 2, 0]);
    nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    // 4p: team totals.
    let mut g = mk(4, &[&["C3"], &["I5"], &["I9"], &["A1"]], [1, 3, 3, 0]);
    nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(g.outcome().unwrap().winners, vec![0, 2]);
    let mut g = mk(4, &[&["C3"], &["I5"], &["I9"], &["A1"]], [1, 3, 2, 0]);
    nota(&mut g, 0, "c3c4").unwrap();
    assert_eq!(g.outcome().unwrap().winners, Vec::<Seat>::new());
}

#[test]
fn no_legal_move_is_a_draw() {
    // Seat 1 has no marble left (3p); seat 0 moves, and the match ends.
    let mut g = Abalone::from_cells(3, &[&["C3"], &[], &["I9"]], 0);
    nota(&mut g, 0, "c3c4").unwrap();
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.winners, out.reason.as_str()),
        (vec![], "no_legal_move")
    );
    assert!(g.to_act().is_empty());
}

// ---- options, parsing, view ------------------------------------------------------------------

#[test]
fn setup_options() {
    let entry = crate::testing::entry("abalone");
    let err = entry
        .validate(3, &json!({"layout": "belgian-daisy"}))
        .unwrap_err();
    assert!(err.to_string().starts_with("options.layout:"), "{err}");
    assert!(entry
        .validate(4, &json!({"layout": "german-daisy"}))
        .is_err());
    assert!(entry.validate(4, &json!({})).is_ok());
    assert!(entry.validate(2, &json!({"cap_result": "most"})).is_err());
    assert!(entry.validate(2, &json!({"max_plies": 0})).is_err());
    assert!(entry
        .validate(2, &json!({"max_plies": 300, "cap_result": "marbles"}))
        .is_ok());
    assert!(entry.validate(5, &json!({})).is_err());
}

#[test]
fn parse_errors_vs_illegal() {
    let p = |v: Value| Abalone::parse_move(&v);
    for bad in [
        json!("a1b2"),
        json!({}),
        json!({"notation": 12}),
        json!({"notation": "z9b2"}),
        json!({"notation": "a1j2"}),
        json!({"notation": "a1a3"}),
        json!({"notation": "a1b2c"}),
        json!({"notation": "a1a2a3"}),
        json!({"notation": "a1a4b1"}),
        json!({"notation": "a1c3b2"}),
        json!({"notation": "a1c3d4"}),
        json!({"notation": "a1b2b3"}),
        json!({"marbles": ["A1"]}),
        json!({"marbles": ["A1"], "dir": "N"}),
        json!({"marbles": ["A1"], "dir": 3}),
        json!({"marbles": ["A0"], "dir": "E"}),
        json!({"marbles": ["A1", "A3"], "dir": "E"}),
        json!({"marbles": ["A1", "B1", "B2"], "dir": "E"}),
        json!({"marbles": ["A1", "A2", "A3", "A4"], "dir": "NE"}),
        json!({"marbles": [], "dir": "NE"}),
        json!({"marbles": ["A1", "A1"], "dir": "NE"}),
        json!({"marbles": "A1", "dir": "NE"}),
        json!({"notation": "a1b2", "marbles": ["A1", "B1"], "dir": "NE"}),
        json!({"notation": "a1b2", "marbles": ["A1", "B2"], "dir": "NW"}),
        json!({"notation": "a1b2", "dir": "E"}),
        json!({"notation": "b1b2c1", "marbles": ["B1", "B2"], "dir": "NE"}),
        json!({"notation": "a1b2", "extra": 1}),
    ] {
        assert!(is_malformed(p(bad.clone())), "{bad} should be malformed");
    }
    // Well-formed: accepted forms, case-insensitive, any marble order, agreeing pairs.
    for good in [
        json!({"notation": "A1B2"}),
        json!({"notation": "a1b2", "dir": "ne"}),
        json!({"marbles": ["c3", "A1", "B2"], "dir": "NE"}),
        json!({"notation": "a1b2", "marbles": ["A1", "B2", "C3"], "dir": "NE"}),
        json!({"notation": "b2b1c2", "marbles": ["B2", "B1"], "dir": "NW"}),
    ] {
        assert!(p(good.clone()).is_ok(), "{good} should parse");
    }
    assert_eq!(
        p(json!({"marbles": ["c3", "A1", "B2"], "dir": "ne"})).unwrap(),
        p(json!({"notation": "a1b2", "marbles": ["A1", "B2", "C3"], "dir": "NE"})).unwrap()
    );
    assert_eq!(
        serde_json::to_value(p(json!({"notation": "b2b1c2"})).unwrap()).unwrap(),
        json!({"notation": "b1b2c1", "marbles": ["B1", "B2"], "dir": "NW"})
    );
    assert_eq!(
        serde_json::to_value(p(json!({"notation": "A1B2"})).unwrap()).unwrap(),
        json!({"notation": "a1b2", "dir": "NE"})
    );
    // Well-formed but refused by the rules.
    let g = new_game(2, json!({}));
    assert!(is_illegal(nota(&mut g.clone(), 0, "e5e6")));
    assert!(is_illegal(nota(&mut g.clone(), 0, "a1a2")));
    assert!(is_illegal(play(
        &mut g.clone(),
        0,
        json!({"marbles": ["A1", "A2"], "dir": "SE"})
    )));
}

#[test]
fn view_shape_and_no_hidden_information() {
    let mut g = new_game(2, json!({}));
    let v = g.view(Viewer::Seat(0));
    assert_eq!(
        v,
        json!({
            "board": "00000000000..000.............................111..11111111111",
            "players": 2, "layout": "standard", "ejected": [0, 0], "teams": null,
            "ply": 0, "last": null
        })
    );
    assert_eq!(v["board"].as_str().unwrap().len(), 61);
    nota(&mut g, 0, "a1b2").unwrap();
    let v = g.view(Viewer::Spectator);
    assert_eq!(
        (v["ply"].clone(), v["last"].clone()),
        (json!(1), json!("a1b2"))
    );
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Omniscient] {
        assert_eq!(g.view(viewer), v);
    }
    let g4 = new_game(4, json!({}));
    assert_eq!(
        g4.view(Viewer::Spectator)["board"],
        json!(".00001.000.11.00..111.....111...333.....333..22.33.222.32222.")
    );
}

#[test]
fn contract_playouts() {
    // Canonical forms: the check compares them with the listed moves' JSON.
    let bad = [
        json!({"notation": "a1b2", "marbles": ["A1", "B2", "C3"], "dir": "NE"}),
        json!({"notation": "i5h5", "marbles": ["I5"], "dir": "SE"}),
        json!({"notation": "e5e6", "marbles": ["E5"], "dir": "E"}),
        json!({"notation": "a1a2--", "marbles": ["A1", "A2"], "dir": "SE"}),
    ];
    for (players, opts) in [
        (2, json!({})),
        (2, json!({"layout": "belgian-daisy"})),
        (
            2,
            json!({"layout": "german-daisy", "max_plies": 150, "cap_result": "marbles"}),
        ),
        (3, json!({})),
        (3, json!({"max_plies": 120, "cap_result": "marbles"})),
        (4, json!({})),
        (4, json!({"max_plies": 100})),
        (4, json!({"team_moves_mixed_columns": true})),
    ] {
        let seen = check_contract("abalone", players, opts.clone(), 2, 200, &bad);
        assert!(seen.plies > 0, "{players}p {opts}");
    }
}

/// Plays a game record (rules §1.4 notation, "1.a1b2 i5h5 2. ...") and returns the match.
fn replay_record(layout: &str, record: &str) -> Abalone {
    let mut g = new_game(2, json!({ "layout": layout }));
    let plies = record
        .split_whitespace()
        .map(|t| t.split_once('.').map_or(t, |(_, m)| m));
    for (i, n) in plies.enumerate() {
        let seat = i % 2;
        if let Err(e) = nota(&mut g, seat, n) {
            panic!("ply {} ({n}) refused: {e}\n{}", i + 1, board(&g));
        }
    }
    g
}

/// Real games (Aichholzer's collection and abaloneonline's Belgian daisy bank, as transcribed in the
/// OpenSpiel Abalone tests, rules §0 "OS"): every ply is accepted, ejections and the winner match.
const RECORDS: &[(&str, &str, [u8; 2], Option<Seat>)] = &[
    (
        "standard",
        "1.a1b2 i5h5 2.a5b5 i6h6 3.b5c5 i7h7 4.b6b5 i8h8 5.b1c2 h9g8 6.a3b3 h7g7 7.b4c4 h4h5 \
         8.a4b5a3 e6e7 9.a3a2 h6g6 10.b3c3 i9i8 11.a2b3 i8h8 12.b4b3 f8e7 13.d3d4 h7g6 \
         14.b1b2 e4f5 15.b4c4 d7d8 16.d6c5 d8e8 17.b4b3 f8g9 18.b1b2 g9f8 19.b4b3 f5g6 \
         20.c2d3 f8f7 21.b2c2 i8i7 22.b1a1b2 i7i8 23.a2b2a1 i8h8 24.b1b2 f5g6 25.b2c2 i8h7 \
         26.d2c2 g5h6 27.f4e3 h6g5 28.d2c2 e6f6 29.a2b2 h6g6 30.d2c2 f8e7 31.a2b2 d6e7 \
         32.d2c2 f5g6 33.a2b2 f8f7 34.d3d4 h7g6 35.d6c5 i8h7 36.b4c4 e6f6 37.e3e4 f4g4 \
         38.d2e3 g4f4 39.e4e5 h6g6 40.e7d6 e9e8 41.b4c4 e6f6 42.d6c5 f4g4 43.b3c4 h6g6 \
         44.b2b3 h7h6 45.d6c5 f7f6 46.c2d3 f4g5 47.d3e4 i7h7 48.d5e5 f7f6 49.a3b3 h7g7 \
         50.b3c4 i5h4 51.g6g5 g3h4 52.f4g4 h6h5 53.g5f4 h4h5 54.c5d5 i8h8 55.g4f3 g5h6g6 \
         56.b4c5 h5i5h6 57.d3e4 g8g7 58.g5f4 i6i7",
        [1, 1],
        None,
    ),
    (
        "belgian-daisy",
        "1.a1b2 a5b5 2.i9h8 a4b4 3.i8h7 b5c5 4.h7g6 g5f4 5.c3d4d3 h4g4 6.h9g8 c5d5 7.h8g8 i6h5 \
         8.f6f8e6 c4d5 9.g6f6 h6g6 10.a2b3 b6c6 11.e8f8 b4c5 12.b3b4 c6c5 13.b2c2 c4d5 \
         14.c3c4 d5e6 15.h9h8 c5d5 16.d4d3 f7e6 17.h8g7 f4f5 18.g7f7 g4f3f4 19.f8e7 g8g7 \
         20.b3c3 e3f4 21.b4b3 f6e6 22.d7e7 g5g6 23.f7f6 f4f5 24.f7g8f8 i5h5 25.g9f8 g6f6 \
         26.c6b6b5 b4c5 27.f8g9e8 e6e7",
        [0, 1],
        None,
    ),
    (
        "belgian-daisy",
        "1.i9h8 i5h5 2.i8h7 h5g5 3.a1b2 a5b5 4.a2b3 h4g4 5.h7g6 b4c5 6.g6f5 i6h6 7.g7g8f7 b6c6 \
         8.b3c3 a4b5 9.c4d4 d7d6 10.f4e4 b5c6 11.f7f6 c6c5 12.c1d1 g4g5 13.f8f7 c4d5 \
         14.f4f5 g5g6 15.b1c1 g6h7 16.b2c2 h4h5 17.h9g9 h5h6 18.h9g9 h7g7 19.c1d2 d6e6 \
         20.g6g5 h6g6 21.d1e2 g6f6 22.d4e4 g7g8 23.f9e8 c3d4 24.e4f4 h8g8 25.d8c7 h4h5 \
         26.c2d3 g9g8 27.c7c6 h5h6 28.c6b5 h6h7 29.b5b4 d7c6 30.g4f4 h7g7 31.b4b3 g7f6 \
         32.g5g4 g8g7 33.b3b2 c5b4 34.b2c3b1 g7f7 35.c7b6 d7c6 36.b6a5 f8e7 37.e9f9 c6c5 \
         38.c2d2 c5d5 39.d3e4 b5c5 40.d2d3 c5d5 41.b1c2 c4c3 42.c1d2 c2c3 43.g5g4 c3c4 \
         44.f9g9 d4e5 45.d2c2 b4c4 46.g3g4 d6d5 47.f3e3 c4c3 48.f2e2 g6f6 49.c2d3 c3b2c4 \
         50.c1d1 b3b4 51.g9h9 e8f8 52.d1e2 d6d5 53.d2e2 b4b5 54.h9h8 e5f6 55.h5g5 d4d5 \
         56.a5a4 h8g7 57.g4h5 g7f6 58.a4a3 f6e5 59.d1e2 d6c5 60.a3a2 e5d4 61.a1b1 f8e7 \
         62.b1c1 e6f7e5 63.e2e3 g6f6g7 64.c1d2 b2c3 65.d2e2 g7f7 66.a2b2 e5d4 67.a1b1 b2c3 \
         68.b1c1 c3d4 69.c1d2 b4c4b3 70.f2g3 c3b3c4 71.g7g6 d3c3 72.g6f5 d6d5 73.g3f3 c3c4 \
         74.i9i8 b4c5",
        [0, 1],
        None,
    ),
    (
        "belgian-daisy",
        "1.a1b2 i5h5 2.a2b3 a5b6 3.i9h8 i6h6 4.h8g7 h6g6 5.b3c4 c5c7d6 6.b1c2 b4b6c5 \
         7.g8g7f8 g4g5f3 8.c2d3 h4h5 9.c3d4 h6g5 10.b2c2 a4b5 11.i8h8 c5d6 12.c4c5 c7c6 \
         13.h9h8 c5d6 14.h7h6 g7h7 15.g9g8 h4i5 16.h8g8 e7d6 17.h5h6 h8g7 18.h7h8 g7h7 \
         19.h8g8 i5h5 20.e8e7 b5b4 21.c2c3 b4b5 22.e4d3 h5g4 23.c2c3 c7b6 24.c5d5 h7g6 \
         25.f8e7 d8e8 26.c4d4 h4h5 27.f6e6 b6b5 28.g8f8 b4c5b3 29.f8e7 h6g5 30.f7e6 a2b2 \
         31.c4d4 h4h5 32.c6d6 e8f8 33.h7g7 f3g4 34.g7f7 f8g8 35.f4e4 g4f4 36.e7f8 f5g6 \
         37.f8f7 f4g4 38.d5e5 i5h4 39.d3e4 i8h8 40.e6f6 i6h5 41.c5d6d5 h4g3 42.h6g5 h5h4 \
         43.d4e4 g3f2 44.f6f5 h8g7 45.f4f3",
        [6, 0],
        Some(0),
    ),
    (
        "belgian-daisy",
        "1.i9h8 i6h6 2.i8h7 h5g5 3.h7g6 a5b5 4.h8g7 a4b4 5.a1b1 g5f4 6.g8g7 f4h4e3 7.b1c2 e3e4 \
         8.a2b2 b6c6 9.g6f6 b6b5 10.b1c1 g3f3 11.f5g5f4 b3c4 12.c2d3 c6c5 13.d6e7 c5c4 \
         14.d1d2 c4c3 15.g7g8 b4b5c4 16.d2d3 d6e6 17.e7f8 h6g5 18.f4e4 d7d6 19.g4f4 c5d6 \
         20.d5d4 d6e6 21.h6h7 e5d5 22.e4e5 e7e6 23.h7g7 i5h4 24.b2b3 h4h5 25.h9g9 e5f6 \
         26.g9f8 h5g5 27.h8g8 f3g4 28.f8e7 f5f6 29.g8f8 c1c2 30.d6c6 c2c3 31.d2d3 b4c5 \
         32.d3d4 c3c4 33.c7b6 e3d3 34.f4e4 c6c5 35.b3c3 g7f6 36.c3d3 g6f6 37.c6b6b5 c5d6 \
         38.a5b5 d6d7 39.g9g8 f8f7 40.e8f8 b4c4 41.f4e3 d8d7 42.b2c2 e6f7 43.h9h8 d6e7 \
         44.g9h9 f7g8",
        [0, 6],
        Some(1),
    ),
];

#[test]
fn tournament_records() {
    for (k, (layout, record, ejected, winner)) in RECORDS.iter().enumerate() {
        let g = replay_record(layout, record);
        let v = g.view(Viewer::Spectator);
        assert_eq!(v["ejected"], json!(ejected), "game {}", k + 1);
        let out = g.outcome();
        assert_eq!(
            out.as_ref().and_then(|o| o.winners.first().copied()),
            *winner,
            "game {}",
            k + 1
        );
        if winner.is_some() {
            assert_eq!(out.unwrap().reason, "six_ejected");
        }
    }
}

/// The lists written by hand are serde's text of `legal_moves`, byte for byte, and the list of
/// their short notations, for every seat along random matches of every layout and player count
/// (the server sends the written ones).
#[test]
fn legal_moves_json_is_serdes() {
    let mut pick = GameRng::from_seed([11; 32]);
    for (players, layout) in [
        (2, "standard"),
        (2, "belgian-daisy"),
        (2, "german-daisy"),
        (3, "standard"),
        (4, "standard"),
    ] {
        let mut g = new_game(players, json!({ "layout": layout }));
        for _ in 0..120 {
            for seat in 0..players {
                let mut written = String::new();
                assert!(g.write_legal_moves_json(seat, &mut written));
                let expected = serde_json::to_string(&g.legal_moves(seat)).unwrap();
                assert_eq!(
                    written, expected,
                    "{players} players, {layout}, seat {seat}"
                );
                let mut short = String::new();
                assert!(g.write_short_legal_moves(seat, &mut short));
                let moves = g.legal_moves(seat);
                let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
                assert_eq!(
                    short,
                    serde_json::to_string(&notations).unwrap(),
                    "{players} players, {layout}, seat {seat}"
                );
            }
            let Some(&seat) = g.to_act().first() else {
                break;
            };
            let mv = g.random_move(seat, &mut pick).expect("a move");
            g.play(seat, &mv, &mut pick).unwrap();
        }
    }
}

/// The short notation (`docs/protocol.md`, "Short notation"): the compact `you.legal` of the
/// standard start is the 44 first moves of §6.1 in the rules' own notation, and each of them,
/// sent as a JSON string, plays exactly the move its full form plays.
#[test]
fn short_notation_lists_and_plays_the_44_first_moves() {
    let entry = crate::registry::find("abalone").unwrap();
    let options = entry.validate(2, &json!({})).unwrap();
    let start = entry.start(&options, 2, [3; 32]).unwrap();
    let short: Vec<String> =
        serde_json::from_str(start.legal_moves_short(0).unwrap().get()).unwrap();
    let full = start.legal_moves(0);
    assert_eq!(short.len(), 44);
    let mut listed = short.clone();
    listed.sort();
    assert_eq!(listed, notations(&new_game(2, json!({}))));
    assert_eq!(
        start.legal_moves_short(1).unwrap().get(),
        "[]",
        "not to move"
    );
    for (short, full) in short.iter().zip(&full) {
        let (mut by_short, mut by_full) = (start.box_clone(), start.box_clone());
        by_short.play(0, &json!(short)).unwrap();
        by_full.play(0, full).unwrap();
        assert_eq!(
            by_short.view(Viewer::Spectator),
            by_full.view(Viewer::Spectator),
            "{short} and {full}"
        );
    }
    let mut m = start.box_clone();
    let refused = m.play(0, &json!("a1a3"));
    assert!(
        matches!(refused, Err(MoveError::Malformed(_))),
        "{refused:?}"
    );
    assert_eq!(m.view(Viewer::Spectator), start.view(Viewer::Spectator));
}

/// Every spelling of a move is recorded in one form, the one `you.legal` lists: by notation alone,
/// by marbles and direction alone, in short notation, or whole.
#[test]
fn every_spelling_is_recorded_in_the_listed_form() {
    let entry = crate::registry::find("abalone").unwrap();
    let options = entry.validate(2, &json!({})).unwrap();
    let start = entry.start(&options, 2, [7; 32]).unwrap();
    let listed = start.legal_moves(0);
    assert!(!listed.is_empty());
    for whole in &listed {
        let spellings = [
            whole.clone(),
            json!({"notation": whole["notation"]}),
            json!({"marbles": whole["marbles"], "dir": whole["dir"]}),
            whole["notation"].clone(),
        ];
        for spelling in spellings {
            let mut m = start.box_clone();
            let played = m.play(0, &spelling).unwrap();
            assert_eq!(&played.canonical, whole, "{spelling} is recorded as listed");
        }
    }
}
