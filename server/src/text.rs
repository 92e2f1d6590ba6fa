//! Text is text: names and chat lines as the contract accepts them. Both are normalised (Unicode
//! NFC, then trimmed), the length limit applies to the normalised text, which is what is stored and
//! sent on, and control and format characters (general categories Cc and Cf: NUL, zero-width
//! characters, bidirectional overrides) are refused. One check for both, so they cannot drift apart.

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

/// A display name: 1 to 32 characters of text.
pub fn name(raw: &str) -> Result<String, TextError> {
    clean(raw, "name", MAX_NAME_CHARS)
}

/// What a name is reserved as, and looked up by at sign-in: the name as [`name`] cleans it, in lower
/// case, so that no two accounts differ only by case.
pub fn name_key(raw: &str) -> Result<String, TextError> {
    name(raw).map(|n| n.to_lowercase())
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

/// A chat line: 1 to 500 characters of text.
pub fn chat(raw: &str) -> Result<String, TextError> {
    clean(raw, "chat text", MAX_CHAT_CHARS)
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
    fn reserved_names_ignore_case_and_form() {
        assert_eq!(name_key("  ÉLISE ").unwrap(), "élise");
        assert_eq!(
            name_key("E\u{301}lise").unwrap(),
            name_key("élise").unwrap()
        );
        assert!(name_key("").is_err());
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
