//! Tournaments: their settings, entrants and pairings, and the director's lease. Every write of a
//! director goes through a [`DirectorFence`]: its transaction first touches the tournament's row
//! where this node still holds the lease at its epoch (locking the row on Postgres until the
//! commit), so a node that lost the tournament to another pairs nobody and records nothing.
//!
//! A tournament is looked at only when it is due (`wake_at`): at its start, at a deadline the
//! director set, or at once after a change from outside ([`Store::stir_tournament`]: an entrant
//! joining or withdrawing, a match of its rooms ending). An idle tournament costs no read.

use chrono::{DateTime, Utc};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::Visibility;
use plateau_protocol::tournaments::{TournamentKind, TournamentStatus};
use plateau_protocol::PlayerRef;
use serde_json::{Map, Value};
use sqlx::types::Json;
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// A tournament as stored.
#[derive(Debug, Clone)]
pub struct TournamentRow {
    pub id: Uuid,
    pub name: String,
    pub kind: TournamentKind,
    pub game: String,
    pub match_size: usize,
    pub options: Map<String, Value>,
    pub clock: ClockSetting,
    pub rated: bool,
    pub visibility: Visibility,
    pub creator: PlayerRef,
    pub starts_at: DateTime<Utc>,
    pub rounds: Option<u32>,
    pub minutes: Option<u32>,
    pub join_secs: u32,
    pub status: TournamentStatus,
    pub created_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// Entrants not withdrawn (read with the row).
    pub active_entrants: i64,
}

/// A tournament's columns as both databases give them: the creator is a join, the counts are
/// the narrower integers each database stores. Its words are the protocol's enums already.
#[derive(sqlx::FromRow)]
struct TournamentColumns {
    id: Uuid,
    name: String,
    #[sqlx(try_from = "String")]
    kind: TournamentKind,
    game: String,
    match_size: i32,
    options: Json<Map<String, Value>>,
    clock: Json<ClockSetting>,
    rated: bool,
    #[sqlx(try_from = "String")]
    visibility: Visibility,
    creator: Uuid,
    creator_name: String,
    creator_bot: bool,
    starts_at: DateTime<Utc>,
    rounds: Option<i32>,
    minutes: Option<i32>,
    join_secs: i32,
    #[sqlx(try_from = "String")]
    status: TournamentStatus,
    created_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
    active_entrants: i64,
}

impl From<TournamentColumns> for TournamentRow {
    fn from(c: TournamentColumns) -> Self {
        TournamentRow {
            id: c.id,
            name: c.name,
            kind: c.kind,
            game: c.game,
            match_size: c.match_size as usize,
            options: c.options.0,
            clock: c.clock.0,
            rated: c.rated,
            visibility: c.visibility,
            creator: PlayerRef {
                id: c.creator,
                name: c.creator_name,
                bot: c.creator_bot,
            },
            starts_at: c.starts_at,
            rounds: c.rounds.map(|r| r as u32),
            minutes: c.minutes.map(|m| m as u32),
            join_secs: c.join_secs as u32,
            status: c.status,
            created_at: c.created_at,
            ended_at: c.ended_at,
            active_entrants: c.active_entrants,
        }
    }
}

const TOURNAMENT_COLUMNS: &str = "SELECT t.id, t.name, t.kind, t.game, t.match_size, t.options, t.clock, t.rated,
        t.visibility, t.creator, p.name AS creator_name, p.bot AS creator_bot, t.starts_at, t.rounds, t.minutes, t.join_secs,
        t.status, t.created_at, t.ended_at,
        (SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND NOT e.withdrawn) AS active_entrants
   FROM tournaments t JOIN players p ON p.id = t.creator";

/// An entrant as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct EntrantRow {
    /// Its number: the order of entry, from 0.
    pub entrant: usize,
    pub player: PlayerRef,
    pub withdrawn: bool,
}

/// A pairing as stored: entrant per seat (None: a bot), its room, and each seat's points
/// (doubled) once over.
#[derive(Debug, Clone, PartialEq)]
pub struct PairingRow {
    pub round: u32,
    pub board: u32,
    pub entrants: Vec<Option<usize>>,
    pub room_code: Option<String>,
    pub points_x2: Option<Vec<u32>>,
    pub created_at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct PairingColumns {
    round: i32,
    board: i32,
    entrants: Json<Vec<Option<usize>>>,
    room_code: Option<String>,
    points_x2: Option<Json<Vec<u32>>>,
    created_at: DateTime<Utc>,
}

/// The lease a director writes under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DirectorFence {
    pub tournament: Uuid,
    pub node: Uuid,
    pub epoch: i64,
    /// The tournament's count of changes from outside when the lease was taken: the director
    /// sleeps till its deadline only if nothing stirred it since ([`Store::sleep_tournament`]).
    pub stirred: i64,
}

