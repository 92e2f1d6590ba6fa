//! Following a tournament over the WebSocket: one watcher per tournament followed on this node
//! reads it from the store every [`POLL`] and, when it changed, hands it to every connection
//! following it (`watch`: a slow connection skips to the latest). The store is the one truth
//! whichever node directs the tournament, so no message between nodes is needed; the cost is one
//! read a second per tournament followed here, not per follower.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use plateau_protocol::tournaments::TournamentDetail;
use tokio::sync::watch;
use uuid::Uuid;

use super::views;
use crate::store::Store;

/// How often a followed tournament is read again.
pub const POLL: Duration = Duration::from_millis(500);

/// The latest of a tournament, as its followers get it (None until first read, or if there is
/// no such tournament).
pub type Latest = watch::Receiver<Option<Arc<TournamentDetail>>>;

/// The tournaments followed on this node.
pub struct LiveTournaments {
    store: Store,
    followed: Mutex<HashMap<Uuid, watch::Sender<Option<Arc<TournamentDetail>>>>>,
}

impl LiveTournaments {
    pub fn new(store: Store) -> Arc<Self> {
        Arc::new(LiveTournaments {
            store,
            followed: Mutex::default(),
        })
    }

    /// Follows tournament `id`: its latest now and at every change.
    pub fn follow(self: &Arc<Self>, id: Uuid) -> Latest {
        let mut followed = self.followed.lock().expect("tournaments lock");
        if let Some(sender) = followed.get(&id) {
            return sender.subscribe();
        }
        let (sender, latest) = watch::channel(None);
        followed.insert(id, sender.clone());
        tokio::spawn(self.clone().watch(id, sender));
        latest
    }

    /// Reads tournament `id` until nobody follows it.
    async fn watch(
        self: Arc<Self>,
        id: Uuid,
        sender: watch::Sender<Option<Arc<TournamentDetail>>>,
    ) {
        loop {
            match views::load(&self.store, id).await {
                Ok(Some((t, entrants, pairings))) => {
                    let now = views::detail(&t, &entrants, &pairings);
                    sender.send_if_modified(|latest| {
                        if latest.as_deref() == Some(&now) {
                            return false;
                        }
                        *latest = Some(Arc::new(now));
                        true
                    });
                }
                Ok(None) => {}
                // Read again at the next turn.
                Err(e) => {
                    tracing::warn!(tournament = %id, error = %e, "could not read a followed tournament")
                }
            }
            tokio::time::sleep(POLL).await;
            // Checked under the lock that `follow` takes: a follower arriving now either finds
            // this watcher running or starts another.
            let mut followed = self.followed.lock().expect("tournaments lock");
            if sender.receiver_count() == 0 {
                followed.remove(&id);
                return;
            }
        }
    }
}
