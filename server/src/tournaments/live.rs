//! Following a tournament over the WebSocket: one watcher per tournament followed on this node
//! looks at its version (one indexed read of one number) every [`POLL`] and, only when it moved,
//! reads the tournament and hands it to every connection following it (`watch`: a slow connection
//! skips to the latest). The store is the one truth whichever node directs the tournament, so no
//! message between nodes is needed; the cost is that small read twice a second per tournament
//! followed here (not per follower, and none for a tournament nobody follows).

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
        // The version last read in full (None: never yet).
        let mut seen: Option<i64> = None;
        loop {
            match self.store.tournament_version(id).await {
                Ok(version) if version.is_some() && version == seen => {}
                Ok(version) => {
                    if self.publish(id, &sender).await {
                        seen = version;
                    }
                }
                // Read again at the next turn.
                Err(e) => {
                    tracing::warn!(tournament = %id, error = %e, "could not read a followed tournament's version")
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

    /// Reads tournament `id` and hands it on if it changed; whether it was read.
    async fn publish(
        &self,
        id: Uuid,
        sender: &watch::Sender<Option<Arc<TournamentDetail>>>,
    ) -> bool {
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
                true
            }
            Ok(None) => true,
            Err(e) => {
                tracing::warn!(tournament = %id, error = %e, "could not read a followed tournament");
                false
            }
        }
    }
}
