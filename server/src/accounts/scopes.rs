//! What a token may do (issue 47). A session token (a sign-in, the web client's) acts for its
//! player as a person does: it reads, and plays the player's own seats (`read`, `board:play`). A
//! personal access token does what its scopes say, and nothing more; `bot:play` is only ever a
//! personal token's, so that a bot plays through tokens made for it.

use plateau_protocol::bots::Scope;
use uuid::Uuid;

/// The scopes of a session token.
const SESSION_SCOPES: [Scope; 2] = [Scope::Read, Scope::BoardPlay];

/// Every scope, in the order lists show them.
pub const ALL: [Scope; 3] = [Scope::Read, Scope::BoardPlay, Scope::BotPlay];

/// How a request was signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grant {
    /// A session token.
    Session,
    /// Personal access token `id`, with its scopes.
    Personal { id: Uuid, scopes: Vec<Scope> },
}

impl Grant {
    /// Whether the token may do what `scope` allows.
    pub fn allows(&self, scope: Scope) -> bool {
        match self {
            Grant::Session => SESSION_SCOPES.contains(&scope),
            Grant::Personal { scopes, .. } => scopes.contains(&scope),
        }
    }

    pub fn is_personal(&self) -> bool {
        matches!(self, Grant::Personal { .. })
    }
}

/// Scopes as stored: their names, space-separated, each once, in [`ALL`]'s order.
pub fn to_text(scopes: &[Scope]) -> String {
    normalised(scopes)
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Scopes as stored, read back (a name no longer known is left out: it grants nothing).
pub fn from_text(text: &str) -> Vec<Scope> {
    let named: Vec<Scope> = text
        .split_whitespace()
        .filter_map(|name| ALL.iter().copied().find(|s| s.as_str() == name))
        .collect();
    normalised(&named)
}

/// Each scope once, in [`ALL`]'s order.
pub fn normalised(scopes: &[Scope]) -> Vec<Scope> {
    ALL.iter().copied().filter(|s| scopes.contains(s)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_are_stored_once_each_and_read_back() {
        let text = to_text(&[Scope::BotPlay, Scope::Read, Scope::BotPlay]);
        assert_eq!(text, "read bot:play");
        assert_eq!(from_text(&text), vec![Scope::Read, Scope::BotPlay]);
        assert_eq!(from_text("read gone"), vec![Scope::Read]);
    }

    #[test]
    fn a_session_never_plays_as_a_bot() {
        assert!(Grant::Session.allows(Scope::BoardPlay));
        assert!(!Grant::Session.allows(Scope::BotPlay));
        let personal = Grant::Personal {
            id: Uuid::nil(),
            scopes: vec![Scope::Read],
        };
        assert!(personal.allows(Scope::Read) && !personal.allows(Scope::BoardPlay));
    }
}
