//! Forfeits as the contract defines them: a forfeiting seat loses, and so does its side (its team
//! where the game has teams). When a single side is left that has not forfeited, it wins at once;
//! with more left the match goes on, the server plays the forfeited seats, and they can no longer
//! be among the winners. Pure: sides and forfeits in, a result (or none) out.

use plateau_games::Seat;
use plateau_protocol::{Forfeit, MatchResult};

/// The sides still in the match: those none of whose seats has forfeited.
pub fn sides_left<'a>(sides: &'a [Vec<Seat>], forfeited: &[Forfeit]) -> Vec<&'a Vec<Seat>> {
    sides
        .iter()
        .filter(|side| !side.iter().any(|s| forfeited.iter().any(|f| f.seat == *s)))
        .collect()
}

/// Whether `seat` is out of the match: it, or a seat of its side, forfeited.
pub fn is_out(sides: &[Vec<Seat>], forfeited: &[Forfeit], seat: Seat) -> bool {
    !sides_left(sides, forfeited)
        .iter()
        .any(|side| side.contains(&seat))
}

/// The end a forfeit brings, if it brings one: one side left wins (none left: nobody does), with
/// the reason of the last forfeit.
pub fn end_by_forfeit(sides: &[Vec<Seat>], forfeited: &[Forfeit]) -> Option<MatchResult> {
    let left = sides_left(sides, forfeited);
    if left.len() > 1 {
        return None;
    }
    let last = forfeited.last()?;
    Some(MatchResult {
        winners: left.first().map(|side| side.to_vec()).unwrap_or_default(),
        scores: None,
        reason: last.reason.as_str().into(),
        forfeited: forfeited.to_vec(),
    })
}

/// The result of a match that ended by its rules after some seats forfeited: seats that are out
/// are taken off the winners. Where that leaves no winner but the game kept scores, the best score
/// among the sides still in wins (a forfeited leader cannot win; the next one does).
pub fn rules_result(
    mut result: MatchResult,
    sides: &[Vec<Seat>],
    forfeited: &[Forfeit],
) -> MatchResult {
    result.forfeited = forfeited.to_vec();
    if forfeited.is_empty() {
        return result;
    }
    let had_winners = !result.winners.is_empty();
    result.winners.retain(|&s| !is_out(sides, forfeited, s));
    if had_winners && result.winners.is_empty() {
        if let Some(scores) = &result.scores {
            let left = sides_left(sides, forfeited);
            let score_of = |side: &Vec<Seat>| side.iter().map(|&s| scores[s]).max();
            if let Some(best) = left.iter().filter_map(|side| score_of(side)).max() {
                result.winners = left
                    .iter()
                    .filter(|side| score_of(side) == Some(best))
                    .flat_map(|side| side.iter().copied())
                    .collect();
                result.winners.sort_unstable();
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_protocol::ForfeitReason::{Abandoned, Resigned, Timeout};

    fn singles(n: usize) -> Vec<Vec<Seat>> {
        (0..n).map(|s| vec![s]).collect()
    }

    fn forfeit(seat: Seat, reason: plateau_protocol::ForfeitReason) -> Forfeit {
        Forfeit { seat, reason }
    }

    #[test]
    fn two_sides_the_other_wins_with_the_forfeits_reason() {
        let result = end_by_forfeit(&singles(2), &[forfeit(1, Timeout)]).unwrap();
        assert_eq!(result.winners, vec![0]);
        assert_eq!(result.reason, "timeout");
        assert_eq!(result.forfeited, vec![forfeit(1, Timeout)]);
    }

    #[test]
    fn a_team_loses_together() {
        let teams = vec![vec![0, 2], vec![1, 3]];
        let result = end_by_forfeit(&teams, &[forfeit(2, Resigned)]).unwrap();
        assert_eq!(result.winners, vec![1, 3]);
        assert!(is_out(&teams, &[forfeit(2, Resigned)], 0));
    }

    #[test]
    fn three_sides_go_on_until_one_is_left() {
        let sides = singles(3);
        assert_eq!(end_by_forfeit(&sides, &[forfeit(0, Resigned)]), None);
        let both = [forfeit(0, Resigned), forfeit(2, Abandoned)];
        let result = end_by_forfeit(&sides, &both).unwrap();
        assert_eq!(result.winners, vec![1]);
        assert_eq!(result.reason, "abandoned");
    }

    #[test]
    fn a_forfeited_seat_is_taken_off_the_winners_of_the_rules() {
        let sides = singles(3);
        let forfeited = [forfeit(2, Resigned)];
        let shared = MatchResult {
            winners: vec![1, 2],
            scores: None,
            reason: "rules".into(),
            forfeited: vec![],
        };
        assert_eq!(rules_result(shared, &sides, &forfeited).winners, vec![1]);
        let scored = MatchResult {
            winners: vec![2],
            scores: Some(vec![10, 30, 50]),
            reason: "rules".into(),
            forfeited: vec![],
        };
        let result = rules_result(scored, &sides, &forfeited);
        assert_eq!(result.winners, vec![1], "the best score among those left");
        assert_eq!(result.forfeited, forfeited.to_vec());
    }
}
