//! Block lists, pushed to the sockets of the players who made them (docs/protocol.md, "Blocks").
//! The writer of each socket holds back the chat of the players its player blocks
//! (`conn::blocked`); it reads no store, and needs its list fresh. So each player with a session on
//! this node has its list here, shared by its sessions: read from the store when its first session
//! opens, and read again at every block or unblock it makes, before the call answers on the node
//! that took it and as soon as the other nodes hear of it ([`SpreadBlocks`], the cluster's NATS, as
//! revocations go). A break in the link between nodes may lose that news: every list here is then
//! read again once the link is back.
//!
//! Reads of one player's list are made one at a time, and a read serves every change made before
//! it began: a change is never overtaken by an older read. A read that fails keeps what was known
//! and is tried again after [`READ_AGAIN_AFTER`].

use async_trait::async_trait;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use uuid::Uuid;

use crate::conn::blocked::BlockList;
use crate::rooms::Rejoin;
use crate::store::Store;

/// How long a read of a list may take before it counts as failed (the database away must not
/// leave a change waiting).
const READ_TIMEOUT: Duration = Duration::from_secs(1);

/// How long after a failed read the list is read again: with [`READ_TIMEOUT`], a change reaches
/// the sockets within 5 s while the database is slow to answer (docs/protocol.md, "Blocks").
const READ_AGAIN_AFTER: Duration = Duration::from_secs(4);

/// Tells the other nodes that a player's block list changed here (several nodes; none alone).
#[async_trait]
pub trait SpreadBlocks: Send + Sync {
    async fn spread(&self, player: Uuid);
}

/// The block lists of the players with a session on this node.
pub struct BlockLists {
    store: Store,
    followed: Mutex<HashMap<Uuid, Arc<Followed>>>,
    others: Option<Arc<dyn SpreadBlocks>>,
}

/// One player's list, and the reads of it. (One channel a player: every read, made or failed,
/// is told through it, to the sockets and to whoever waits for a read.)
struct Followed {
    player: Uuid,
    list: watch::Sender<BlockList>,
    reads: Mutex<Reads>,
}

#[derive(Default)]
struct Reads {
    /// Reads asked for so far: a read serves every ask made before it began.
    asked: u64,
    /// The last ask served by a read made (or failed).
    served: u64,
    /// A read runs (one at a time).
    reading: bool,
    /// Sessions following the list: the last one to go forgets it.
    followers: usize,
}

/// A session following its player's list; dropping it stops the following.
pub struct Following {
    lists: Arc<BlockLists>,
    followed: Arc<Followed>,
}

impl Following {
    /// The list as it is pushed, for a socket's writer.
    pub fn list(&self) -> watch::Receiver<BlockList> {
        self.followed.list.subscribe()
    }
}

