//! Ratings as stored: the current rating of each player per game, every change with its match, and
//! the change itself, written by [`rate_match!`] inside the transaction that ends a rated match.

use chrono::{DateTime, Utc};
use plateau_protocol::rest::{LeaderboardEntry, RatingChange, RatingInfo};
use plateau_protocol::SeatRatingChange;
use std::collections::{BTreeMap, HashMap};
use uuid::Uuid;

use super::{on_pool, Store, StoreError};
use crate::accounts::ratings::SETTLED_DEVIATION;

/// Every seat's rating changes with the end of a rated match, inside the transaction `$tx` that
/// stores the end (a macro, since the transaction's type is one per backend). Each player's rating
/// row is locked first (an upsert that writes nothing new, in the order of player ids so that two
/// matches ending at once cannot deadlock), then read, then written: two matches of one player
/// that end at the same time are rated one after the other, never from the same starting point.
/// A match with a seat that is not a distinct person (a bot) changes nothing, and neither does one
/// in which two of the players were rated together in this game within `pair_once_within`
/// (checked once the rows are locked, so that of two such matches ending at once, the second sees
/// the first's changes).
macro_rules! rate_match {
    ($tx:ident, $match_id:expr, $rated:expr, $result:expr, $at:expr) => {{
        let match_id: uuid::Uuid = $match_id;
        let rated: $crate::store::RatedEnd<'_> = $rated;
        let sides: &[Vec<usize>] = rated.sides;
        let at: chrono::DateTime<chrono::Utc> = $at;
        let game: String = sqlx::query_scalar("SELECT game FROM matches WHERE id = $1")
            .bind(match_id)
            .fetch_one(&mut *$tx)
            .await?;
        let seats: Vec<(i32, Option<uuid::Uuid>)> = sqlx::query_as(
            "SELECT seat, player_id FROM match_players WHERE match_id = $1 ORDER BY seat",
        )
        .bind(match_id)
        .fetch_all(&mut *$tx)
        .await?;
        if let Some(players) = $crate::store::ratings::rated_players(&seats) {
            let mut locked: Vec<uuid::Uuid> = players.clone();
            locked.sort();
            let mut current = std::collections::HashMap::new();
            for player in locked {
                let (rating, deviation, volatility): (f64, f64, f64) = sqlx::query_as(
                    "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games, updated_at)
                     VALUES ($1, $2, $3, $4, $5, 0, $6)
                     ON CONFLICT (player_id, game) DO UPDATE SET updated_at = ratings.updated_at
                     RETURNING rating, deviation, volatility",
                )
                .bind(player)
                .bind(&game)
                .bind($crate::accounts::ratings::Rating::START.rating)
                .bind($crate::accounts::ratings::Rating::START.deviation)
                .bind($crate::accounts::ratings::Rating::START.volatility)
                .bind(at)
                .fetch_one(&mut *$tx)
                .await?;
                current.insert(
                    player,
                    $crate::accounts::ratings::Rating {
                        rating,
                        deviation,
                        volatility,
                    },
                );
            }
            let mut rated_together_lately = false;
            if rated.pair_once_within > chrono::TimeDelta::zero() {
                let since = at - rated.pair_once_within;
                for (i, &one) in players.iter().enumerate() {
                    for &other in &players[i + 1..] {
                        let together: Option<i32> = sqlx::query_scalar(
                            "SELECT 1 FROM rating_changes a
                               JOIN rating_changes b ON b.match_id = a.match_id AND b.player_id = $2
                              WHERE a.player_id = $1 AND a.game = $3 AND a.at > $4 LIMIT 1",
                        )
                        .bind(one)
                        .bind(other)
                        .bind(&game)
                        .bind(since)
                        .fetch_optional(&mut *$tx)
                        .await?;
                        rated_together_lately |= together.is_some();
                    }
                }
            }
            if !rated_together_lately {
            let before: Vec<Vec<$crate::accounts::ratings::Rating>> = sides
                .iter()
                .map(|side| side.iter().map(|&seat| current[&players[seat]]).collect())
                .collect();
            let places = $crate::accounts::ratings::side_places(sides, $result);
            let after = $crate::accounts::ratings::rate(&before, &places);
            for (side, new) in sides.iter().zip(&after) {
                for (&seat, new) in side.iter().zip(new) {
                    let player = players[seat];
                    let old = current[&player];
                    sqlx::query(
                        "UPDATE ratings SET rating = $1, deviation = $2, volatility = $3,
                                games = games + 1, updated_at = $4
                          WHERE player_id = $5 AND game = $6",
                    )
                    .bind(new.rating)
                    .bind(new.deviation)
                    .bind(new.volatility)
                    .bind(at)
                    .bind(player)
                    .bind(&game)
                    .execute(&mut *$tx)
                    .await?;
                    sqlx::query(
                        "INSERT INTO rating_changes (match_id, player_id, game, seat, rating_before,
                                deviation_before, rating, deviation, at)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    )
                    .bind(match_id)
                    .bind(player)
                    .bind(&game)
                    .bind(seat as i32)
                    .bind(old.rating)
                    .bind(old.deviation)
                    .bind(new.rating)
                    .bind(new.deviation)
                    .bind(at)
                    .execute(&mut *$tx)
                    .await?;
                }
            }
            }
        }
    }};
}
pub(crate) use rate_match;

