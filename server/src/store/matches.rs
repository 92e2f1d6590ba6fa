//! Matches and their moves: the start of a match, each accepted move (with the end, when it ends),
//! and the history's queries.

use chrono::{DateTime, Utc};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::MatchPlayer;
use plateau_protocol::{
    Forfeit, ForfeitReason, MatchResult, RatingOutcome, RoomStatus, SeatRatingChange,
    UncountedReason,
};
use serde_json::{Map, Value};
use sqlx::types::Json;
use std::fmt::Write as _;
use uuid::Uuid;

use super::fence::{check_fence, check_fences};
use super::{on_held, on_pool, Fence, Held, Store, StoreError};

/// What the start of a match writes.
pub struct NewMatch<'a> {
    pub id: Uuid,
    pub game: &'a str,
    pub options: &'a Map<String, Value>,
    pub players: &'a [MatchPlayer],
    pub seed: &'a [u8],
    pub commitment: &'a str,
    pub started_at: DateTime<Utc>,
    /// The ply cap the match is played under.
    pub max_plies: u64,
    pub clock: Option<ClockSetting>,
}

/// One accepted move.
pub struct NewMove<'a> {
    pub match_id: Uuid,
    pub ply: u64,
    pub seat: usize,
    /// The player who sent it (None for a bot).
    pub player_id: Option<Uuid>,
    /// The client's move id (None for a bot).
    pub client_id: Option<&'a str>,
    pub body: &'a Value,
    pub at: DateTime<Utc>,
    /// Set when this move ends the match.
    pub end: Option<MatchEnd<'a>>,
}

/// A move as a room's writer hands it to the store: with its room and the lease it is committed
/// under (see [`super::fence`]).
pub(super) struct FencedMove<'a> {
    pub mv: &'a NewMove<'a>,
    pub room_code: &'a str,
    pub fence: Option<&'a Fence>,
}

/// How a match ends, written with the move or ruling that ends it.
pub struct MatchEnd<'a> {
    pub result: &'a MatchResult,
    pub ended_at: DateTime<Utc>,
    /// How the end is rated, when it is: every seat's rating then changes with the end, in the
    /// same transaction. None: not rated.
    pub rated: Option<RatedEnd<'a>>,
}

/// How a rated match's end is rated.
#[derive(Debug, Clone, Copy)]
pub struct RatedEnd<'a> {
    /// The match's sides: seats that win or lose together.
    pub sides: &'a [Vec<usize>],
    /// Two players' rated matches of one game count once within this (`--rated-pair-hours`): a
    /// match with two players already rated together that recently changes no rating. Zero:
    /// every match counts.
    pub pair_once_within: chrono::TimeDelta,
}

impl MatchEnd<'_> {
    /// The status the end leaves the match and its room in: `aborted` for a result of that reason
    /// (an engine that failed, or a rated match ended before every seat had moved), else
    /// `finished`.
    fn status(&self) -> &'static str {
        if self.result.reason == "aborted" {
            "aborted"
        } else {
            "finished"
        }
    }
}

/// A match as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: Uuid,
    pub room_code: String,
    pub game: String,
    pub options: Json<Map<String, Value>>,
    pub players: Json<Vec<MatchPlayer>>,
    pub seed: Vec<u8>,
    pub commitment: String,
    #[sqlx(try_from = "String")]
    pub status: RoomStatus,
    pub result: Option<Json<MatchResult>>,
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub plies: i64,
    /// The ply cap it is played under (None: a match from before caps).
    pub max_plies: Option<i64>,
    pub clock: Option<Json<ClockSetting>>,
    /// What the server decided that is not a move (forfeits, an agreed draw), in order.
    pub rulings: Json<Vec<Ruling>>,
    /// The visibility of the match's room (`public` or `private`): who may see its code.
    pub room_visibility: Option<String>,
    /// Whether the match's room is rated.
    pub room_rated: Option<bool>,
    /// Whether the match changed ratings (it has rating changes).
    pub rating_counted: bool,
}

