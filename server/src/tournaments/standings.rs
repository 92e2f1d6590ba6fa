//! Standings from the results alone: each entrant's points (a bye counts as a win), then the
//! tie-breaks of Swiss play, Buchholz (the sum of the opponents' points) and Sonneborn-Berger (the
//! sum of the points of the opponents beaten, plus half of those drawn with; kept doubled here so
//! that it stays a whole number).

use super::{Entrant, Played, WIN};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub entrant: Entrant,
    pub points: u32,
    pub buchholz: u32,
    /// Twice the Sonneborn-Berger score (a draw's half stays whole).
    pub sonneborn_berger_x2: u32,
    /// Matches finished, byes included.
    pub played: u32,
    /// Arena: the last two results were wins (the next win counts double).
    pub fire: bool,
}

/// The standings of `entrants` entrants after the matches `played` (in the order they were
/// paired) and `byes` (entrants who sat a round out), best first: points, then Buchholz, then
/// Sonneborn-Berger, then the entrant's index (its order of entry), so that the order never
/// depends on anything but the results. With `streaks` (arena), a win after two wins in a row
/// counts double.
///
/// For matches of 3 or 4, Buchholz sums the points of everyone met, and Sonneborn-Berger weighs
/// each of them by the points taken in that match, shared over the others met in it.
pub fn standings(
    entrants: usize,
    played: &[Played],
    byes: &[Entrant],
    streaks: bool,
) -> Vec<Standing> {
    let mut points = vec![0u32; entrants];
    let mut wins_in_a_row = vec![0u32; entrants];
    let mut count = vec![0u32; entrants];
    for m in played {
        let best = m.points.iter().copied().max().unwrap_or(0);
        let winners = m.points.iter().filter(|&&p| p == best).count();
        for (seat, entrant) in m.entrants.iter().enumerate() {
            let Some(e) = *entrant else { continue };
            let mine = m.points[seat];
            count[e] += 1;
            // A win is the one best score of a match that gave some.
            let won = best > 0 && mine == best && winners == 1;
            let doubled = streaks && won && wins_in_a_row[e] >= 2;
            points[e] += if doubled { 2 * mine } else { mine };
            wins_in_a_row[e] = if won { wins_in_a_row[e] + 1 } else { 0 };
        }
    }
    for &b in byes {
        points[b] += WIN;
        count[b] += 1;
    }
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            entrant,
            points: points[entrant],
            buchholz: 0,
            sonneborn_berger_x2: 0,
            played: count[entrant],
            fire: streaks && wins_in_a_row[entrant] >= 2,
        })
        .collect();
    for m in played {
        let others = m.entrants.len().saturating_sub(1).max(1) as u32;
        for (seat, me) in m.entrants.iter().enumerate() {
            let Some(me) = *me else { continue };
            for (other_seat, other) in m.entrants.iter().enumerate() {
                let Some(other) = *other else { continue };
                if other_seat == seat {
                    continue;
                }
                lines[me].buchholz += points[other];
                lines[me].sonneborn_berger_x2 += m.points[seat] * points[other] / others;
            }
        }
    }
    lines.sort_by(|a, b| {
        (b.points, b.buchholz, b.sonneborn_berger_x2, a.entrant).cmp(&(
            a.points,
            a.buchholz,
            a.sonneborn_berger_x2,
            b.entrant,
        ))
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: Entrant, second: Entrant, points: (u32, u32)) -> Played {
        Played {
            entrants: vec![Some(first), Some(second)],
            points: vec![points.0, points.1],
        }
    }

    #[test]
    fn points_then_buchholz_then_sonneborn_berger() {
        // Four entrants, two rounds: 0 beats 1 and draws 2; 2 beats 3 and draws 0; 3 beats 1.
        let games = [
            game(0, 1, (2, 0)),
            game(2, 3, (2, 0)),
            game(0, 2, (1, 1)),
            game(3, 1, (2, 0)),
        ];
        let table = standings(4, &games, &[], false);
        let order: Vec<_> = table.iter().map(|s| (s.entrant, s.points)).collect();
        // 0 and 2 both have 3 points: 0 met 1 (0 points) and 2 (3), Buchholz 3; 2 met 3 (2) and
        // 0 (3), Buchholz 5: 2 is ahead.
        assert_eq!(order, [(2, 3), (0, 3), (3, 2), (1, 0)]);
        assert_eq!(table[0].buchholz, 5);
        assert_eq!(table[1].buchholz, 3);
        // Sonneborn-Berger (doubled) of 2: beat 3 (2 points) -> 4, drew 0 (3 points) -> 3.
        assert_eq!(table[0].sonneborn_berger_x2, 7);
    }

    #[test]
    fn a_bye_is_worth_a_win_and_counts_for_no_one_elses_buchholz() {
        let table = standings(3, &[game(0, 1, (0, 2))], &[2], false);
        assert_eq!(
            table.iter().map(|s| s.points).collect::<Vec<_>>(),
            [2, 2, 0]
        );
        // 1 beat 0 (who has 0 points): Buchholz 0; 2 met nobody: Buchholz 0; by entry order, 1 first.
        assert_eq!(table[0].entrant, 1);
        assert_eq!(table[1].entrant, 2);
    }

    #[test]
    fn in_an_arena_a_third_win_in_a_row_counts_double() {
        // 0 beats 1 three times, then draws, then wins: 2 + 2 + 4 + 1 + 2.
        let mut played: Vec<Played> = (0..3).map(|_| game(0, 1, (2, 0))).collect();
        played.push(game(0, 1, (1, 1)));
        played.push(game(1, 0, (0, 2)));
        let table = standings(2, &played, &[], true);
        assert_eq!((table[0].entrant, table[0].points), (0, 11));
        assert!(!table[0].fire, "the draw ended the streak, one win since");
        assert_eq!(table[1].points, 1);
        // Without streaks (Swiss): 2 + 2 + 2 + 1 + 2.
        assert_eq!(standings(2, &played, &[], false)[0].points, 9);
        // Two wins in a row: on fire.
        assert!(standings(2, &played[..2], &[], true)[0].fire);
    }

    #[test]
    fn a_match_of_four_scores_by_place_and_bots_count_for_nobody() {
        // Entrants 0, 1, 2 and a bot: places 3, 2, 1, 0 points, doubled.
        let played = [Played {
            entrants: vec![Some(2), None, Some(0), Some(1)],
            points: vec![6, 4, 2, 0],
        }];
        let table = standings(3, &played, &[], false);
        let order: Vec<_> = table.iter().map(|s| (s.entrant, s.points)).collect();
        assert_eq!(order, [(2, 6), (0, 2), (1, 0)]);
        // 2 met 0 (2 points) and 1 (0): Buchholz 2; the bot counts for nothing.
        assert_eq!(table[0].buchholz, 2);
    }
}