/// What a change from outside does to a tournament (at `$2`): due at once (at its start, if it
/// has not started: an entrant coming starts nothing early), and its followers read it again.
const STIR: &str = "stirred = stirred + 1, version = version + 1,
    wake_at = CASE WHEN starts_at > $2 THEN starts_at ELSE $2 END";

/// Inside `$tx` (or on a pool): tournament `$id` changed from outside at `$now` ([`STIR`]).
macro_rules! stir {
    ($conn:expr, $id:expr, $now:expr) => {
        sqlx::query(&format!(
            "UPDATE tournaments SET {STIR} WHERE id = $1 AND status <> 'finished'"
        ))
        .bind($id)
        .bind($now)
        .execute($conn)
        .await
    };
}

/// Inside transaction `$tx`: fails with `DirectorLost` unless `$fence` still holds its
/// tournament's lease; locks the tournament's row until the commit (Postgres). Counts a change
/// its followers see (`version`).
macro_rules! check_director {
    ($tx:ident, $fence:expr) => {{
        let fence: &DirectorFence = $fence;
        let held = sqlx::query(
            "UPDATE tournaments SET version = version + 1
              WHERE id = $1 AND director = $2 AND director_epoch = $3",
        )
        .bind(fence.tournament)
        .bind(fence.node)
        .bind(fence.epoch)
        .execute(&mut *$tx)
        .await?
        .rows_affected();
        if held == 0 {
            return Err(StoreError::DirectorLost {
                tournament: fence.tournament,
            });
        }
    }};
}

