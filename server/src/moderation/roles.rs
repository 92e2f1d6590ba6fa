//! Who may moderate whom. A moderator acts on players; an admin on players and moderators; nobody
//! acts on an admin over REST (admins are made and unmade from the command line, `plateau admin`),
//! so a moderator cannot ban the admin who made it, nor two admins each other.

use plateau_protocol::moderation::Role;

use crate::error::ApiError;

/// Whether `role` may take moderation actions at all (403 `forbidden` otherwise).
pub fn may_moderate(role: Role) -> Result<(), ApiError> {
    if role >= Role::Moderator {
        Ok(())
    } else {
        Err(ApiError::forbidden("this call is for moderators"))
    }
}

/// Whether `role` may grant and revoke the moderator role.
pub fn may_appoint(role: Role) -> Result<(), ApiError> {
    if role == Role::Admin {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "only an admin grants or revokes the moderator role",
        ))
    }
}

/// Whether an `actor` may ban, mute or rename a player of role `target`.
pub fn may_act_on(actor: Role, target: Role) -> Result<(), ApiError> {
    if target < actor && target != Role::Admin {
        Ok(())
    } else {
        Err(ApiError::forbidden(format!(
            "a {} cannot act on a {}",
            actor.as_str(),
            target.as_str()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moderators_act_on_players_and_admins_on_moderators_too() {
        assert!(may_act_on(Role::Moderator, Role::Player).is_ok());
        assert!(may_act_on(Role::Moderator, Role::Moderator).is_err());
        assert!(may_act_on(Role::Moderator, Role::Admin).is_err());
        assert!(may_act_on(Role::Admin, Role::Moderator).is_ok());
        assert!(may_act_on(Role::Admin, Role::Admin).is_err());
        assert!(may_moderate(Role::Player).is_err());
        assert!(may_appoint(Role::Moderator).is_err());
    }
}
