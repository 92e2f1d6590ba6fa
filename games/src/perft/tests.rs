//! Perft counts for every game, through the registry as `plateau perft` counts them (the module
//! doc says what is counted). Where a rules file gives a count, it is the expected number. Where it
//! does not (Triominos and Trangouar, whose counts hang on the deal, the dice or the setups drawn
//! from the seed), the count is checked against an enumeration written here from the rules file's
//! own words, on the omniscient view, independent of the engine's move generator.

use rand::SeedableRng;
use serde_json::{json, Value};

use super::{perft, seed_of, whole_lists};
use crate::engine::{Game, GameRng, Viewer};
use crate::registry;
use crate::trangouar::Trangouar;

/// `perft(1)` to `perft(depth)` of `game` from the start of seed `seed`.
fn counts(game: &str, players: usize, options: Value, seed: u64, depth: u32) -> Vec<u64> {
    let entry = registry::find(game).expect("a registered game");
    let options = entry.validate(players, &options).expect("valid options");
    let m = entry
        .start(&options, players, seed_of(seed))
        .expect("a start");
    (1..=depth).map(|d| m.perft(d)).collect()
}

#[test]
fn the_seed_of_a_number_is_its_bytes_then_zeros() {
    let seed = seed_of(0x0102);
    assert_eq!(seed[..3], [2, 1, 0]);
    assert!(seed[3..].iter().all(|&b| b == 0));
}

/// abalone.md §6.1: perft 1 and 2 from each 2-player start, perft 1 with 3 and 4 players; and at
/// depth 3 the same count as Abalone's own generator (whose daisy counts §6.1 gives too).
#[test]
fn abalone_counts_are_the_rules_files() {
    for seed in [0, 1] {
        assert_eq!(counts("abalone", 2, json!({}), seed, 2), [44, 1_936]);
        let belgian = json!({"layout": "belgian-daisy"});
        assert_eq!(counts("abalone", 2, belgian, seed, 2), [52, 2_692]);
        let german = json!({"layout": "german-daisy"});
        assert_eq!(counts("abalone", 2, german, seed, 2), [80, 6_244]);
        assert_eq!(counts("abalone", 3, json!({}), seed, 1), [40]);
        assert_eq!(counts("abalone", 4, json!({}), seed, 1), [43]);
    }
    let belgian = json!({"layout": "belgian-daisy"});
    assert_eq!(counts("abalone", 2, belgian, 0, 3)[2], 149_322);
    assert_eq!(
        counts("abalone", 2, json!({}), 0, 3)[2],
        crate::abalone::perft(2, "standard", 3).unwrap()
    );
}

/// pinuid.md §3.1: each side has 10 legal opening moves, and no opening move creates a line; the
/// two camps stand four rows apart, so after any of the first side's 10 steps the other still has
/// its 10: 100 at depth 2, whoever the seed draws to start. §3.2: 9 each with 3 players, 7 with 4.
#[test]
fn pinuid_counts_are_the_rules_files() {
    let quatro = json!({"variant": "quatro"});
    for seed in 0..4 {
        assert_eq!(
            counts("pinuid", 2, json!({}), seed, 2),
            [10, 100],
            "seed {seed}"
        );
        assert_eq!(counts("pinuid", 3, quatro.clone(), seed, 1), [9]);
        assert_eq!(counts("pinuid", 4, quatro.clone(), seed, 1), [7]);
    }
}

/// groups-of-three.md §3.5 and §5.1, with the adjacency list of its board data: the colour to play
/// holds its home corner group (x, y, z), whose only empty neighbours are two side compartments
/// (for kNE: kNEy to s0x, kNEz to s1x): 2 first steps. The dice give at least 2 moves, and a turn
/// must use them, so the same colour steps again: after kNEy to s0x, kNEx or kNEz into kNEy, kNEz
/// to s1x, or s0x to s0y, s0z or back to kNEy: 6 (no transit space nor C within reach, and neither
/// arrival offers an add); as many after kNEz to s1x, by symmetry: 12. The board's symmetry makes
/// it the same for every corner, so for every seed and player count.
#[test]
fn groups_of_three_counts_are_the_rules_files() {
    for players in 2..=4 {
        for seed in 0..4 {
            assert_eq!(
                counts("groups-of-three", players, json!({}), seed, 2),
                [2, 12],
                "{players}p seed {seed}"
            );
        }
    }
}

/// A tile as the view lists it.
fn tile(v: &Value) -> [u64; 3] {
    let t: Vec<u64> = v
        .as_array()
        .expect("a tile")
        .iter()
        .map(|n| n.as_u64().expect("a number"))
        .collect();
    [t[0], t[1], t[2]]
}

