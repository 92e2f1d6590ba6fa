//! The room options (rules §8) and the rules that are plain arithmetic on racks and scores: who
//! opens (§4), placement bonuses (§3), the blocked-round settlement (§6.2) and the end of the game
//! (§6.3).

use rand::Rng;

use super::board::Shapes;
use super::tiles::{self, Tile};
use crate::engine::{GameRng, Seat, SetupError};
use crate::options::{OptionSpec, Options, OptionsExt};

pub const GOING_OUT_BONUS: i64 = 25;
pub const OPENING_BONUS: i64 = 10;
pub const ZERO_TRIPLE_BONUS: i64 = 30;
pub const BRIDGE_BONUS: i64 = 40;
pub const DRAW_PENALTY: i64 = 5;
pub const THIRD_DRAW_PENALTY: i64 = 10;
pub const MAX_DRAWS: u8 = 3;

/// Tiles dealt to each player.
pub fn hand_size(players: usize) -> usize {
    if players == 2 {
        9
    } else {
        7
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// Highest single corner, then chosen at random.
    HighestCorner,
    /// Shuffle and deal again.
    Redeal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockedScoring {
    /// Σ(others' racks) − own rack (XXL/Pressman).
    OthersMinusOwn,
    /// Σ(other_i − own).
    SumOfDifferences,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockedTie {
    /// Every tied player scores against the non-tied ones.
    EachTiedScores,
    NoWinner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeveralAtTarget {
    /// The round's winner if among them, else the highest score.
    RoundWinner,
    HighestScore,
}

/// The options of a match, read once at setup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// Points that end the game at the end of a round; None when a fixed number of rounds is played.
    pub target: Option<i64>,
    /// A fixed number of rounds instead of a target.
    pub rounds: Option<u32>,
    /// Bonus for completing three hexagons at once (70, or 60 like two).
    pub three_hexagons: i64,
    pub pressman_bridge_bonus: bool,
    pub zero_triple_choice: bool,
    pub tie_break: TieBreak,
    pub must_play_drawn_tile: bool,
    pub blocked_scoring: BlockedScoring,
    pub blocked_tie: BlockedTie,
    pub several_at_target: SeveralAtTarget,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            target: Some(400),
            rounds: None,
            three_hexagons: 70,
            pressman_bridge_bonus: false,
            zero_triple_choice: true,
            tie_break: TieBreak::HighestCorner,
            must_play_drawn_tile: false,
            blocked_scoring: BlockedScoring::OthersMinusOwn,
            blocked_tie: BlockedTie::EachTiedScores,
            several_at_target: SeveralAtTarget::RoundWinner,
        }
    }
}

/// The catalog's option list; every alternative of §8 is one option, defaults as in §8.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::integer("target", 50, 1000, Some(400)),
        OptionSpec::integer("rounds", 1, 50, None),
        OptionSpec::choice("three_hexagons_bonus", &["70", "60"], "70").advanced(),
        OptionSpec::boolean("pressman_bridge_bonus", false).advanced(),
        OptionSpec::boolean("zero_triple_choice", true).advanced(),
        OptionSpec::choice(
            "opening_tie_break",
            &["highest_corner", "redeal"],
            "highest_corner",
        )
        .advanced(),
        OptionSpec::boolean("must_play_drawn_tile", false).advanced(),
        OptionSpec::choice(
            "blocked_scoring",
            &["others_minus_own", "sum_of_differences"],
            "others_minus_own",
        )
        .advanced(),
        OptionSpec::choice(
            "blocked_tie",
            &["each_tied_scores", "no_winner"],
            "each_tied_scores",
        )
        .advanced(),
        OptionSpec::choice(
            "several_at_target",
            &["round_winner", "highest_score"],
            "round_winner",
        )
        .advanced(),
    ]
}

impl Rules {
    pub fn from_options(options: &Options) -> Result<Rules, SetupError> {
        let d = Rules::default();
        let rounds = options.int_of("rounds").map(|n| n as u32);
        Ok(Rules {
            target: match rounds {
                Some(_) => None,
                None => Some(options.int_of("target").unwrap_or(400)),
            },
            rounds,
            three_hexagons: match options.str_of("three_hexagons_bonus") {
                "60" => 60,
                _ => d.three_hexagons,
            },
            pressman_bridge_bonus: options.bool_of("pressman_bridge_bonus"),
            zero_triple_choice: options.bool_of("zero_triple_choice"),
            tie_break: match options.str_of("opening_tie_break") {
                "redeal" => TieBreak::Redeal,
                _ => d.tie_break,
            },
            must_play_drawn_tile: options.bool_of("must_play_drawn_tile"),
            blocked_scoring: match options.str_of("blocked_scoring") {
                "sum_of_differences" => BlockedScoring::SumOfDifferences,
                _ => d.blocked_scoring,
            },
            blocked_tie: match options.str_of("blocked_tie") {
                "no_winner" => BlockedTie::NoWinner,
                _ => d.blocked_tie,
            },
            several_at_target: match options.str_of("several_at_target") {
                "highest_score" => SeveralAtTarget::HighestScore,
                _ => d.several_at_target,
            },
        })
    }

