//! Web push (issue 48, `crate::push`): the server's VAPID key, one for every node, and the
//! players' push subscriptions.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{on_pool, Store, StoreError};

/// Push subscriptions a player keeps at once (its browsers and devices): one more is refused.
pub const PUSH_SUBSCRIPTIONS_PER_PLAYER: i64 = 10;

/// A browser's push subscription: where to post, and the keys (base64url) payloads are
/// encrypted for.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PushSubscriptionRow {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

impl Store {
    /// The VAPID private key every node signs with: `made` if none is kept yet (the first node to
    /// start), else the one kept. One statement each way: two nodes starting at once agree.
    pub async fn vapid_key(&self, made: &str) -> Result<String, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO push_vapid (id, private_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
            )
            .bind(made)
            .execute(pool)
            .await?;
            sqlx::query_scalar("SELECT private_key FROM push_vapid WHERE id = 1")
                .fetch_one(pool)
                .await
        })
    }

    /// Keeps `subscription` for `player` (an endpoint subscribed again is updated, and moves to
    /// `player` if another had it), unless the player holds [`PUSH_SUBSCRIPTIONS_PER_PLAYER`]
    /// others already (false: nothing written).
    pub async fn add_push_subscription(
        &self,
        player: Uuid,
        subscription: &PushSubscriptionRow,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_pool!(self, |pool| {
            sqlx::query(
                "INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, created_at)
                 SELECT $1, $2, $3, $4, $5
                  WHERE (SELECT COUNT(*) FROM push_subscriptions
                          WHERE player_id = $2 AND endpoint <> $1) < $6
                 ON CONFLICT (endpoint) DO UPDATE
                    SET player_id = excluded.player_id, p256dh = excluded.p256dh,
                        auth = excluded.auth",
            )
            .bind(&subscription.endpoint)
            .bind(player)
            .bind(&subscription.p256dh)
            .bind(&subscription.auth)
            .bind(at)
            .bind(PUSH_SUBSCRIPTIONS_PER_PLAYER)
            .execute(pool)
            .await
            .map(|done| done.rows_affected() == 1)
        })
    }

    /// Forgets `player`'s subscription at `endpoint` (none: nothing to do).
    pub async fn remove_push_subscription(
        &self,
        player: Uuid,
        endpoint: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2")
                .bind(player)
                .bind(endpoint)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    /// Forgets the subscription at `endpoint`, whoever had it: its push service said it is gone.
    pub async fn drop_push_endpoint(&self, endpoint: &str) -> Result<(), StoreError> {
        on_pool!(self, |pool| {
            sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
                .bind(endpoint)
                .execute(pool)
                .await
                .map(drop)
        })
    }

    /// `player`'s subscriptions, and the language it chose (None: English).
    pub async fn push_subscriptions(
        &self,
        player: Uuid,
    ) -> Result<(Vec<PushSubscriptionRow>, Option<String>), StoreError> {
        on_pool!(self, |pool| {
            let rows: Vec<PushSubscriptionRow> = sqlx::query_as(
                "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE player_id = $1
                  ORDER BY created_at",
            )
            .bind(player)
            .fetch_all(pool)
            .await?;
            if rows.is_empty() {
                return Ok((rows, None));
            }
            let language: Option<String> =
                sqlx::query_scalar("SELECT language FROM players WHERE id = $1")
                    .bind(player)
                    .fetch_optional(pool)
                    .await?
                    .flatten();
            Ok((rows, language))
        })
    }
}
