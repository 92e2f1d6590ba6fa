//! Web push (issue 48): a player's devices are told, with the tab closed, that it is their turn,
//! that they are challenged, that a tournament paired them, that a match of theirs ended.
//!
//! The push module hears the events made on this node (`crate::events`, as [`Hear`]): a room,
//! a challenge or the tournament director tells them once, on the node where they happen, so a
//! push is sent once however many nodes there are. Hearing only queues a [`Notice`] (a room never
//! waits); a task of its own reads the players' subscriptions and language and delivers each push
//! ([`deliver`]) with the server's VAPID key ([`vapid`]), at most one per player and room every
//! `--push-room-interval-secs`.

pub mod deliver;
pub mod notices;
pub mod vapid;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Semaphore};
use tokio_util::sync::CancellationToken;
use uuid::Uuid;

use crate::config::PushArgs;
use crate::events::{Event, Hear};
use crate::store::Store;
pub use notices::{Kind, Notice};
pub use vapid::{KeyError, Vapid};

/// Notices waiting for the sending task; beyond, new ones are dropped (and logged).
const QUEUE: usize = 4096;
/// Pushes under way at once.
const AT_ONCE: usize = 64;
/// How long a push service has to answer.
const TIMEOUT: Duration = Duration::from_secs(15);

/// What the sending task works with.
pub struct Inner {
    pub(crate) vapid: Vapid,
    pub(crate) store: Store,
    pub(crate) client: reqwest::Client,
}

/// The push of this node: hears events, and sends what they call for.
pub struct Push {
    inner: Arc<Inner>,
    queue: mpsc::Sender<Notice>,
    /// Whether `http:` endpoints are accepted (tests).
    allow_http: bool,
    interval: Duration,
    /// When each player last heard of each room.
    last: Mutex<HashMap<(Uuid, String), Instant>>,
}

impl Push {
    /// The push of this node, its key read or made, its sending task started (till `stop`).
    pub async fn start(
        args: &PushArgs,
        public_url: Option<&str>,
        store: Store,
        stop: CancellationToken,
    ) -> Result<Arc<Push>, KeyError> {
        let contact = args.push_contact.clone().or_else(|| {
            public_url
                .filter(|url| url.starts_with("https://"))
                .map(str::to_string)
        });
        let vapid = Vapid::load(args.vapid_key.as_deref(), &store, contact).await?;
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .unwrap_or_default();
        let inner = Arc::new(Inner {
            vapid,
            store,
            client,
        });
        let (queue, notices) = mpsc::channel(QUEUE);
        tokio::spawn(send(inner.clone(), notices, stop));
        Ok(Arc::new(Push {
            inner,
            queue,
            allow_http: args.push_allow_http,
            interval: Duration::from_secs(args.push_room_interval_secs),
            last: Mutex::default(),
        }))
    }

    /// The public key browsers subscribe with.
    pub fn public_key(&self) -> &str {
        self.inner.vapid.public_key()
    }

    /// Whether `endpoint` may be subscribed: an `https:` URL (or `http:` with
    /// `--push-allow-http`) with a host.
    pub fn endpoint_allowed(&self, endpoint: &str) -> bool {
        reqwest::Url::parse(endpoint).is_ok_and(|url| {
            url.host().is_some()
                && (url.scheme() == "https" || (self.allow_http && url.scheme() == "http"))
        })
    }

    /// The players of `notice` who have not heard of its room within the interval (and who are
    /// now counted as having heard).
    fn unheard(&self, notice: &Notice) -> Vec<Uuid> {
        let now = Instant::now();
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        if last.len() > 10_000 {
            last.retain(|_, at| now.duration_since(*at) < self.interval);
        }
        notice
            .to
            .iter()
            .copied()
            .filter(|player| {
                let key = (*player, notice.room.clone());
                let heard = last
                    .get(&key)
                    .is_some_and(|at| now.duration_since(*at) < self.interval);
                if !heard {
                    last.insert(key, now);
                }
                !heard
            })
            .collect()
    }
}

impl Hear for Push {
    fn hear(&self, event: &Event) {
        let Some(mut notice) = Notice::of(event) else {
            return;
        };
        notice.to = self.unheard(&notice);
        if notice.to.is_empty() {
            return;
        }
        if self.queue.try_send(notice).is_err() {
            tracing::warn!("the push queue is full: a push dropped");
        }
    }
}

/// The sending task: each notice's players' subscriptions read, each push delivered in a task of
/// its own (at most [`AT_ONCE`] at a time), so that a slow push service delays nobody else.
async fn send(inner: Arc<Inner>, mut notices: mpsc::Receiver<Notice>, stop: CancellationToken) {
    let at_once = Arc::new(Semaphore::new(AT_ONCE));
    loop {
        let notice = tokio::select! {
            notice = notices.recv() => match notice {
                Some(notice) => notice,
                None => break,
            },
            _ = stop.cancelled() => break,
        };
        let (ttl, urgency) = notice.delivery();
        for player in &notice.to {
            let (subscriptions, language) = match inner.store.push_subscriptions(*player).await {
                Ok(found) => found,
                Err(e) => {
                    tracing::warn!(error = %e, "could not read push subscriptions");
                    continue;
                }
            };
            if subscriptions.is_empty() {
                continue;
            }
            let payload = notice.payload(language.as_deref()).to_string();
            for subscription in subscriptions {
                let Ok(permit) = at_once.clone().acquire_owned().await else {
                    return;
                };
                let (inner, payload, topic) = (inner.clone(), payload.clone(), notice.room.clone());
                tokio::spawn(async move {
                    let push = deliver::Push {
                        subscription: &subscription,
                        payload: payload.as_bytes(),
                        ttl,
                        urgency,
                        topic: &topic,
                    };
                    deliver::deliver(&inner, push).await;
                    drop(permit);
                });
            }
        }
    }
}
