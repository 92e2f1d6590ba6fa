//! What is pushed (issue 48): a player's turn beginning while it is away, a challenge, a
//! tournament's pairing, a match's end; each read from the event a room, a challenge or the
//! director tells (`crate::events`), and worded in the player's language from the client's
//! catalogues (`web/i18n/*.ftl`, the `push-*` messages).

use chrono::{DateTime, Utc};
use fluent_bundle::FluentArgs;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::LazyLock;
use uuid::Uuid;

use crate::catalogues::{self, Bundle};
use crate::events::Event;

/// The kinds of push, each with its lifetime at the push service and its urgency (RFC 8030).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The player's turn began (`turn`, told by a room).
    Turn,
    /// The player is challenged (`challenge`).
    Challenge,
    /// A tournament seated the player in a room (`paired`, told by the director).
    Paired,
    /// A match the player played is over (`matchFinish`).
    Ended,
}

/// One thing to push to some players.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub kind: Kind,
    pub to: Vec<Uuid>,
    pub room: String,
    pub game: String,
    /// The tournament of a pairing: its page is where the push leads.
    pub tournament: Option<Uuid>,
    /// Who challenges.
    pub by: Option<String>,
    /// Until when a challenge can be answered.
    pub expires_at: Option<DateTime<Utc>>,
}

/// A day, the longest a push waits at its service for a device to come online.
const DAY_SECS: u64 = 86_400;

impl Notice {
    /// The notice an event makes, if it makes one.
    pub fn of(event: &Event) -> Option<Notice> {
        let line = &event.line;
        let text = |v: &Value| v.as_str().map(str::to_string);
        let (kind, source) = match line["type"].as_str()? {
            "turn" => (Kind::Turn, line),
            "paired" => (Kind::Paired, line),
            "matchFinish" => (Kind::Ended, line),
            "challenge" => (Kind::Challenge, &line["challenge"]),
            _ => return None,
        };
        Some(Notice {
            kind,
            to: event.to.clone(),
            room: text(&source["room"])?,
            game: text(&source["game"])?,
            tournament: source["tournament"].as_str().and_then(|t| t.parse().ok()),
            by: text(&source["challenger"]["name"]),
            expires_at: source["expires_at"].as_str().and_then(|t| t.parse().ok()),
        })
    }

    /// `TTL` (seconds) and `Urgency` of its pushes: a challenge lives as long as it can be
    /// answered; a turn or a pairing is worth waking a phone for, an end is not.
    pub fn delivery(&self) -> (u64, &'static str) {
        match self.kind {
            Kind::Turn => (DAY_SECS, "high"),
            Kind::Paired => (DAY_SECS / 24, "high"),
            Kind::Ended => (DAY_SECS, "low"),
            Kind::Challenge => {
                let left = self
                    .expires_at
                    .map(|at| (at - Utc::now()).num_seconds().max(0) as u64);
                (left.unwrap_or(60), "normal")
            }
        }
    }

    /// The payload, `{"title", "body", "url", "tag"}`, in `language` (English if the catalogues
    /// lack it).
    pub fn payload(&self, language: Option<&str>) -> Value {
        let bundle = BUNDLES
            .get(language.unwrap_or("en"))
            .or_else(|| BUNDLES.get("en"))
            .expect("the English catalogue is embedded");
        let say = |id: &str, args: &FluentArgs| {
            catalogues::format(bundle, id, Some(args)).unwrap_or_else(|| id.to_string())
        };
        let mut args = FluentArgs::new();
        args.set(
            "game",
            say(&format!("game-{}", self.game), &FluentArgs::new()),
        );
        args.set("code", self.room.clone());
        args.set("name", self.by.clone().unwrap_or_default());
        let id = match self.kind {
            Kind::Turn => "push-turn",
            Kind::Challenge => "push-challenge",
            Kind::Paired => "push-paired",
            Kind::Ended => "push-ended",
        };
        let url = match (self.kind, self.tournament) {
            (Kind::Paired, Some(tournament)) => format!("/t/{tournament}"),
            _ => format!("/r/{}", self.room),
        };
        json!({
            "title": say(&format!("{id}-title"), &args),
            "body": say(&format!("{id}-body"), &args),
            "url": url,
            "tag": self.room,
        })
    }
}

/// Every catalogue, by language code.
static BUNDLES: LazyLock<HashMap<String, Bundle>> = LazyLock::new(|| {
    catalogues::all()
        .into_iter()
        .map(|c| (c.code.clone(), catalogues::bundle(&c.code, c.text)))
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_worded_in_the_players_language() {
        let event = Event {
            to: vec![Uuid::nil()],
            line: json!({"type": "turn", "room": "ab12", "game": "abalone", "match": Uuid::nil()}),
        };
        let notice = Notice::of(&event).unwrap();
        let en = notice.payload(None);
        assert_eq!(en["url"], "/r/ab12");
        assert_eq!(en["tag"], "ab12");
        assert!(en["body"].as_str().unwrap().contains("Abalone"), "{en}");
        let fr = notice.payload(Some("fr"));
        assert_ne!(fr["title"], en["title"]);
        assert_eq!(notice.payload(Some("xx")), en);
    }

    #[test]
    fn other_events_push_nothing() {
        let event = Event {
            to: vec![],
            line: json!({"type": "challengeDeclined", "room": "ab12"}),
        };
        assert_eq!(Notice::of(&event), None);
    }
}
