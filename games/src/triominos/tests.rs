//! Triominos tests: the worked examples of rules §7, every rule of the task (opening, drawing,
//! passing, going out, blocked rounds, end of game), contract playouts, a leak test and replay.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use super::board::{cells_around, Board};
use super::rules::{self, Rules};
use super::tiles::{self, ALL_TILES};
use super::*;
use crate::engine::{Audience, Event, Game, GameRng, MoveError, Viewer};
use crate::testing::{check_contract, entry, json_contains};

const U: fn(i32, i32) -> Cell = Cell::up;
const D: fn(i32, i32) -> Cell = Cell::down;

fn rng() -> GameRng {
    GameRng::from_seed([1; 32])
}

/// The rotation that writes `corners` (clockwise) with `tile`; panics if the tile cannot.
fn rot(tile: Tile, corners: [u8; 3]) -> u8 {
    (0..3)
        .find(|&k| tiles::corners(&tile, k) == corners)
        .unwrap_or_else(|| panic!("{tile:?} cannot show {corners:?} clockwise"))
}

fn place(tile: Tile, cell: Cell, corners: [u8; 3]) -> Move {
    Move::Place {
        tile,
        cell,
        rotation: rot(tile, corners),
    }
}

fn of_kind<'a>(events: &'a [Event], kind: &str) -> Vec<&'a Value> {
    events
        .iter()
        .filter(|e| e.data["kind"] == kind)
        .map(|e| &e.data)
        .collect()
}

fn placed(events: &[Event]) -> &Value {
    of_kind(events, "placed")[0]
}

fn bonus_names(events: &[Event]) -> Vec<String> {
    placed(events)["bonuses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap().to_string())
        .collect()
}

/// Plays `mv` for whoever is to move and returns the placement's points.
fn play_points(g: &mut Triominos, mv: Move) -> i64 {
    let seat = g.turn;
    let ev = g
        .play(seat, &mv, &mut rng())
        .unwrap_or_else(|e| panic!("{mv:?}: {e}"));
    placed(&ev)["points"].as_i64().unwrap()
}

// ---------------------------------------------------------------------------------------------
// §1 tiles, §2.1 geometry

#[test]
fn the_box_holds_56_distinct_tiles_summing_to_420() {
    let mut seen = ALL_TILES.to_vec();
    seen.dedup();
    assert_eq!(seen.len(), 56);
    assert!(ALL_TILES
        .iter()
        .all(|t| t[0] <= t[1] && t[1] <= t[2] && t[2] <= 5));
    assert_eq!(ALL_TILES.iter().map(tiles::value).sum::<i64>(), 420);
    let distinct = |t: &&Tile| {
        let mut v = t.to_vec();
        v.dedup();
        v.len()
    };
    assert_eq!(ALL_TILES.iter().filter(|t| distinct(t) == 1).count(), 6);
    assert_eq!(ALL_TILES.iter().filter(|t| distinct(t) == 2).count(), 30);
    assert_eq!(ALL_TILES.iter().filter(|t| distinct(t) == 3).count(), 20);
}

#[test]
fn neighbours_share_a_side_and_rings_share_a_vertex() {
    for cell in [U(0, 0), D(0, 0), U(-3, 2), D(4, -1)] {
        for n in cell.neighbours() {
            let shared = n
                .vertices()
                .iter()
                .filter(|v| cell.vertices().contains(v))
                .count();
            assert_eq!(shared, 2, "{cell:?} / {n:?}");
            assert!(n.neighbours().contains(&cell));
        }
    }
    for v in [(0, 0), (2, -3)] {
        let ring = cells_around(v);
        assert!(ring.iter().all(|c| c.vertices().contains(&v)));
        let mut distinct = ring.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 6);
    }
    assert_eq!(U(0, 0).vertices(), [(0, 1), (1, 0), (0, 0)]);
    assert_eq!(D(0, 0).vertices(), [(0, 1), (1, 1), (1, 0)]);
}

// ---------------------------------------------------------------------------------------------
// §7.1 worked examples

fn open(racks: Vec<Vec<Tile>>) -> (Triominos, Seat, Vec<Move>) {
    let g = Triominos::for_test(
        json!({}),
        racks,
        &[],
        (0..5).map(|_| [1, 1, 2]).collect(),
        None,
    );
    let seat = g.turn;
    let legal = g.legal_moves(seat);
    (g, seat, legal)
}

