//! Sessions that end when they are ended. A WebSocket keeps the player its token named when it
//! authenticated; deleting the token alone would leave a thief's open socket playing on (it could
//! resign the owner's rated match). So every live socket is watched here by player and token, and
//! a revocation (signing out, signing out everywhere, changing the password) closes the sockets it
//! covers at once: on this node directly, on the others through [`SpreadRevocations`] (the
//! cluster's NATS).
//!
//! A socket looks its token up, then starts being watched: a revocation that lands between the two
//! would be missed. So revocations are remembered for a short while, and a watch that starts
//! after a revocation made since its lookup began is closed at once.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

/// How long a revocation is remembered for the watches that start after it (far longer than a
/// token lookup takes).
const REMEMBERED_FOR: Duration = Duration::from_secs(60);

/// Which of a player's sessions a revocation ends (tokens by their hash).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Which {
    /// Every session of the player (signing out everywhere).
    All,
    /// Every session but those of this token (a password change, made with this token).
    AllBut(String),
    /// The sessions of this token only (signing out).
    Only(String),
    /// Every session of the player, whose account is closed: besides, every node's rooms forget
    /// its chat lines.
    AccountClosed,
}

impl Which {
    fn covers(&self, token_hash: &str) -> bool {
        match self {
            Which::All | Which::AccountClosed => true,
            Which::AllBut(kept) => kept != token_hash,
            Which::Only(gone) => gone == token_hash,
        }
    }
}

/// A player's tokens were revoked: the sessions of `which` must close.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revoked {
    pub player: Uuid,
    pub which: Which,
}

/// Tells the other nodes of a revocation made here (several nodes; none alone).
#[async_trait]
pub trait SpreadRevocations: Send + Sync {
    async fn spread(&self, revoked: &Revoked);
}

/// The live sockets of this node, by player, and the revocations heard lately.
pub struct Revocations {
    state: Mutex<Watched>,
    others: Option<Arc<dyn SpreadRevocations>>,
}

#[derive(Default)]
struct Watched {
    next_id: u64,
    live: HashMap<Uuid, Vec<Live>>,
    recent: VecDeque<(Instant, Revoked)>,
}

struct Live {
    id: u64,
    token_hash: String,
    /// Cancelled when the socket's token is revoked: the session's own token, which ends it.
    close: CancellationToken,
    /// Its token was revoked (the session tells this apart from its other ends).
    revoked: bool,
}

/// One socket being watched: its token is cancelled when the socket's token is revoked, and
/// [`Watch::revoked`] says so. Dropping it stops the watch.
pub struct Watch {
    revocations: Arc<Revocations>,
    player: Uuid,
    id: u64,
}

impl Watch {
    /// Whether the socket's token has been revoked.
    pub fn revoked(&self) -> bool {
        let state = self.revocations.lock();
        state
            .live
            .get(&self.player)
            .and_then(|live| live.iter().find(|l| l.id == self.id))
            .is_some_and(|l| l.revoked)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut state = self.revocations.lock();
        if let Some(live) = state.live.get_mut(&self.player) {
            live.retain(|l| l.id != self.id);
            if live.is_empty() {
                state.live.remove(&self.player);
            }
        }
    }
}

