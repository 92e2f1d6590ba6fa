//! Text is text: names and chat lines as the contract accepts them. Both are normalised (Unicode
//! NFC, then trimmed), the length limit applies to the normalised text, which is what is stored and
//! sent on, control and format characters (general categories Cc and Cf: NUL, zero-width
//! characters, bidirectional overrides) are refused, and something must show ([`visible`]). One
//! check for both, so they cannot drift apart. Names also refuse characters that show nothing, and
//! are reserved by a key that confusable forms share ([`name_key`]); the names the server and its
//! client show for what is not a person are kept from everyone by that key ([`reserved`]). Chat
//! lines are checked against the operator's word list as a reader sees them ([`chat_filter`],
//! [`reading`]).

pub mod chat_filter;
mod name_key;
mod reading;
mod reserved;
mod visible;

pub use name_key::{key_of, KEY_TAG};
pub use reserved::{bot_name, is_kept, CLOSED_NAME};

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Longest display name, in characters, after normalising.
pub const MAX_NAME_CHARS: usize = 32;
/// Longest chat line, in characters, after normalising.
pub const MAX_CHAT_CHARS: usize = 500;

/// Why a text was refused; the message is for a person (answered as `bad_request`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    #[error("{what}: must be 1 to {max} characters")]
    Length { what: &'static str, max: usize },
    #[error("{what}: must not contain control or format characters (U+{code:04X})")]
    Forbidden { what: &'static str, code: u32 },
    #[error("{what}: must not contain characters that show nothing, nor spaces other than U+0020 (U+{code:04X})")]
    Hidden { what: &'static str, code: u32 },
    #[error("{what}: must show something, not only spaces or blank characters")]
    Blank { what: &'static str },
}

/// `raw` normalised to NFC and trimmed, if it is 1 to `max` characters of text. `what` names the
/// field in the error ("name", "chat text").
pub fn clean(raw: &str, what: &'static str, max: usize) -> Result<String, TextError> {
    let normalised: String = raw.nfc().collect();
    let text = normalised.trim();
    if let Some(c) = text.chars().find(|&c| is_control_or_format(c)) {
        return Err(TextError::Forbidden {
            what,
            code: u32::from(c),
        });
    }
    let chars = text.chars().count();
    if chars == 0 || chars > max {
        return Err(TextError::Length { what, max });
    }
    Ok(text.to_string())
}

/// `text` if something in it shows: not only white space, fillers and the like ([`visible`]).
fn shows(text: String, what: &'static str) -> Result<String, TextError> {
    if text.chars().any(visible::is_visible) {
        Ok(text)
    } else {
        Err(TextError::Blank { what })
    }
}

/// A display name: 1 to 32 characters of text that shows, none of which hides (a filler, a blank,
/// a space other than U+0020: see [`visible`]).
pub fn name(raw: &str) -> Result<String, TextError> {
    shown_name(raw, MAX_NAME_CHARS)
}

/// Longest tournament name, in characters, after normalising.
pub const MAX_TOURNAMENT_NAME_CHARS: usize = 60;

/// A tournament's name: the rules of a display name ([`name`]), longer. It is shown in lists and
/// logged like a player's, so it may no more break a line, turn text around or show nothing.
pub fn tournament_name(raw: &str) -> Result<String, TextError> {
    shown_name(raw, MAX_TOURNAMENT_NAME_CHARS)
}

/// 1 to `max` characters of text that shows, none of which hides.
fn shown_name(raw: &str, max: usize) -> Result<String, TextError> {
    let what = "name";
    let name = clean(raw, what, max)?;
    if let Some(c) = name.chars().find(|&c| visible::is_hidden_in_name(c)) {
        return Err(TextError::Hidden {
            what,
            code: u32::from(c),
        });
    }
    shows(name, what)
}

/// What a name is reserved as: the key of the name as [`name`] cleans it ([`key_of`]), so that no
/// two accounts have names that differ only by case or by characters that look alike.
pub fn name_key(raw: &str) -> Result<String, TextError> {
    name(raw).map(|n| key_of(&n))
}

/// What a sign-in looks its name up by: the key of the name, cleaned as names were when accounts
/// were made, so that an account whose name an earlier version let in (with a filler, say) still
/// signs in. None for what was never a name.
pub fn sign_in_key(raw: &str) -> Option<String> {
    clean(raw, "name", MAX_NAME_CHARS).ok().map(|n| key_of(&n))
}

/// Most characters of a client's own text an error message quotes back.
pub const MAX_QUOTED_CHARS: usize = 64;

/// `message` with every quoted part (between backquotes or double quotes: how the server's own
/// messages and serde's quote what a client sent) cut to [`MAX_QUOTED_CHARS`] characters and an
/// ellipsis: an error never echoes a client's long text back.
pub fn cap_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut quote: Option<(char, usize)> = None;
    for c in message.chars() {
        match quote {
            Some((open, _)) if c == open => {
                quote = None;
                out.push(c);
            }
            Some((open, kept)) => {
                if kept < MAX_QUOTED_CHARS {
                    out.push(c);
                } else if kept == MAX_QUOTED_CHARS {
                    out.push('…');
                }
                quote = Some((open, kept + 1));
            }
            None => {
                if c == '`' || c == '"' {
                    quote = Some((c, 0));
                }
                out.push(c);
            }
        }
    }
    out
}

/// A chat line: 1 to 500 characters of text that shows (spaces between words and blank Braille
/// among Braille art are fine; a line of nothing but them is not).
pub fn chat(raw: &str) -> Result<String, TextError> {
    let what = "chat text";
    shows(clean(raw, what, MAX_CHAT_CHARS)?, what)
}

/// Most characters of a moderation action's reason.
pub const MAX_REASON_CHARS: usize = 500;

/// Why a moderator acted, for the audit log: 1 to 500 characters of text that shows.
pub fn reason(raw: &str) -> Result<String, TextError> {
    let what = "reason";
    shows(clean(raw, what, MAX_REASON_CHARS)?, what)
}

/// Most characters of a bot's description (`PUT /api/v1/bot/account`).
pub const MAX_DESCRIPTION_CHARS: usize = 500;

/// A bot's description by its author: 1 to 500 characters of text that shows, on one line (a line
/// break is a control character).
pub fn description(raw: &str) -> Result<String, TextError> {
    let what = "description";
    shows(clean(raw, what, MAX_DESCRIPTION_CHARS)?, what)
}

fn is_control_or_format(c: char) -> bool {
    matches!(
        c.general_category(),
        GeneralCategory::Control | GeneralCategory::Format
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_trimmed_and_bounded() {
        assert_eq!(name("  Alice ").unwrap(), "Alice");
        assert_eq!(name(&"é".repeat(32)).unwrap().chars().count(), 32);
        assert!(name(&"é".repeat(33)).is_err());
        // 32 letters with combining accents are 64 code points, but 32 characters in NFC.
        let decomposed = "e\u{301}".repeat(32);
        assert_eq!(name(&decomposed).unwrap(), "é".repeat(32));
        assert!(name("   ").is_err());
    }

    #[test]
    fn tournament_names_follow_the_rules_of_names() {
        assert_eq!(tournament_name("  Spring open ").unwrap(), "Spring open");
        assert!(tournament_name(&"x".repeat(60)).is_ok());
        assert!(tournament_name(&"x".repeat(61)).is_err());
        for (bad, code) in [
            ("a\nb", 0x0A),
            ("a\u{0}b", 0),
            ("a\u{85}b", 0x85),
            ("a\u{200F}b", 0x200F),
            ("a\u{202E}b", 0x202E),
        ] {
            assert_eq!(
                tournament_name(bad),
                Err(TextError::Forbidden { what: "name", code }),
                "{bad:?}"
            );
        }
        assert_eq!(
            tournament_name("a\u{2028}b"),
            Err(TextError::Hidden {
                what: "name",
                code: 0x2028
            })
        );
        assert!(matches!(
            tournament_name("\u{3164}"),
            Err(TextError::Hidden { .. })
        ));
    }

    #[test]
    fn reserved_names_ignore_case_and_form() {
        assert_eq!(name_key("  ÉLISE ").unwrap(), key_of("élise"));
        assert_eq!(
            name_key("E\u{301}lise").unwrap(),
            name_key("élise").unwrap()
        );
        assert!(name_key("").is_err());
        // Confusable forms of a reserved name are the same key (more in `name_key`).
        for form in [
            "VICTIM1",
            "vict\u{456}m1",
            "\u{FF56}\u{FF49}\u{FF43}\u{FF54}\u{FF49}\u{FF4D}\u{FF11}",
            "v\u{131}ctim1",
        ] {
            assert_eq!(name_key(form), name_key("victim1"), "{form:?}");
        }
        assert_ne!(name_key("victim2"), name_key("victim1"));
    }

    #[test]
    fn names_refuse_what_shows_nothing() {
        for (bad, code) in [
            ("\u{3164}", 0x3164),
            ("Al\u{3164}ice", 0x3164),
            ("\u{2800}Bob", 0x2800),
            ("\u{115F}\u{1160}x", 0x115F),
            ("x\u{FFA0}", 0xFFA0),
            ("a\u{2003}b", 0x2003),
            ("a\u{205F}b", 0x205F),
            ("a\u{3000}b", 0x3000),
            ("a\u{A0}b", 0xA0),
        ] {
            assert_eq!(
                name(bad),
                Err(TextError::Hidden { what: "name", code }),
                "{bad:?}"
            );
        }
        let message = name("\u{3164}").unwrap_err().to_string();
        assert!(message.contains("U+3164"), "{message}");
        assert!(matches!(name("\u{FE0F}"), Err(TextError::Blank { .. })));
        assert_eq!(name("Mary Ann").unwrap(), "Mary Ann");
        assert_eq!(name("\u{2764}\u{FE0F}").unwrap(), "\u{2764}\u{FE0F}");
        // A sign-in still finds an account named under earlier rules, whose filler the key drops.
        assert_eq!(sign_in_key("Bob\u{3164}"), Some(key_of("bob")));
        assert_eq!(sign_in_key(""), None);
    }

    #[test]
    fn a_chat_line_must_show_something() {
        for blank in [
            "\u{2800}",
            "\u{2800} \u{2800}",
            "\u{3164}\u{3164}",
            "\u{FE0F}",
        ] {
            assert_eq!(
                chat(blank),
                Err(TextError::Blank { what: "chat text" }),
                "{blank:?}"
            );
        }
        // Spaces between words, and blank Braille among dots (Braille art), are text.
        assert_eq!(chat("good  game ").unwrap(), "good  game");
        assert_eq!(
            chat("\u{2801}\u{2800}\u{2802}").unwrap(),
            "\u{2801}\u{2800}\u{2802}"
        );
    }

    #[test]
    fn control_and_format_characters_are_refused() {
        for bad in [
            "a\u{0}b",
            "a\u{7}b",
            "a\nb",
            "a\u{200B}b",
            "a\u{200D}b",
            "a\u{202E}b",
            "a\u{2066}b",
            "\u{FEFF}a",
        ] {
            assert!(
                matches!(chat(bad), Err(TextError::Forbidden { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(chat("  good game  ").unwrap(), "good game");
    }

    #[test]
    fn quotes_in_messages_are_cut_to_64_characters() {
        let long = "x".repeat(1000);
        let capped = cap_quotes(&format!("unknown game `{long}`, or \"{long}\" as a string"));
        let cut = format!("{}…", "x".repeat(64));
        assert_eq!(
            capped,
            format!("unknown game `{cut}`, or \"{cut}\" as a string")
        );
        assert_eq!(cap_quotes("no room `ABCD2345`"), "no room `ABCD2345`");
        // An unclosed quote is cut too.
        assert_eq!(
            cap_quotes(&format!("bad `{long}")).chars().count(),
            5 + 64 + 1
        );
    }

    #[test]
    fn the_limit_applies_to_what_is_sent_on() {
        let padded = format!(
            "{}{}{}",
            " ".repeat(60_000),
            "x".repeat(500),
            " ".repeat(10)
        );
        assert_eq!(chat(&padded).unwrap(), "x".repeat(500));
        assert!(chat(&"x".repeat(501)).is_err());
    }
}
