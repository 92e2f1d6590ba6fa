//! Tests of Groups-of-Three: the board facts of rules §3, setup and roll-off (§4), every rule of the
//! turn (§5: steps, exits, crossings, adds, ends, colour rotation, the win), the move JSON, contract
//! playouts for 2-4 players, replay of every die, and views that hide nothing and leak nothing.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::{BTreeSet, VecDeque};

use super::board::{board, Board, Space};
use super::*;
use crate::engine::{Event, Game, GameRng, MoveError, Viewer};
use crate::registry;
use crate::testing::{check_contract, entry};

const ID: &str = "groups-of-three";

fn sp(name: &str) -> Space {
    board()
        .space(name)
        .unwrap_or_else(|| panic!("no space {name}"))
}

fn step(from: &str, to: &str) -> Move {
    Move::Step {
        from: sp(from),
        to: sp(to),
    }
}

fn cross(from: &str, via: &str, to: &str) -> Move {
    Move::Cross {
        from: sp(from),
        via: sp(via),
        to: sp(to),
    }
}

fn add(at: &str) -> Move {
    Move::Add { at: sp(at) }
}

fn new_game(players: usize, must_use_all_moves: bool) -> (GroupsOfThree, GameRng) {
    let mut rng = GameRng::from_seed([7; 32]);
    let rules = Rules {
        must_use_all_moves,
        ..Rules::default()
    };
    let g = GroupsOfThree::new_on(board(), rules, players, &mut rng).unwrap();
    (g, rng)
}

fn with_rules(players: usize, rules: Rules) -> (GroupsOfThree, GameRng) {
    let mut rng = GameRng::from_seed([7; 32]);
    let g = GroupsOfThree::new_on(board(), rules, players, &mut rng).unwrap();
    (g, rng)
}

fn end_of_turn_rules(transit_may_return: bool) -> Rules {
    Rules {
        transit: TransitMode::EndOfTurn,
        transit_may_return,
        must_use_all_moves: false,
        ..Rules::default()
    }
}

fn steps_from(g: &GroupsOfThree, from: &str) -> BTreeSet<String> {
    g.legal_moves(g.to_move())
        .iter()
        .filter_map(|m| match *m {
            Move::Step { from: f, to } if f == sp(from) => Some(board().name(to).to_string()),
            _ => None,
        })
        .collect()
}

/// Empties the board (reserves and exits untouched) so a test can lay out its own position.
fn clear(g: &mut GroupsOfThree) {
    g.occupant.iter_mut().for_each(|o| *o = None);
    g.colours.iter_mut().for_each(|c| c.on_board = 0);
    g.pending_adds.clear();
}

fn put(g: &mut GroupsOfThree, c: usize, names: &[&str]) {
    for n in names {
        g.occupant[sp(n)] = Some(c as u8);
        g.colours[c].on_board += 1;
    }
}

/// Makes it colour `c`'s turn with `moves` left.
fn turn(g: &mut GroupsOfThree, c: usize, moves: u8) {
    g.active = c;
    g.moves_left = moves;
    g.dice = [1, moves.saturating_sub(1).max(1)];
    g.pending_adds.clear();
}

fn play(g: &mut GroupsOfThree, rng: &mut GameRng, mv: Move) -> Result<Vec<Event>, MoveError> {
    let seat = g.to_move();
    g.play(seat, &mv, rng)
}

fn at(g: &GroupsOfThree, name: &str) -> Option<u8> {
    g.occupant[sp(name)]
}

fn pending(g: &GroupsOfThree) -> BTreeSet<String> {
    g.pending_adds
        .iter()
        .map(|&s| board().name(s).to_string())
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

fn kinds(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| e.data["kind"].as_str().unwrap().to_string())
        .collect()
}

