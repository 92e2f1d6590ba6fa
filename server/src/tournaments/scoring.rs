//! What a finished match is worth to its entrants: places from the stored result, then each
//! seat's points (doubled, as [`super::groups::place_points_x2`] gives them), and which seats did
//! not come.

use plateau_protocol::{ForfeitReason, MatchResult, RoomStatus};

use super::groups::place_points_x2;

/// Each seat's points (doubled) of a match of `size` seats that ended with `result`, and the
/// seats that forfeited for not coming (`no_show`).
///
/// Places: the winners first (sharing the first place), then the other seats still in the match
/// by score where the game keeps one (else sharing the next place), then the seats that forfeited,
/// the last to forfeit highest. A match that ended `aborted` with no forfeit (a moderator's
/// abort, a match nobody attended) is worth nothing to anyone; one aborted after a forfeit (a
/// rated match resigned at once) is lost by the seats that forfeited, and won by the others.
pub fn points_x2(size: usize, result: &MatchResult) -> (Vec<u32>, Vec<usize>) {
    let no_shows: Vec<usize> = result
        .forfeited
        .iter()
        .filter(|f| f.reason == ForfeitReason::NoShow)
        .map(|f| f.seat)
        .collect();
    let forfeited: Vec<usize> = result.forfeited.iter().map(|f| f.seat).collect();
    let aborted = result.reason == RoomStatus::Aborted.as_str();
    if aborted && forfeited.is_empty() {
        return (vec![0; size], no_shows);
    }
    let in_match: Vec<usize> = (0..size).filter(|s| !forfeited.contains(s)).collect();
    let winners: Vec<usize> = if aborted {
        in_match.clone()
    } else {
        result.winners.clone()
    };
    // Lower sorts first: (group, key) where group 0 is a winner, 1 another seat still in, and
    // forfeits after them by order (the last to forfeit first).
    let score = |s: usize| -> i64 {
        result
            .scores
            .as_ref()
            .and_then(|scores| scores.get(s).copied())
            .unwrap_or(0)
    };
    let key = |s: usize| -> (u8, i64) {
        if winners.contains(&s) {
            (0, 0)
        } else if let Some(at) = forfeited.iter().position(|&f| f == s) {
            (2, -(at as i64))
        } else {
            (1, -score(s))
        }
    };
    let place: Vec<usize> = (0..size)
        .map(|s| (0..size).filter(|&o| key(o) < key(s)).count())
        .collect();
    (place_points_x2(size, &place), no_shows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_protocol::Forfeit;

    fn result(winners: &[usize], scores: Option<Vec<i64>>, reason: &str) -> MatchResult {
        MatchResult {
            winners: winners.to_vec(),
            scores,
            reason: reason.into(),
            forfeited: Vec::new(),
        }
    }

    #[test]
    fn two_seats_win_draw_and_loss() {
        assert_eq!(points_x2(2, &result(&[1], None, "pushed_off")).0, [0, 2]);
        assert_eq!(points_x2(2, &result(&[], None, "stall")).0, [1, 1]);
    }

    #[test]
    fn four_seats_by_winner_then_score() {
        let r = result(&[2], Some(vec![50, 80, 120, 80]), "went_out");
        // 2 first (3 points), 1 and 3 share second and third (2 + 1), 0 last.
        assert_eq!(points_x2(4, &r).0, [0, 3, 6, 3]);
    }

    #[test]
    fn a_no_show_loses_and_is_named() {
        let mut r = result(&[], None, "aborted");
        r.forfeited = vec![Forfeit {
            seat: 0,
            reason: ForfeitReason::NoShow,
        }];
        // A rated match forfeited at once ends `aborted`: the seat that came still wins.
        assert_eq!(points_x2(2, &r), (vec![0, 2], vec![0]));
        // Aborted with no forfeit: nobody scores.
        assert_eq!(
            points_x2(3, &result(&[], None, "aborted")),
            (vec![0, 0, 0], vec![])
        );
    }

    #[test]
    fn forfeits_place_last_the_first_to_go_lowest() {
        let mut r = result(&[1], None, "eliminated");
        r.forfeited = vec![
            Forfeit {
                seat: 2,
                reason: ForfeitReason::Resigned,
            },
            Forfeit {
                seat: 0,
                reason: ForfeitReason::Timeout,
            },
        ];
        // 1 first, 0 (forfeited last) third, 2 fourth; 3, still in, second.
        assert_eq!(points_x2(4, &r).0, [2, 6, 0, 4]);
    }
}
