//! Fencing for several nodes: a room's commits carry the lease epoch of the node that runs it, and
//! each transaction checks, before it writes, that this node still holds that lease at that epoch.
//!
//! The check locks the lease row (`FOR SHARE`) until the commit: a node taking the room over
//! (which updates that row) waits for a commit under way, then reads the room at its last version;
//! and a commit that comes after the takeover finds another epoch and fails. So a node that lost a
//! room (paused, partitioned, slow) can never commit to it again, and no move is lost or doubled.
//! A node alone has no leases and no fence (None): nothing is checked.
//!
//! A room writes only through its [`super::RoomWriter`], which carries its fence into every write.

use uuid::Uuid;

/// The lease a room's commits are made under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fence {
    pub room: String,
    pub node: Uuid,
    pub epoch: i64,
}

/// The query that locks and returns the lease rows of `n` fences still held, `n` (room, owner,
/// epoch) triples bound in order: in the order of the rooms' codes, the order lease renewals lock
/// them in (the two may wait for each other, never deadlock).
pub(crate) fn held_sql(n: usize) -> String {
    format!(
        "SELECT room_code FROM room_leases WHERE (room_code, owner, epoch) IN ({}) \
         ORDER BY room_code FOR SHARE",
        crate::store::placeholder_tuples(n, 3)
    )
}

/// Inside a transaction `$tx`: fails the function with `StoreError::LeaseLost` unless every fence of
/// `$fences` (a `&[&Fence]`) is still held, and keeps their lease rows locked until the commit.
/// One query for them all: a grouped commit checks the fences of many rooms.
macro_rules! check_fences {
    ($tx:ident, $fences:expr) => {{
        let fences: &[&$crate::store::Fence] = $fences;
        if !fences.is_empty() {
            let sql = $crate::store::fence::held_sql(fences.len());
            let mut query = sqlx::query_scalar::<_, String>(&sql).persistent(fences.len() == 1);
            for fence in fences {
                query = query.bind(&fence.room).bind(fence.node).bind(fence.epoch);
            }
            let held: Vec<String> = query.fetch_all(&mut *$tx).await?;
            if let Some(lost) = fences.iter().find(|f| !held.contains(&f.room)) {
                return Err($crate::store::StoreError::LeaseLost {
                    room: lost.room.clone(),
                });
            }
        }
    }};
}
pub(crate) use check_fences;

/// [`check_fences!`] for one room's commit: `$fence` is an `Option<&Fence>` (None: alone, nothing
/// to check).
macro_rules! check_fence {
    ($tx:ident, $fence:expr) => {
        if let Some(fence) = $fence {
            let fence: &$crate::store::Fence = fence;
            $crate::store::fence::check_fences!($tx, &[fence]);
        }
    };
}
pub(crate) use check_fence;