fn illegal(r: Result<Vec<Event>, MoveError>) -> String {
    match r {
        Err(MoveError::Illegal(m)) => m,
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

// ---------------------------------------------------------------- board (§3)

fn raw_json() -> Value {
    serde_json::from_str(include_str!("../../data/groups-of-three-board.json")).unwrap()
}

/// Shortest number of edge crossings from every space to C.
fn distances_to_c(b: &Board) -> Vec<usize> {
    let mut dist = vec![usize::MAX; b.names.len()];
    dist[b.center] = 0;
    let mut queue = VecDeque::from([b.center]);
    while let Some(s) = queue.pop_front() {
        for &t in &b.adj[s] {
            if dist[t] == usize::MAX {
                dist[t] = dist[s] + 1;
                queue.push_back(t);
            }
        }
    }
    dist
}

#[test]
fn board_has_65_spaces_and_100_adjacent_pairs() {
    let b = board();
    assert_eq!(b.names.len(), 65);
    assert_eq!(b.adj.iter().map(Vec::len).sum::<usize>(), 200);
    let c: Vec<&str> = b.adj[b.center].iter().map(|&s| b.name(s)).collect();
    assert_eq!(c, ["a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7"]);
    assert_eq!(b.small_triangle.iter().filter(|&&t| t).count(), 8);
    let transits: Vec<&str> = (0..65)
        .filter(|&s| b.transit[s])
        .map(|s| b.name(s))
        .collect();
    assert_eq!(transits, ["tE", "tN", "tS", "tW"]);
    assert!(
        transits
            .iter()
            .all(|t| b.adj[sp(t)].iter().all(|&n| !b.transit[n])),
        "no two transits touch"
    );
    assert_eq!(b.pieces_per_colour, 10);
    assert_eq!(b.start_reserve, 7);
    assert_eq!(b.starts.len(), 4);
}

#[test]
fn point_contacts_are_not_adjacent() {
    let b = board();
    let contacts = raw_json()["point_contacts"].as_object().unwrap().clone();
    let mut pairs = 0;
    for (s, others) in &contacts {
        for o in others.as_array().unwrap() {
            assert!(
                !b.adjacent(sp(s), sp(o.as_str().unwrap())),
                "{s} and {o} touch only at a point"
            );
            pairs += 1;
        }
    }
    assert!(pairs > 100);
    // b0 touches C at (1,1) only: it reaches C through a0, in 2 moves.
    assert!(!b.adjacent(sp("b0"), b.center));
    assert!(b.adjacent(sp("b0"), sp("a0")) && b.adjacent(sp("a0"), b.center));
    assert_eq!(distances_to_c(b)[sp("b0")], 2);
    assert_eq!(
        b.adj[sp("b0")]
            .iter()
            .map(|&s| b.name(s))
            .collect::<Vec<_>>(),
        ["a0", "b1", "tE"]
    );
}

#[test]
fn distances_to_the_centre_match_the_spec() {
    let b = board();
    let dist = distances_to_c(b);
    for (s, name) in b.names.iter().enumerate() {
        let want = match name.as_str() {
            "C" => 0,
            n if n.starts_with('a') => 1,
            n if n.starts_with('b') => 2,
            n if n.starts_with('t') => 3,
            n if n.starts_with('d') => 4,
            n if n.starts_with('s') && n.ends_with('z') => 5,
            n if n.starts_with('s') => 6,
            n if n.starts_with('k') && n.ends_with('x') => 8,
            n if n.starts_with('k') => 7,
            n => panic!("unexpected space {n}"),
        };
        assert_eq!(dist[s], want, "distance from {name} to C");
    }
    // Every path from the outer band to C passes through a transit space.
    let mut cut = Board::from_json(&raw_json().to_string()).unwrap();
    let transit = cut.transit.clone();
    for (s, adj) in cut.adj.iter_mut().enumerate() {
        adj.retain(|&t| !transit[s] && !transit[t]);
    }
    let cut_dist = distances_to_c(&cut);
    assert!(["d0", "s0z", "kNEx"]
        .iter()
        .all(|n| cut_dist[sp(n)] == usize::MAX));
}

#[test]
fn twelve_groups_of_three_pairwise_adjacent() {
    let b = board();
    assert_eq!(b.groups.len(), 12);
    let members: BTreeSet<Space> = b.groups.iter().flatten().copied().collect();
    assert_eq!(members.len(), 36);
    assert!(members.iter().all(|&s| b.groups_of[s].len() == 1));
    for g in &b.groups {
        assert!(b.adjacent(g[0], g[1]) && b.adjacent(g[1], g[2]) && b.adjacent(g[0], g[2]));
    }
    let kne: Vec<&str> = b.starts[0].iter().map(|&s| b.name(s)).collect();
    assert_eq!(kne, ["kNEx", "kNEy", "kNEz"]);
}

#[test]
fn a_bad_board_file_is_refused() {
    let mut raw = raw_json();
    raw["adjacency"]["a0"] = json!(["C", "a7"]); // b0 still lists a0
    assert!(Board::from_json(&raw.to_string())
        .unwrap_err()
        .contains("symmetric"));
    let mut raw = raw_json();
    raw["groups"]["S0"] = json!(["s0x", "s0y"]);
    assert!(Board::from_json(&raw.to_string())
        .unwrap_err()
        .contains("3 compartments"));
}

// ---------------------------------------------------------------- setup (§4)

#[test]
fn setup_places_three_pieces_and_seven_in_reserve() {
    let (g, _) = new_game(4, true);
    for (c, corner) in ["kNE", "kSE", "kSW", "kNW"].iter().enumerate() {
        for part in ["x", "y", "z"] {
            assert_eq!(at(&g, &format!("{corner}{part}")), Some(c as u8));
        }
        assert_eq!(
            g.colours[c],
            Colour {
                board_seat: c,
                seat: c,
                reserve: 7,
                exited: 0,
                on_board: 3
            }
        );
    }
    assert_eq!(g.occupant.iter().flatten().count(), 12);

    let (g, _) = new_game(3, true);
    assert_eq!(g.colours.len(), 3);
    assert_eq!(g.occupant.iter().flatten().count(), 9);
    assert!(
        ["kNWx", "kNWy", "kNWz"].iter().all(|n| at(&g, n).is_none()),
        "seat 4's corner is empty"
    );

    let (g, _) = new_game(2, true);
    let seats: Vec<Seat> = g.colours.iter().map(|c| c.seat).collect();
    assert_eq!(
        seats,
        [0, 1, 0, 1],
        "seat 0 plays board seats 1 and 3, seat 1 plays 2 and 4"
    );

    for players in [0, 1, 5] {
        let mut rng = GameRng::from_seed([0; 32]);
        assert!(GroupsOfThree::new_on(board(), Rules::default(), players, &mut rng).is_err());
    }
    assert!(entry(ID)
        .validate(4, &json!({"must_use_all_moves": 1}))
        .is_err());
    assert!(entry(ID)
        .validate(4, &json!({"transit_mode": "x"}))
        .is_err());
}

#[test]
fn the_roll_off_rerolls_only_tied_leaders() {
    let mut rerolls = 0;
    for players in 2..=4 {
        for seed in 0..100u8 {
            let mut rng = GameRng::from_seed([seed; 32]);
            let g = GroupsOfThree::new_on(board(), Rules::default(), players, &mut rng).unwrap();
            let rounds = &g.opening_rolls;
            let seats: Vec<Seat> = rounds[0].iter().map(|r| r.0).collect();
            assert_eq!(seats, (0..players).collect::<Vec<_>>());
            for w in rounds.windows(2) {
                let best = w[0].iter().map(|(_, d)| d[0] + d[1]).max().unwrap();
                let leaders: Vec<Seat> = w[0]
                    .iter()
                    .filter(|(_, d)| d[0] + d[1] == best)
                    .map(|r| r.0)
                    .collect();
                assert!(leaders.len() > 1);
                assert_eq!(w[1].iter().map(|r| r.0).collect::<Vec<_>>(), leaders);
            }
            let last = rounds.last().unwrap();
            let best = last.iter().map(|(_, d)| d[0] + d[1]).max().unwrap();
            let winners: Vec<Seat> = last
                .iter()
                .filter(|(_, d)| d[0] + d[1] == best)
                .map(|r| r.0)
                .collect();
            assert_eq!(winners.len(), 1);
            assert_eq!(g.to_move(), winners[0]);
            // The winner's lowest-numbered colour starts (with 2 players: colour = seat).
            assert_eq!(g.active, winners[0]);
            assert!(rounds
                .iter()
                .flatten()
                .all(|(_, d)| (1..=6).contains(&d[0]) && (1..=6).contains(&d[1])));
            assert!((1..=6).contains(&g.dice[0]) && (1..=6).contains(&g.dice[1]));
            assert_eq!(g.moves_left, g.dice[0] + g.dice[1]);
            rerolls += usize::from(rounds.len() > 1);
            let view = g.view(Viewer::Spectator);
            assert_eq!(
                view["opening_rolls"].as_array().unwrap().len(),
                rounds.len()
            );
            assert_eq!(view["dice"], json!(g.dice));
        }
    }
    assert!(rerolls > 10, "ties happen and are rolled again ({rerolls})");
}

// ---------------------------------------------------------------- adds (§5 step 3.4)

#[test]
fn moving_inside_a_group_adds_into_the_vacated_compartment() {
    // §3.5: kNEy -> s0x, then kNEz -> kNEy; kNEx occupied and kNEz empty: add on kNEz. 2 moves.
    let (mut g, mut rng) = new_game(4, true);
    turn(&mut g, 0, 5);
    play(&mut g, &mut rng, step("kNEy", "s0x")).unwrap();
    assert!(g.pending_adds.is_empty(), "s0x's group is empty around it");
    play(&mut g, &mut rng, step("kNEz", "kNEy")).unwrap();
    assert_eq!(pending(&g), set(&["kNEz"]));
    assert_eq!(g.moves_left, 3);
    assert!(g.legal_moves(0).contains(&add("kNEz")));
    let events = play(&mut g, &mut rng, add("kNEz")).unwrap();
    assert_eq!(
        events[0].data,
        json!({"kind": "added", "seat": 0, "colour": 0, "at": "kNEz", "reserve": 6})
    );
    assert_eq!(g.moves_left, 3, "an add costs no move");
    assert_eq!(
        g.colours[0],
        Colour {
            board_seat: 0,
            seat: 0,
            reserve: 6,
            exited: 0,
            on_board: 4
        }
    );
    assert_eq!(at(&g, "kNEz"), Some(0));
    assert!(g.pending_adds.is_empty());
    // The placed piece may move in the same turn.
    assert!(g.legal_moves(0).contains(&step("kNEz", "s1x")));
    play(&mut g, &mut rng, step("kNEz", "s1x")).unwrap();
}

#[test]
fn leaving_a_group_and_coming_back_adds_a_piece() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["kNEx", "kNEy"]);
    put(&mut g, 1, &["d5"]);
    turn(&mut g, 0, 4);
    play(&mut g, &mut rng, step("kNEy", "s0x")).unwrap();
    assert!(g.pending_adds.is_empty());
    play(&mut g, &mut rng, step("s0x", "kNEy")).unwrap();
    assert_eq!(
        pending(&g),
        set(&["kNEz"]),
        "the rule book's tip: out and back in, 2 moves"
    );
}

