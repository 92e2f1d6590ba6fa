//! Who calls the bot API, and with what grant: a session token or a personal access token
//! (`accounts::scopes`), checked scope by scope. Made from a request by `api::auth::ApiCaller`.

use plateau_protocol::bots::Scope;
use plateau_protocol::PlayerRef;

use crate::accounts::scopes::Grant;
use crate::error::ApiError;

/// The caller of a bot API route. `token_hash` and `looked_up_at` let a stream it opens be closed
/// when its token is revoked (`accounts::revocation`).
pub struct Caller {
    pub player: PlayerRef,
    pub token_hash: String,
    pub grant: Grant,
    pub looked_up_at: std::time::Instant,
}

impl Caller {
    /// `403 missing_scope` unless the caller's token has `scope`.
    pub fn require(&self, scope: Scope) -> Result<(), ApiError> {
        if self.grant.allows(scope) {
            Ok(())
        } else {
            Err(ApiError::missing_scope(scope))
        }
    }

    /// The caller's player, if it signed in with a session token: `403 forbidden` for a
    /// personal access token (what only a person does: managing tokens).
    pub fn session_only(&self) -> Result<&PlayerRef, ApiError> {
        if self.grant.is_personal() {
            return Err(ApiError::forbidden(
                "a personal access token cannot do this: sign in",
            ));
        }
        Ok(&self.player)
    }
}