impl MatchRow {
    /// Whether a rated room's match, once ended, changed ratings (with `changes`, its seats'
    /// changes as [`Store::rating_changes_of`] reads them), and why not. A finished rated match
    /// without rating changes is one whose players had been rated together lately: the only
    /// reason a finished match of people is not rated (`rate_match!`).
    pub fn rating(&self, changes: Vec<SeatRatingChange>) -> Option<RatingOutcome> {
        if self.room_rated != Some(true) {
            return None;
        }
        match self.status {
            _ if self.rating_counted => Some(RatingOutcome::counted(changes)),
            RoomStatus::Aborted => Some(RatingOutcome::uncounted(UncountedReason::Aborted)),
            RoomStatus::Finished => Some(finished_rated(Vec::new())),
            _ => None,
        }
    }
}

/// How a rated match that finished (not aborted) was rated, from its rating changes: none means
/// its players had been rated together lately, the only reason a finished match of people is not
/// rated (`rate_match!`).
pub fn finished_rated(changes: Vec<SeatRatingChange>) -> RatingOutcome {
    if changes.is_empty() {
        RatingOutcome::uncounted(UncountedReason::PairRatedLately)
    } else {
        RatingOutcome::counted(changes)
    }
}

/// A decision of the server that is not a move: a seat's forfeit, or a draw every side agreed to.
/// Each is a version of the match of its own, after the move `after_ply`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ruling {
    /// The plies played before it.
    pub after_ply: u64,
    /// The seat that forfeited; None for an agreed draw.
    pub seat: Option<usize>,
    /// `resigned`, `timeout`, `abandoned` (a forfeit) or `agreed_draw`.
    pub reason: String,
    pub at: DateTime<Utc>,
}

impl Ruling {
    /// The forfeit this ruling is, if it is one.
    pub fn forfeit(&self) -> Option<Forfeit> {
        Some(Forfeit {
            seat: self.seat?,
            reason: ForfeitReason::parse(&self.reason)?,
        })
    }
}

/// A move as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub seat: i32,
    pub player_id: Option<Uuid>,
    pub client_id: Option<String>,
    pub body: Json<Value>,
    pub at: DateTime<Utc>,
}

/// Filters of `GET /api/v1/matches`.
#[derive(Debug, Default, Clone)]
pub struct MatchFilter {
    pub player: Option<Uuid>,
    pub game: Option<String>,
    pub status: Option<String>,
    /// Only matches older than this one (the cursor).
    pub before: Option<Uuid>,
}

/// The columns of a [`MatchRow`], of `matches m` (a macro: a literal for `concat!`).
macro_rules! match_columns {
    () => {
        "SELECT m.id, m.room_code, m.game, m.options, m.players, m.seed, m.commitment, \
         m.status, m.result, m.started_at, m.ended_at, m.plies, m.max_plies, m.clock, m.rulings, \
         (SELECT r.visibility FROM rooms r WHERE r.code = m.room_code) AS room_visibility, \
         (SELECT r.rated FROM rooms r WHERE r.code = m.room_code) AS room_rated, \
         EXISTS (SELECT 1 FROM rating_changes rc WHERE rc.match_id = m.id) AS rating_counted"
    };
}

const MATCH_COLUMNS: &str = concat!(match_columns!(), " FROM matches m");

/// See [`Store::finished_matches_of`].
const FINISHED_OF_PLAYER_SQL: &str = concat!(
    match_columns!(),
    " FROM match_players mp JOIN matches m ON m.id = mp.match_id \
     WHERE mp.player_id = $1 AND mp.match_id > $2 AND m.status = 'finished' \
     ORDER BY mp.match_id LIMIT $3"
);