#[test]
fn add_needs_exactly_one_other_compartment_occupied_by_anyone() {
    let cases: &[(&[&str], &[&str], Option<&str>)] = &[
        // (colour 0 pieces besides d0, colour 1 pieces, expected offer) for the step d0 -> s0z
        (&["s0x"], &[], Some("s0y")), // one other occupied (own colour)
        (&[], &["s0y"], Some("s0x")), // one other occupied by another colour
        (&["s0x"], &["s0y"], None),   // both others occupied
        (&[], &[], None),             // neither occupied
    ];
    for (own, theirs, want) in cases {
        let (mut g, mut rng) = new_game(4, true);
        clear(&mut g);
        put(&mut g, 0, &["d0"]);
        put(&mut g, 0, own);
        put(&mut g, 1, theirs);
        put(&mut g, 1, &["d5"]);
        turn(&mut g, 0, 6);
        play(&mut g, &mut rng, step("d0", "s0z")).unwrap();
        let want: BTreeSet<String> = want.iter().map(|s| s.to_string()).collect();
        assert_eq!(pending(&g), want, "own {own:?} theirs {theirs:?}");
        assert_eq!(
            g.view(Viewer::Spectator)["pending_adds"],
            json!(want.iter().collect::<Vec<_>>())
        );
    }
}

#[test]
fn no_add_with_an_empty_reserve() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    g.colours[0].reserve = 0;
    put(&mut g, 0, &["d0", "s0x"]);
    put(&mut g, 1, &["d5"]);
    turn(&mut g, 0, 6);
    play(&mut g, &mut rng, step("d0", "s0z")).unwrap();
    assert!(g.pending_adds.is_empty());
    let msg = illegal(play(&mut g, &mut rng, add("s0y")));
    assert!(msg.contains("no piece may be added on s0y"), "{msg}");
}

#[test]
fn offers_expire_with_the_next_step() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["d0", "s0x", "d5"]);
    put(&mut g, 1, &["d3"]);
    turn(&mut g, 0, 6);
    play(&mut g, &mut rng, step("d0", "s0z")).unwrap();
    assert_eq!(pending(&g), set(&["s0y"]));
    play(&mut g, &mut rng, step("d5", "d4")).unwrap();
    assert!(g.pending_adds.is_empty());
    illegal(play(&mut g, &mut rng, add("s0y")));
    assert_eq!(g.colours[0].reserve, 7);
}

/// The data file's board plus one extra group sharing s0y with S0 (rules G7's other reading).
fn shared_compartment_board() -> &'static Board {
    let mut raw = raw_json();
    raw["groups"]["EXTRA"] = json!(["s0y", "s7y", "s7z"]);
    Box::leak(Box::new(Board::from_json(&raw.to_string()).unwrap()))
}

#[test]
fn every_group_of_the_arrival_space_is_checked_and_placements_never_trigger() {
    let b = shared_compartment_board();
    assert_eq!(b.names, board().names, "same spaces, so the same indices");
    let mut rng = GameRng::from_seed([3; 32]);
    let mut g = GroupsOfThree::new_on(b, Rules::default(), 4, &mut rng).unwrap();
    // An arrival on s0y: S0 has s0x occupied and s0z vacated; EXTRA has s7y occupied, s7z empty.
    clear(&mut g);
    put(&mut g, 0, &["s0z"]);
    put(&mut g, 1, &["s0x", "s7y", "d5"]);
    turn(&mut g, 0, 6);
    play(&mut g, &mut rng, step("s0z", "s0y")).unwrap();
    assert_eq!(pending(&g), set(&["s0z", "s7z"]), "two adds from one step");
    play(&mut g, &mut rng, add("s7z")).unwrap();
    assert_eq!(pending(&g), set(&["s0z"]), "the other offer stays");
    play(&mut g, &mut rng, add("s0z")).unwrap();
    assert_eq!(g.colours[0].reserve, 5);

    // A placed piece on s0y would find EXTRA one-occupied, one-empty: it triggers nothing.
    let mut g = GroupsOfThree::new_on(b, Rules::default(), 4, &mut rng).unwrap();
    clear(&mut g);
    put(&mut g, 0, &["d0"]);
    put(&mut g, 1, &["s0x", "s7y", "d5"]);
    turn(&mut g, 0, 6);
    play(&mut g, &mut rng, step("d0", "s0z")).unwrap();
    assert_eq!(pending(&g), set(&["s0y"]));
    play(&mut g, &mut rng, add("s0y")).unwrap();
    assert!(g.pending_adds.is_empty(), "placements never offer adds");
}

