//! Fencing for several nodes: a room's commits carry the lease epoch of the node that runs it, and
//! each transaction checks, before it writes, that this node still holds that lease at that epoch.
//!
//! The check locks the lease row (`FOR SHARE`) until the commit: a node taking the room over
//! (which updates that row) waits for a commit under way, then reads the room at its last version;
//! and a commit that comes after the takeover finds another epoch and fails. So a node that lost a
//! room (paused, partitioned, slow) can never commit to it again, and no move is lost or doubled.
//! A node alone has no leases and no fence (None): nothing is checked.

use uuid::Uuid;

/// The lease a room's commits are made under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fence {
    pub room: String,
    pub node: Uuid,
    pub epoch: i64,
}

/// The error of a commit refused because its node no longer holds the room's lease.
#[derive(Debug, thiserror::Error)]
#[error("this node no longer runs room {0}: its lease was taken over")]
pub struct LeaseLost(pub String);

/// Whether a store error is [`LeaseLost`].
pub fn is_lease_lost(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Configuration(inner) if inner.is::<LeaseLost>())
}

pub(crate) fn lease_lost(room: &str) -> sqlx::Error {
    // `Configuration` carries our own error through sqlx's type without being taken for an
    // unreachable database (see `store::is_unavailable`): the commit must not be retried here.
    sqlx::Error::Configuration(Box::new(LeaseLost(room.to_string())))
}

/// Inside a transaction `$tx`: fails the function with [`LeaseLost`] unless `$fence` (an
/// `Option<&Fence>`) is still held, and keeps the lease row locked until the commit.
macro_rules! check_fence {
    ($tx:ident, $fence:expr) => {
        if let Some(fence) = $fence {
            let fence: &$crate::store::Fence = fence;
            let held: Option<i32> = sqlx::query_scalar(
                "SELECT 1 FROM room_leases \
                 WHERE room_code = $1 AND owner = $2 AND epoch = $3 FOR SHARE",
            )
            .bind(&fence.room)
            .bind(fence.node)
            .bind(fence.epoch)
            .fetch_optional(&mut *$tx)
            .await?;
            if held.is_none() {
                return Err($crate::store::fence::lease_lost(&fence.room));
            }
        }
    };
}
pub(crate) use check_fence;
