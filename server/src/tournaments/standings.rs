//! Standings from the results alone: each entrant's points (a bye counts as a win), then the
//! tie-breaks of Swiss play, Buchholz (the sum of the opponents' points) and Sonneborn-Berger (the
//! sum of the points of the opponents beaten, plus half of those drawn with; kept doubled here so
//! that it stays a whole number).

use super::{Entrant, Game, DRAW, WIN};

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub entrant: Entrant,
    pub points: u32,
    pub buchholz: u32,
    /// Twice the Sonneborn-Berger score (a draw's half stays whole).
    pub sonneborn_berger_x2: u32,
}

/// The standings of `entrants` entrants after `games` and `byes` (entrants who sat a round out),
/// best first: points, then Buchholz, then Sonneborn-Berger, then the entrant's index (its order of
/// entry), so that the order never depends on anything but the results.
pub fn standings(entrants: usize, games: &[Game], byes: &[Entrant]) -> Vec<Standing> {
    let mut points = vec![0u32; entrants];
    for g in games {
        points[g.first] += g.points.0;
        points[g.second] += g.points.1;
    }
    for &b in byes {
        points[b] += WIN;
    }
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|entrant| Standing {
            entrant,
            points: points[entrant],
            buchholz: 0,
            sonneborn_berger_x2: 0,
        })
        .collect();
    for g in games {
        for (me, other, mine) in [
            (g.first, g.second, g.points.0),
            (g.second, g.first, g.points.1),
        ] {
            lines[me].buchholz += points[other];
            lines[me].sonneborn_berger_x2 += match mine {
                WIN => 2 * points[other],
                DRAW => points[other],
                _ => 0,
            };
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

    fn game(first: Entrant, second: Entrant, points: (u32, u32)) -> Game {
        Game {
            first,
            second,
            points,
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
        let table = standings(4, &games, &[]);
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
        let table = standings(3, &[game(0, 1, (0, 2))], &[2]);
        assert_eq!(
            table.iter().map(|s| s.points).collect::<Vec<_>>(),
            [2, 2, 0]
        );
        // 1 beat 0 (who has 0 points): Buchholz 0; 2 met nobody: Buchholz 0; by entry order, 1 first.
        assert_eq!(table[0].entrant, 1);
        assert_eq!(table[1].entrant, 2);
    }
}