#[test]
fn with_no_moves_left_a_pending_add_may_be_taken_or_declined() {
    for take in [true, false] {
        let (mut g, mut rng) = new_game(4, true);
        turn(&mut g, 0, 2);
        play(&mut g, &mut rng, step("kNEy", "s0x")).unwrap();
        play(&mut g, &mut rng, step("kNEz", "kNEy")).unwrap();
        assert_eq!(g.moves_left, 0);
        assert_eq!(g.to_act(), vec![0], "still seat 0's decision");
        assert_eq!(g.legal_moves(0), vec![add("kNEz"), Move::End]);
        let events = if take {
            play(&mut g, &mut rng, add("kNEz")).unwrap()
        } else {
            play(&mut g, &mut rng, Move::End).unwrap()
        };
        let want: &[&str] = if take {
            &["added", "turn_end", "dice"]
        } else {
            &["turn_end", "dice"]
        };
        assert_eq!(kinds(&events), want);
        assert_eq!(g.colours[0].reserve, if take { 6 } else { 7 });
        assert_eq!((g.active, g.to_move()), (1, 1));
    }
}

// ---------------------------------------------------------------- exits (§5 step 3.2, G5)

#[test]
fn exits_keep_two_pieces_on_the_board_while_the_reserve_is_not_empty() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["a0", "a1", "d1"]);
    put(&mut g, 1, &["d5"]);
    turn(&mut g, 0, 6);
    assert!(g.legal_moves(0).contains(&step("a0", "C")));
    let events = play(&mut g, &mut rng, step("a0", "C")).unwrap();
    assert_eq!(
        events[0].data,
        json!({"kind": "exited", "seat": 0, "colour": 0, "from": "a0", "exited": 1})
    );
    assert_eq!(
        g.moves_left, 5,
        "entering C costs 1 move, the removal nothing"
    );
    assert_eq!(
        g.colours[0],
        Colour {
            board_seat: 0,
            seat: 0,
            reserve: 7,
            exited: 1,
            on_board: 2
        }
    );
    assert!(at(&g, "a0").is_none() && at(&g, "C").is_none());
    // Now only 2 on the board and 7 in reserve: a1 may not leave.
    assert!(!g.legal_moves(0).contains(&step("a1", "C")));
    let msg = illegal(play(&mut g, &mut rng, step("a1", "C")));
    assert!(msg.contains("at least two pieces"), "{msg}");
    // b0 touches C only at a point.
    put(&mut g, 0, &["b0"]);
    let msg = illegal(play(&mut g, &mut rng, step("b0", "C")));
    assert!(msg.contains("do not share a border"), "{msg}");

    // With an empty reserve the last pieces may leave.
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    g.colours[0].reserve = 0;
    g.colours[0].exited = 8;
    put(&mut g, 0, &["a0", "a1"]);
    put(&mut g, 1, &["d5"]);
    turn(&mut g, 0, 6);
    play(&mut g, &mut rng, step("a0", "C")).unwrap();
    assert!(g.legal_moves(0).contains(&step("a1", "C")));
}

// ---------------------------------------------------------------- transit (§5 step 3.3, G3, G4)

#[test]
fn crossing_a_transit_space_costs_two_and_never_stops_on_it() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["b0"]);
    put(&mut g, 1, &["d7", "d5"]);
    turn(&mut g, 0, 3);
    let legal = g.legal_moves(0);
    assert!(legal.contains(&cross("b0", "tE", "d0")));
    assert!(legal.contains(&cross("b0", "tE", "b7")));
    assert!(
        legal.contains(&cross("b0", "tE", "b0")),
        "G4: back where it came from"
    );
    assert!(!legal.contains(&cross("b0", "tE", "d7")), "d7 is occupied");
    assert!(!legal
        .iter()
        .any(|m| matches!(m, Move::Step { to, .. } if board().transit[*to])));
    let msg = illegal(play(&mut g, &mut rng, step("b0", "tE")));
    assert!(msg.contains("transit"), "{msg}");
    illegal(play(&mut g, &mut rng, cross("b0", "tE", "d7")));
    illegal(play(&mut g, &mut rng, cross("b0", "a0", "C")));
    illegal(play(&mut g, &mut rng, cross("b0", "tN", "d1")));
    let events = play(&mut g, &mut rng, cross("b0", "tE", "d0")).unwrap();
    assert_eq!(
        events[0].data,
        json!({"kind": "crossed", "seat": 0, "colour": 0, "from": "b0", "via": "tE", "to": "d0"})
    );
    assert_eq!(g.moves_left, 1);
    assert!(at(&g, "tE").is_none() && at(&g, "d0") == Some(0));
    // 1 move left: no crossing any more.
    assert!(!g
        .legal_moves(0)
        .iter()
        .any(|m| matches!(m, Move::Cross { .. })));
    let msg = illegal(play(&mut g, &mut rng, cross("d0", "tE", "b0")));
    assert!(msg.contains("2 moves"), "{msg}");
    play(&mut g, &mut rng, step("d0", "d1")).unwrap();
    assert_eq!(g.to_move(), 1, "all moves used: the turn passed by itself");
}

/// G3 alternative `transit_mode` end_of_turn: in and out by single steps, other steps between,
/// the piece blocking the space meanwhile, and never left there when the turn ends.
#[test]
fn end_of_turn_transit_is_entered_and_left_by_steps() {
    let (mut g, mut rng) = with_rules(4, end_of_turn_rules(true));
    clear(&mut g);
    put(&mut g, 0, &["b0", "d2"]);
    put(&mut g, 1, &["d7", "d5"]);
    turn(&mut g, 0, 3);
    let legal = g.legal_moves(0);
    assert!(legal.contains(&step("b0", "tE")));
    assert!(!legal.iter().any(|m| matches!(m, Move::Cross { .. })));
    let msg = illegal(play(&mut g, &mut rng, cross("b0", "tE", "d0")));
    assert!(msg.contains("by steps"), "{msg}");

    play(&mut g, &mut rng, step("b0", "tE")).unwrap();
    assert_eq!((at(&g, "tE"), g.moves_left), (Some(0), 2));
    assert_eq!(g.view(Viewer::Spectator)["board"]["tE"], 0);
    assert!(!g.legal_moves(0).contains(&Move::End));
    let msg = illegal(play(&mut g, &mut rng, Move::End));
    assert!(msg.contains("transit space"), "{msg}");
    // Another piece steps while tE is held; 1 move is left for the piece on tE.
    play(&mut g, &mut rng, step("d2", "d3")).unwrap();
    assert_eq!(g.moves_left, 1);
    // With the last move, only leaving tE is legal (d7 is occupied; b0, where it came from, is fine).
    let legal: BTreeSet<String> = g
        .legal_moves(0)
        .iter()
        .map(|m| m.to_json().to_string())
        .collect();
    let want: BTreeSet<String> = ["b0", "b7", "d0"]
        .iter()
        .map(|to| step("tE", to).to_json().to_string())
        .collect();
    assert_eq!(legal, want);
    let msg = illegal(play(&mut g, &mut rng, step("d3", "d2")));
    assert!(msg.contains("left on a transit space"), "{msg}");
    let events = play(&mut g, &mut rng, step("tE", "d0")).unwrap();
    assert_eq!(kinds(&events), ["moved", "turn_end", "dice"]);
    assert_eq!(events[1].data["reason"], "moves_used");
    assert!(at(&g, "tE").is_none() && at(&g, "d0") == Some(0));
    assert!(g.in_transit.is_empty());
}