/// triominos.md §4: the holder of the highest triple opens with it, or (option on by default)
/// with 0-0-0 if it holds that too: 1 or 2 opening moves, each the triple on the one first cell
/// (a triple has one distinct rotation, §2.1). §2.1 and §2.2: the next seat may then draw (§5),
/// or place a tile on one of the 3 cells sharing an edge with the opening triple n-n-n; an edge
/// holds two corners n, so a tile fits there iff two of its corners are n, in the one rotation
/// that puts them on it; no other tile touches those cells. So perft(2) sums, over the opening
/// triples n, 1 + 3 × (tiles of the next rack with exactly two corners n).
#[test]
fn triominos_counts_follow_the_rules_file_from_the_deal() {
    let mut checked = 0;
    for players in 2..=4 {
        for seed in 0..6 {
            let entry = registry::find("triominos").unwrap();
            let options = entry.validate(players, &json!({})).unwrap();
            let m = entry.start(&options, players, seed_of(seed)).unwrap();
            let view = m.view(Viewer::Omniscient);
            let racks: Vec<Vec<[u64; 3]>> = view["private"]["racks"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_array().unwrap().iter().map(tile).collect())
                .collect();
            let Some(highest) = (0..=5u64)
                .rev()
                .find(|&n| racks.iter().flatten().any(|t| *t == [n; 3]))
            else {
                continue; // No triple dealt: §4 opens with the highest total instead.
            };
            let opener = racks
                .iter()
                .position(|r| r.contains(&[highest; 3]))
                .unwrap();
            let mut openings = vec![highest];
            if highest != 0 && racks[opener].contains(&[0; 3]) {
                openings.push(0);
            }
            let next = &racks[(opener + 1) % players];
            let fits = |n: u64| {
                next.iter()
                    .filter(|t| t.iter().filter(|&&c| c == n).count() == 2)
                    .count()
            };
            let depth_2: u64 = openings.iter().map(|&n| 1 + 3 * fits(n) as u64).sum();
            let case = format!("{players}p seed {seed}");
            assert_eq!(m.to_act(), vec![opener], "{case}");
            assert_eq!(
                counts("triominos", players, json!({}), seed, 2),
                [openings.len() as u64, depth_2],
                "{case}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 12, "most deals hold a triple: {checked} checked");
}

/// A point of the view (`a1` to `i9`) as (x, y).
fn point(v: &Value) -> (i64, i64) {
    let name = v.as_str().expect("a point").as_bytes();
    (i64::from(name[0] - b'a'), i64::from(name[1] - b'1'))
}

/// The simple paths of exactly `steps` steps from `at` through empty intersections of the 9×9
/// grid, by their ends (trangouar.md §4.2.3 and §6: one move per destination).
fn destinations(
    at: (i64, i64),
    steps: u64,
    taken: &[(i64, i64)],
    path: &mut Vec<(i64, i64)>,
    ends: &mut Vec<(i64, i64)>,
) {
    if steps == 0 {
        if !ends.contains(&at) {
            ends.push(at);
        }
        return;
    }
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let n = (at.0 + dx, at.1 + dy);
        let on_board = (0..9).contains(&n.0) && (0..9).contains(&n.1);
        if on_board && !taken.contains(&n) && !path.contains(&n) {
            path.push(n);
            destinations(n, steps - 1, taken, path, ends);
            path.pop();
        }
    }
}

/// trangouar.md §4.2 and §6, on the cubes of the view: doing nothing; each exchange (counts of at
/// most 3 a colour, the same total, not the current one); each destination of a path of exactly
/// `red` steps; each attack on an enemy cube in contact.
fn trangouar_turn_moves(view: &Value, seat: u64) -> u64 {
    let cubes = view["cubes"].as_array().unwrap();
    let taken: Vec<(i64, i64)> = cubes.iter().map(|c| point(&c["at"])).collect();
    let mut count = 1;
    for cube in cubes.iter().filter(|c| c["owner"].as_u64() == Some(seat)) {
        let pearls = |colour: &str| cube[colour].as_u64().unwrap();
        let (red, black, white) = (pearls("red"), pearls("black"), pearls("white"));
        let total = red + black + white;
        let mut exchanges = 0;
        for r in 0..=3 {
            for b in 0..=3 {
                for w in 0..=3 {
                    exchanges += u64::from(r + b + w == total && (r, b, w) != (red, black, white));
                }
            }
        }
        let at = point(&cube["at"]);
        let mut ends = Vec::new();
        if red > 0 {
            destinations(at, red, &taken, &mut vec![at], &mut ends);
        }
        let attacks = cubes
            .iter()
            .filter(|c| c["owner"].as_u64().is_some_and(|o| o != seat))
            .filter(|c| {
                let (x, y) = point(&c["at"]);
                (x - at.0).abs() + (y - at.1).abs() == 1
            })
            .count();
        count += exchanges + ends.len() as u64 + attacks as u64;
    }
    count
}

/// Trangouar's setups are listed as examples only, so its count starts once every seat has set up
/// (the module doc): the first turn's moves, counted here from the rules file, for seeds whose
/// setups the match RNG draws.
#[test]
fn trangouar_counts_follow_the_rules_file_after_the_setups() {
    for players in 2..=4 {
        for seed in 0..4 {
            let entry = registry::find("trangouar").unwrap();
            let options = entry.validate(players, &json!({})).unwrap();
            let mut rng = GameRng::from_seed(seed_of(seed));
            let start = Trangouar::setup(&options, players, &mut rng).unwrap();
            let (played, _) = whole_lists(&start, &rng);
            assert!(played.lists_every_move());
            let view = played.view(Viewer::Omniscient);
            let seat = played.to_act()[0];
            let expected = trangouar_turn_moves(&view, seat as u64);
            let case = format!("{players}p seed {seed}");
            assert!(expected > 1, "{case}: some cube can move or exchange");
            assert_eq!(perft(&start, &rng, 1), expected, "{case}");
            assert_eq!(
                counts("trangouar", players, json!({}), seed, 1),
                [expected],
                "{case}"
            );
        }
    }
}