#[test]
fn opening_with_4_4_4_scores_22_and_play_goes_clockwise() {
    let (mut g, seat, legal) = open(vec![
        vec![[1, 2, 3], [2, 3, 4]],
        vec![[4, 4, 4], [0, 1, 2]],
        vec![[0, 1, 3], [3, 4, 5]],
    ]);
    assert_eq!(seat, 1);
    assert!(g.view(Viewer::Seat(1))["opening"].as_bool().unwrap());
    assert_eq!(
        legal,
        vec![Move::Place {
            tile: [4, 4, 4],
            cell: Cell::ORIGIN,
            rotation: 0
        }]
    );
    assert!(g.legal_moves(0).is_empty() && g.legal_moves(2).is_empty());
    assert!(matches!(
        g.clone().play(1, &Move::Draw, &mut rng()),
        Err(MoveError::Illegal(_))
    ));
    let ev = g.play(1, &legal[0], &mut rng()).unwrap();
    assert_eq!(placed(&ev)["points"], 22);
    assert_eq!(
        placed(&ev)["bonuses"],
        json!([{"name": "opening", "points": 10}])
    );
    assert_eq!(g.scores, vec![0, 22, 0]);
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn opening_with_0_0_0_scores_40() {
    let (mut g, seat, legal) = open(vec![vec![[1, 2, 3]], vec![[0, 0, 0], [3, 4, 5]]]);
    assert_eq!((seat, legal.len()), (1, 1));
    let ev = g.play(1, &legal[0], &mut rng()).unwrap();
    assert_eq!(placed(&ev)["points"], 40);
    assert_eq!(bonus_names(&ev), ["opening", "zero_triple"]);
}

#[test]
fn opening_with_5_5_5_scores_25() {
    let (mut g, seat, legal) = open(vec![vec![[5, 5, 5], [0, 0, 1]], vec![[4, 4, 4]]]);
    assert_eq!(seat, 0);
    assert_eq!(play_points(&mut g, legal[0].clone()), 25);
}

#[test]
fn opening_without_a_triple_plays_the_highest_tile_for_its_value() {
    let (mut g, seat, legal) = open(vec![vec![[0, 1, 2], [1, 2, 5]], vec![[3, 4, 5], [0, 0, 1]]]);
    assert_eq!(seat, 1);
    // 3-4-5 in each of its three rotations, nothing else.
    assert_eq!(legal.len(), 3);
    assert!(legal
        .iter()
        .all(|m| matches!(m, Move::Place { tile: [3, 4, 5], cell, .. } if *cell == Cell::ORIGIN)));
    let ev = g.play(1, &legal[2], &mut rng()).unwrap();
    assert_eq!(placed(&ev)["points"], 12);
    assert_eq!(placed(&ev)["bonuses"], json!([]));
    let bad = Move::Place {
        tile: [0, 0, 1],
        cell: U(0, 0),
        rotation: 0,
    };
    let mut g2 = open(vec![vec![[0, 1, 2]], vec![[3, 4, 5], [0, 0, 1]]]).0;
    assert!(matches!(
        g2.play(1, &bad, &mut rng()),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn ordinary_placement_1_2_3_scores_6() {
    let mut g = Triominos::for_test(
        json!({}),
        vec![vec![[1, 2, 3], [5, 5, 5]], vec![[4, 4, 4]]],
        &[(U(0, 0), [1, 3, 4], 0)],
        vec![[0, 0, 0]],
        Some(0),
    );
    let ev = g
        .play(0, &place([1, 2, 3], D(0, 0), [1, 2, 3]), &mut rng())
        .unwrap();
    assert_eq!(placed(&ev)["points"], 6);
    assert_eq!(placed(&ev)["bonuses"], json!([]));
}

#[test]
fn closing_a_hexagon_with_0_5_5_scores_60() {
    let board = [
        (U(0, 0), [5, 5, 5], 0),
        (D(-1, 0), [2, 5, 5], rot([2, 5, 5], [2, 5, 5])),
        (U(-1, 0), [2, 2, 5], rot([2, 2, 5], [2, 5, 2])),
        (D(-1, -1), [1, 2, 5], rot([1, 2, 5], [2, 5, 1])),
        (U(0, -1), [0, 1, 5], rot([0, 1, 5], [5, 0, 1])),
    ];
    let mut g = Triominos::for_test(
        json!({}),
        vec![vec![[0, 5, 5], [4, 4, 4]], vec![[3, 3, 3]]],
        &board,
        vec![[0, 0, 0]],
        Some(0),
    );
    let ev = g
        .play(0, &place([0, 5, 5], D(0, -1), [5, 5, 0]), &mut rng())
        .unwrap();
    assert_eq!(placed(&ev)["points"], 60);
    assert_eq!(
        placed(&ev)["bonuses"],
        json!([{"name": "hexagon", "points": 50}])
    );
}

/// A position where seat 0 cannot place (no tile with two 0s) and the pile holds `pile`.
fn stuck(pile: Vec<Tile>) -> Triominos {
    Triominos::for_test(
        json!({}),
        vec![
            vec![[5, 5, 5], [4, 4, 5]],
            vec![[0, 0, 1], [3, 4, 5]],
            vec![[0, 0, 2], [2, 2, 2]],
        ],
        &[(U(0, 0), [0, 0, 0], 0)],
        pile,
        Some(0),
    )
}

#[test]
fn three_fruitless_draws_cost_25_and_end_the_turn() {
    let mut g = stuck(vec![[1, 1, 1], [1, 2, 2], [3, 3, 3], [4, 4, 4]]);
    assert_eq!(g.legal_moves(0), vec![Move::Draw]);
    let mut all = Vec::new();
    for n in 1..=3 {
        assert_eq!(g.to_act(), vec![0]);
        let ev = g.play(0, &Move::Draw, &mut rng()).unwrap();
        // −5 a draw, and the −10 at once after the third.
        assert_eq!(g.scores[0], if n < 3 { -5 * n } else { -25 });
        all.extend(ev);
    }
    assert_eq!(g.scores[0], -25);
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.pile.len(), 1);
    assert!(g.racks[0].contains(&[1, 1, 1]) && g.racks[0].contains(&[3, 3, 3]));
    let penalty = of_kind(&all, "penalty");
    assert_eq!(
        penalty,
        [&json!({"kind": "penalty", "seat": 0, "points": -10, "reason": "three_draws"})]
    );
    // The drawn tile goes to the drawer only; the others get the same event without it.
    let drew: Vec<&Event> = all.iter().filter(|e| e.data["kind"] == "drew").collect();
    assert_eq!(drew.len(), 6);
    assert_eq!(drew[0].audience, Audience::Only(0));
    assert_eq!(drew[0].data["tile"], json!([1, 1, 1]));
    assert_eq!(drew[1].audience, Audience::AllBut(0));
    assert_eq!(
        drew[1].data,
        json!({"kind": "drew", "seat": 0, "points": -5, "draws": 1})
    );
}

#[test]
fn a_fourth_draw_is_refused_when_a_drawn_tile_fits() {
    // The third draw fits, so the turn does not end: the player must place.
    let mut g = stuck(vec![[1, 1, 1], [1, 2, 2], [0, 0, 3], [4, 4, 4]]);
    for _ in 0..3 {
        g.play(0, &Move::Draw, &mut rng()).unwrap();
    }
    assert_eq!(g.scores[0], -15);
    assert_eq!(g.to_act(), vec![0]);
    let legal = g.legal_moves(0);
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|m| matches!(
        m,
        Move::Place {
            tile: [0, 0, 3],
            ..
        }
    )));
    assert!(matches!(
        g.play(0, &Move::Draw, &mut rng()),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn one_draw_then_placing_2_3_4_nets_4() {
    let mut g = Triominos::for_test(
        json!({}),
        vec![vec![[5, 5, 5], [1, 1, 1]], vec![[3, 3, 3]]],
        &[(U(0, 0), [0, 2, 4], rot([0, 2, 4], [2, 4, 0]))],
        vec![[2, 3, 4], [1, 1, 2]],
        Some(0),
    );
    assert_eq!(g.legal_moves(0), vec![Move::Draw]);
    g.play(0, &Move::Draw, &mut rng()).unwrap();
    // After a draw the player may place, or draw again.
    let legal = g.legal_moves(0);
    assert!(legal.contains(&Move::Draw));
    let mv = place([2, 3, 4], D(0, 0), [2, 3, 4]);
    assert!(legal.contains(&mv));
    assert_eq!(play_points(&mut g, mv), 9);
    assert_eq!(g.scores[0], 4);
    assert_eq!(g.to_act(), vec![1]);
    assert_eq!(g.view(Viewer::Spectator)["draws"], 0);
}

#[test]
fn must_play_drawn_tile_option_limits_the_placement_to_drawn_tiles() {
    let board = [(U(0, 0), [0, 0, 0], 0)];
    let racks = vec![vec![[0, 0, 1], [5, 5, 5]], vec![[3, 3, 3]]];
    let pile = vec![[0, 0, 2], [1, 1, 1]];
    for (opt, with_001) in [(false, true), (true, false)] {
        let mut g = Triominos::for_test(
            json!({"must_play_drawn_tile": opt}),
            racks.clone(),
            &board,
            pile.clone(),
            Some(0),
        );
        g.play(0, &Move::Draw, &mut rng()).unwrap();
        let legal = g.legal_moves(0);
        assert!(legal.iter().any(|m| matches!(
            m,
            Move::Place {
                tile: [0, 0, 2],
                ..
            }
        )));
        assert_eq!(
            legal.iter().any(|m| matches!(
                m,
                Move::Place {
                    tile: [0, 0, 1],
                    ..
                }
            )),
            with_001
        );
    }
}

/// Issue 13.1 (§5 as corrected): with an empty pile, a player who can place must place: "pass"
/// is neither offered nor accepted, and nothing changes when it is sent.
#[test]
fn empty_pile_a_player_who_can_place_may_not_pass() {
    let mut g = Triominos::for_test(
        json!({}),
        vec![
            vec![[0, 0, 1], [5, 5, 5]],
            vec![[0, 0, 2], [4, 4, 4]],
            vec![[3, 3, 3], [2, 2, 2]],
        ],
        &[(U(0, 0), [0, 0, 0], 0)],
        vec![],
        Some(0),
    );
    let legal = g.legal_moves(0);
    assert!(!legal.is_empty());
    assert!(!legal.contains(&Move::Pass) && !legal.contains(&Move::Draw));
    let before = g.view(Viewer::Omniscient);
    assert!(matches!(
        g.play(0, &Move::Pass, &mut rng()),
        Err(MoveError::Illegal(_))
    ));
    assert_eq!(g.view(Viewer::Omniscient), before);
}

#[test]
fn a_pile_running_out_mid_turn_means_a_pass_without_the_10() {
    let mut g = stuck(vec![[1, 1, 1]]);
    let ev = g.play(0, &Move::Draw, &mut rng()).unwrap();
    assert!(of_kind(&ev, "penalty").is_empty());
    assert_eq!(
        of_kind(&ev, "passed"),
        [&json!({"kind": "passed", "seat": 0, "auto": true})]
    );
    assert_eq!(g.scores[0], -5);
    assert_eq!(g.to_act(), vec![1]);
    assert!(matches!(
        g.play(1, &Move::Draw, &mut rng()),
        Err(MoveError::Illegal(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// §7.3 geometry test vectors, §7.4 illegal placement

#[test]
fn sequence_a_single_hexagon_from_the_opening() {
    let mut g = Triominos::for_test(
        json!({}),
        vec![
            vec![[5, 5, 5], [2, 2, 5], [1, 1, 5], [0, 0, 1]],
            vec![[2, 5, 5], [1, 2, 5], [1, 5, 5], [0, 0, 2]],
        ],
        &[],
        vec![[3, 3, 3]],
        None,
    );
    assert_eq!(g.turn, 0);
    let steps: [(Tile, Cell, [u8; 3], i64); 6] = [
        ([5, 5, 5], U(0, 0), [5, 5, 5], 25),
        ([2, 5, 5], D(-1, 0), [2, 5, 5], 12),
        ([2, 2, 5], U(-1, 0), [2, 5, 2], 9),
        ([1, 2, 5], D(-1, -1), [2, 5, 1], 8),
        ([1, 1, 5], U(0, -1), [5, 1, 1], 7),
        ([1, 5, 5], D(0, -1), [5, 5, 1], 61),
    ];
    for (i, (tile, cell, corners, points)) in steps.into_iter().enumerate() {
        assert_eq!(g.turn, i % 2, "step {}", i + 1);
        assert!(g.legal_moves(g.turn).contains(&place(tile, cell, corners)));
        let seat = g.turn;
        let ev = g
            .play(seat, &place(tile, cell, corners), &mut rng())
            .unwrap();
        assert_eq!(placed(&ev)["points"], points, "step {}", i + 1);
        if i == 5 {
            assert_eq!(
                placed(&ev)["bonuses"],
                json!([{"name": "hexagon", "points": 50}])
            );
        }
    }
    assert_eq!(g.scores, vec![25 + 9 + 7, 12 + 8 + 61]);
    assert_eq!(
        g.view(Viewer::Spectator)["board"][5],
        json!([0, -1, "d", 5, 5, 1])
    );
}

fn sequence_b_after_step_8() -> Triominos {
    // Step 1 (0-3-5 at D(0,−1), 8 points) is on the table; seats alternate from step 2.
    let mut g = Triominos::for_test(
        json!({}),
        vec![
            vec![
                [0, 5, 5],
                [0, 0, 1],
                [3, 5, 5],
                [3, 3, 3],
                [0, 2, 3],
                [4, 4, 5],
            ],
            vec![
                [0, 0, 5],
                [0, 1, 2],
                [3, 3, 5],
                [2, 3, 3],
                [3, 3, 4],
                [0, 3, 3],
                [1, 3, 3],
            ],
        ],
        &[(D(0, -1), [0, 3, 5], rot([0, 3, 5], [0, 3, 5]))],
        vec![[1, 1, 1]],
        Some(0),
    );
    assert_eq!(tiles::value(&[0, 3, 5]), 8);
    let steps: [(Tile, Cell, [u8; 3], i64); 7] = [
        ([0, 5, 5], U(0, -1), [0, 5, 5], 10),
        ([0, 0, 5], D(-1, -1), [0, 0, 5], 5),
        ([0, 0, 1], U(-1, 0), [1, 0, 0], 1),
        ([0, 1, 2], D(-1, 0), [1, 2, 0], 3),
        ([3, 5, 5], U(1, -1), [3, 5, 5], 13),
        ([3, 3, 5], D(1, -1), [3, 3, 5], 11),
        ([3, 3, 3], U(1, 0), [3, 3, 3], 9),
    ];
    for (i, (tile, cell, corners, points)) in steps.into_iter().enumerate() {
        let ev_points = play_points(&mut g, place(tile, cell, corners));
        assert_eq!(ev_points, points, "step {}", i + 2);
    }
    g
}

#[test]
fn sequence_b_bridge_then_double_hexagon() {
    let mut g = sequence_b_after_step_8();
    assert_eq!(g.turn, 1);
    let ev = g
        .play(1, &place([2, 3, 3], D(0, 0), [2, 3, 3]), &mut rng())
        .unwrap();
    assert_eq!(placed(&ev)["points"], 48);
    assert_eq!(
        placed(&ev)["bonuses"],
        json!([{"name": "bridge", "points": 40}])
    );
    let ev = g
        .play(0, &place([0, 2, 3], U(0, 0), [2, 3, 0]), &mut rng())
        .unwrap();
    assert_eq!(placed(&ev)["points"], 65);
    assert_eq!(
        placed(&ev)["bonuses"],
        json!([{"name": "double_hexagon", "points": 60}])
    );
}

#[test]
fn point_contacts_must_match_too() {
    let g = sequence_b_after_step_8();
    // 3-3-4 matches its one shared side (3, 3) but its corner 4 touches D(−1, 0)'s 2 at (0, 1).
    let bad = place([3, 3, 4], D(0, 0), [4, 3, 3]);
    let mut g2 = g.clone();
    match g2.play(1, &bad, &mut rng()) {
        Err(MoveError::Illegal(msg)) => assert!(msg.contains("(0, 1) must be 2"), "{msg}"),
        other => panic!("accepted or wrong error: {other:?}"),
    }
    assert_eq!(g2.view(Viewer::Omniscient), g.view(Viewer::Omniscient));
    for tile in [[0, 3, 3], [1, 3, 3]] {
        let corners = tiles::corners(&tile, rot(tile, [tile[0], 3, 3]));
        assert!(g
            .clone()
            .play(1, &place(tile, D(0, 0), corners), &mut rng())
            .is_err());
    }
    // Of the tiles fitting that side, only 2-3-3 may go there.
    let at_d00: Vec<Move> = g
        .legal_moves(1)
        .into_iter()
        .filter(|m| matches!(m, Move::Place { cell, .. } if *cell == D(0, 0)))
        .collect();
    assert_eq!(at_d00, vec![place([2, 3, 3], D(0, 0), [2, 3, 3])]);
}

#[test]
fn sequence_c_bridge_tip_to_base() {
    let mut g = Triominos::for_test(
        json!({}),
        vec![
            vec![[2, 3, 5], [0, 2, 5], [0, 0, 5], [0, 2, 2], [4, 4, 4]],
            vec![[2, 5, 5], [0, 5, 5], [0, 0, 2], [2, 2, 3], [4, 4, 5]],
        ],
        &[(D(0, -1), [2, 3, 3], rot([2, 3, 3], [2, 3, 3]))],
        vec![[1, 1, 1]],
        Some(0),
    );
    let steps: [(Tile, Cell, [u8; 3], i64); 8] = [
        ([2, 3, 5], U(0, -1), [2, 3, 5], 10),
        ([2, 5, 5], D(-1, -1), [5, 2, 5], 12),
        ([0, 2, 5], U(-1, 0), [0, 2, 5], 7),
        ([0, 5, 5], D(-2, 0), [5, 0, 5], 10),
        ([0, 0, 5], U(-2, 1), [0, 0, 5], 5),
        ([0, 0, 2], D(-2, 1), [0, 2, 0], 2),
        ([0, 2, 2], U(-1, 1), [2, 2, 0], 4),
        ([2, 2, 3], U(0, 0), [2, 3, 2], 47),
    ];
    for (i, (tile, cell, corners, points)) in steps.into_iter().enumerate() {
        let seat = g.turn;
        let ev = g
            .play(seat, &place(tile, cell, corners), &mut rng())
            .unwrap();
        assert_eq!(placed(&ev)["points"], points, "step {}", i + 2);
        let bonuses = placed(&ev)["bonuses"].clone();
        if i == 7 {
            assert_eq!(bonuses, json!([{"name": "bridge", "points": 40}]));
        } else {
            assert_eq!(bonuses, json!([]), "step {}", i + 2);
        }
    }
}

#[test]
fn three_hexagons_at_once_score_70_or_60_by_option() {
    // Every cell around the three corners of U(0, 0) holds 1-1-1 (a test-only table).
    let mut board: Vec<(Cell, Tile, u8)> = Vec::new();
    for v in U(0, 0).vertices() {
        for c in cells_around(v) {
            if c != U(0, 0) && !board.iter().any(|b| b.0 == c) {
                board.push((c, [1, 1, 1], 0));
            }
        }
    }
    assert_eq!(board.len(), 12);
    for (opt, bonus, name) in [("70", 70, "triple_hexagon"), ("60", 60, "triple_hexagon")] {
        let mut g = Triominos::for_test(
            json!({"three_hexagons_bonus": opt}),
            vec![vec![[1, 1, 1], [5, 5, 5]], vec![[4, 4, 4]]],
            &board,
            vec![[0, 0, 0]],
            Some(0),
        );
        let ev = g
            .play(0, &place([1, 1, 1], U(0, 0), [1, 1, 1]), &mut rng())
            .unwrap();
        assert_eq!(placed(&ev)["points"], 3 + bonus);
        assert_eq!(bonus_names(&ev), [name]);
    }
}

#[test]
fn pressman_bridge_side_bonus_only_with_its_option() {
    let shapes = board::Shapes {
        hexagons: 0,
        bridge: false,
        sides: 2,
        next_to_bridge: true,
    };
    let off = Rules::default();
    assert!(off.bonuses(&shapes).is_empty());
    let on = Rules {
        pressman_bridge_bonus: true,
        ..Rules::default()
    };
    assert_eq!(on.bonuses(&shapes), vec![("bridge_side", 40)]);
    // It never stacks with a hexagon.
    let hex = board::Shapes {
        hexagons: 1,
        ..shapes
    };
    assert_eq!(on.bonuses(&hex), vec![("hexagon", 50)]);
    // And the bridge flag is kept on the table for it.
    let mut g = sequence_b_after_step_8();
    g.play(1, &place([2, 3, 3], D(0, 0), [2, 3, 3]), &mut rng())
        .unwrap();
    assert!(g.board.at(D(0, 0)).unwrap().bridge);
    assert!(g.board.shapes(U(0, 0)).next_to_bridge);
}

// ---------------------------------------------------------------------------------------------
// §4 opening choices and tie-breaks

#[test]
fn zero_triple_choice_option() {
    let racks = vec![
        vec![[5, 5, 5], [0, 0, 0], [1, 2, 3]],
        vec![[2, 3, 4], [1, 1, 2]],
    ];
    let mut g = Triominos::for_test(json!({}), racks.clone(), &[], vec![[1, 1, 1]], None);
    let zero = Move::Place {
        tile: [0, 0, 0],
        cell: Cell::ORIGIN,
        rotation: 0,
    };
    assert_eq!(g.turn, 0);
    assert_eq!(g.legal_moves(0).len(), 2);
    assert!(g.legal_moves(0).contains(&zero));
    let ev = g.play(0, &zero, &mut rng()).unwrap();
    assert_eq!(placed(&ev)["points"], 40);
    // The highest triple is shown.
    assert_eq!(
        of_kind(&ev, "revealed"),
        [&json!({"kind": "revealed", "seat": 0, "tile": [5, 5, 5]})]
    );
    let mut g = Triominos::for_test(
        json!({"zero_triple_choice": false}),
        racks,
        &[],
        vec![[1, 1, 1]],
        None,
    );
    assert_eq!(g.legal_moves(0).len(), 1);
    match g.play(0, &zero, &mut rng()) {
        Err(MoveError::Illegal(msg)) => assert!(msg.contains("5-5-5"), "{msg}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn no_triple_tie_broken_by_highest_corner_then_at_random() {
    let rules = Rules::default();
    // Both hold an 11: 2-4-5 (corner 5) beats 3-4-4 (corner 4).
    let racks = vec![vec![[0, 1, 2], [3, 4, 4]], vec![[2, 4, 5], [0, 1, 3]]];
    let op = rules::opener(&racks, &rules, &mut rng()).unwrap();
    assert_eq!((op.seat, op.tiles), (1, vec![[2, 4, 5]]));
    // 3-4-5 and 2-5-5: same total, same highest corner: chosen at random.
    let racks = vec![vec![[3, 4, 5], [0, 1, 2]], vec![[2, 5, 5], [0, 1, 3]]];
    let mut seen = [false; 2];
    for s in 0..40u8 {
        let op = rules::opener(&racks, &rules, &mut GameRng::from_seed([s; 32])).unwrap();
        let expected = if op.seat == 0 { [3, 4, 5] } else { [2, 5, 5] };
        assert_eq!(op.tiles, vec![expected]);
        seen[op.seat] = true;
    }
    assert_eq!(seen, [true, true]);
    // One player holding both may open with either.
    let racks = vec![vec![[2, 5, 5], [3, 4, 5]], vec![[0, 1, 3]]];
    let op = rules::opener(&racks, &rules, &mut rng()).unwrap();
    assert_eq!((op.seat, op.tiles), (0, vec![[2, 5, 5], [3, 4, 5]]));
    // The redeal option asks for a new deal on any tie of the highest total.
    let redeal = Rules {
        tie_break: rules::TieBreak::Redeal,
        ..Rules::default()
    };
    let racks = vec![vec![[0, 1, 2], [3, 4, 4]], vec![[2, 4, 5], [0, 1, 3]]];
    assert_eq!(rules::opener(&racks, &redeal, &mut rng()), None);
    let racks = vec![vec![[0, 1, 2], [3, 4, 5]], vec![[2, 4, 5], [0, 1, 3]]];
    assert_eq!(rules::opener(&racks, &redeal, &mut rng()).unwrap().seat, 0);
}

#[test]
fn deals_give_9_or_7_tiles_and_the_rest_to_the_pile() {
    for (players, hand) in [(2, 9), (3, 7), (4, 7)] {
        for s in 0..10u8 {
            let g =
                Triominos::setup(&defaults(), players, &mut GameRng::from_seed([s; 32])).unwrap();
            assert!(g.racks.iter().all(|r| r.len() == hand));
            assert_eq!(g.pile.len(), 56 - hand * players);
            let mut all: Vec<Tile> = g.racks.concat();
            all.extend(&g.pile);
            all.sort();
            assert_eq!(all, ALL_TILES.to_vec());
            let op = g.opener.as_ref().unwrap();
            assert_eq!(g.turn, op.seat);
            // §4: the holder of the highest triple opens with it.
            let top = (0..=5u8)
                .rev()
                .map(|n| [n, n, n])
                .find(|t| all_racks(&g).contains(t));
            if let Some(t) = top {
                assert!(g.racks[g.turn].contains(&t));
                assert_eq!(op.tiles[0], t);
            }
        }
    }
}

fn all_racks(g: &Triominos) -> Vec<Tile> {
    g.racks.concat()
}

fn defaults() -> crate::options::Options {
    crate::options::validate(&rules::option_specs(), 2, &Value::Null).unwrap()
}

#[test]
fn option_defaults_follow_the_rules_file() {
    let o = defaults();
    assert_eq!(o["target"], 400);
    assert_eq!(o["rounds"], Value::Null);
    assert_eq!(o["three_hexagons_bonus"], "70");
    assert_eq!(o["pressman_bridge_bonus"], false);
    assert_eq!(o["zero_triple_choice"], true);
    assert_eq!(o["opening_tie_break"], "highest_corner");
    assert_eq!(o["must_play_drawn_tile"], false);
    assert_eq!(o["blocked_scoring"], "others_minus_own");
    assert_eq!(o["blocked_tie"], "each_tied_scores");
    assert_eq!(o["several_at_target"], "round_winner");
    assert_eq!(Rules::from_options(&o).unwrap(), Rules::default());
    let e = entry("triominos");
    assert!(e.validate(1, &Value::Null).is_err());
    assert!(e.validate(5, &Value::Null).is_err());
    assert!(e.validate(4, &json!({"target": 200})).is_ok());
    assert!(e.validate(2, &json!({"blocked_scoring": "sum"})).is_err());
}

// ---------------------------------------------------------------------------------------------
// §6 end of round (§7.2 arithmetic) and end of game

/// 7.2: A holds only 2-2-5, which fits D(0,0); B holds 4-5-5 + 0-1-2, C 3-4-5.
fn going_out(options: Value, scores: Vec<i64>) -> (Triominos, Vec<Event>) {
    let mut g = Triominos::for_test(
        options,
        vec![vec![[2, 2, 5]], vec![[4, 5, 5], [0, 1, 2]], vec![[3, 4, 5]]],
        &[(U(0, 0), [0, 2, 2], rot([0, 2, 2], [2, 2, 0]))],
        vec![[1, 1, 1], [1, 1, 2]],
        Some(0),
    );
    g.scores = scores.clone();
    g.round_start_scores = scores;
    let ev = g
        .play(0, &place([2, 2, 5], D(0, 0), [2, 5, 2]), &mut rng())
        .unwrap();
    (g, ev)
}

#[test]
fn going_out_scores_the_tile_25_and_the_other_racks() {
    let (g, ev) = going_out(json!({}), vec![0, 0, 0]);
    assert_eq!(placed(&ev)["points"], 9);
    let end = of_kind(&ev, "round_end")[0];
    assert_eq!(end["reason"], "went_out");
    assert_eq!(end["winners"], json!([0]));
    assert_eq!(end["rack_totals"], json!([0, 17, 12]));
    assert_eq!(end["changes"], json!([54, 0, 0]));
    assert_eq!(end["round_points"], json!([63, 0, 0]));
    assert_eq!(g.scores, vec![63, 0, 0]);
    // A new round is dealt from the rng: 7 tiles each, an opening to play.
    assert_eq!(g.round, 2);
    assert!(g.board.is_empty() && g.opener.is_some());
    assert!(g.racks.iter().all(|r| r.len() == 7));
    assert_eq!(g.pile.len(), 35);
    assert_eq!(g.to_act(), vec![g.opener.as_ref().unwrap().seat]);
    let start = of_kind(&ev, "round_start")[0];
    assert_eq!(start["round"], 2);
    // The views keep the finished round's result, for a replay or a reload to show it.
    assert_eq!(
        g.view(Viewer::Spectator)["past_rounds"],
        json!([{"round": 1, "reason": "went_out", "winners": [0], "round_points": [63, 0, 0]}])
    );
    // Each seat gets its own new rack privately, the others only its size.
    for seat in 0..3 {
        let own: Vec<&Event> = ev
            .iter()
            .filter(|e| e.data["kind"] == "dealt" && e.data["seat"] == seat)
            .collect();
        assert_eq!(own.len(), 2);
        assert_eq!(own[0].audience, Audience::Only(seat));
        assert_eq!(own[0].data["rack"], json!(g.racks[seat]));
        assert_eq!(own[1].audience, Audience::AllBut(seat));
        assert_eq!(
            own[1].data,
            json!({"kind": "dealt", "seat": seat, "count": 7})
        );
    }
    assert!(g.outcome().is_none());
}

/// A table holding only 0-0-0 at U(0,0); seat 0 places 0-0-3 at D(0,0) and then nobody can
/// place with the pile empty (no rack holds a 0).
fn blocked(options: Value, racks: Vec<Vec<Tile>>) -> (Triominos, Value) {
    let mut g = Triominos::for_test(options, racks, &[(U(0, 0), [0, 0, 0], 0)], vec![], Some(0));
    let ev = g
        .play(0, &place([0, 0, 3], D(0, 0), [0, 3, 0]), &mut rng())
        .unwrap();
    assert_eq!(placed(&ev)["points"], 3);
    let end = of_kind(&ev, "round_end");
    assert_eq!(end.len(), 1, "{ev:?}");
    assert_eq!(end[0]["reason"], "blocked");
    (g, end[0].clone())
}

#[test]
fn blocked_round_two_players_the_difference() {
    for opt in ["others_minus_own", "sum_of_differences"] {
        let (g, end) = blocked(
            json!({"blocked_scoring": opt}),
            vec![vec![[0, 0, 3], [1, 1, 5]], vec![[5, 5, 5], [1, 2, 2]]],
        );
        assert_eq!(end["rack_totals"], json!([7, 20]));
        assert_eq!(end["changes"], json!([13, 0]), "{opt}");
        assert_eq!(g.scores, vec![16, 0]);
    }
}

#[test]
fn blocked_round_three_players_both_formulas() {
    let racks = vec![
        vec![[0, 0, 3], [1, 1, 5]],
        vec![[5, 5, 5], [1, 2, 2]],
        vec![[4, 5, 5], [3, 4, 5], [1, 1, 2]],
    ];
    let (_, end) = blocked(json!({}), racks.clone());
    assert_eq!(end["rack_totals"], json!([7, 20, 30]));
    assert_eq!(end["changes"], json!([43, 0, 0]));
    assert_eq!(end["winners"], json!([0]));
    let (_, end) = blocked(json!({"blocked_scoring": "sum_of_differences"}), racks);
    assert_eq!(end["changes"], json!([36, 0, 0]));
}

#[test]
fn blocked_round_tie_for_the_lowest_rack() {
    let racks = vec![
        vec![[0, 0, 3], [1, 1, 5]],
        vec![[1, 2, 4]],
        vec![[4, 5, 5], [3, 4, 5], [1, 1, 2]],
    ];
    let (_, end) = blocked(json!({}), racks.clone());
    assert_eq!(end["changes"], json!([23, 23, 0]));
    assert_eq!(end["winners"], json!([0, 1]));
    let (_, end) = blocked(json!({"blocked_tie": "no_winner"}), racks);
    assert_eq!(end["changes"], json!([0, 0, 0]));
    assert_eq!(end["winners"], json!([]));
    assert_eq!(
        rules::blocked_settlement(&[9, 9], &Rules::default()),
        (vec![0, 0], vec![])
    );
}

/// Issue 13.1 (§6.2 as corrected): with an empty pile, a round is not blocked while anyone can
/// place, however many turns pass; it is blocked exactly when nobody can.
#[test]
fn a_round_is_blocked_exactly_when_nobody_can_place() {
    // Seat 1 cannot place: its only move is the pass. Seat 0 still can: no block.
    let mut g = Triominos::for_test(
        json!({}),
        vec![vec![[0, 0, 1], [5, 5, 5]], vec![[4, 4, 4], [3, 3, 3]]],
        &[(U(0, 0), [0, 0, 0], 0)],
        vec![],
        Some(1),
    );
    assert_eq!(g.legal_moves(1), vec![Move::Pass]);
    let ev = g.play(1, &Move::Pass, &mut rng()).unwrap();
    assert!(of_kind(&ev, "round_end").is_empty(), "seat 0 can place");
    assert_eq!(g.to_act(), vec![0]);
    assert!(!g.legal_moves(0).contains(&Move::Pass));
    // Seat 0 places its 0-0-1; now neither 5-5-5 nor seat 1's triples fit: blocked at once.
    let placement = g.legal_moves(0)[0].clone();
    assert!(matches!(
        placement,
        Move::Place {
            tile: [0, 0, 1],
            ..
        }
    ));
    let ev = g.play(0, &placement, &mut rng()).unwrap();
    let end = of_kind(&ev, "round_end")[0];
    assert_eq!(end["reason"], "blocked");
    assert_eq!(end["winners"], json!([0]));
    assert_eq!(g.round, 2);
}

/// Random play: whenever "pass" is offered, the seat has no placement, and no round ends as
/// blocked while a rack could still be placed (14 of 25 did before the correction).
#[test]
fn random_play_never_passes_or_blocks_with_a_placement_available() {
    for players in 2..=4 {
        let mut g = Triominos::setup(
            &crate::options::validate(&Triominos::info().options, players, &Value::Null).unwrap(),
            players,
            &mut GameRng::from_seed([players as u8; 32]),
        )
        .unwrap();
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(players as u64);
        let mut r = rng();
        for _ in 0..3000 {
            if g.outcome().is_some() {
                break;
            }
            let seat = g.turn;
            let legal = g.legal_moves(seat);
            if legal.contains(&Move::Pass) {
                assert!(!g.can_place_now(seat), "pass offered with a placement");
            }
            let racks_before = g.racks.clone();
            let board_before = g.board.clone();
            let mv = legal[pick.random_range(0..legal.len())].clone();
            let ev = g.play(seat, &mv, &mut r).unwrap();
            for end in of_kind(&ev, "round_end") {
                if end["reason"] == "blocked" && mv != Move::Pass {
                    // The block followed a placement: nobody could place on the table it left.
                    let Move::Place {
                        tile,
                        cell,
                        rotation,
                    } = mv
                    else {
                        continue;
                    };
                    let mut board = board_before.clone();
                    board.place(cell, tile, rotation, false);
                    let mut racks = racks_before.clone();
                    racks[seat].retain(|t| *t != tile);
                    assert!(racks.iter().all(|rack| !board.can_place(rack)));
                }
            }
        }
    }
}

#[test]
fn reaching_the_target_ends_the_game_at_the_end_of_the_round() {
    // Nobody at 400: a new round.
    let (g, _) = going_out(json!({}), vec![300, 0, 0]);
    assert!(g.outcome().is_none());
    // A reaches 400 by going out.
    let (g, ev) = going_out(json!({}), vec![340, 0, 0]);
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.winners, out.reason.as_str()),
        (vec![0], "target_reached")
    );
    assert_eq!(out.scores, Some(vec![403, 0, 0]));
    assert!(g.to_act().is_empty() && g.legal_moves(g.turn).is_empty());
    assert!(of_kind(&ev, "round_start").is_empty());
    assert_eq!(of_kind(&ev, "game_end")[0]["winners"], json!([0]));
    assert_eq!(g.view(Viewer::Spectator)["turn"], Value::Null);
    // Target 200.
    let (g, _) = going_out(json!({"target": 200}), vec![150, 0, 0]);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn several_players_at_the_target() {
    // A (403) wins the round; B has more (420): the round winner wins by default.
    let (g, _) = going_out(json!({}), vec![340, 420, 0]);
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    let (g, _) = going_out(
        json!({"several_at_target": "highest_score"}),
        vec![340, 420, 0],
    );
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    // The round winner is not among them: the highest score; an exact tie is shared.
    let (g, _) = going_out(json!({}), vec![100, 420, 405]);
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
    let (g, _) = going_out(json!({}), vec![100, 410, 410]);
    assert_eq!(g.outcome().unwrap().winners, vec![1, 2]);
    // Someone over 400 mid-round keeps playing until the round ends.
    let mut g = stuck(vec![[1, 1, 1], [1, 1, 2]]);
    g.scores = vec![0, 450, 0];
    g.play(0, &Move::Draw, &mut rng()).unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.to_act(), vec![0]);
}

#[test]
fn a_fixed_number_of_rounds() {
    let (g, _) = going_out(json!({"rounds": 2}), vec![0, 90, 0]);
    assert!(g.outcome().is_none());
    assert_eq!(g.view(Viewer::Spectator)["target"], Value::Null);
    assert_eq!(g.view(Viewer::Spectator)["rounds"], 2);
    let (g, _) = going_out(json!({"rounds": 1}), vec![0, 90, 0]);
    let out = g.outcome().unwrap();
    assert_eq!(
        (out.winners, out.reason.as_str()),
        (vec![1], "rounds_played")
    );
    // Over the target with rounds set: the target is not used.
    let (g, _) = going_out(json!({"rounds": 3}), vec![500, 0, 0]);
    assert!(g.outcome().is_none());
}

// ---------------------------------------------------------------------------------------------
// Moves, views

#[test]
fn move_json_round_trips_and_bad_json_is_malformed() {
    let mv = json!({"action": "place", "tile": [0, 1, 2], "cell": {"x": -1, "y": 2, "dir": "down"}, "rotation": 2});
    let parsed = Triominos::parse_move(&mv).unwrap();
    assert_eq!(
        parsed,
        Move::Place {
            tile: [0, 1, 2],
            cell: D(-1, 2),
            rotation: 2
        }
    );
    assert_eq!(serde_json::to_value(&parsed).unwrap(), mv);
    assert_eq!(
        Triominos::parse_move(&json!({"action": "draw"})).unwrap(),
        Move::Draw
    );
    assert_eq!(
        serde_json::to_value(Move::Pass).unwrap(),
        json!({"action": "pass"})
    );
    // A triple has one canonical rotation.
    let triple = json!({"action": "place", "tile": [3, 3, 3], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 2});
    assert!(matches!(
        Triominos::parse_move(&triple).unwrap(),
        Move::Place { rotation: 0, .. }
    ));
    let bad = [
        (json!("draw"), "object"),
        (json!({"action": "jump"}), "unknown action"),
        (
            json!({"action": "draw", "tile": [0, 0, 0]}),
            "unexpected field",
        ),
        (
            json!({"action": "place", "tile": [0, 2, 1], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 0}),
            "canonical",
        ),
        (
            json!({"action": "place", "tile": [0, 1, 6], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 0}),
            "0 to 5",
        ),
        (
            json!({"action": "place", "tile": [0, 1], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 0}),
            "three",
        ),
        (
            json!({"action": "place", "tile": [0, 1, 2], "cell": {"x": 0, "y": 0, "dir": "left"}, "rotation": 0}),
            "dir",
        ),
        (
            json!({"action": "place", "tile": [0, 1, 2], "cell": {"x": 0.5, "y": 0, "dir": "up"}, "rotation": 0}),
            "cell.x",
        ),
        (
            json!({"action": "place", "tile": [0, 1, 2], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 3}),
            "rotation",
        ),
        (
            json!({"action": "place", "tile": [0, 1, 2], "cell": {"x": 0, "y": 0, "dir": "up"}}),
            "rotation",
        ),
    ];
    for (json, expect) in bad {
        match Triominos::parse_move(&json) {
            Err(MoveError::Malformed(msg)) => assert!(msg.contains(expect), "{json}: {msg}"),
            other => panic!("{json}: {other:?}"),
        }
    }
}

#[test]
fn views_show_own_rack_only() {
    let g = Triominos::for_test(
        json!({}),
        vec![vec![[0, 0, 1], [5, 5, 5]], vec![[0, 0, 2]]],
        &[(U(0, 0), [0, 0, 0], 0)],
        vec![[1, 1, 1], [2, 2, 2]],
        Some(1),
    );
    assert_eq!(
        g.view(Viewer::Seat(0)),
        json!({
            "round": 1, "target": 400, "rounds": null, "scores": [0, 0], "racks": [2, 1],
            "pile": 2, "turn": 1, "draws": 0, "opening": false,
            "board": [[0, 0, "u", 0, 0, 0]], "past_rounds": [],
            "private": {"rack": [[0, 0, 1], [5, 5, 5]]},
        })
    );
    assert_eq!(
        g.view(Viewer::Seat(1))["private"],
        json!({"rack": [[0, 0, 2]]})
    );
    assert!(g.view(Viewer::Spectator).get("private").is_none());
    assert_eq!(
        g.view(Viewer::Omniscient)["private"],
        json!({"racks": [[[0, 0, 1], [5, 5, 5]], [[0, 0, 2]]], "pile": [[1, 1, 1], [2, 2, 2]]})
    );
}

#[test]
fn refused_moves_change_nothing() {
    let g = stuck(vec![[1, 1, 1]]);
    let before = g.view(Viewer::Omniscient);
    for (seat, mv) in [
        (1, Move::Draw),
        (0, Move::Pass),
        (0, place([5, 5, 5], D(0, 0), [5, 5, 5])),
        (0, place([0, 0, 1], D(0, 0), [0, 1, 0])),
        (0, place([4, 4, 5], D(5, 5), [4, 4, 5])),
    ] {
        let mut g2 = g.clone();
        assert!(g2.play(seat, &mv, &mut rng()).is_err(), "{mv:?}");
        assert_eq!(g2.view(Viewer::Omniscient), before);
    }
}

#[test]
fn legal_placements_only_use_cells_next_to_the_table() {
    let mut b = Board::default();
    b.place(U(0, 0), [0, 0, 0], 0, false);
    assert_eq!(b.frontier().len(), 3);
    let all = b.placements(&ALL_TILES);
    // Tiles with two 0s, on each of the three sides, in each rotation that puts 0-0 on the side.
    assert!(all
        .iter()
        .all(|(t, c, _)| t[0] == 0 && t[1] == 0 && c.dir == Dir::Down));
    // 0-0-0 fits each side once; 0-0-x (x > 0) once per side.
    assert_eq!(all.len(), 3 * 6);
}

// ---------------------------------------------------------------------------------------------
// Contract playouts, leaks, replay

fn bad_moves() -> Vec<Value> {
    vec![
        json!({"action": "draw"}),
        json!({"action": "pass"}),
        json!({"action": "place", "tile": [0, 0, 0], "cell": {"x": 0, "y": 0, "dir": "up"}, "rotation": 0}),
        json!({"action": "place", "tile": [1, 2, 3], "cell": {"x": 7, "y": 7, "dir": "down"}, "rotation": 1}),
        json!({"action": "place", "tile": [5, 5, 5], "cell": {"x": 0, "y": 0, "dir": "down"}, "rotation": 0}),
    ]
}

#[test]
fn contract_two_players() {
    let seen = check_contract("triominos", 2, json!({"rounds": 1}), 6, 2000, &bad_moves());
    assert_eq!(seen.finished, 6);
}

#[test]
fn contract_three_players() {
    let seen = check_contract("triominos", 3, json!({"rounds": 1}), 5, 2000, &bad_moves());
    assert_eq!(seen.finished, 5);
}

#[test]
fn contract_four_players() {
    let seen = check_contract("triominos", 4, json!({"rounds": 1}), 5, 2000, &bad_moves());
    assert_eq!(seen.finished, 5);
}

#[test]
fn contract_with_every_alternative_and_a_low_target() {
    let options = json!({
        "target": 50, "three_hexagons_bonus": "60", "pressman_bridge_bonus": true,
        "zero_triple_choice": false, "opening_tie_break": "redeal", "must_play_drawn_tile": true,
        "blocked_scoring": "sum_of_differences", "blocked_tie": "no_winner",
        "several_at_target": "highest_score",
    });
    let seen = check_contract("triominos", 3, options, 4, 3000, &bad_moves());
    assert_eq!(seen.finished, 4);
}

/// Random playouts through the registry; `check` sees each match before every move.
fn playouts(
    players: usize,
    options: Value,
    games: u64,
    mut check: impl FnMut(&dyn crate::Match, &[Event]),
) {
    let e = entry("triominos");
    let options = e.validate(players, &options).unwrap();
    for g in 0..games {
        let mut m = e.start(&options, players, [g as u8 + 100; 32]).unwrap();
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(g);
        let mut events = Vec::new();
        for _ in 0..3000 {
            check(&*m, &events);
            if m.outcome().is_some() {
                break;
            }
            let seat = m.to_act()[0];
            let legal = m.legal_moves(seat);
            let mv = legal[pick.random_range(0..legal.len())].clone();
            events = m.play(seat, &mv).unwrap().events;
        }
        assert!(m.outcome().is_some());
    }
}

fn tiles_of(v: &Value) -> Vec<Value> {
    v.as_array().unwrap().clone()
}

#[test]
fn views_never_leak_other_racks_or_the_pile() {
    for players in 2..=4 {
        playouts(players, json!({"rounds": 2}), 4, |m, events| {
            let omni = m.view(Viewer::Omniscient);
            let racks: Vec<Vec<Value>> = tiles_of(&omni["private"]["racks"])
                .iter()
                .map(tiles_of)
                .collect();
            let pile = tiles_of(&omni["private"]["pile"]);
            let counts: Vec<usize> = racks.iter().map(Vec::len).collect();
            let on_board: Vec<Value> = tiles_of(&omni["board"])
                .iter()
                .map(|b| {
                    let mut c: Vec<u64> = b.as_array().unwrap()[3..]
                        .iter()
                        .map(|n| n.as_u64().unwrap())
                        .collect();
                    c.sort();
                    json!(c)
                })
                .collect();
            let viewers = (0..players).map(Viewer::Seat).chain([Viewer::Spectator]);
            for viewer in viewers {
                let mut view = m.view(viewer);
                assert_eq!(view["racks"], json!(counts));
                assert_eq!(view["pile"], json!(pile.len()));
                assert_eq!(view["scores"], omni["scores"]);
                assert_eq!(view["board"], omni["board"]);
                let obj = view.as_object_mut().unwrap();
                let private = obj.remove("private");
                match viewer {
                    Viewer::Seat(s) => {
                        assert_eq!(private, Some(json!({"rack": racks[s]})));
                    }
                    _ => assert_eq!(private, None),
                }
                // Counts and scores were checked exactly above; what is left must not hold a
                // hidden tile anywhere (the board holds only placed tiles).
                obj.remove("racks");
                obj.remove("scores");
                let hidden = racks
                    .iter()
                    .enumerate()
                    .filter(|(s, _)| viewer != Viewer::Seat(*s))
                    .flat_map(|(_, r)| r.iter())
                    .chain(pile.iter());
                for tile in hidden {
                    assert!(
                        !json_contains(&view, tile),
                        "{viewer:?} sees {tile}: {view}"
                    );
                    assert!(
                        !on_board.contains(tile),
                        "{tile} is both hidden and on the table"
                    );
                }
                assert!(!json_contains(&view, &json!(pile)) || pile.is_empty());
                // Private events reach only their owner.
                for ev in events.iter().filter(|e| e.audience.includes(viewer)) {
                    if matches!(ev.data["kind"].as_str(), Some("drew" | "dealt"))
                        && (ev.data.get("tile").is_some() || ev.data.get("rack").is_some())
                    {
                        assert_eq!(
                            viewer,
                            Viewer::Seat(ev.data["seat"].as_u64().unwrap() as usize)
                        );
                    }
                }
            }
        });
    }
}

#[test]
fn same_seed_and_moves_give_the_same_deal_and_scores() {
    let e = entry("triominos");
    let options = e.validate(3, &json!({"rounds": 2})).unwrap();
    let run = |seed: u8| {
        let mut m = e.start(&options, 3, [seed; 32]).unwrap();
        let first = m.view(Viewer::Omniscient);
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut record = Vec::new();
        let mut events = Vec::new();
        while m.outcome().is_none() {
            let seat = m.to_act()[0];
            let legal = m.legal_moves(seat);
            let mv = legal[pick.random_range(0..legal.len())].clone();
            let played = m.play(seat, &mv).unwrap();
            events.extend(played.events.into_iter().map(|e| e.data));
            record.push((seat, played.canonical));
        }
        (
            first,
            m.view(Viewer::Omniscient),
            m.outcome(),
            record,
            events,
        )
    };
    let a = run(5);
    let b = run(5);
    assert_eq!(a.0, b.0);
    assert_eq!(a.1, b.1);
    assert_eq!(a.2, b.2);
    assert_eq!(a.4, b.4);
    let replayed =
        crate::registry::replay(e, &options, 3, [5; 32], a.3.iter().map(|(s, v)| (*s, v))).unwrap();
    assert_eq!(replayed.view(Viewer::Omniscient), a.1);
    assert_eq!(replayed.outcome(), a.2);
    // Another seed deals differently.
    let c = e.start(&options, 3, [6; 32]).unwrap();
    assert_ne!(c.view(Viewer::Omniscient)["private"], a.0["private"]);
}

#[test]
fn redeal_option_deals_until_one_player_holds_the_opening_tile() {
    let options = crate::options::validate(
        &rules::option_specs(),
        2,
        &json!({"opening_tie_break": "redeal"}),
    )
    .unwrap();
    let mut redealt = 0;
    for s in 0..100u8 {
        let mut r = GameRng::from_seed([s; 32]);
        let mut g = Triominos::setup(&options, 2, &mut r).unwrap();
        for _ in 0..5 {
            let again = rules::opener(&g.racks, &g.rules, &mut rng());
            assert_eq!(again.as_ref(), g.opener.as_ref());
            redealt += g.deal(&mut r);
        }
    }
    assert!(redealt > 0, "some of 500 deals should have tied");
}

/// Found by fuzzing: `x: i64::MIN` has no absolute value; the bound check panicked (with overflow
/// checks) or wrapped and read the cell as x = 0. Every out-of-range coordinate is malformed.
#[test]
fn extreme_coordinates_are_malformed_not_wrapped() {
    for x in [i64::MIN, i64::MIN + 1, -1001, 1001, i64::MAX] {
        let mv = json!({"action": "place", "tile": [0, 1, 2], "rotation": 0,
                        "cell": {"x": x, "y": 0, "dir": "up"}});
        assert!(
            matches!(Triominos::parse_move(&mv), Err(MoveError::Malformed(_))),
            "x = {x}"
        );
    }
    let edge = json!({"action": "place", "tile": [0, 1, 2], "rotation": 0,
                      "cell": {"x": -1000, "y": 1000, "dir": "up"}});
    assert!(Triominos::parse_move(&edge).is_ok());
}