/// G3 end_of_turn with G4's alternative: a step that would take the last free way off a transit
/// space is refused, and the way in does not count as a way out.
#[test]
fn end_of_turn_transit_keeps_a_way_out() {
    let (mut g, mut rng) = with_rules(4, end_of_turn_rules(false));
    clear(&mut g);
    put(&mut g, 0, &["b0", "d1"]);
    put(&mut g, 1, &["d7", "b7"]);
    turn(&mut g, 0, 4);
    play(&mut g, &mut rng, step("b0", "tE")).unwrap();
    // tE's neighbours: b0 (the way in), b7 and d7 (occupied), d0: the only way out.
    assert_eq!(steps_from(&g, "tE"), set(&["d0"]));
    assert!(
        !steps_from(&g, "d1").contains("d0"),
        "d1 -> d0 would shut tE"
    );
    let msg = illegal(play(&mut g, &mut rng, step("d1", "d0")));
    assert!(msg.contains("left on a transit space"), "{msg}");
    let msg = illegal(play(&mut g, &mut rng, step("tE", "b0")));
    assert!(msg.contains("not back where it came from"), "{msg}");
    play(&mut g, &mut rng, step("tE", "d0")).unwrap();
    assert!(g.legal_moves(0).contains(&Move::End));
}

/// G4 alternative in the default atomic mode: a crossing must leave by another space.
#[test]
fn a_crossing_may_be_kept_from_coming_back() {
    let rules = Rules {
        transit_may_return: false,
        ..Rules::default()
    };
    let (mut g, mut rng) = with_rules(4, rules);
    clear(&mut g);
    put(&mut g, 0, &["b0"]);
    put(&mut g, 1, &["d7", "d5"]);
    turn(&mut g, 0, 3);
    let legal = g.legal_moves(0);
    assert!(!legal.contains(&cross("b0", "tE", "b0")));
    assert!(legal.contains(&cross("b0", "tE", "d0")) && legal.contains(&cross("b0", "tE", "b7")));
    let msg = illegal(play(&mut g, &mut rng, cross("b0", "tE", "b0")));
    assert!(msg.contains("transit_may_return"), "{msg}");
    assert_eq!(
        (at(&g, "b0"), g.moves_left),
        (Some(0), 3),
        "nothing changed"
    );
}

#[test]
fn moves_that_only_a_crossing_could_use_are_lost() {
    // After a1 exits, b0 is boxed in by a0 and b1 and 1 move cannot cross tE: the turn ends.
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    g.colours[0].reserve = 0;
    put(&mut g, 0, &["a1", "b0"]);
    put(&mut g, 1, &["a0", "b1"]);
    turn(&mut g, 0, 2);
    let events = play(&mut g, &mut rng, step("a1", "C")).unwrap();
    assert_eq!(kinds(&events), ["exited", "turn_end", "dice"]);
    assert_eq!(events[1].data["reason"], "no_legal_step");
    assert_eq!(events[1].data["moves_lost"], 1);
    assert_eq!(g.to_move(), 1);
}

// ---------------------------------------------------------------- must use all moves (G2)

#[test]
fn all_moves_must_be_used_by_default() {
    let (mut g, mut rng) = new_game(4, true);
    let seat = g.to_move();
    assert!(!g.legal_moves(seat).contains(&Move::End));
    let msg = illegal(play(&mut g, &mut rng, Move::End));
    assert!(msg.contains("use all your moves"), "{msg}");
}

#[test]
fn stopping_early_when_the_option_allows_it() {
    let (mut g, mut rng) = new_game(4, false);
    let (seat, colour, moves) = (g.to_move(), g.active, g.moves_left);
    assert!(g.legal_moves(seat).contains(&Move::End));
    let events = play(&mut g, &mut rng, Move::End).unwrap();
    assert_eq!(
        events[0].data,
        json!({"kind": "turn_end", "seat": seat, "colour": colour, "reason": "ended", "moves_lost": moves})
    );
    let next = (colour + 1) % 4;
    assert_eq!(
        events[1].data,
        json!({"kind": "dice", "seat": next, "colour": next, "values": g.dice})
    );
    assert_eq!(g.moves_left, g.dice[0] + g.dice[1]);
}

#[test]
fn a_blocked_colour_loses_its_turn_automatically() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["d1"]);
    put(&mut g, 1, &["kSEx"]);
    put(&mut g, 2, &["kSEy", "kSEz"]);
    put(&mut g, 3, &["d3"]);
    turn(&mut g, 0, 1);
    let events = play(&mut g, &mut rng, step("d1", "d0")).unwrap();
    assert_eq!(
        kinds(&events),
        ["moved", "turn_end", "dice", "turn_end", "dice"]
    );
    assert_eq!(events[3].data["seat"], 1);
    assert_eq!(events[3].data["reason"], "no_legal_step");
    assert_eq!(events[4].data["seat"], 2);
    assert_eq!(g.to_act(), vec![2]);
}

#[test]
fn a_position_where_nobody_can_ever_move_ends_drawn() {
    let raw = json!({
        "adjacency": {"C": ["a0"], "a0": ["C"], "p1": [], "p2": [], "p3": [], "p4": []},
        "groups": {}, "center": "C", "small_triangles_around_center": ["a0"], "transit": [],
        "seats": {"1": {"start": ["p1"]}, "2": {"start": ["p2"]}, "3": {"start": ["p3"]}, "4": {"start": ["p4"]}},
        "pieces_per_colour": 10, "start_on_board": 1, "start_reserve": 9
    });
    let b = Box::leak(Box::new(Board::from_json(&raw.to_string()).unwrap()));
    for players in 2..=4 {
        let mut rng = GameRng::from_seed([1; 32]);
        let g = GroupsOfThree::new_on(b, Rules::default(), players, &mut rng).unwrap();
        let outcome = g.outcome().expect("no loop: the match ends");
        assert_eq!(outcome.winners, Vec::<Seat>::new());
        assert_eq!(outcome.reason, "blocked");
        assert!(g.to_act().is_empty());
    }
}