impl Revocations {
    /// `others`: how revocations made here reach the other nodes (None: this node is alone).
    pub fn new(others: Option<Arc<dyn SpreadRevocations>>) -> Arc<Self> {
        Arc::new(Revocations {
            state: Mutex::new(Watched::default()),
            others,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Watched> {
        // A panic while holding this lock leaves plain maps behind: still usable.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Watches a socket of `player` signed in with the token of hash `token_hash`, whose lookup
    /// began at `looked_up_at`: if a revocation covering it came since, it has ended already.
    pub fn watch(
        self: &Arc<Self>,
        player: Uuid,
        token_hash: &str,
        looked_up_at: Instant,
        close: CancellationToken,
    ) -> Watch {
        let mut state = self.lock();
        let revoked_since = state.recent.iter().any(|(at, revoked)| {
            *at >= looked_up_at && revoked.player == player && revoked.which.covers(token_hash)
        });
        if revoked_since {
            close.cancel();
        }
        state.next_id += 1;
        let id = state.next_id;
        // Most players have one socket: a list of one, not the four a first push would make room for.
        let sockets = state
            .live
            .entry(player)
            .or_insert_with(|| Vec::with_capacity(1));
        sockets.push(Live {
            id,
            token_hash: token_hash.to_string(),
            close,
            revoked: revoked_since,
        });
        Watch {
            revocations: self.clone(),
            player,
            id,
        }
    }

    /// A revocation made on this node (its tokens are already deleted): closes the sockets it
    /// covers here, then tells the other nodes.
    pub async fn revoke(&self, revoked: Revoked) {
        self.revoked_here(revoked.clone());
        if let Some(others) = &self.others {
            others.spread(&revoked).await;
        }
    }

    /// A revocation made here or heard from another node: closes the sockets it covers on this
    /// node. Returns how many.
    pub fn revoked_here(&self, revoked: Revoked) -> usize {
        let now = Instant::now();
        let mut state = self.lock();
        while state
            .recent
            .front()
            .is_some_and(|(at, _)| now.duration_since(*at) > REMEMBERED_FOR)
        {
            state.recent.pop_front();
        }
        let mut closed = 0;
        if let Some(live) = state.live.get_mut(&revoked.player) {
            for socket in live
                .iter_mut()
                .filter(|l| revoked.which.covers(&l.token_hash))
            {
                socket.revoked = true;
                socket.close.cancel();
                closed += 1;
            }
        }
        state.recent.push_back((now, revoked));
        closed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A socket's session: its watch, and the token a revocation cancels.
    type Socket = (Watch, CancellationToken);

    fn watch(revocations: &Arc<Revocations>, player: Uuid, token: &str, at: Instant) -> Socket {
        let close = CancellationToken::new();
        (revocations.watch(player, token, at, close.clone()), close)
    }

    /// The socket's session was ended by a revocation, and the watch says so.
    fn ended((watch, close): &Socket) -> bool {
        assert_eq!(watch.revoked(), close.is_cancelled());
        close.is_cancelled()
    }

    #[test]
    fn a_revocation_ends_the_sockets_it_names_only() {
        let revocations = Revocations::new(None);
        let (alice, bob) = (Uuid::new_v4(), Uuid::new_v4());
        let start = Instant::now();
        let phone = watch(&revocations, alice, "phone", start);
        let laptop = watch(&revocations, alice, "laptop", start);
        let bobs = watch(&revocations, bob, "phone", start);

        let kept = Which::AllBut("laptop".into());
        assert_eq!(
            revocations.revoked_here(Revoked {
                player: alice,
                which: kept
            }),
            1
        );
        assert!(ended(&phone) && !ended(&laptop) && !ended(&bobs));

        let only = Which::Only("laptop".into());
        assert_eq!(
            revocations.revoked_here(Revoked {
                player: alice,
                which: only
            }),
            1
        );
        assert!(ended(&laptop) && !ended(&bobs));

        drop((phone, laptop));
        assert!(!revocations.lock().live.contains_key(&alice));
        assert_eq!(
            revocations.revoked_here(Revoked {
                player: bob,
                which: Which::All
            }),
            1
        );
        assert!(ended(&bobs));
    }

    /// A socket whose token lookup began before a revocation, and which starts being watched after
    /// it, is ended at once; one whose lookup began after it is not (its token was found, so it
    /// is a new one).
    #[test]
    fn a_revocation_during_a_lookup_is_not_missed() {
        let revocations = Revocations::new(None);
        let alice = Uuid::new_v4();
        let lookup_began = Instant::now();
        revocations.revoked_here(Revoked {
            player: alice,
            which: Which::All,
        });
        assert!(ended(&watch(&revocations, alice, "old", lookup_began)));
        std::thread::sleep(Duration::from_millis(1));
        assert!(!ended(&watch(&revocations, alice, "new", Instant::now())));
    }
}
