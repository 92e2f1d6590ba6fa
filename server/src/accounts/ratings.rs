//! Ratings: how a rated match's end changes its players' ratings in its game. The formulas are the
//! `skillratings` crate's: Glicko-2 for two sides, Weng-Lin (the model of OpenSkill) for three or
//! four. This module only decides who ranks where and maps the scales; the store writes the
//! changes in the transaction that ends the match (`store::ratings`).
//!
//! Everything is kept on the Glicko scale (a new player is 1500 with a deviation of 350). Weng-Lin
//! works on its own scale (25, with an uncertainty of 25/3): its numbers are mapped linearly, 1
//! Weng-Lin point = [`WENG_LIN_POINT`] Glicko points, so that both starts are the same player.

use plateau_protocol::MatchResult;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Below this deviation a rating is settled: only settled ratings are on the leaderboards.
pub const SETTLED_DEVIATION: f64 = 150.0;

/// Glicko points per Weng-Lin point: 350 / (25/3), so that a start maps onto a start.
const WENG_LIN_POINT: f64 = 42.0;
const WENG_LIN_START: f64 = 25.0;
const GLICKO_START: f64 = 1500.0;

/// A player's rating in one game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    /// Glicko-2's volatility (how erratic the player's results are); Weng-Lin leaves it as it is.
    pub volatility: f64,
}

impl Rating {
    /// Where every player starts: 1500, deviation 350, volatility 0.06.
    pub const START: Rating = Rating {
        rating: GLICKO_START,
        deviation: 350.0,
        volatility: 0.06,
    };

    fn glicko2(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: WENG_LIN_START + (self.rating - GLICKO_START) / WENG_LIN_POINT,
            uncertainty: self.deviation / WENG_LIN_POINT,
        }
    }
}

/// A player's Glicko-2 rating after a rating period of `games` (each an opponent and the player's
/// outcome against it), with Glickman's τ = 0.5. A match is a period of one game.
pub fn glicko2_period(player: Rating, games: &[(Rating, Outcomes)]) -> Rating {
    let games: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(opponent, outcome)| (opponent.glicko2(), *outcome))
        .collect();
    let new = glicko2_rating_period(&player.glicko2(), &games, &Glicko2Config::new());
    Rating {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
    }
}

/// Each side's place at the end, 0 the best, equal places for a tie: the winners first; then the
/// sides that lost in play (tied: the rules rank winners, not the rest); then the sides that
/// forfeited, the last to forfeit first. With no winners (a draw) every side still in play ties.
pub fn side_places(sides: &[Vec<usize>], result: &MatchResult) -> Vec<usize> {
    // (0 won | 1 lost in play | 2 forfeited, then the earlier the forfeit the lower).
    let keys: Vec<(u8, isize)> = sides
        .iter()
        .map(|side| {
            let forfeit = result.forfeited.iter().position(|f| side.contains(&f.seat));
            match forfeit {
                Some(order) => (2, -(order as isize)),
                None if side.iter().any(|s| result.winners.contains(s)) => (0, 0),
                None => (1, 0),
            }
        })
        .collect();
    keys.iter()
        .map(|key| keys.iter().filter(|other| *other < key).count())
        .collect()
}

/// The new ratings of every side's players (`ratings[side][i]` for the `i`th seat of the side),
/// given the sides' places. Two sides: Glicko-2, each player against the other side taken as one
/// opponent (its mean rating and volatility, and the root mean square of its deviations: for one
/// player, that player). More: Weng-Lin, teams as teams.
pub fn rate(ratings: &[Vec<Rating>], places: &[usize]) -> Vec<Vec<Rating>> {
    if ratings.len() == 2 {
        return (0..2)
            .map(|side| {
                let opponent = as_one(&ratings[1 - side]);
                let outcome = match places[side].cmp(&places[1 - side]) {
                    std::cmp::Ordering::Less => Outcomes::WIN,
                    std::cmp::Ordering::Equal => Outcomes::DRAW,
                    std::cmp::Ordering::Greater => Outcomes::LOSS,
                };
                ratings[side]
                    .iter()
                    .map(|&player| glicko2_period(player, &[(opponent, outcome)]))
                    .collect()
            })
            .collect();
    }
    let teams: Vec<Vec<WengLinRating>> = ratings
        .iter()
        .map(|side| side.iter().map(|r| r.weng_lin()).collect())
        .collect();
    let teams_and_places: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(team, &place)| (&team[..], MultiTeamOutcome::new(place + 1)))
        .collect();
    let new = weng_lin_multi_team(&teams_and_places, &WengLinConfig::new());
    new.iter()
        .zip(ratings)
        .map(|(team, before)| {
            team.iter()
                .zip(before)
                .map(|(after, before)| Rating {
                    rating: GLICKO_START + (after.rating - WENG_LIN_START) * WENG_LIN_POINT,
                    deviation: after.uncertainty * WENG_LIN_POINT,
                    volatility: before.volatility,
                })
                .collect()
        })
        .collect()
}

