//! The operator's chat filter (`--chat-filter FILE`): a word list, one entry a line (a word or a
//! few words; blank lines and lines starting with `#` are skipped). A chat line is refused when a
//! reader would see an entry in it, as whole words:
//!
//! - line and entries are compared as a reader sees them ([`reading`]): `ｓｐａｍ`, `𝐬𝐩𝐚𝐦`, `ѕрам`,
//!   `ṡpam` and `spám` are `spam`; `BUY GOLD` is `buy gold`;
//! - split into words at every character that is not a letter or a digit, an entry is found as
//!   whole words only: `spam` refuses "spam!" but not "spammer", nor "Scunthorpe"-like words that
//!   merely contain one;
//! - an entry of several words is also found with the spaces dropped: `buy gold` refuses
//!   "buygold" (but not "buy golden");
//! - letters spelled out one at a time (`s p a m`, `s.p.a.m`, `s-p-a-m`) read as the word they
//!   spell: where single letters follow one another, any stretch of them that spells an entry
//!   refuses the line (`a s p a m`), since no boundary between words can be seen there.
//!
//! What a line may hold otherwise is not the filter's business: digits for letters (`sp4m`) and
//! words cut anywhere else (`sp am`) pass. Joining words in general would refuse innocent lines
//! ("the pen is" holds "penis" with the spaces dropped).

use std::collections::HashMap;

use super::reading::reading;

/// One entry of the word list.
#[derive(Debug, Clone)]
struct Entry {
    /// As the list writes it (spaces made one), for the message that refuses a line.
    shown: String,
    /// Its words as a reader reads them.
    words: Vec<String>,
}

/// The entries of the word list, indexed for a line's words.
#[derive(Debug, Default, Clone)]
pub struct ChatFilter {
    entries: Vec<Entry>,
    /// The entries of several words, by their first word.
    phrases: HashMap<String, Vec<usize>>,
    /// Every entry by its words run together (`spam`, `buygold`).
    joined: HashMap<String, usize>,
    /// The most characters of a joined entry: a spelled-out stretch longer than it spells none.
    longest: usize,
}

