//! Rounds of games played by 3 or 4: entrants in groups of the match's size by points then rating
//! (the last group filled with bots, who score nothing for the tournament), and points per place
//! (for 4 players 3, 2, 1, 0; for 3 players 2, 1, 0), shared between entrants who tie.

use super::pairing::Candidate;
use super::Entrant;

/// One match of a round: the entrants in it, best placed first, and how many bots fill its seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub entrants: Vec<Entrant>,
    pub bots: usize,
}

impl Group {
    /// The entrant of each seat, best placed first, then the bots' seats (None).
    pub fn seats(self) -> Vec<Option<Entrant>> {
        let bots = std::iter::repeat_n(None, self.bots);
        self.entrants.into_iter().map(Some).chain(bots).collect()
    }
}

/// The round's groups of `size` seats: the field ranked by points, then rating, then entry, cut in
/// order; a last group short of entrants gets bots for its empty seats (a lone entrant too, rather
/// than sitting out).
pub fn groups(candidates: &[Candidate], size: usize) -> Vec<Group> {
    assert!((3..=4).contains(&size), "groups are for games of 3 or 4");
    let mut ranked: Vec<&Candidate> = candidates.iter().collect();
    ranked.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.entrant.cmp(&b.entrant))
    });
    ranked
        .chunks(size)
        .map(|chunk| Group {
            entrants: chunk.iter().map(|c| c.entrant).collect(),
            bots: size - chunk.len(),
        })
        .collect()
}

/// Twice the points of each seat of a finished match of `size` seats from its places (`place[s]`:
/// 0 for the first, equal for a tie): the points of the places a tie spans are shared among it.
/// Doubled, so that a share stays whole (two tied first of four: 2.5 each, given as 5).
pub fn place_points_x2(size: usize, place: &[usize]) -> Vec<u32> {
    // The points of the k-th place: size - 1 - k (4 players: 3, 2, 1, 0).
    let of_place = |k: usize| size.saturating_sub(1 + k) as u32;
    place
        .iter()
        .map(|&p| {
            // A tie at place p spans places p .. p + (how many share it).
            let sharing = place.iter().filter(|&&q| q == p).count();
            let total: u32 = (p..p + sharing).map(of_place).sum();
            2 * total / sharing as u32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(entrant: Entrant, points: u32, rating: f64) -> Candidate {
        Candidate {
            entrant,
            points,
            rating,
        }
    }

    #[test]
    fn groups_follow_points_then_rating_and_bots_fill_the_last() {
        let field = [
            c(0, 0, 1500.0),
            c(1, 6, 1400.0),
            c(2, 3, 1500.0),
            c(3, 3, 1700.0),
            c(4, 6, 1300.0),
            c(5, 0, 1600.0),
            c(6, 1, 1500.0),
        ];
        let round = groups(&field, 4);
        assert_eq!(
            round[0],
            Group {
                entrants: vec![1, 4, 3, 2],
                bots: 0
            }
        );
        assert_eq!(
            round[1],
            Group {
                entrants: vec![6, 5, 0],
                bots: 1
            }
        );
        // A field of one still plays, against bots.
        assert_eq!(
            groups(&field[..1], 3),
            [Group {
                entrants: vec![0],
                bots: 2
            }]
        );
    }

    #[test]
    fn places_score_3_2_1_0_and_ties_share() {
        assert_eq!(place_points_x2(4, &[0, 1, 2, 3]), [6, 4, 2, 0]);
        assert_eq!(place_points_x2(3, &[2, 0, 1]), [0, 4, 2]);
        // Two tied first of four share 3 + 2: 2.5 each; the others as usual.
        assert_eq!(place_points_x2(4, &[0, 0, 2, 3]), [5, 5, 2, 0]);
        // Three tied last of four share 2 + 1 + 0: 1 each.
        assert_eq!(place_points_x2(4, &[0, 1, 1, 1]), [6, 2, 2, 2]);
    }
}