/// A side as one Glicko-2 opponent.
fn as_one(side: &[Rating]) -> Rating {
    let n = side.len().max(1) as f64;
    Rating {
        rating: side.iter().map(|r| r.rating).sum::<f64>() / n,
        deviation: (side.iter().map(|r| r.deviation.powi(2)).sum::<f64>() / n).sqrt(),
        volatility: side.iter().map(|r| r.volatility).sum::<f64>() / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_protocol::{Forfeit, ForfeitReason};

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko2.pdf): a 1500/200 player
    /// beats a 1400/30 and loses to a 1550/100 and a 1700/300 → 1464.06, deviation 151.52,
    /// volatility 0.05999.
    #[test]
    fn glickmans_example_is_reproduced() {
        let after = glicko2_period(
            rating(1500.0, 200.0),
            &[
                (rating(1400.0, 30.0), Outcomes::WIN),
                (rating(1550.0, 100.0), Outcomes::LOSS),
                (rating(1700.0, 300.0), Outcomes::LOSS),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    fn result(winners: &[usize], forfeited: &[usize]) -> MatchResult {
        MatchResult {
            winners: winners.to_vec(),
            scores: None,
            reason: "test".into(),
            forfeited: forfeited
                .iter()
                .map(|&seat| Forfeit {
                    seat,
                    reason: ForfeitReason::Resigned,
                })
                .collect(),
        }
    }

    #[test]
    fn places_put_winners_first_and_forfeits_last() {
        let three = vec![vec![0], vec![1], vec![2]];
        // Seat 0 resigned, then seat 2: seat 1 won, seat 2 came second.
        assert_eq!(side_places(&three, &result(&[1], &[0, 2])), vec![2, 0, 1]);
        // A draw: every side still in play ties first.
        assert_eq!(side_places(&three, &result(&[], &[])), vec![0, 0, 0]);
        assert_eq!(side_places(&three, &result(&[], &[1])), vec![0, 2, 0]);
        // Teams: a forfeit loses for its whole side.
        let teams = vec![vec![0, 2], vec![1, 3]];
        assert_eq!(side_places(&teams, &result(&[1, 3], &[2])), vec![1, 0]);
    }

    #[test]
    fn two_players_move_apart_and_a_draw_between_equals_changes_no_rating() {
        let start = vec![vec![Rating::START], vec![Rating::START]];
        let after = rate(&start, &[0, 1]);
        assert!(after[0][0].rating > 1500.0 && after[1][0].rating < 1500.0);
        assert!((after[0][0].rating - 1500.0 + after[1][0].rating - 1500.0).abs() < 1e-6);
        assert!(after[0][0].deviation < 350.0);
        let drawn = rate(&start, &[0, 0]);
        assert!((drawn[0][0].rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn teams_of_two_win_and_lose_together() {
        let sides = vec![
            vec![rating(1600.0, 100.0), rating(1400.0, 300.0)],
            vec![Rating::START, Rating::START],
        ];
        let after = rate(&sides, &[1, 0]);
        for (side, up) in [(0, false), (1, true)] {
            for (i, r) in after[side].iter().enumerate() {
                assert_eq!(r.rating > sides[side][i].rating, up, "{side}/{i}: {r:?}");
                assert!(r.deviation < sides[side][i].deviation);
            }
        }
    }

    #[test]
    fn three_sides_rank_their_players_and_a_start_stays_a_start() {
        let start = vec![vec![Rating::START]; 3];
        assert_eq!(start[0][0].weng_lin(), WengLinRating::new());
        let after = rate(&start, &[0, 1, 2]);
        assert!(after[0][0].rating > after[1][0].rating);
        assert!(after[1][0].rating > after[2][0].rating);
        assert!(after[0][0].rating > 1500.0 && after[2][0].rating < 1500.0);
        assert!(after.iter().all(|s| s[0].deviation < 350.0));
    }

    /// How many rated matches between two new players it takes for both ratings to settle (the
    /// leaderboard shows only deviations under 150): the e2e test of the leaderboard plays them.
    #[test]
    fn ratings_settle_after_a_handful_of_matches() {
        let mut pair = vec![vec![Rating::START], vec![Rating::START]];
        let mut matches = 0;
        while pair.iter().any(|s| s[0].deviation >= SETTLED_DEVIATION) {
            pair = rate(&pair, &[matches % 2, (matches + 1) % 2]);
            matches += 1;
        }
        assert_eq!(matches, SETTLE_AFTER);
    }

    /// See `ratings_settle_after_a_handful_of_matches`.
    const SETTLE_AFTER: usize = 8;
}