impl Store {
    /// Stores a new tournament.
    pub async fn create_tournament(&self, t: &TournamentRow) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO tournaments (id, name, kind, game, match_size, options, clock, rated,
                   visibility, creator, starts_at, rounds, minutes, join_secs, status, created_at,
                   wake_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $11)",
            )
            .bind(t.id)
            .bind(&t.name)
            .bind(t.kind.as_str())
            .bind(&t.game)
            .bind(t.match_size as i32)
            .bind(Json(&t.options))
            .bind(Json(&t.clock))
            .bind(t.rated)
            .bind(t.visibility.as_str())
            .bind(t.creator.id)
            .bind(t.starts_at)
            .bind(t.rounds.map(|r| r as i32))
            .bind(t.minutes.map(|m| m as i32))
            .bind(t.join_secs as i32)
            .bind(t.status.as_str())
            .bind(t.created_at)
            .execute(pool)
            .await
            .map(|_| ())
        })
    }

    /// What `creator` has made of private tournaments: how many are open (upcoming or running),
    /// and when each made since `since` was made, oldest first (its creation budget).
    pub async fn private_tournaments_of(
        &self,
        creator: Uuid,
        since: DateTime<Utc>,
    ) -> Result<(i64, Vec<DateTime<Utc>>), StoreError> {
        let open: i64 = on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournaments
                  WHERE creator = $1 AND visibility = 'private' AND status IN ('upcoming', 'running')",
            )
            .bind(creator)
            .fetch_one(pool)
            .await
        })?;
        let made: Vec<DateTime<Utc>> = on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT created_at FROM tournaments
                  WHERE creator = $1 AND visibility = 'private' AND created_at > $2
                  ORDER BY created_at",
            )
            .bind(creator)
            .bind(since)
            .fetch_all(pool)
            .await
        })?;
        Ok((open, made))
    }

    /// One tournament.
    pub async fn tournament(&self, id: Uuid) -> Result<Option<TournamentRow>, StoreError> {
        let sql = format!("{TOURNAMENT_COLUMNS} WHERE t.id = $1");
        let row: Option<TournamentColumns> = on_pool!(self, |pool| {
            sqlx::query_as(&sql).bind(id).fetch_optional(pool).await
        })?;
        Ok(row.map(Into::into))
    }

    /// Public tournaments of `status`, the latest to start first, starting before `before` if
    /// given (the page's cursor: a start time and an id), at most `limit`.
    pub async fn public_tournaments(
        &self,
        status: TournamentStatus,
        before: Option<(DateTime<Utc>, Uuid)>,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, StoreError> {
        // Without a cursor: after any start (the year 9999, not chrono's largest date, whose
        // text SQLite would compare wrongly).
        let last = DateTime::<Utc>::from_timestamp(253_402_300_799, 0).expect("a valid date");
        let (at, id) = before.unwrap_or((last, Uuid::max()));
        let sql = format!(
            "{TOURNAMENT_COLUMNS} WHERE t.visibility = 'public' AND t.status = $1
               AND (t.starts_at < $2 OR (t.starts_at = $2 AND t.id < $3))
             ORDER BY t.starts_at DESC, t.id DESC LIMIT $4"
        );
        let rows: Vec<TournamentColumns> = on_pool!(self, |pool| {
            sqlx::query_as(&sql)
                .bind(status.as_str())
                .bind(at)
                .bind(id)
                .bind(limit)
                .fetch_all(pool)
                .await
        })?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// The entrants of tournament `id`, in order of entry.
    pub async fn entrants(&self, id: Uuid) -> Result<Vec<EntrantRow>, StoreError> {
        let rows: Vec<(i32, Uuid, String, bool, bool)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT e.entrant, e.player_id, p.name, p.bot, e.withdrawn
                   FROM tournament_entrants e JOIN players p ON p.id = e.player_id
                  WHERE e.tournament_id = $1 ORDER BY e.entrant",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(entrant, id, name, bot, withdrawn)| EntrantRow {
                entrant: entrant as usize,
                player: PlayerRef { id, name, bot },
                withdrawn,
            })
            .collect())
    }

    /// `player` enters tournament `id`, or comes back to it after withdrawing; its entrant number.
    pub async fn enter_tournament(
        &self,
        id: Uuid,
        player: Uuid,
        at: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        // Two entering at once may pick the same next number: the second tries again.
        for _ in 0..5 {
            let entered: Result<i32, StoreError> = on_pool!(self, |pool| {
                let mut tx = pool.begin().await?;
                // The tournament's row first, as the director's writes take it (no deadlock).
                stir!(&mut *tx, id, at)?;
                let entrant = sqlx::query_scalar(
                    "INSERT INTO tournament_entrants (tournament_id, entrant, player_id, joined_at, withdrawn)
                     SELECT $1, COALESCE(MAX(entrant) + 1, 0), $2, $3, FALSE
                       FROM tournament_entrants WHERE tournament_id = $1
                     ON CONFLICT (tournament_id, player_id) DO UPDATE SET withdrawn = FALSE
                     RETURNING entrant",
                )
                .bind(id)
                .bind(player)
                .bind(at)
                .fetch_one(&mut *tx)
                .await?;
                tx.commit().await.map(|()| entrant)
            });
            match entered {
                Ok(entrant) => return Ok(entrant as usize),
                Err(StoreError::Conflict(_)) => continue,
                Err(e) => return Err(e),
            }
        }
        Err(StoreError::Unavailable(sqlx::Error::PoolTimedOut))
    }

    /// `player` leaves tournament `id` (paired no more); false if it had not entered.
    pub async fn withdraw_from_tournament(
        &self,
        id: Uuid,
        player: Uuid,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            let done = sqlx::query(
                "UPDATE tournament_entrants SET withdrawn = TRUE
                  WHERE tournament_id = $1 AND player_id = $2",
            )
            .bind(id)
            .bind(player)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if done == 0 {
                return Ok(0);
            }
            stir!(&mut *tx, id, at)?;
            tx.commit().await.map(|()| done)
        })?;
        Ok(done > 0)
    }

    /// The tournament whose pairing room `code` is, if any, changed (its match ended, or the room
    /// was given up): its director looks at it at once.
    pub async fn stir_tournament_of_room(
        &self,
        code: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let sql = format!(
            "UPDATE tournaments SET {STIR}
              WHERE status <> 'finished'
                AND id IN (SELECT tournament_id FROM tournament_pairings WHERE room_code = $1)"
        );
        on_pool!(self, |pool| {
            sqlx::query(&sql)
                .bind(code)
                .bind(at)
                .execute(pool)
                .await
                .map(|_| ())
        })
    }

    /// How many times tournament `id` changed in a way its followers see (None: no such
    /// tournament): read again only when this moved.
    pub async fn tournament_version(&self, id: Uuid) -> Result<Option<i64>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT version FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(pool)
                .await
        })
    }

    /// Every pairing of tournament `id`, by round then board.
    pub async fn pairings(&self, id: Uuid) -> Result<Vec<PairingRow>, StoreError> {
        let rows: Vec<PairingColumns> = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT round, board, entrants, room_code, points_x2, created_at
                   FROM tournament_pairings WHERE tournament_id = $1 ORDER BY round, board",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|r| PairingRow {
                round: r.round as u32,
                board: r.board as u32,
                entrants: r.entrants.0,
                room_code: r.room_code,
                points_x2: r.points_x2.map(|p| p.0),
                created_at: r.created_at,
            })
            .collect())
    }

    /// Takes or renews, for `node`, the lease of every tournament that is due (its `wake_at`
    /// passed: its start, a deadline, a change) and whose lease is free, expired or `node`'s own,
    /// until `until`; the fences held. Taking a lease from another node raises its epoch. A
    /// tournament not due is not read: idle, it costs nothing.
    pub async fn claim_tournaments(
        &self,
        node: Uuid,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<Vec<DirectorFence>, StoreError> {
        // Read first: most of the time nothing is due, and a read takes no write lock (SQLite has
        // one writer for everything, moves included). By `wake_at` alone, which only an open
        // tournament has, so that its index answers (with the status too, SQLite's planner may
        // walk the status index instead: every open tournament, every turn).
        let due: bool = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM tournaments WHERE wake_at <= $1)")
                .bind(now)
                .fetch_one(pool)
                .await
        })?;
        if !due {
            return Ok(Vec::new());
        }
        let rows: Vec<(Uuid, i64, i64)> = on_pool!(self, |pool| {
            sqlx::query_as(
                "UPDATE tournaments
                    SET director_epoch = CASE WHEN director = $1 THEN director_epoch ELSE director_epoch + 1 END,
                        director = $1, director_until = $3
                  WHERE wake_at <= $2
                    AND (director IS NULL OR director = $1 OR director_until < $2)
                  RETURNING id, director_epoch, stirred",
            )
            .bind(node)
            .bind(now)
            .bind(until)
            .fetch_all(pool)
            .await
        })?;
        Ok(rows
            .into_iter()
            .map(|(tournament, epoch, stirred)| DirectorFence {
                tournament,
                node,
                epoch,
                stirred,
            })
            .collect())
    }

    /// Lets go of `node`'s leases (a node stopping): another node takes them at once.
    pub async fn release_tournaments(&self, node: Uuid) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("UPDATE tournaments SET director = NULL WHERE director = $1")
                .bind(node)
                .execute(pool)
                .await
                .map(|_| ())
        })
    }

    /// Under `fence`: until when the tournament sleeps: `wake` (None: till a change from outside
    /// stirs it), unless something stirred it since the lease was taken (then it is due at once,
    /// `now`: what stirred it may not have been read).
    pub async fn sleep_tournament(
        &self,
        fence: &DirectorFence,
        wake: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "UPDATE tournaments SET wake_at = CASE WHEN stirred = $4 THEN $5 ELSE $6 END
                  WHERE id = $1 AND director = $2 AND director_epoch = $3
                    AND status IN ('upcoming', 'running')",
            )
            .bind(fence.tournament)
            .bind(fence.node)
            .bind(fence.epoch)
            .bind(fence.stirred)
            .bind(wake)
            .bind(now)
            .execute(pool)
            .await
            .map(|_| ())
        })
    }

    /// Under `fence`: the tournament's status becomes `status` (and its end time, if given).
    pub async fn set_tournament_status(
        &self,
        fence: &DirectorFence,
        status: TournamentStatus,
        ended_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_director!(tx, fence);
            // A finished tournament is never due again.
            sqlx::query(
                "UPDATE tournaments SET status = $2, ended_at = $3,
                        wake_at = CASE WHEN $2 = 'finished' THEN NULL ELSE wake_at END
                  WHERE id = $1",
            )
            .bind(fence.tournament)
            .bind(status.as_str())
            .bind(ended_at)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })
    }

    /// Under `fence`: stores new pairings. A pairing already stored (same round and board) is a
    /// conflict: nothing is stored.
    pub async fn add_pairings(
        &self,
        fence: &DirectorFence,
        pairings: &[PairingRow],
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_director!(tx, fence);
            for p in pairings {
                sqlx::query(
                    "INSERT INTO tournament_pairings
                       (tournament_id, round, board, entrants, room_code, points_x2, created_at, finished_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $6 IS NULL THEN NULL ELSE $7 END)",
                )
                .bind(fence.tournament)
                .bind(p.round as i32)
                .bind(p.board as i32)
                .bind(Json(&p.entrants))
                .bind(&p.room_code)
                .bind(p.points_x2.as_ref().map(Json))
                .bind(p.created_at)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        })
    }

    /// Under `fence`: pairing (`round`, `board`) is over with these points per seat (doubled);
    /// entrants in `no_shows` are withdrawn in the same transaction (they did not come).
    pub async fn finish_pairing(
        &self,
        fence: &DirectorFence,
        round: u32,
        board: u32,
        points_x2: &[u32],
        no_shows: &[usize],
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            check_director!(tx, fence);
            sqlx::query(
                "UPDATE tournament_pairings SET points_x2 = $4, finished_at = $5
                  WHERE tournament_id = $1 AND round = $2 AND board = $3 AND points_x2 IS NULL",
            )
            .bind(fence.tournament)
            .bind(round as i32)
            .bind(board as i32)
            .bind(Json(points_x2))
            .bind(at)
            .execute(&mut *tx)
            .await?;
            for &entrant in no_shows {
                sqlx::query(
                    "UPDATE tournament_entrants SET withdrawn = TRUE
                      WHERE tournament_id = $1 AND entrant = $2",
                )
                .bind(fence.tournament)
                .bind(entrant as i32)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await
        })
    }
}
