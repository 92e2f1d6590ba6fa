//! A reserved name's key: what names are compared by, so that a name is held by one player at a
//! time and a guest cannot take another's name in a form that looks the same. The key is the UTS #39
//! confusable skeleton of the name after full case folding: `victim1`, `VICTIM1`, `victіm1`
//! (Cyrillic і), `ｖｉｃｔｉｍ１` (full width), `vıctim1` (dotless ı) and `vİctim1` share one key, and
//! so do `Bot 1` and `ʙᴏᴛ 1`: small capitals count as their letters, which UTS #39 leaves apart.
//!
//! Folding comes first, because a name must match itself in any case. The price: UTS #39 takes an
//! upper-case `I` for an `l` (and `1`), but `I` folds to `i` first, so `victimI` and `victiml` stay
//! apart, while `victim1` and `victiml` do not.

use std::sync::LazyLock;

use super::reading::{fold, small_capitals_as_letters};

/// The version of the rules below: bumped when they change, so that stored keys are computed again.
/// (A new version of the Unicode data changes keys too: the tag names those versions as well.)
/// 2: small capitals as their letters.
const RULES: u32 = 2;

/// Rounds of skeleton and folding at most (see [`skeleton_key`]).
const MAX_ROUNDS: usize = 4;

/// What every key starts with: the rules and the versions of the Unicode data (confusables, case
/// folding) it was computed under. A stored key without the current tag was computed otherwise
/// (before this tag, keys were the name in lower case) and is computed again at start
/// (`Store::rekey_reserved_names`). The tag ends with U+001F, a control character that no name
/// may contain, so that no key of an earlier kind can begin like it.
pub static KEY_TAG: LazyLock<String> = LazyLock::new(|| {
    let (c1, c2, c3) = unicode_security::UNICODE_VERSION;
    let (f1, f2, f3) = caseless::UNICODE_VERSION;
    format!("{RULES} confusables {c1}.{c2}.{c3} folding {f1}.{f2}.{f3}\u{1F}")
});

/// The key of a name as stored (cleaned by `text::name`, or by the rules of an earlier version).
pub fn key_of(name: &str) -> String {
    let mut key = KEY_TAG.clone();
    key.push_str(&skeleton_key(name));
    key
}

/// The name case-folded, then repeatedly: its skeleton, folded again (skeletons map to prototypes
/// of either case: `0` to `O`, `𝐀` to `A`, so `b0b` and `BOB` meet only once folded again), small
/// capitals as their letters, with a dot above an i or j dropped and runs of spaces made one. Until nothing changes: two rounds
/// settle every name tried; the bound guards against data that would never settle.
fn skeleton_key(name: &str) -> String {
    let mut key = fold(name.chars());
    for _ in 0..MAX_ROUNDS {
        let skeleton = fold(unicode_security::skeleton(&key));
        let next = one_space(&undot(&small_capitals_as_letters(&skeleton)));
        if next == key {
            break;
        }
        key = next;
    }
    key
}

/// `text` without a combining dot above (U+0307) right after an `i` or a `j`: they have a dot of
/// their own, which the one above replaces (`i̇` looks like `i`). `İ` folds to `i` and this dot.
fn undot(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut after_dotted = false;
    for c in text.chars() {
        if !(c == '\u{307}' && after_dotted) {
            out.push(c);
        }
        after_dotted = matches!(c, 'i' | 'j');
    }
    out
}

/// Words separated by one space each, none at the ends: the skeleton makes every kind of space a
/// plain one, and names stored under earlier rules may hold several in a row.
fn one_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: &str, b: &str) -> bool {
        key_of(a) == key_of(b)
    }

    #[test]
    fn confusable_forms_share_a_key() {
        for form in [
            "victim1",
            "VICTIM1",
            "Victim1",
            "vict\u{456}m1",
            "\u{FF56}\u{FF49}\u{FF43}\u{FF54}\u{FF49}\u{FF4D}\u{FF11}",
            "v\u{131}ctim1",
            "V\u{130}CTIM1",
            "vi\u{307}ctim1",
            "victiml",
            "victirn1",
            "\u{1D42F}\u{1D422}\u{1D41C}\u{1D42D}\u{1D422}\u{1D426}\u{1D7CF}",
        ] {
            assert!(same(form, "victim1"), "{form:?}");
        }
        assert!(same("b0b", "BOB"));
        assert!(same("Straße", "STRASSE"));
        assert!(same("a  b", "a b"));
        assert!(same("Al\u{FE0F}ice", "alice"));
        // Small capitals, and the Cyrillic letter UTS #39 confuses with one.
        assert!(same("\u{299}\u{1D0F}\u{1D1B} 1", "Bot 1"));
        assert!(same("\u{1D0D}ary", "mary"));
        assert!(same("\u{43C}ary", "mary"));
    }

    #[test]
    fn different_names_keep_different_keys() {
        for (a, b) in [
            ("victim1", "victim2"),
            ("victim1", "victim"),
            ("victim1", "victims1"),
            ("victim1", "victim 1"),
            ("élise", "elise"),
            ("alice", "alicia"),
            // Folding first: an upper-case I is an i, not an l.
            ("victimI", "victiml"),
        ] {
            assert!(!same(a, b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn a_key_is_tagged_and_settled() {
        let key = key_of("Victim1");
        let body = key.strip_prefix(KEY_TAG.as_str()).unwrap();
        assert!(!body.is_empty());
        for name in ["Victim1", "b0b", "V\u{130}CTIM1", "Straße", "𝐀𝐁𝐂"] {
            let body = skeleton_key(name);
            assert_eq!(skeleton_key(&body), body, "{name:?}");
        }
        // The tag cannot begin a name, so no key of an earlier kind (a name in lower case) has it.
        assert!(KEY_TAG.ends_with('\u{1F}'));
        assert!(crate::text::name(&format!("x{}", KEY_TAG.as_str())).is_err());
    }
}