/// The end of a match inside a transaction `$tx`: the match's result, its winners (for players'
/// stats) and its room's status. A macro, since the transaction's type is one per backend.
macro_rules! finish_match {
    ($tx:ident, $match_id:expr, $room_code:expr, $end:expr) => {{
        let end: &MatchEnd<'_> = $end;
        let status = end.status();
        sqlx::query("UPDATE matches SET status = $4, result = $1, ended_at = $2 WHERE id = $3")
            .bind(Json(end.result))
            .bind(end.ended_at)
            .bind($match_id)
            .bind(status)
            .execute(&mut *$tx)
            .await?;
        for seat in &end.result.winners {
            sqlx::query("UPDATE match_players SET won = TRUE WHERE match_id = $1 AND seat = $2")
                .bind($match_id)
                .bind(*seat as i32)
                .execute(&mut *$tx)
                .await?;
        }
        sqlx::query("UPDATE rooms SET status = $2 WHERE code = $1")
            .bind($room_code)
            .bind(status)
            .execute(&mut *$tx)
            .await?;
        if let Some(rated) = end.rated {
            super::ratings::rate_match!($tx, $match_id, rated, end.result, end.ended_at);
        }
    }};
}

impl Store {
    /// Starts a match: the match row, its seats, the room's status, and bots in the seats that got
    /// one; all or nothing. (A room calls it through its [`super::RoomWriter`].)
    pub(super) async fn start_match(
        &self,
        m: &NewMatch<'_>,
        room_code: &str,
        fence: Option<&Fence>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            sqlx::query(
                "INSERT INTO matches (id, room_code, game, options, players, seed, commitment, status, result,
                                      started_at, ended_at, plies, max_plies, clock)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'playing', NULL, $8, NULL, 0, $9, $10)",
            )
            .bind(m.id)
            .bind(room_code)
            .bind(m.game)
            .bind(Json(m.options))
            .bind(Json(m.players))
            .bind(m.seed)
            .bind(m.commitment)
            .bind(m.started_at)
            .bind(m.max_plies as i64)
            .bind(m.clock.map(Json))
            .execute(&mut *tx)
            .await?;
            for p in m.players {
                sqlx::query("INSERT INTO match_players (match_id, seat, player_id, won) VALUES ($1, $2, $3, FALSE)")
                    .bind(m.id)
                    .bind(p.seat as i32)
                    .bind(p.id)
                    .execute(&mut *tx)
                    .await?;
                // Every seat as the match starts: bots in the empty ones, and players where the
                // seat draw put them.
                sqlx::query("UPDATE room_seats SET bot = $3, player_id = $4 WHERE room_code = $1 AND seat = $2")
                    .bind(room_code)
                    .bind(p.seat as i32)
                    .bind(p.bot)
                    .bind(p.id)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query("UPDATE rooms SET status = 'playing', match_id = $1 WHERE code = $2")
                .bind(m.id)
                .bind(room_code)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        })
    }

    /// Appends an accepted move (and the end of the match, if it ends it); returns once committed,
    /// in a transaction of its own or, with group commit, in one shared with other rooms' moves.
    pub(super) async fn append_move(&self, mv: &FencedMove<'_>) -> Result<(), StoreError> {
        match &self.writer {
            Some(writer) => writer.append(mv).await,
            None => self.append_moves_now(std::slice::from_ref(mv)).await,
        }
    }

    /// Stores moves of different matches (at most one per match) in one transaction, on a
    /// connection of the pool.
    pub(super) async fn append_moves_now(
        &self,
        moves: &[FencedMove<'_>],
    ) -> Result<(), StoreError> {
        if moves.is_empty() {
            return Ok(());
        }
        self.guarded(async { Store::append_moves_on(&mut self.hold().await?, moves).await })
            .await
    }

    /// Stores moves of different matches (at most one per match) in one transaction on `held`:
    /// one insert for the moves, one update for the matches' ply counts, and the ends of matches
    /// that end.
    pub(super) async fn append_moves_on(
        held: &mut Held,
        moves: &[FencedMove<'_>],
    ) -> Result<(), StoreError> {
        if moves.is_empty() {
            return Ok(());
        }
        // Statements of a batch size are prepared once per connection only for single moves; the
        // other sizes vary too much to be worth caching.
        let persistent = moves.len() == 1;
        // The common batch on Postgres (no match ends in it, no lease to check): one statement,
        // atomic on its own, in one round trip instead of four (begin, insert, update, commit).
        if let Held::Postgres(conn) = held {
            if moves
                .iter()
                .all(|fenced| fenced.mv.end.is_none() && fenced.fence.is_none())
            {
                let sql = insert_moves_and_plies_sql(moves.len());
                let mut query = sqlx::query(&sql).persistent(persistent);
                for fenced in moves {
                    query = bind_move(query, fenced.mv);
                }
                query.execute(&mut **conn).await?;
                return Ok(());
            }
        }
        let insert = insert_moves_sql(moves.len());
        let plies = update_plies_sql(moves.len());
        on_held!(held, |conn| {
            let mut tx = sqlx::Connection::begin(&mut **conn).await?;
            let fences: Vec<&Fence> = moves.iter().filter_map(|fenced| fenced.fence).collect();
            check_fences!(tx, &fences);
            let mut query = sqlx::query(&insert).persistent(persistent);
            for fenced in moves {
                query = bind_move(query, fenced.mv);
            }
            query.execute(&mut *tx).await?;
            let mut query = sqlx::query(&plies).persistent(persistent);
            for fenced in moves {
                query = query.bind(fenced.mv.match_id).bind(fenced.mv.ply as i64);
            }
            query.execute(&mut *tx).await?;
            for fenced in moves {
                if let Some(end) = &fenced.mv.end {
                    finish_match!(tx, fenced.mv.match_id, fenced.room_code, end);
                }
            }
            tx.commit().await
        })
    }

    /// Stores the match's rulings (the list so far, the last one new), and the end of the match
    /// when the last one ends it; all or nothing.
    pub(super) async fn record_ruling(
        &self,
        match_id: Uuid,
        rulings: &[Ruling],
        end: Option<&MatchEnd<'_>>,
        room_code: &str,
        fence: Option<&Fence>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            sqlx::query("UPDATE matches SET rulings = $1 WHERE id = $2")
                .bind(Json(rulings))
                .bind(match_id)
                .execute(&mut *tx)
                .await?;
            if let Some(end) = end {
                finish_match!(tx, match_id, room_code, end);
            }
            tx.commit().await
        })
    }

    /// Ends a match whose engine failed: the match and its room are `aborted`, with `result`.
    pub(super) async fn abort_match(
        &self,
        match_id: Uuid,
        room_code: &str,
        result: &MatchResult,
        ended_at: DateTime<Utc>,
        fence: Option<&Fence>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            sqlx::query(
                "UPDATE matches SET status = 'aborted', result = $1, ended_at = $2 WHERE id = $3",
            )
            .bind(Json(result))
            .bind(ended_at)
            .bind(match_id)
            .execute(&mut *tx)
            .await?;
            sqlx::query("UPDATE rooms SET status = 'aborted' WHERE code = $1")
                .bind(room_code)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        })
    }

    pub async fn match_row(&self, id: Uuid) -> Result<Option<MatchRow>, StoreError> {
        let sql = format!("{MATCH_COLUMNS} WHERE m.id = $1");
        on_pool!(self, |pool| sqlx::query_as(&sql)
            .bind(id)
            .fetch_optional(pool)
            .await)
    }

    /// The moves of a match in order; the first `limit` only when given.
    pub async fn moves(
        &self,
        match_id: Uuid,
        limit: Option<i64>,
    ) -> Result<Vec<MoveRow>, StoreError> {
        self.moves_between(match_id, 0, limit).await
    }

    /// The moves of a match after ply `after`, up to ply `up_to` (all of them when None), in order.
    pub async fn moves_between(
        &self,
        match_id: Uuid,
        after: i64,
        up_to: Option<i64>,
    ) -> Result<Vec<MoveRow>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT ply, seat, player_id, client_id, body, at FROM moves
                  WHERE match_id = $1 AND ply > $2 AND ($3 IS NULL OR ply <= $3) ORDER BY ply",
            )
            .bind(match_id)
            .bind(after)
            .bind(up_to)
            .fetch_all(pool)
            .await
        })
    }

    /// A player's finished matches started after match `after` (the nil id: from the first), oldest
    /// first, at most `limit`: a page of the export, found from the `match_players_player` index in
    /// order, so that each page costs its own size however long the history is.
    pub async fn finished_matches_of(
        &self,
        player: Uuid,
        after: Uuid,
        limit: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_as(FINISHED_OF_PLAYER_SQL)
                .bind(player)
                .bind(after)
                .bind(limit)
                .fetch_all(pool)
                .await
        })
    }

    /// A page of matches, newest first (ids are UUID v7: their order is their start order).
    pub async fn list_matches(
        &self,
        filter: &MatchFilter,
        limit: i64,
    ) -> Result<Vec<MatchRow>, StoreError> {
        let sql = list_matches_sql(filter);
        on_pool!(self, |pool| {
            // Bound in the order `list_matches_sql` numbers them.
            let mut query = sqlx::query_as(&sql);
            if let Some(game) = &filter.game {
                query = query.bind(game);
            }
            if let Some(status) = &filter.status {
                query = query.bind(status);
            }
            if let Some(before) = filter.before {
                query = query.bind(before);
            }
            if let Some(player) = filter.player {
                query = query.bind(player);
            }
            query.bind(limit).fetch_all(pool).await
        })
    }
}