    /// The bonuses a placement earns, by name (§3). Never more than one hexagon bonus; a bridge
    /// needs exactly one shared side, a hexagon two, so they never meet.
    pub fn bonuses(&self, shapes: &Shapes) -> Vec<(&'static str, i64)> {
        let mut out = Vec::new();
        match shapes.hexagons {
            0 => {}
            1 => out.push(("hexagon", 50)),
            2 => out.push(("double_hexagon", 60)),
            _ => out.push(("triple_hexagon", self.three_hexagons)),
        }
        if shapes.bridge {
            out.push(("bridge", BRIDGE_BONUS));
        }
        if self.pressman_bridge_bonus
            && shapes.hexagons == 0
            && shapes.sides >= 2
            && shapes.next_to_bridge
        {
            out.push(("bridge_side", BRIDGE_BONUS));
        }
        out
    }

    /// The bonuses of the opening tile (§4): +10 for a triple, +30 more for 0-0-0.
    pub fn opening_bonuses(tile: &Tile) -> Vec<(&'static str, i64)> {
        let mut out = Vec::new();
        if tiles::is_triple(tile) {
            out.push(("opening", OPENING_BONUS));
            if tile[0] == 0 {
                out.push(("zero_triple", ZERO_TRIPLE_BONUS));
            }
        }
        out
    }
}

/// Who opens the round and with which tiles (§4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opener {
    pub seat: Seat,
    /// The tiles that seat may open with.
    pub tiles: Vec<Tile>,
    /// With the 0-0-0 choice: the highest triple, to be shown if 0-0-0 is played instead.
    pub highest_triple: Option<Tile>,
}

/// Decides the opener from the racks, or None when the tie-break says to deal again. Uses `rng`
/// only to break a tie that survives the highest-corner comparison.
pub fn opener(racks: &[Vec<Tile>], rules: &Rules, rng: &mut GameRng) -> Option<Opener> {
    // Highest triple first: each tile exists once, so its holder is unique.
    for n in (0..=tiles::MAX_NUMBER).rev() {
        let triple = [n, n, n];
        if let Some(seat) = racks.iter().position(|r| r.contains(&triple)) {
            let mut opening = vec![triple];
            if rules.zero_triple_choice && n != 0 && racks[seat].contains(&[0, 0, 0]) {
                opening.push([0, 0, 0]);
            }
            return Some(Opener {
                seat,
                tiles: opening,
                highest_triple: Some(triple),
            });
        }
    }
    // No triple: highest total, then highest corner (rank under the default tie-break).
    let key = |t: &Tile| match rules.tie_break {
        TieBreak::HighestCorner => (tiles::value(t), i64::from(t[2])),
        TieBreak::Redeal => (tiles::value(t), 0),
    };
    let best = racks.iter().flatten().map(key).max()?;
    let holders: Vec<Seat> = (0..racks.len())
        .filter(|&s| racks[s].iter().any(|t| key(t) == best))
        .collect();
    let seat = match (holders.as_slice(), rules.tie_break) {
        ([one], _) => *one,
        (_, TieBreak::Redeal) => return None,
        (many, TieBreak::HighestCorner) => many[rng.random_range(0..many.len())],
    };
    Some(Opener {
        seat,
        tiles: racks[seat]
            .iter()
            .copied()
            .filter(|t| key(t) == best)
            .collect(),
        highest_triple: None,
    })
}

/// The blocked-round settlement (§6.2): each seat's score change and the round's winners.
pub fn blocked_settlement(totals: &[i64], rules: &Rules) -> (Vec<i64>, Vec<Seat>) {
    let mut changes = vec![0; totals.len()];
    let low = totals.iter().copied().min().unwrap_or(0);
    let tied: Vec<Seat> = (0..totals.len()).filter(|&s| totals[s] == low).collect();
    let others: Vec<i64> = totals.iter().copied().filter(|&t| t != low).collect();
    if others.is_empty() || (tied.len() > 1 && rules.blocked_tie == BlockedTie::NoWinner) {
        return (changes, Vec::new());
    }
    let gain = match rules.blocked_scoring {
        BlockedScoring::OthersMinusOwn => others.iter().sum::<i64>() - low,
        BlockedScoring::SumOfDifferences => others.iter().map(|o| o - low).sum(),
    };
    for &s in &tied {
        changes[s] = gain;
    }
    (changes, tied)
}

/// Whether the game ends after the round that just finished, and who wins (§6.3).
pub fn game_end(
    scores: &[i64],
    round: u32,
    round_winners: &[Seat],
    rules: &Rules,
) -> Option<(Vec<Seat>, &'static str)> {
    let highest = |pool: &[Seat]| -> Vec<Seat> {
        let top = pool.iter().map(|&s| scores[s]).max();
        pool.iter()
            .copied()
            .filter(|&s| Some(scores[s]) == top)
            .collect()
    };
    if let Some(rounds) = rules.rounds {
        if round >= rounds {
            let all: Vec<Seat> = (0..scores.len()).collect();
            return Some((highest(&all), "rounds_played"));
        }
        return None;
    }
    let target = rules.target?;
    let reached: Vec<Seat> = (0..scores.len()).filter(|&s| scores[s] >= target).collect();
    if reached.is_empty() {
        return None;
    }
    let pool: Vec<Seat> = match rules.several_at_target {
        SeveralAtTarget::RoundWinner => {
            let won: Vec<Seat> = reached
                .iter()
                .copied()
                .filter(|s| round_winners.contains(s))
                .collect();
            if won.is_empty() {
                reached
            } else {
                won
            }
        }
        SeveralAtTarget::HighestScore => reached,
    };
    Some((highest(&pool), "target_reached"))
}
