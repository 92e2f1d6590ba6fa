//! `plateau admin grant NAME` and `plateau admin revoke NAME`: the first admin has to come from
//! somewhere no REST call reaches, so admins are made and unmade from the command line, on the
//! database of a running or a stopped server. Each change is in the audit log, by nobody (null).

use chrono::Utc;
use plateau_protocol::moderation::Role;
use plateau_protocol::PlayerRef;
use serde_json::json;
use uuid::Uuid;

use crate::store::{Change, Moderated, NewAuditEntry, Store, StoreError};

/// Why `plateau admin` did nothing.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("migrations: {0}")]
    Migrate(#[from] crate::store::MigrateError),
    #[error("no player is named `{0}`")]
    Unknown(String),
    /// A grant to an admin, or a revoke of one who is not: nothing to change, nothing logged.
    #[error("`{0}` {1}")]
    Unchanged(String, &'static str),
    #[error("{count} players are named `{name}`; give the id of the one you mean: {ids}")]
    Ambiguous {
        name: String,
        count: usize,
        ids: String,
    },
}

/// The player `who` means: an id, the name of an account (in any form that looks the same), or
/// the exact name of a single guest.
pub async fn find(store: &Store, who: &str) -> Result<PlayerRef, AdminError> {
    if let Ok(id) = who.parse::<Uuid>() {
        return match store.standing(id).await? {
            Some((player, _)) => Ok(player),
            None => Err(AdminError::Unknown(who.to_string())),
        };
    }
    let key = crate::text::sign_in_key(who);
    let mut found = store.players_named(who, key.as_deref()).await?;
    // An account holding the name is the one meant, whatever guests share it.
    if let Some(key) = &key {
        if let Some(account) = account_among(store, &found, key).await? {
            return Ok(account);
        }
    }
    match found.len() {
        0 => Err(AdminError::Unknown(who.to_string())),
        1 => Ok(found.remove(0)),
        count => Err(AdminError::Ambiguous {
            name: who.to_string(),
            count,
            ids: found
                .iter()
                .map(|p| p.id.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}

/// The one of `found` whose name is reserved under `key`, if any.
async fn account_among(
    store: &Store,
    found: &[PlayerRef],
    key: &str,
) -> Result<Option<PlayerRef>, AdminError> {
    let Some(credentials) = store.credentials(key).await? else {
        return Ok(None);
    };
    Ok(found
        .iter()
        .find(|p| p.id == credentials.player.id)
        .cloned())
}

/// Makes `who` an admin (`grant`), or a plain player again (not `grant`). Returns who it was.
pub async fn set_admin(store: &Store, who: &str, grant: bool) -> Result<PlayerRef, AdminError> {
    store.migrate().await?;
    let player = find(store, who).await?;
    let (_, standing) = store
        .standing(player.id)
        .await?
        .ok_or_else(|| AdminError::Unknown(who.to_string()))?;
    let is_admin = standing.role == Role::Admin;
    let (role, action) = match (grant, is_admin) {
        (true, false) => (Role::Admin, "grant_admin"),
        (false, true) => (Role::Player, "revoke_admin"),
        (true, true) => {
            return Err(AdminError::Unchanged(
                who.to_string(),
                "is an admin already",
            ))
        }
        (false, false) => return Err(AdminError::Unchanged(who.to_string(), "is not an admin")),
    };
    let entry = NewAuditEntry {
        at: Utc::now(),
        moderator: None,
        action,
        player: Some(player.id),
        room: None,
        details: json!({ "role": role.as_str() }),
        reason: "from the command line (`plateau admin`)".to_string(),
    };
    let change = Change::Role {
        from: standing.role,
        to: role,
    };
    match store.moderate(player.id, &change, &entry).await? {
        Moderated::Done => Ok(player),
        Moderated::Unknown => Err(AdminError::Unknown(who.to_string())),
        Moderated::Unchanged => Err(AdminError::Unchanged(
            who.to_string(),
            "had its role changed meanwhile",
        )),
    }
}
