//! Text as a reader sees it: what the chat filter compares ([`reading`]), and the pieces the keys of
//! names share with it (full case folding, small capitals read as their letters).
//!
//! A reader does not see code points. `ｓｐａｍ` (full width), `𝐬𝐩𝐚𝐦` (mathematical bold), `ѕрам`
//! (Cyrillic), `ɪdɪot` (small capitals), `ıdiot` (dotless i), `İdiot`, `ṡpam` and `spám` all read
//! as the plain word. [`reading`] maps each of them there: compatibility forms by NFKC, case by
//! full folding, diacritics dropped (ICU's accent folding: NFD, nonspacing marks removed, NFC),
//! every other character that UTS #39 confuses with basic Latin letters to those letters (its
//! skeleton's prototype), and small capitals to their letters, which UTS #39 leaves apart (`м` and
//! `ᴍ` meet at `ʍ` there). Characters that look like no Latin letter stay as they are.
//!
//! Basic Latin letters and digits are left as they are: UTS #39 also takes `rn` for `m` (and, in
//! some versions of its data, `cl` for `d`), so that `burn` would read as `bum` and `modern` as
//! `modem`. Ordinary words must not turn into one another; only letters foreign to the word's
//! script are mapped.

use caseless::Caseless;
use std::collections::HashMap;
use std::sync::LazyLock;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Full case folding (`ß` is `ss`, `İ` is `i` and a combining dot above).
pub(super) fn fold(text: impl Iterator<Item = char>) -> String {
    text.default_case_fold().collect()
}

/// The Latin small capitals and the letters they are (there is none for `x`). UTS #39 maps few
/// of them to their letter (`ɪ` to `i`, `ꜱ` to `s`); a reader reads them all as letters.
const SMALL_CAPITALS: [(char, char); 25] = [
    ('\u{1D00}', 'a'),
    ('\u{0299}', 'b'),
    ('\u{1D04}', 'c'),
    ('\u{1D05}', 'd'),
    ('\u{1D07}', 'e'),
    ('\u{A730}', 'f'),
    ('\u{0262}', 'g'),
    ('\u{029C}', 'h'),
    ('\u{026A}', 'i'),
    ('\u{1D0A}', 'j'),
    ('\u{1D0B}', 'k'),
    ('\u{029F}', 'l'),
    ('\u{1D0D}', 'm'),
    ('\u{0274}', 'n'),
    ('\u{1D0F}', 'o'),
    ('\u{1D18}', 'p'),
    ('\u{A7AF}', 'q'),
    ('\u{0280}', 'r'),
    ('\u{A731}', 's'),
    ('\u{1D1B}', 't'),
    ('\u{1D1C}', 'u'),
    ('\u{1D20}', 'v'),
    ('\u{1D21}', 'w'),
    ('\u{028F}', 'y'),
    ('\u{1D22}', 'z'),
];

/// Each small capital, and the prototype UTS #39 gives it when that is not its letter (`ᴍ`'s is
/// `ʍ`, which Cyrillic `м` shares; `ᴋ`'s is `ĸ`), as the letter.
static AS_LETTER: LazyLock<HashMap<char, char>> = LazyLock::new(|| {
    let mut letters = HashMap::new();
    for (capital, letter) in SMALL_CAPITALS {
        letters.insert(capital, letter);
        let capital_text = capital.to_string();
        let mut prototype = unicode_security::skeleton(&capital_text);
        if let (Some(p), None) = (prototype.next(), prototype.next()) {
            if !p.is_ascii() {
                letters.entry(p).or_insert(letter);
            }
        }
    }
    letters
});

/// `text` with small capitals (and their prototypes) as the letters they are.
pub(super) fn small_capitals_as_letters(text: &str) -> String {
    text.chars()
        .map(|c| *AS_LETTER.get(&c).unwrap_or(&c))
        .collect()
}

/// The prototypes UTS #39 gives basic Latin letters when they are not the letter itself (`m`'s is
/// `rn`): a character that looks like `m` has `rn` for skeleton, and reads as `m`.
static LATIN_PROTOTYPES: LazyLock<HashMap<String, char>> = LazyLock::new(|| {
    ('a'..='z')
        .filter_map(|letter| {
            let prototype = fold(unicode_security::skeleton(&letter.to_string()));
            (prototype != letter.to_string()).then_some((prototype, letter))
        })
        .collect()
});

/// Whether `c` is a nonspacing mark (Mn): an accent, a dot above, an overlay once decomposed.
fn is_nonspacing_mark(c: char) -> bool {
    c.general_category() == GeneralCategory::NonspacingMark
}

/// `text` without its diacritics: decomposed, its nonspacing marks dropped.
fn without_marks(text: &str) -> impl Iterator<Item = char> + '_ {
    text.nfd().filter(|&c| !is_nonspacing_mark(c))
}

/// How a reader reads one character that is not basic Latin: the Latin letters it looks like, if it
/// looks like some (its prototype, without marks, is basic Latin), else itself. (A Hangul syllable
/// stays whole: its prototype is its jamo, some of them changed for others that look alike.)
fn read_char(c: char, out: &mut String) {
    let text = c.to_string();
    let prototype = small_capitals_as_letters(&fold(unicode_security::skeleton(&text)));
    let prototype: String = without_marks(&prototype).collect();
    if let Some(&letter) = LATIN_PROTOTYPES.get(&prototype) {
        out.push(letter);
    } else if prototype.is_ascii() && !prototype.is_empty() {
        out.push_str(&prototype);
    } else {
        out.push(c);
    }
}

/// `text` as a reader sees it (see the module's comment): NFKC, folded, without diacritics, every
/// character but basic Latin as the Latin letter it looks like, if any.
pub fn reading(text: &str) -> String {
    let folded = fold(text.nfkc());
    let bare: String = without_marks(&folded).nfc().collect();
    let mut read = String::with_capacity(bare.len());
    for c in bare.chars() {
        if c.is_ascii() {
            read.push(c);
        } else {
            read_char(c, &mut read);
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_reads_as_the_plain_word_is_the_plain_word() {
        // One of each kind (the chat filter's tests hold the whole attack).
        for (seen, plain) in [
            ("\u{FF53}\u{FF50}\u{FF41}\u{FF4D}", "spam"),
            ("\u{455}\u{440}\u{430}\u{43C}", "spam"),
            ("\u{130}DIOT", "idiot"),
            ("\u{26A}d\u{26A}ot", "idiot"),
            ("spa\u{301}m", "spam"),
            ("\u{1D0D}\u{1D00}\u{299}", "mab"),
            ("Stra\u{DF}e", "strasse"),
            ("\u{142}\u{F3}d\u{17A}", "lodz"),
        ] {
            assert_eq!(reading(seen), plain, "{seen:?}");
        }
    }

    #[test]
    fn latin_words_keep_their_letters() {
        // UTS #39 would read these as one another (rn and m): a reader does not.
        for word in ["burn", "modern", "click", "corn", "1diot", "sp4m", "h3ll0"] {
            assert_eq!(reading(word), word);
        }
        assert_ne!(reading("burn"), reading("bum"));
        // Other scripts keep theirs where they look like no Latin letter.
        assert_eq!(reading("한국어"), "한국어");
        assert_eq!(reading("дурак"), reading("ДУРАК"));
    }
}