// ---------------------------------------------------------------- colours and the win (§5.1, §5.5, G8)

/// Ends turns with `end` (stopping early allowed) and lists (seat, colour) of each new turn.
fn rotation(g: &mut GroupsOfThree, rng: &mut GameRng, turns: usize) -> Vec<(u64, u64)> {
    let mut seen = Vec::new();
    for _ in 0..turns {
        for e in play(g, rng, Move::End).unwrap() {
            if e.data["kind"] == "dice" {
                seen.push((
                    e.data["seat"].as_u64().unwrap(),
                    e.data["colour"].as_u64().unwrap(),
                ));
            }
        }
    }
    seen
}

#[test]
fn two_players_alternate_seats_and_colours() {
    let (mut g, mut rng) = new_game(2, false);
    let first = g.active;
    let got = rotation(&mut g, &mut rng, 6);
    let want: Vec<(u64, u64)> = (1..=6)
        .map(|i| ((first + i) as u64 % 2, (first + i) as u64 % 4))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn two_players_alternate_with_a_finished_colour() {
    let (mut g, mut rng) = new_game(2, false);
    clear(&mut g);
    put(&mut g, 0, &["a1"]);
    g.colours[0].reserve = 0;
    g.colours[0].exited = 9;
    put(&mut g, 2, &["a0"]);
    g.colours[2].reserve = 0;
    g.colours[2].exited = 9;
    put(&mut g, 1, &["d5"]);
    put(&mut g, 3, &["d3"]);
    turn(&mut g, 2, 5);
    g.last_used = [Some(2), Some(1)];
    // Colour 2 finishes; seat 0 still has colour 0, so no win, and the turn passes by itself.
    let events = play(&mut g, &mut rng, step("a0", "C")).unwrap();
    assert_eq!(kinds(&events), ["exited", "turn_end", "dice"]);
    assert!(g.outcome().is_none());
    assert_eq!((g.to_move(), g.active), (1, 3));
    let got = rotation(&mut g, &mut rng, 5);
    assert_eq!(
        got,
        [(0, 0), (1, 1), (0, 0), (1, 3), (0, 0)],
        "seat 0 keeps colour 0, seats alternate"
    );
    // Colour 0's last piece out: both colours finished, seat 0 wins with 20 pieces out.
    let events = play(&mut g, &mut rng, step("a1", "C")).unwrap();
    assert_eq!(kinds(&events), ["exited", "won"]);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, [0]);
    assert_eq!(outcome.reason, "all_pieces_out");
    assert_eq!(outcome.scores, Some(vec![20, 0]));
}

/// G8 alternative: with adjacent colours (red and blue against green and yellow) the players still
/// alternate, each alternating his own two colours.
#[test]
fn two_players_with_adjacent_colours_alternate_players_and_colours() {
    let options = |split: &str| json!({"two_player_colours": split, "must_use_all_moves": false});
    for seed in 0..6u8 {
        let e = entry(ID);
        let validated = e.validate(2, &options("adjacent")).unwrap();
        let mut rng = GameRng::from_seed([seed; 32]);
        let mut g = GroupsOfThree::setup(&validated, 2, &mut rng).unwrap();
        let seats: Vec<Seat> = g.colours.iter().map(|c| c.seat).collect();
        assert_eq!(seats, [0, 0, 1, 1]);
        let first = (g.to_move() as u64, g.active as u64);
        assert_eq!(
            first.1,
            first.0 * 2,
            "the winner of the roll starts with its first colour"
        );
        let mut got = vec![first];
        got.extend(rotation(&mut g, &mut rng, 8));
        for pair in got.windows(2) {
            assert_ne!(pair[0].0, pair[1].0, "players alternate: {got:?}");
        }
        for seat in 0..2u64 {
            let colours: Vec<u64> = got.iter().filter(|t| t.0 == seat).map(|t| t.1).collect();
            assert!(colours.iter().all(|&c| c / 2 == seat), "{got:?}");
            assert!(
                colours.windows(2).all(|w| w[0] != w[1]),
                "each alternates: {got:?}"
            );
        }
    }
    let err = entry(ID).validate(4, &options("adjacent")).unwrap_err();
    assert!(
        err.to_string().contains("applies only to 2 players"),
        "{err}"
    );
    assert!(entry(ID).validate(4, &options("opposite")).is_ok());
}

