//! Rooms and their seats.

use chrono::{DateTime, Utc};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{Seating, Visibility};
use plateau_protocol::RoomStatus;
use serde_json::{Map, Value};
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// A room as stored: read straight from its row (its words read back as their types once,
/// here), its seats joined after.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RoomRow {
    pub code: String,
    pub game: String,
    #[sqlx(try_from = "i32")]
    pub players: usize,
    #[sqlx(try_from = "String")]
    pub visibility: Visibility,
    #[sqlx(json)]
    pub options: Map<String, Value>,
    pub host: Uuid,
    #[sqlx(try_from = "String")]
    pub status: RoomStatus,
    pub match_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    /// Since when a waiting room has had nobody connected (None: somebody was, at the last news).
    pub vacant_since: Option<DateTime<Utc>>,
    /// The room's clock (None: none).
    #[sqlx(json(nullable))]
    pub clock: Option<ClockSetting>,
    /// The code of the rematch room made after this room's match, once there is one.
    pub rematch: Option<String>,
    /// Who sits where when the match starts.
    #[sqlx(try_from = "String")]
    pub seating: Seating,
    /// Whether its matches are rated.
    pub rated: bool,
    /// Whether its match starts by itself once every seat is taken.
    pub auto_start: bool,
    /// A tournament's room: its match starts by itself at this time with whoever has come.
    pub start_by: Option<DateTime<Utc>>,
    /// Read by a query of their own ([`Store::room`]).
    #[sqlx(skip)]
    pub seats: Vec<SeatRow>,
}

/// A seat as stored, with its player's name.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SeatRow {
    pub seat: i32,
    pub player_id: Option<Uuid>,
    pub player_name: Option<String>,
    /// The seat's player is a bot account (null without a player).
    pub player_bot: Option<bool>,
    /// The server's own bot plays the seat.
    pub bot: bool,
}

const ROOM_COLUMNS: &str =
    "SELECT code, game, players, visibility, options, host, status, match_id, created_at, vacant_since, clock, rematch, seating, rated, auto_start, start_by FROM rooms";

/// Inserts room `$room` (a `&RoomRow`) and its seats inside transaction `$tx`. A macro, since the
/// transaction's type is one per backend.
macro_rules! insert_room {
    ($tx:ident, $room:expr) => {{
        let room: &$crate::store::RoomRow = $room;
        sqlx::query(
            "INSERT INTO rooms (code, game, players, visibility, options, host, status, match_id, created_at, vacant_since, clock, seating, rated, auto_start, start_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(&room.code)
        .bind(&room.game)
        .bind(room.players as i32)
        .bind(room.visibility.as_str())
        .bind(sqlx::types::Json(&room.options))
        .bind(room.host)
        .bind(room.status.as_str())
        .bind(room.match_id)
        .bind(room.created_at)
        .bind(room.vacant_since)
        .bind(room.clock.map(sqlx::types::Json))
        .bind(room.seating.as_str())
        .bind(room.rated)
        .bind(room.auto_start)
        .bind(room.start_by)
        .execute(&mut *$tx)
        .await?;
        for seat in &room.seats {
            sqlx::query("INSERT INTO room_seats (room_code, seat, player_id, bot) VALUES ($1, $2, $3, $4)")
                .bind(&room.code)
                .bind(seat.seat)
                .bind(seat.player_id)
                .bind(seat.bot)
                .execute(&mut *$tx)
                .await?;
        }
    }};
}
pub(super) use insert_room;

impl Store {
    /// Stores a new room and its seats. A taken code is a conflict (pick another).
    pub async fn create_room(&self, room: &RoomRow) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            let mut tx = pool.begin().await?;
            insert_room!(tx, room);
            tx.commit().await
        })
    }

    /// Abandons every waiting room nobody has been connected to since `cutoff` or before, in one
    /// statement (at start, before rooms are brought back). How many. It checks no lease: only for
    /// a node alone. With several nodes a room's expiry is its owner's, under its lease
    /// ([`super::RoomWriter::abandon_if_waiting`]): a node starting must not abandon the rooms
    /// that live nodes hold.
    pub async fn expire_waiting_rooms(&self, cutoff: DateTime<Utc>) -> Result<u64, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "UPDATE rooms SET status = 'abandoned'
                  WHERE status = 'waiting' AND vacant_since IS NOT NULL AND vacant_since <= $1",
            )
            .bind(cutoff)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })
    }

    /// How many rooms `host` hosts whose match is under way with a bot in some seat.
    pub async fn bot_matches_hosted(&self, host: Uuid) -> Result<u64, StoreError> {
        let count: i64 = on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT COUNT(*) FROM rooms r WHERE r.host = $1 AND r.status = 'playing'
                    AND EXISTS (SELECT 1 FROM room_seats s WHERE s.room_code = r.code AND s.bot)",
            )
            .bind(host)
            .fetch_one(pool)
            .await
        })?;
        Ok(count as u64)
    }

    /// How many rooms `host` hosts that are waiting for players.
    pub async fn waiting_rooms_hosted(&self, host: Uuid) -> Result<u64, StoreError> {
        let count: i64 = on_pool!(self, |pool| {
            sqlx::query_scalar("SELECT COUNT(*) FROM rooms WHERE host = $1 AND status = 'waiting'")
                .bind(host)
                .fetch_one(pool)
                .await
        })?;
        Ok(count as u64)
    }

    /// The codes of the waiting rooms `player` hosts or holds a seat in.
    pub async fn waiting_rooms_of(&self, player: Uuid) -> Result<Vec<String>, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query_scalar(
                "SELECT r.code FROM rooms r WHERE r.status = 'waiting' AND (r.host = $1 OR EXISTS
                   (SELECT 1 FROM room_seats s WHERE s.room_code = r.code AND s.player_id = $1))
                  ORDER BY r.code",
            )
            .bind(player)
            .fetch_all(pool)
            .await
        })
    }

    /// One room by code (exact; codes are stored upper-case).
    pub async fn room(&self, code: &str) -> Result<Option<RoomRow>, StoreError> {
        let sql = format!("{ROOM_COLUMNS} WHERE code = $1");
        let row: Option<RoomRow> = on_pool!(self, |pool| {
            sqlx::query_as(&sql).bind(code).fetch_optional(pool).await
        })?;
        match row {
            Some(row) => Ok(Some(self.with_seats(row).await?)),
            None => Ok(None),
        }
    }

    /// Rooms waiting for players or playing: what the server brings back at start.
    pub async fn live_rooms(&self) -> Result<Vec<RoomRow>, StoreError> {
        let sql =
            format!("{ROOM_COLUMNS} WHERE status IN ('waiting', 'playing') ORDER BY created_at");
        let rows: Vec<RoomRow> = on_pool!(self, |pool| sqlx::query_as(&sql).fetch_all(pool).await)?;
        let mut rooms = Vec::with_capacity(rows.len());
        for row in rows {
            rooms.push(self.with_seats(row).await?);
        }
        Ok(rooms)
    }

    async fn with_seats(&self, mut row: RoomRow) -> Result<RoomRow, StoreError> {
        row.seats = on_pool!(self, |pool| {
            sqlx::query_as(
                "SELECT s.seat, s.player_id, p.name AS player_name, p.bot AS player_bot, s.bot
                   FROM room_seats s LEFT JOIN players p ON p.id = s.player_id
                  WHERE s.room_code = $1 ORDER BY s.seat",
            )
            .bind(&row.code)
            .fetch_all(pool)
            .await
        })?;
        Ok(row)
    }
}