/// The history's query with only the filters given, so that each shape gets its own plan: a
/// generic `($1 IS NULL OR ...)` makes SQLite walk every match. A player's matches are found from
/// the `match_players_player` index, a status's from `matches_status`, a game's from `matches_game`.
fn list_matches_sql(filter: &MatchFilter) -> String {
    let mut conditions = Vec::new();
    let mut placeholders = 0;
    let mut next = || {
        placeholders += 1;
        format!("${placeholders}")
    };
    if filter.game.is_some() {
        conditions.push(format!("m.game = {}", next()));
    }
    if filter.status.is_some() {
        conditions.push(format!("m.status = {}", next()));
    }
    if filter.before.is_some() {
        conditions.push(format!("m.id < {}", next()));
    }
    if filter.player.is_some() {
        conditions.push(format!(
            "m.id IN (SELECT mp.match_id FROM match_players mp WHERE mp.player_id = {})",
            next()
        ));
    }
    let limit = next();
    let filter = if conditions.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conditions.join(" AND "))
    };
    format!("{MATCH_COLUMNS}{filter} ORDER BY m.id DESC LIMIT {limit}")
}

/// `INSERT INTO moves ... VALUES (...), (...)` for `n` moves, 7 values each.
fn insert_moves_sql(n: usize) -> String {
    format!(
        "INSERT INTO moves (match_id, ply, seat, player_id, client_id, body, at) VALUES {}",
        super::placeholder_tuples(n, 7)
    )
}

