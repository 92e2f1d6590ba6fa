//! Whether a chat line may go to a room now (docs/protocol.md, "Chat", "Moderation"): the operator's
//! word list (`--chat-filter`), the player's mute, and for a guest in a public room its first
//! public match (`--guest-public-chat`). A session keeps one [`ChatGate`] for its life, with what
//! it last read of the store, so that a chatting player costs one store read per period, not one
//! per line. (What a blocker does not hear of the lines that pass is held back on the way out of
//! its sockets: `conn::blocked`, with the lists `moderation::blocks` pushes to them.)

use chrono::{DateTime, SecondsFormat, Utc};
use plateau_protocol::ErrorCode;
use std::future::Future;
use std::time::{Duration, Instant};
use uuid::Uuid;

use crate::config::GuestPublicChat;
use crate::store::Store;
use crate::text::chat_filter::ChatFilter;

/// How long a reading of "not muted" stands for a session: a mute reaches a chatting player on any
/// node within this, with one store read per period instead of one per line. A muted player's
/// lines read the store each time (they are few), so that an unmute applies at once.
const MUTE_READ_EVERY: Duration = Duration::from_secs(5);

/// The moves of its own a guest makes in a finished public match before it chats in public rooms
/// ([`ChatGate::admit`]): a match resigned at once is no match played.
pub const MOVES_OF_ITS_OWN: u32 = 5;

/// What the gate checks a line against: the server's.
pub struct ChatRules<'a> {
    pub filter: &'a ChatFilter,
    pub store: &'a Store,
    pub guests: GuestPublicChat,
}

/// Why a line may not go to its room.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChatRefusal {
    /// It holds an entry of the operator's word list (as a reader sees it).
    #[error("chat text: \"{0}\" is not allowed on this server")]
    Filtered(String),
    /// The player is muted until then.
    #[error("your chat is muted until {}", .0.to_rfc3339_opts(SecondsFormat::Secs, true))]
    Muted(DateTime<Utc>),
    /// A guest who has not yet finished a public match of its own, in a public room.
    #[error(
        "guests chat in public rooms after their first finished public match with \
         {} moves of their own: play one, or keep your name with a password",
        MOVES_OF_ITS_OWN
    )]
    NewcomerInPublic,
}

impl crate::conn::Refusal for ChatRefusal {
    fn code(&self) -> ErrorCode {
        match self {
            ChatRefusal::Filtered(_) => ErrorCode::BadRequest,
            ChatRefusal::Muted(_) => ErrorCode::Muted,
            ChatRefusal::NewcomerInPublic => ErrorCode::Forbidden,
        }
    }

    fn until(&self) -> Option<DateTime<Utc>> {
        match self {
            ChatRefusal::Muted(until) => Some(*until),
            ChatRefusal::Filtered(_) | ChatRefusal::NewcomerInPublic => None,
        }
    }
}

/// One session's gate: what it last read of its player's mute and of its right to chat in public.
#[derive(Default)]
pub struct ChatGate {
    /// The player's mute as last read from the store (until when, if muted) and when it was read:
    /// a reading of "not muted" stands for [`MUTE_READ_EVERY`], not one store read per line.
    mute: Option<(Instant, Option<DateTime<Utc>>)>,
    /// Whether the player may chat in public rooms, and when that was read.
    speaks_in_public: Option<(Instant, bool)>,
}

impl ChatGate {
    /// Whether `player` may say `text` (already checked as chat text) in a room now: the word
    /// list, then the mute, then (in a room `public` says is public) a guest's first match.
    /// `public` is awaited only if the answer hangs on it.
    pub async fn admit(
        &mut self,
        rules: &ChatRules<'_>,
        player: Uuid,
        text: &str,
        public: impl Future<Output = bool>,
    ) -> Result<(), ChatRefusal> {
        if let Some(entry) = rules.filter.matches(text) {
            return Err(ChatRefusal::Filtered(entry.to_string()));
        }
        self.not_muted(rules.store, player).await?;
        self.may_speak_in(rules, player, public).await
    }

    /// Whether the player is not muted now. See [`MUTE_READ_EVERY`]; while the store cannot be
    /// read, the last reading stands (none: not muted), so that chat goes on through a database
    /// outage as it did before mutes.
    async fn not_muted(&mut self, store: &Store, player: Uuid) -> Result<(), ChatRefusal> {
        let now = Utc::now();
        let fresh = self
            .mute
            .filter(|(at, until)| until.is_none() && at.elapsed() < MUTE_READ_EVERY);
        let muted_until = match fresh {
            Some((_, until)) => until,
            None => match store.standing(player).await {
                Ok(standing) => {
                    let until = standing.and_then(|(_, s)| s.muted_at(now));
                    self.mute = Some((Instant::now(), until));
                    until
                }
                Err(e) => {
                    tracing::warn!(%player, error = %e, "could not read whether a player is muted");
                    self.mute.and_then(|(_, until)| until)
                }
            },
        };
        match muted_until.filter(|until| *until > now) {
            Some(until) => Err(ChatRefusal::Muted(until)),
            None => Ok(()),
        }
    }

    /// Under `--guest-public-chat after-first-match` (the default), a guest (no password) chats in
    /// public rooms once it has finished a public match in which it made [`MOVES_OF_ITS_OWN`]
    /// moves itself, as lichess counts games played before new accounts chat: a throwaway name
    /// cannot spam strangers, nor get round the rule by resigning at once against a second guest
    /// of its own in a private room. Private rooms are the friends' own. A reading of "may"
    /// stands for the session; "may not" is read again after [`MUTE_READ_EVERY`] (a match
    /// finished meanwhile counts); a store away lets the line go.
    async fn may_speak_in(
        &mut self,
        rules: &ChatRules<'_>,
        player: Uuid,
        public: impl Future<Output = bool>,
    ) -> Result<(), ChatRefusal> {
        if rules.guests == GuestPublicChat::Always
            || self.speaks_in_public.is_some_and(|(_, may)| may)
            || !public.await
        {
            return Ok(());
        }
        let fresh = self
            .speaks_in_public
            .filter(|(at, _)| at.elapsed() < MUTE_READ_EVERY);
        let may = match fresh {
            Some((_, may)) => may,
            None => match rules.store.chats_in_public(player, MOVES_OF_ITS_OWN).await {
                Ok(may) => {
                    self.speaks_in_public = Some((Instant::now(), may));
                    may
                }
                Err(_) => true,
            },
        };
        if may {
            Ok(())
        } else {
            Err(ChatRefusal::NewcomerInPublic)
        }
    }
}