/// G9 alternative: with 3 players the host may leave out another colour than yellow.
#[test]
fn three_players_may_leave_out_any_colour() {
    let e = entry(ID);
    let options = e
        .validate(3, &json!({"three_player_omitted": "red"}))
        .unwrap();
    let m = e.start(&options, 3, [3; 32]).unwrap();
    let view = m.view(Viewer::Spectator);
    let colours: Vec<(Value, Value)> = view["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["seat"].clone(), c["name"].clone()))
        .collect();
    assert_eq!(
        colours,
        [
            (json!(0), json!("blue")),
            (json!(1), json!("green")),
            (json!(2), json!("yellow"))
        ]
    );
    let on = |space: &str| view["board"].get(space).cloned();
    assert_eq!(on("kNEx"), None, "red's corner starts empty");
    assert_eq!(
        on("kSEx"),
        Some(json!(0)),
        "seat 0 plays blue from the SE corner"
    );
    assert_eq!(on("kNWz"), Some(json!(2)));
    // By default yellow (NW) is left out.
    let default = e
        .start(&e.validate(3, &Value::Null).unwrap(), 3, [3; 32])
        .unwrap();
    let view = default.view(Viewer::Spectator);
    assert_eq!(view["colours"][0]["name"], "red");
    assert!(view["board"].get("kNWx").is_none());
    for players in [2, 4] {
        let err = e
            .validate(players, &json!({"three_player_omitted": "red"}))
            .unwrap_err();
        assert!(
            err.to_string().contains("applies only to 3 players"),
            "{err}"
        );
        assert!(e
            .validate(players, &json!({"three_player_omitted": "yellow"}))
            .is_ok());
    }
}

/// G13 safeguard: `stall_rounds` rounds (a turn of every colour in play) without an exit or an
/// add end the match drawn; an add starts the count again; null turns it off.
#[test]
fn rounds_without_an_exit_or_an_add_end_the_match_drawn() {
    let rules = |stall_rounds| Rules {
        stall_rounds,
        must_use_all_moves: false,
        ..Rules::default()
    };
    let (mut g, mut rng) = with_rules(4, rules(Some(20)));
    // 79 quiet turns: not yet 20 rounds of 4 colours.
    rotation(&mut g, &mut rng, 79);
    assert!(g.outcome().is_none());
    assert_eq!(g.view(Viewer::Spectator)["quiet_turns"], 79);
    let events = play(&mut g, &mut rng, Move::End).unwrap();
    assert_eq!(kinds(&events), ["turn_end", "game_end"]);
    assert_eq!(
        events[1].data,
        json!({"kind": "game_end", "reason": "stall"})
    );
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, Vec::<Seat>::new());
    assert_eq!(outcome.reason, "stall");
    assert_eq!(outcome.scores, Some(vec![0, 0, 0, 0]));
    assert!(g.to_act().is_empty());

    // An add resets the count: the rule-book tip, kNEy -> s0x then kNEz -> kNEy, adds on kNEz.
    let (mut g, mut rng) = with_rules(4, rules(Some(1)));
    rotation(&mut g, &mut rng, 3);
    assert_eq!(g.quiet_turns, 3);
    turn(&mut g, 0, 5);
    play(&mut g, &mut rng, step("kNEy", "s0x")).unwrap();
    play(&mut g, &mut rng, step("kNEz", "kNEy")).unwrap();
    play(&mut g, &mut rng, add("kNEz")).unwrap();
    play(&mut g, &mut rng, Move::End).unwrap();
    assert!(g.outcome().is_none());
    assert_eq!(g.quiet_turns, 0);
    rotation(&mut g, &mut rng, 3);
    let events = play(&mut g, &mut rng, Move::End).unwrap();
    assert_eq!(kinds(&events), ["turn_end", "game_end"]);

    // null: never.
    let options = entry(ID)
        .validate(4, &json!({"stall_rounds": null}))
        .unwrap();
    assert_eq!(Rules::from_options(&options, 4).unwrap().stall_rounds, None);
    let (mut g, mut rng) = with_rules(4, rules(None));
    rotation(&mut g, &mut rng, 200);
    assert!(g.outcome().is_none());
    assert_eq!(g.quiet_turns, 200);
    // And the default is on, at 20 rounds.
    let defaults = entry(ID).validate(2, &Value::Null).unwrap();
    assert_eq!(Rules::from_options(&defaults, 2).unwrap(), Rules::default());
    assert_eq!(Rules::default().stall_rounds, Some(20));
}

#[test]
fn the_first_player_out_wins_at_once() {
    let (mut g, mut rng) = new_game(4, true);
    clear(&mut g);
    put(&mut g, 0, &["a0"]);
    g.colours[0].reserve = 0;
    g.colours[0].exited = 9;
    g.colours[2].exited = 4;
    put(&mut g, 1, &["d5"]);
    turn(&mut g, 0, 7);
    let events = play(&mut g, &mut rng, step("a0", "C")).unwrap();
    assert_eq!(
        events[1].data,
        json!({"kind": "won", "seat": 0, "reason": "all_pieces_out"})
    );
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.winners, [0]);
    assert_eq!(outcome.scores, Some(vec![10, 0, 4, 0]));
    assert!(g.to_act().is_empty());
    assert!((0..4).all(|s| g.legal_moves(s).is_empty()));
    assert_eq!(g.view(Viewer::Spectator)["to_move"], Value::Null);
    illegal(g.play(0, &Move::End, &mut rng));
}

// ---------------------------------------------------------------- moves as JSON

#[test]
fn move_json_round_trips_and_malformed_moves_say_why() {
    let (g, _) = new_game(4, false);
    for mv in g.legal_moves(g.to_move()) {
        let json = serde_json::to_value(mv).unwrap();
        assert_eq!(GroupsOfThree::parse_move(&json).unwrap(), mv);
    }
    assert_eq!(
        serde_json::to_value(cross("b0", "tE", "d0")).unwrap(),
        json!({"action": "cross", "from": "b0", "via": "tE", "to": "d0"})
    );
    assert_eq!(
        GroupsOfThree::parse_move(&json!({"action": "add", "at": "kNEz"})).unwrap(),
        add("kNEz")
    );
    let cases = [
        (json!("end"), "JSON object"),
        (json!({"from": "a0"}), "\"action\" must be"),
        (json!({"action": "jump"}), "unknown action \"jump\""),
        (
            json!({"action": "step", "from": "s0x"}),
            "\"to\" must be a space id",
        ),
        (
            json!({"action": "step", "from": "s0x", "to": "zz"}),
            "no space \"zz\"",
        ),
        (
            json!({"action": "add", "at": 3}),
            "\"at\" must be a space id",
        ),
        (
            json!({"action": "end", "at": "a0"}),
            "unexpected field \"at\"",
        ),
        (
            json!({"action": "cross", "from": "b0", "to": "d0"}),
            "\"via\" must be",
        ),
    ];
    for (json, want) in cases {
        match GroupsOfThree::parse_move(&json) {
            Err(MoveError::Malformed(m)) => assert!(m.contains(want), "{json}: {m}"),
            other => panic!("{json}: {other:?}"),
        }
    }
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let (mut g, mut rng) = new_game(4, true);
    turn(&mut g, 0, 4);
    let before = g.view(Viewer::Omniscient);
    let msg = illegal(play(&mut g, &mut rng, step("kSEx", "s6x")));
    assert!(msg.contains("no piece of yours"), "{msg}");
    illegal(play(&mut g, &mut rng, step("kNEx", "kNEy")));
    illegal(play(&mut g, &mut rng, step("kNEy", "s1x")));
    illegal(play(&mut g, &mut rng, add("kNEz")));
    assert_eq!(
        g.play(1, &step("kSEy", "s6x"), &mut rng),
        Err(MoveError::NotYourTurn)
    );
    assert_eq!(g.view(Viewer::Omniscient), before);
}

// ---------------------------------------------------------------- view

#[test]
fn the_view_shows_everything_to_everyone() {
    let (g, _) = new_game(4, true);
    let view = g.view(Viewer::Spectator);
    assert_eq!(view["board"]["kNEx"], 0);
    assert_eq!(view["board"]["kNWz"], 3);
    assert_eq!(
        view["board"].as_object().unwrap().len(),
        12,
        "only occupied spaces"
    );
    assert_eq!(
        view["colours"][2],
        json!({"seat": 2, "name": "green", "reserve": 7, "exited": 0})
    );
    assert_eq!(view["quiet_turns"], 0);
    assert_eq!(view["active_colour"], g.active);
    assert_eq!(view["to_move"], g.to_move());
    assert_eq!(view["moves_left"], g.dice[0] + g.dice[1]);
    assert_eq!(view["pending_adds"], json!([]));
    assert!(view.get("private").is_none());
    for viewer in [Viewer::Seat(0), Viewer::Seat(3), Viewer::Omniscient] {
        assert_eq!(g.view(viewer), view);
    }
}