/// The words of `text` as a reader reads them.
fn words(text: &str) -> Vec<String> {
    reading(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether `word` is a single letter or digit.
fn single(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some() && chars.next().is_none()
}

/// `words` with each run of single letters (two or more) made one word: `b u y gold` is
/// `buy gold`.
fn spelled_joined(words: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut in_run = false;
    for (i, word) in words.iter().enumerate() {
        let spelled = single(word) && (in_run || words.get(i + 1).is_some_and(|next| single(next)));
        match out.last_mut() {
            Some(last) if spelled && in_run => last.push_str(word),
            _ => out.push(word.clone()),
        }
        in_run = spelled;
    }
    out
}

impl ChatFilter {
    /// The filter of a word list's text.
    pub fn parse(list: &str) -> ChatFilter {
        let mut filter = ChatFilter::default();
        for line in list.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words = words(line);
            if words.is_empty() {
                continue;
            }
            let index = filter.entries.len();
            let joined = words.concat();
            filter.longest = filter.longest.max(joined.chars().count());
            filter.joined.entry(joined).or_insert(index);
            if words.len() > 1 {
                filter
                    .phrases
                    .entry(words[0].clone())
                    .or_default()
                    .push(index);
            }
            let shown = line.split_whitespace().collect::<Vec<_>>().join(" ");
            filter.entries.push(Entry { shown, words });
        }
        filter
    }

    /// The filter of the word list in `path`.
    pub fn load(path: &std::path::Path) -> std::io::Result<ChatFilter> {
        Ok(Self::parse(&std::fs::read_to_string(path)?))
    }

    /// How many entries the list holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry a reader sees in `text` (as the list writes it), if any.
    pub fn matches(&self, text: &str) -> Option<&str> {
        if self.entries.is_empty() {
            return None;
        }
        let said = words(text);
        let joined = spelled_joined(&said);
        self.phrase_in(&said)
            .or_else(|| self.phrase_in(&joined))
            .or_else(|| joined.iter().find_map(|w| self.joined.get(w).copied()))
            .or_else(|| self.spelled_in(&said))
            .map(|index| self.entries[index].shown.as_str())
    }

    /// An entry of several words that `words` hold one after the other.
    fn phrase_in(&self, words: &[String]) -> Option<usize> {
        words.iter().enumerate().find_map(|(i, word)| {
            self.phrases
                .get(word)?
                .iter()
                .copied()
                .find(|&index| words[i..].starts_with(&self.entries[index].words))
        })
    }

    /// An entry that a stretch of single letters in `words` spells.
    fn spelled_in(&self, words: &[String]) -> Option<usize> {
        for start in 0..words.len() {
            let mut spelled = String::new();
            for word in words[start..].iter().take_while(|w| single(w)) {
                spelled.push_str(word);
                if spelled.chars().count() > self.longest {
                    break;
                }
                if spelled.chars().count() > 1 {
                    if let Some(&index) = self.joined.get(&spelled) {
                        return Some(index);
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list the attack was made with.
    fn list() -> ChatFilter {
        ChatFilter::parse("# a comment\n\nspam\nbuy   gold\nidiot\n")
    }

    #[test]
    fn what_a_reader_sees_is_refused() {
        let filter = list();
        assert_eq!(filter.len(), 3);
        for (line, entry) in [
            ("this is SPAM!", "spam"),
            ("\u{FF53}\u{FF50}\u{FF41}\u{FF4D}", "spam"),
            ("\u{1D42C}\u{1D429}\u{1D41A}\u{1D426}", "spam"),
            (
                "\u{FF22}\u{FF35}\u{FF39} \u{FF27}\u{FF2F}\u{FF2C}\u{FF24}",
                "buy gold",
            ),
            ("\u{455}\u{440}\u{430}\u{43C}", "spam"),
            ("id\u{456}ot", "idiot"),
            ("\u{131}diot", "idiot"),
            ("\u{130}diot", "idiot"),
            ("\u{26A}d\u{26A}ot", "idiot"),
            ("\u{1E61}pam", "spam"),
            ("sp\u{E1}m", "spam"),
            ("s.p.a.m", "spam"),
            ("s p a m", "spam"),
            ("s-p-a-m now", "spam"),
            ("a s p a m", "spam"),
            ("buygold", "buy gold"),
            ("BUY  gold now", "buy gold"),
            ("b u y gold", "buy gold"),
            ("b.u.y g.o.l.d", "buy gold"),
            ("you \u{130}D\u{130}OT", "idiot"),
        ] {
            assert_eq!(filter.matches(line), Some(entry), "{line:?}");
        }
    }

    #[test]
    fn innocent_words_pass() {
        let filter = list();
        for line in [
            "a spammer",
            "spamming",
            "Spain and spas",
            "a spasm",
            "buy golden apples",
            "goldbuy",
            "buyer of gold",
            "idiotic",
            "idioms",
            "Scunthorpe",
            "I am a bit tired",
            "s p a",
            "sp am",
            "sp4m",
            "burn the modern corn",
            "Idris",
            "gg wp",
            "a b c d",
        ] {
            assert_eq!(filter.matches(line), None, "{line:?}");
        }
        assert_eq!(ChatFilter::default().matches("anything"), None);
    }

    #[test]
    fn entries_are_read_as_lines_are() {
        // Entries in any form, in any script: each is compared as a reader sees it.
        let filter = ChatFilter::parse("Straße\ncafé\n\u{434}\u{443}\u{440}\u{430}\u{43A}\n");
        assert_eq!(filter.matches("die STRASSE"), Some("Straße"));
        assert_eq!(filter.matches("un cafe\u{301} noir"), Some("café"));
        assert_eq!(filter.matches("un cafe noir"), Some("café"));
        assert_eq!(
            filter.matches("\u{414}\u{423}\u{420}\u{410}\u{41A}"),
            Some("\u{434}\u{443}\u{440}\u{430}\u{43A}")
        );
        // Latin look-alikes of the Cyrillic word.
        assert_eq!(
            filter.matches("\u{434}ypak"),
            Some("\u{434}\u{443}\u{440}\u{430}\u{43A}")
        );
        assert_eq!(filter.matches("cafeteria"), None);
    }
}
