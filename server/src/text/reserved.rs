//! Names kept for what is not a person: whatever the server or its client shows in a person's
//! place (a bot's seat, a closed account, an empty seat, the command line in the audit log), in
//! every language of the client's catalogues. (A closed account shows as [`CLOSED_NAME`] in every
//! language: the client does not translate the server's name.) No player may take one, in any case or form that
//! looks the same: they are compared by key ([`key_of`]), as reserved names are.
//!
//! The server's own words are here ([`CLOSED_NAME`], [`bot_name`]), so that what it shows and what
//! it keeps are one. The client's are its catalogues' messages listed in [`MESSAGES`], formatted by
//! Fluent as the browser formats them, with every value they can be shown with (each seat number a
//! game can have, each bot level in the catalogue's own words): a language added to `web/i18n/`
//! is kept with no change here.

use fluent_bundle::FluentArgs;
use plateau_bots::BotLevel;
use std::collections::HashSet;
use std::sync::LazyLock;

use super::key_of;
use crate::catalogues::{bundle, format, Bundle};

/// The name a closed account shows in every match it played and every seat it held.
pub const CLOSED_NAME: &str = "deleted player";

/// The name the server gives the bot in `seat` (from 0) in a match's players.
pub fn bot_name(seat: usize) -> String {
    format!("Bot {}", seat + 1)
}

/// What a catalogue message that names a non-person takes.
#[derive(Debug, Clone, Copy)]
enum Shown {
    /// Nothing: shown as it is.
    Alone,
    /// `$n`, a seat number from 1.
    Seat,
    /// `$level`, the bot level in the catalogue's words (`bot-random`...).
    Level,
}

/// The client's messages that stand where a person's name would (web/js: `nameOf`,
/// `matchPlayerName`, the seats, the tournament pairings, the audit log).
const MESSAGES: &[(&str, Shown)] = &[
    ("bot-n", Shown::Seat),
    ("bot-level-name", Shown::Level),
    ("tag-bot", Shown::Alone),
    ("tournament-bot", Shown::Alone),
    ("seat-n", Shown::Seat),
    ("seat-empty", Shown::Alone),
    ("player-n", Shown::Seat),
    ("mod-unknown-player", Shown::Alone),
    ("mod-command-line", Shown::Alone),
];

/// Every bot level. (The match stops the build when a level is added to `BotLevel`, until it is
/// listed here too.)
fn levels() -> [BotLevel; 3] {
    let all = [BotLevel::Random, BotLevel::Easy, BotLevel::Strong];
    for level in all {
        match level {
            BotLevel::Random | BotLevel::Easy | BotLevel::Strong => {}
        }
    }
    all
}

/// The most seats a room of any game has.
fn most_seats() -> usize {
    plateau_games::registry::games()
        .map(|g| g.info().max_players)
        .max()
        .unwrap_or(0)
}

/// Every text message `id` of `bundle` is shown as.
fn shown_as(bundle: &Bundle, id: &str, shown: Shown) -> Vec<String> {
    match shown {
        Shown::Alone => format(bundle, id, None).into_iter().collect(),
        Shown::Seat => (1..=most_seats())
            .filter_map(|n| {
                let mut args = FluentArgs::new();
                args.set("n", n);
                format(bundle, id, Some(&args))
            })
            .collect(),
        Shown::Level => levels()
            .iter()
            .filter_map(|level| {
                let word = format(bundle, &format!("bot-{}", level.name()), None)?;
                let mut args = FluentArgs::new();
                args.set("level", word);
                format(bundle, id, Some(&args))
            })
            .collect(),
    }
}

/// Every name kept, as the server and the client show them.
fn kept_names() -> Vec<String> {
    let mut names = vec![CLOSED_NAME.to_string()];
    names.extend((0..most_seats()).map(bot_name));
    for catalogue in crate::catalogues::all() {
        let bundle = bundle(&catalogue.code, catalogue.text);
        for &(id, shown) in MESSAGES {
            names.extend(shown_as(&bundle, id, shown));
        }
    }
    names
}

/// The keys of the names kept.
static KEPT: LazyLock<HashSet<String>> =
    LazyLock::new(|| kept_names().iter().map(|name| key_of(name)).collect());

/// Whether a name whose key is `key` is one the server keeps for what is not a person.
pub fn is_kept(key: &str) -> bool {
    KEPT.contains(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(name: &str) -> bool {
        is_kept(&key_of(name))
    }

    #[test]
    fn what_the_server_shows_is_kept_in_every_form() {
        for name in [
            "deleted player",
            "Deleted Player",
            "DELETED  PLAYER",
            "d\u{435}leted player",
            "Bot 1",
            "bot 2",
            "BOT 4",
            "\u{299}\u{1D0F}\u{1D1B} 1",
            "Bot l",
        ] {
            assert!(kept(name), "{name:?}");
        }
    }

    #[test]
    fn what_the_client_shows_is_kept_in_every_language() {
        for name in [
            // English.
            "Random bot",
            "Easy bot",
            "Strong bot",
            "bot",
            "a bot",
            "Seat 3",
            "empty",
            "Player 2",
            "an unknown player",
            "the command line",
            // French.
            "Ordinateur 1",
            "ordinateur",
            "Niveau Fort",
            "un robot",
            "Place 2",
            "Joueur 1",
            "un joueur inconnu",
        ] {
            assert!(kept(name), "{name:?}");
        }
    }

    #[test]
    fn people_s_names_are_not_kept() {
        for name in [
            "Alice",
            "Bottom 1",
            "Bot 1x",
            "Robot 1",
            "deleted",
            "player",
            "deleted players",
        ] {
            assert!(!kept(name), "{name:?}");
        }
    }

    #[test]
    fn every_catalogue_has_every_message() {
        for catalogue in crate::catalogues::all() {
            let bundle = bundle(&catalogue.code, catalogue.text);
            for &(id, shown) in MESSAGES {
                assert!(
                    !shown_as(&bundle, id, shown).is_empty(),
                    "{}: {id}",
                    catalogue.code
                );
            }
        }
    }
}