impl Drop for Following {
    fn drop(&mut self) {
        let mut followed = self.lists.lock();
        let mut reads = lock(&self.followed.reads);
        reads.followers -= 1;
        if reads.followers == 0 {
            followed.remove(&self.followed.player);
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Plain counters and maps: still usable after a panic elsewhere.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl BlockLists {
    /// `others`: how changes made here reach the other nodes (None: this node is alone).
    pub fn new(store: Store, others: Option<Arc<dyn SpreadBlocks>>) -> Arc<Self> {
        Arc::new(BlockLists {
            store,
            followed: Mutex::default(),
            others,
        })
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Uuid, Arc<Followed>>> {
        lock(&self.followed)
    }

    /// A session of `player` opens: its list, shared with the player's other sessions here (read
    /// now if it is the first).
    pub fn follow(self: &Arc<Self>, player: Uuid) -> Following {
        let mut followed = self.lock();
        let entry = followed.entry(player).or_insert_with(|| {
            Arc::new(Followed {
                player,
                list: watch::channel(BlockList::Reading).0,
                reads: Mutex::default(),
            })
        });
        let first = {
            let mut reads = lock(&entry.reads);
            reads.followers += 1;
            reads.followers == 1
        };
        if first {
            read(&self.store, entry);
        }
        Following {
            lists: self.clone(),
            followed: entry.clone(),
        }
    }

    /// `player` blocked or unblocked someone here (stored): its sessions on this node have the new
    /// list once this returns (unless the store is too slow to read it), and the other nodes are
    /// told.
    pub async fn changed(&self, player: Uuid) {
        if let Some(read) = self.read_again(player) {
            let _ = tokio::time::timeout(READ_TIMEOUT, read).await;
        }
        if let Some(others) = &self.others {
            others.spread(player).await;
        }
    }

    /// `player` blocked or unblocked someone on another node: its list here is read again.
    pub fn changed_elsewhere(&self, player: Uuid) {
        // Nobody waits: the sessions have it as soon as it is read.
        drop(self.read_again(player));
    }

    /// Reads `player`'s list again if a session here follows it; what is returned is done once
    /// that read is made.
    fn read_again(&self, player: Uuid) -> Option<impl std::future::Future<Output = ()>> {
        let followed = self.lock().get(&player).cloned()?;
        let mut told = followed.list.subscribe();
        let ask = read(&self.store, &followed);
        Some(async move {
            // The sender lives as long as `followed`, held here.
            let _ = told.wait_for(|_| lock(&followed.reads).served >= ask).await;
        })
    }

    /// Every list here is read again after each break in the link between nodes (`rejoins`: what
    /// the sessions are told to join again), for the news of changes said meanwhile may be lost.
    pub async fn read_again_after_breaks(
        self: Arc<Self>,
        mut rejoins: broadcast::Receiver<Rejoin>,
    ) {
        loop {
            match rejoins.recv().await {
                Ok(Rejoin::Elsewhere) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    let all: Vec<Arc<Followed>> = self.lock().values().cloned().collect();
                    for followed in &all {
                        read(&self.store, followed);
                    }
                }
                Ok(Rejoin::Room(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }
}

/// Asks for a read of `followed`'s list, started now unless one runs (which then reads once
/// more); returns the number of this ask.
fn read(store: &Store, followed: &Arc<Followed>) -> u64 {
    let mut reads = lock(&followed.reads);
    reads.asked += 1;
    if !reads.reading {
        reads.reading = true;
        tokio::spawn(reading(store.clone(), followed.clone()));
    }
    reads.asked
}

/// Reads `followed`'s list until every read asked for is made, pushing each reading to its
/// sessions.
async fn reading(store: Store, followed: Arc<Followed>) {
    loop {
        let ask = lock(&followed.reads).asked;
        let read = tokio::time::timeout(READ_TIMEOUT, store.blocked_by(followed.player)).await;
        let read = match read {
            Ok(Ok(blocked)) => Some(BlockList::Known(Arc::new(blocked))),
            Ok(Err(e)) => {
                tracing::debug!(error = %e, "block list not read");
                None
            }
            Err(_) => {
                tracing::debug!("block list not read in time");
                None
            }
        };
        if read.is_none() {
            read_later(store.clone(), Arc::downgrade(&followed));
        }
        // Pushed and served at once (under the channel's lock, which whoever waits for a read
        // reads under): no waiter finds it served before the sessions have it.
        followed.list.send_modify(|list| {
            match read {
                Some(read) => *list = read,
                // What was known stays; a list never read is unknown until read.
                None if matches!(list, BlockList::Reading) => *list = BlockList::Unknown,
                None => {}
            }
            lock(&followed.reads).served = ask;
        });
        // Done only once pushed: a read asked for meanwhile starts after this one's news.
        let done = {
            let mut reads = lock(&followed.reads);
            let done = reads.asked == ask;
            reads.reading = !done;
            done
        };
        if done {
            return;
        }
    }
}

/// Reads a list again after [`READ_AGAIN_AFTER`], if a session still follows it.
fn read_later(store: Store, followed: Weak<Followed>) {
    tokio::spawn(async move {
        tokio::time::sleep(READ_AGAIN_AFTER).await;
        if let Some(followed) = followed.upgrade() {
            read(&store, &followed);
        }
    });
}