// ---------------------------------------------------------------- playouts, replay, leaks

fn bad_moves() -> Vec<Value> {
    vec![
        json!({"action": "end"}),
        json!({"action": "step", "from": "b0", "to": "C"}),
        json!({"action": "step", "from": "b0", "to": "tE"}),
        json!({"action": "cross", "from": "b0", "via": "tE", "to": "tN"}),
        json!({"action": "add", "at": "kNEz"}),
        json!({"action": "step", "from": "kNEy", "to": "s0x"}),
    ]
}

#[test]
fn random_playouts_keep_the_contract_and_finish() {
    for players in 2..=4 {
        let seen = check_contract(ID, players, json!({}), 4, 20_000, &bad_moves());
        assert!(seen.finished >= 3, "{players} players: {seen:?}");
    }
}

#[test]
fn random_playouts_when_stopping_early_is_allowed() {
    for players in [2, 3, 4] {
        let seen = check_contract(
            ID,
            players,
            json!({"must_use_all_moves": false}),
            2,
            20_000,
            &bad_moves(),
        );
        assert!(seen.finished >= 1, "{players} players: {seen:?}");
    }
}

#[test]
fn random_playouts_with_the_alternative_rules() {
    for (players, options) in [
        (
            2,
            json!({"transit_mode": "end_of_turn", "two_player_colours": "adjacent"}),
        ),
        (
            3,
            json!({"transit_mode": "end_of_turn", "transit_may_return": false,
                   "three_player_omitted": "green"}),
        ),
        (
            4,
            json!({"transit_mode": "end_of_turn", "must_use_all_moves": false}),
        ),
        (
            4,
            json!({"transit_may_return": false, "stall_rounds": null}),
        ),
    ] {
        let seen = check_contract(ID, players, options.clone(), 2, 20_000, &bad_moves());
        assert!(seen.finished >= 1, "{players} players {options}: {seen:?}");
    }
}

/// G3 end_of_turn in random play: pieces do stop on transit spaces within a turn, and none is
/// ever left on one when a turn ends.
#[test]
fn random_play_with_end_of_turn_transit_never_ends_a_turn_on_one() {
    let e = entry(ID);
    let mut stops = 0;
    for (players, seed) in [(2, 1u8), (3, 2), (4, 3)] {
        let options = json!({"transit_mode": "end_of_turn", "transit_may_return": seed != 2});
        let options = e.validate(players, &options).unwrap();
        let mut m = e.start(&options, players, [seed; 32]).unwrap();
        let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed as u64);
        for _ in 0..3000 {
            if m.outcome().is_some() {
                break;
            }
            let seat = m.to_act()[0];
            let legal = m.legal_moves(seat);
            let mv = legal[pick.random_range(0..legal.len())].clone();
            let played = m.play(seat, &mv).unwrap();
            let on_transit = m.view(Viewer::Spectator)["board"]
                .as_object()
                .unwrap()
                .keys()
                .any(|k| board().transit[sp(k)]);
            let turn_ended = played.events.iter().any(|e| e.data["kind"] == "turn_end");
            assert!(
                !(turn_ended && on_transit),
                "a turn ended with a piece on a transit space"
            );
            stops += usize::from(on_transit);
        }
    }
    assert!(stops > 10, "pieces stopped on transit spaces {stops} times");
}

/// Plays a random match through the registry, returning its moves and the events of every ply.
fn random_match(players: usize, seed: u8, plies: usize) -> (Vec<(Seat, Value)>, Vec<Vec<Value>>) {
    let e = entry(ID);
    let options = e.validate(players, &json!({})).unwrap();
    let mut m = e.start(&options, players, [seed; 32]).unwrap();
    let mut pick = rand_chacha::ChaCha8Rng::seed_from_u64(seed as u64);
    let (mut record, mut events) = (Vec::new(), Vec::new());
    while m.outcome().is_none() && record.len() < plies {
        let seat = m.to_act()[0];
        let legal = m.legal_moves(seat);
        let mv = legal[pick.random_range(0..legal.len())].clone();
        let played = m.play(seat, &mv).unwrap();
        events.push(played.events.iter().map(|e| e.data.clone()).collect());
        record.push((seat, played.canonical));
        // Views: the same for all, never a piece on a transit space, dice in range.
        let view = m.view(Viewer::Spectator);
        for s in 0..players {
            assert_eq!(m.view(Viewer::Seat(s)), view);
        }
        assert!(view["board"]
            .as_object()
            .unwrap()
            .keys()
            .all(|k| !board().transit[sp(k)]));
        let left = view["moves_left"].as_u64().unwrap();
        assert!(left <= 12);
    }
    (record, events)
}

#[test]
fn replay_rolls_every_die_the_same() {
    for players in 2..=4 {
        let (record, events) = random_match(players, 40 + players as u8, 3000);
        let e = entry(ID);
        let options = e.validate(players, &json!({})).unwrap();
        let seed = [40 + players as u8; 32];
        let mut m = e.start(&options, players, seed).unwrap();
        let mut dice = 0;
        for ((seat, mv), want) in record.iter().zip(&events) {
            let got: Vec<Value> = m
                .play(*seat, mv)
                .unwrap()
                .events
                .iter()
                .map(|e| e.data.clone())
                .collect();
            assert_eq!(&got, want, "replayed events differ");
            for d in got.iter().filter(|e| e["kind"] == "dice") {
                let v: Vec<u64> = serde_json::from_value(d["values"].clone()).unwrap();
                assert!(v.len() == 2 && v.iter().all(|x| (1..=6).contains(x)));
                dice += 1;
            }
        }
        assert!(dice > 50, "{players} players: {dice} rolls");
        let rebuilt = registry::replay(
            e,
            &options,
            players,
            seed,
            record.iter().map(|(s, v)| (*s, v)),
        )
        .unwrap();
        assert_eq!(rebuilt.view(Viewer::Omniscient), m.view(Viewer::Omniscient));
        // Another seed rolls other dice.
        let other = e.start(&options, players, [1; 32]).unwrap();
        let first = e.start(&options, players, seed).unwrap();
        assert_ne!(
            (
                other.view(Viewer::Omniscient)["opening_rolls"].clone(),
                other.view(Viewer::Omniscient)["dice"].clone()
            ),
            (
                first.view(Viewer::Omniscient)["opening_rolls"].clone(),
                first.view(Viewer::Omniscient)["dice"].clone()
            )
        );
    }
}
