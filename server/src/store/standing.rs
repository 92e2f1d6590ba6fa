//! Where a player stands at a given time (kept here, below everything that reads it, as the store
//! reads it from its rows): its role, a ban and a mute as stored, read as "in force
//! now or not". A ban or mute whose time has passed is simply over: nothing has to lift it.

use chrono::{DateTime, Utc};
use plateau_protocol::moderation::Role;

/// A player's role and restrictions, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub role: Role,
    pub banned_until: Option<DateTime<Utc>>,
    pub banned_for_good: bool,
    pub muted_until: Option<DateTime<Utc>>,
}

/// When a ban in force ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanEnd {
    At(DateTime<Utc>),
    Never,
}

impl BanEnd {
    /// The end as the contract sends it (`until`): None for a ban for good.
    pub fn until(self) -> Option<DateTime<Utc>> {
        match self {
            BanEnd::At(at) => Some(at),
            BanEnd::Never => None,
        }
    }
}

impl Standing {
    /// A player nobody has acted on.
    pub fn unrestricted(role: Role) -> Standing {
        Standing {
            role,
            banned_until: None,
            banned_for_good: false,
            muted_until: None,
        }
    }

    /// The ban in force at `now`, if any.
    pub fn ban_at(&self, now: DateTime<Utc>) -> Option<BanEnd> {
        if self.banned_for_good {
            return Some(BanEnd::Never);
        }
        self.banned_until
            .filter(|until| *until > now)
            .map(BanEnd::At)
    }

    /// When the mute in force at `now` ends, if any.
    pub fn muted_at(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.muted_until.filter(|until| *until > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ban_or_mute_in_the_past_is_over() {
        let now = Utc::now();
        let past = now - chrono::Duration::seconds(1);
        let future = now + chrono::Duration::seconds(60);
        let mut standing = Standing::unrestricted(Role::Player);
        assert_eq!(standing.ban_at(now), None);
        standing.banned_until = Some(past);
        standing.muted_until = Some(past);
        assert_eq!((standing.ban_at(now), standing.muted_at(now)), (None, None));
        standing.banned_until = Some(future);
        standing.muted_until = Some(future);
        assert_eq!(standing.ban_at(now), Some(BanEnd::At(future)));
        assert_eq!(standing.muted_at(now), Some(future));
        standing.banned_for_good = true;
        assert_eq!(standing.ban_at(now), Some(BanEnd::Never));
    }
}
