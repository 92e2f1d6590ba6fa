//! A room's writes. A room task changes its room in the store only through its [`RoomWriter`]: the
//! store, the room's code, and the lease it runs under (with several nodes). Every write checks that
//! lease in its own transaction (see [`super::fence`]), so a node that lost the room (paused past
//! its lease, partitioned) can change nothing of it any more: not a move, not a seat, not its status
//! or its rematch link. The store's own write functions for rooms and matches are private to the
//! store; this is the only way in.

use chrono::{DateTime, Utc};
use plateau_protocol::MatchResult;
use uuid::Uuid;

use super::fence::check_fence;
use super::matches::FencedMove;
use super::rooms::insert_room;
use super::{on_pool, Fence, MatchEnd, NewMatch, NewMove, RoomRow, Ruling, Store, StoreError};

/// The one handle through which a room writes (see the module's documentation).
#[derive(Clone)]
pub struct RoomWriter {
    store: Store,
    code: String,
    /// The lease the room runs under here; None: this node is alone (nothing to check).
    fence: Option<Fence>,
}

impl Store {
    /// The writer of room `code`, run under `fence` (None: this node is alone).
    pub fn room_writer(&self, code: &str, fence: Option<Fence>) -> RoomWriter {
        RoomWriter {
            store: self.clone(),
            code: code.to_string(),
            fence,
        }
    }
}

impl RoomWriter {
    /// The lease this room runs under here (several nodes).
    pub fn fence(&self) -> Option<&Fence> {
        self.fence.as_ref()
    }

    /// Who sits in `seat` (None: nobody) and who hosts; and the room's new status if it changes
    /// with it (the last player leaving a waiting room abandons it). All or nothing.
    pub async fn seat(
        &self,
        seat: usize,
        player_id: Option<Uuid>,
        host: Uuid,
        status: Option<&str>,
    ) -> Result<(), StoreError> {
        let (code, fence) = (&self.code, self.fence.as_ref());
        on_pool!(self.store, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            sqlx::query("UPDATE room_seats SET player_id = $1, bot = FALSE WHERE room_code = $2 AND seat = $3")
                .bind(player_id)
                .bind(code)
                .bind(seat as i32)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "UPDATE rooms SET host = $1, status = COALESCE($2, status) WHERE code = $3",
            )
            .bind(host)
            .bind(status)
            .bind(code)
            .execute(&mut *tx)
            .await?;
            tx.commit().await
        })?;
        if status == Some("abandoned") {
            self.ended();
        }
        Ok(())
    }

    /// The room's match ended, or the room was given up: a tournament that paired it looks at it
    /// at once (its director sleeps otherwise). Once committed, outside the transaction, so that
    /// the commit of a move takes no tournament's row; a failure here is only logged: the
    /// director looks again at its deadline. Not awaited: the last move's ack does not wait for
    /// it.
    fn ended(&self) {
        let (store, code) = (self.store.clone(), self.code.clone());
        tokio::spawn(async move {
            if let Err(e) = store.stir_tournament_of_room(&code, Utc::now()).await {
                tracing::warn!(room = %code, error = %e, "could not tell the room's tournament");
            }
        });
    }

    /// Records since when a waiting room has had nobody connected (None: somebody is now).
    pub async fn set_vacant_since(&self, since: Option<DateTime<Utc>>) -> Result<(), StoreError> {
        let (code, fence) = (&self.code, self.fence.as_ref());
        on_pool!(self.store, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            sqlx::query("UPDATE rooms SET vacant_since = $1 WHERE code = $2")
                .bind(since)
                .bind(code)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        })
    }

    /// Abandons the room if it is waiting (a room that started meanwhile stays as it is). Whether
    /// it was waiting.
    pub async fn abandon_if_waiting(&self) -> Result<bool, StoreError> {
        let (code, fence) = (&self.code, self.fence.as_ref());
        let abandoned = on_pool!(self.store, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            let done = sqlx::query(
                "UPDATE rooms SET status = 'abandoned' WHERE code = $1 AND status = 'waiting'",
            )
            .bind(code)
            .execute(&mut *tx)
            .await?;
            tx.commit().await.map(|()| done.rows_affected() > 0)
        })?;
        if abandoned {
            self.ended();
        }
        Ok(abandoned)
    }

    /// Stores `next`, a new room made as this room's rematch, and links this room to it: in one
    /// transaction, so a node that lost this room makes no rematch room of it. A taken code is a
    /// conflict (pick another).
    pub async fn create_rematch(&self, next: &RoomRow) -> Result<(), StoreError> {
        let (code, fence) = (&self.code, self.fence.as_ref());
        on_pool!(self.store, |pool| {
            let mut tx = pool.begin().await?;
            check_fence!(tx, fence);
            insert_room!(tx, next);
            sqlx::query("UPDATE rooms SET rematch = $1 WHERE code = $2")
                .bind(&next.code)
                .bind(code)
                .execute(&mut *tx)
                .await?;
            tx.commit().await
        })
    }

    /// Starts a match in this room (see [`Store::start_match`]).
    pub async fn start_match(&self, m: &NewMatch<'_>) -> Result<(), StoreError> {
        self.store
            .start_match(m, &self.code, self.fence.as_ref())
            .await
    }

    /// Appends an accepted move; returns once it is committed (see [`Store::append_move`]).
    pub async fn append_move(&self, mv: &NewMove<'_>) -> Result<(), StoreError> {
        let fenced = FencedMove {
            mv,
            room_code: &self.code,
            fence: self.fence.as_ref(),
        };
        self.store.append_move(&fenced).await?;
        if mv.end.is_some() {
            self.ended();
        }
        Ok(())
    }

    /// Stores the match's rulings (the last one new) and the end it brings, if any.
    pub async fn record_ruling(
        &self,
        match_id: Uuid,
        rulings: &[Ruling],
        end: Option<&MatchEnd<'_>>,
    ) -> Result<(), StoreError> {
        self.store
            .record_ruling(match_id, rulings, end, &self.code, self.fence.as_ref())
            .await?;
        if end.is_some() {
            self.ended();
        }
        Ok(())
    }

    /// Ends a match whose engine failed: it and this room are `aborted`, with `result`.
    pub async fn abort_match(
        &self,
        match_id: Uuid,
        result: &MatchResult,
        ended_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.store
            .abort_match(match_id, &self.code, result, ended_at, self.fence.as_ref())
            .await?;
        self.ended();
        Ok(())
    }
}
