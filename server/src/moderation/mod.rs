//! Moderation of a public server (docs/protocol.md, "Moderation"): who may moderate ([`roles`]),
//! what a ban or a mute means for a player right now ([`Standing`]), the checks of what a
//! moderator sends ([`limits`]), and the command line that makes admins ([`admins`]); and what a
//! player's chat goes through: the gate a line passes before it goes to a room ([`chat_gate`]:
//! the word list, mutes, guests in public rooms), and the block lists pushed to the blocker's
//! sockets ([`blocks`]). The calls themselves are `api::moderation`, `api::blocks`; what they
//! store, and the append-only audit log each writes, `store::moderation`.

pub mod admins;
pub mod blocks;
pub mod chat_gate;
pub mod limits;
pub mod roles;

/// Where a player stands (its role, a ban, a mute): kept in the store, which reads it from its rows.
pub use crate::store::{BanEnd, Standing};