/// The seven values of one move's row, in the order of [`insert_moves_sql`].
fn bind_move<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>,
    mv: &'q NewMove<'_>,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>
where
    DB: sqlx::Database,
    Uuid: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    i32: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<Uuid>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<&'q str>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Json<&'q serde_json::Value>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    DateTime<Utc>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    query
        .bind(mv.match_id)
        .bind(mv.ply as i64)
        .bind(mv.seat as i32)
        .bind(mv.player_id)
        .bind(mv.client_id)
        .bind(Json(mv.body))
        .bind(mv.at)
}

/// Postgres: inserts `n` moves and sets each match's ply count to its last move's, in one
/// statement (a data-modifying `WITH`; SQLite has none, and takes the transaction).
fn insert_moves_and_plies_sql(n: usize) -> String {
    format!(
        "WITH stored AS ({} RETURNING match_id, ply) \
         UPDATE matches SET plies = last.ply \
         FROM (SELECT match_id, max(ply) AS ply FROM stored GROUP BY match_id) AS last \
         WHERE matches.id = last.match_id",
        insert_moves_sql(n)
    )
}

/// Sets the ply count of `n` matches: `$1` is the first match, `$2` its plies, and so on.
fn update_plies_sql(n: usize) -> String {
    if n == 1 {
        return "UPDATE matches SET plies = $2 WHERE id = $1".into();
    }
    let mut sql = String::from("UPDATE matches SET plies = CASE id");
    for i in 0..n {
        let _ = write!(sql, " WHEN ${} THEN ${}", 2 * i + 1, 2 * i + 2);
    }
    sql.push_str(" END WHERE id IN (");
    for i in 0..n {
        if i > 0 {
            sql.push_str(", ");
        }
        let _ = write!(sql, "${}", 2 * i + 1);
    }
    sql.push(')');
    sql
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite's plan for the history's query, on the migrated schema.
    async fn sqlite_plan(filter: &MatchFilter) -> String {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("plan.db").display());
        let store = Store::connect(&url, 1).await.unwrap();
        store.migrate().await.unwrap();
        let super::super::Backend::Sqlite(pool) = &store.backend else {
            unreachable!()
        };
        let rows: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {}", list_matches_sql(filter)))
                .fetch_all(pool)
                .await
                .unwrap();
        rows.into_iter().map(|r| r.3).collect::<Vec<_>>().join("\n")
    }

    #[tokio::test]
    async fn history_filters_search_their_index_instead_of_scanning_every_match() {
        let player = MatchFilter {
            player: Some(Uuid::nil()),
            ..Default::default()
        };
        let plan = sqlite_plan(&player).await;
        assert!(plan.contains("match_players_player"), "{plan}");
        assert!(!plan.contains("SCAN m"), "{plan}");

        let status = MatchFilter {
            status: Some("playing".into()),
            before: Some(Uuid::nil()),
            ..Default::default()
        };
        let plan = sqlite_plan(&status).await;
        assert!(
            plan.contains("SEARCH m USING INDEX matches_status"),
            "{plan}"
        );
    }

    #[tokio::test]
    async fn the_export_walks_a_players_matches_in_index_order() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("plan.db").display());
        let store = Store::connect(&url, 1).await.unwrap();
        store.migrate().await.unwrap();
        let super::super::Backend::Sqlite(pool) = &store.backend else {
            unreachable!()
        };
        let rows: Vec<(i64, i64, i64, String)> =
            sqlx::query_as(&format!("EXPLAIN QUERY PLAN {FINISHED_OF_PLAYER_SQL}"))
                .fetch_all(pool)
                .await
                .unwrap();
        let plan = rows.into_iter().map(|r| r.3).collect::<Vec<_>>().join("\n");
        assert!(
            plan.contains("SEARCH mp USING COVERING INDEX match_players_player"),
            "{plan}"
        );
        assert!(
            !plan.contains("TEMP B-TREE"),
            "no sort of the whole history: {plan}"
        );
    }

    #[test]
    fn batch_statements_number_their_values() {
        assert_eq!(
            insert_moves_sql(2),
            "INSERT INTO moves (match_id, ply, seat, player_id, client_id, body, at) VALUES \
             ($1, $2, $3, $4, $5, $6, $7), ($8, $9, $10, $11, $12, $13, $14)"
        );
        assert_eq!(
            update_plies_sql(2),
            "UPDATE matches SET plies = CASE id WHEN $1 THEN $2 WHEN $3 THEN $4 END WHERE id IN ($1, $3)"
        );
        // Postgres' one statement: the same rows, and each match's plies from its rows.
        let one = insert_moves_and_plies_sql(2);
        assert!(
            one.starts_with(&format!(
                "WITH stored AS ({} RETURNING",
                insert_moves_sql(2)
            )),
            "{one}"
        );
        assert!(one.ends_with("WHERE matches.id = last.match_id"), "{one}");
    }
}