/// The player of each seat (by seat number, from 0), if every seat has its own person.
pub(crate) fn rated_players(seats: &[(i32, Option<Uuid>)]) -> Option<Vec<Uuid>> {
    let players: Vec<Uuid> = seats
        .iter()
        .enumerate()
        .map(|(i, &(seat, player))| player.filter(|_| seat as usize == i))
        .collect::<Option<_>>()?;
    let mut distinct = players.clone();
    distinct.sort();
    distinct.dedup();
    (distinct.len() == players.len()).then_some(players)
}

/// Ids in one `IN (...)` list: well below SQLite's limit of bound parameters (32,766), and
/// Postgres's (65,535).
const RATINGS_PER_QUERY: usize = 1000;

/// Most points of one rating history.
pub const MAX_HISTORY: i64 = 1000;

impl Store {
    /// A player's ratings, by game id (games with at least one rated match).
    pub async fn player_ratings(
        &self,
        player: Uuid,
    ) -> Result<BTreeMap<String, RatingInfo>, StoreError> {
        let rows: Vec<(String, f64, f64, i64)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT game, rating, deviation, games FROM ratings WHERE player_id = $1 AND games > 0",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(game, rating, deviation, games)| {
                (
                    game,
                    RatingInfo {
                        rating,
                        deviation,
                        games,
                    },
                )
            })
            .collect())
    }

    /// The current ratings in `game` of those of `players` who have played it rated (the others
    /// stand at the start rating): one query for all of them (a list of at most
    /// [`RATINGS_PER_QUERY`] ids, so one per that many for longer lists).
    pub async fn game_ratings(
        &self,
        game: &str,
        players: &[Uuid],
    ) -> Result<HashMap<Uuid, f64>, StoreError> {
        let mut ratings = HashMap::new();
        for chunk in players.chunks(RATINGS_PER_QUERY) {
            let rows: Vec<(Uuid, f64)> = on_pool!(self, |pool| {
                let mut query = sqlx::QueryBuilder::new(
                    "SELECT player_id, rating FROM ratings WHERE games > 0 AND game = ",
                );
                query.push_bind(game).push(" AND player_id IN (");
                let mut ids = query.separated(", ");
                for id in chunk {
                    ids.push_bind(*id);
                }
                ids.push_unseparated(")");
                query.build_query_as().fetch_all(pool).await
            })?;
            ratings.extend(rows);
        }
        Ok(ratings)
    }

    /// The rating changes of each of `matches` that changed ratings, by match, in seat order: one
    /// query per [`RATINGS_PER_QUERY`] matches.
    pub async fn rating_changes_of(
        &self,
        matches: &[Uuid],
    ) -> Result<HashMap<Uuid, Vec<SeatRatingChange>>, StoreError> {
        let mut changes: HashMap<Uuid, Vec<SeatRatingChange>> = HashMap::new();
        for chunk in matches.chunks(RATINGS_PER_QUERY) {
            let rows: Vec<(Uuid, i32, Uuid, f64, f64)> = on_pool!(self, |pool| {
                let mut query = sqlx::QueryBuilder::new(
                    "SELECT match_id, seat, player_id, rating_before, rating FROM rating_changes \
                     WHERE match_id IN (",
                );
                let mut ids = query.separated(", ");
                for id in chunk {
                    ids.push_bind(*id);
                }
                ids.push_unseparated(") ORDER BY match_id, seat");
                query.build_query_as().fetch_all(pool).await
            })?;
            for (match_id, seat, player, before, after) in rows {
                changes.entry(match_id).or_default().push(SeatRatingChange {
                    seat: seat as usize,
                    player,
                    before,
                    after,
                });
            }
        }
        Ok(changes)
    }

    /// The best `limit` settled ratings of a game (deviation below [`SETTLED_DEVIATION`]) of
    /// players with a password: a guest's rating is shown on its profile, never on the board (an
    /// identity nobody can keep is not one to rank). A banned player is left off while banned.
    /// People and bot accounts are ranked apart (`bots`: the bots' board).
    pub async fn leaderboard(
        &self,
        game: &str,
        limit: i64,
        bots: bool,
    ) -> Result<Vec<LeaderboardEntry>, StoreError> {
        let rows: Vec<(Uuid, String, f64, f64, i64)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT r.player_id, p.name, r.rating, r.deviation, r.games
                   FROM ratings r JOIN players p ON p.id = r.player_id
                  WHERE r.game = $1 AND r.deviation < $2 AND r.games > 0
                    AND p.password_hash IS NOT NULL
                    AND NOT p.banned_for_good
                    AND (p.banned_until IS NULL OR p.banned_until <= $4)
                    AND p.bot = $5
                  ORDER BY r.rating DESC, r.player_id LIMIT $3",
            )
            .bind(game)
            .bind(SETTLED_DEVIATION)
            .bind(limit)
            .bind(chrono::Utc::now())
            .bind(bots)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(id, name, rating, deviation, games)| LeaderboardEntry {
                id,
                name,
                bot: bots,
                rating,
                deviation,
                games,
            })
            .collect())
    }

    /// The last [`MAX_HISTORY`] changes of a player's rating in a game, oldest first.
    pub async fn rating_history(
        &self,
        player: Uuid,
        game: &str,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut rows: Vec<(Uuid, f64, f64, f64, f64, DateTime<Utc>)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT match_id, rating_before, deviation_before, rating, deviation, at
                   FROM rating_changes WHERE player_id = $1 AND game = $2
                  ORDER BY at DESC, match_id DESC LIMIT $3",
            )
            .bind(player)
            .bind(game)
            .bind(MAX_HISTORY)
            .fetch_all(pool)
            .await
        })?;
        rows.reverse();
        Ok(rows
            .into_iter()
            .map(
                |(match_id, rating_before, deviation_before, rating, deviation, at)| RatingChange {
                    match_id,
                    rating_before,
                    deviation_before,
                    rating,
                    deviation,
                    at,
                },
            )
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_person_in_every_seat_is_rated() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        assert_eq!(
            rated_players(&[(0, Some(a)), (1, Some(b))]),
            Some(vec![a, b])
        );
        assert_eq!(rated_players(&[(0, Some(a)), (1, None)]), None);
        assert_eq!(rated_players(&[(0, Some(a)), (1, Some(a))]), None);
    }
}
