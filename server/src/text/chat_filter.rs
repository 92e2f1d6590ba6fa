//! The operator's chat filter (`--chat-filter FILE`): a word list, one entry a line (a word or a
//! few words; blank lines and lines starting with `#` are skipped). A chat line is refused when it
//! holds an entry as whole words: both are compared after NFC and full case folding, split into
//! words at every character that is not a letter or a digit ("Spam" matches "spam!" but not
//! "spammer"; "buy gold" matches "BUY  gold" but not "buy golden").

use caseless::Caseless;
use unicode_normalization::UnicodeNormalization;

/// The entries of the word list, each as its folded words.
#[derive(Debug, Default, Clone)]
pub struct ChatFilter {
    entries: Vec<Vec<String>>,
}

/// The words of `text`, normalised and case-folded.
fn words(text: &str) -> Vec<String> {
    let folded: String = text.nfc().default_case_fold().nfc().collect();
    folded
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

impl ChatFilter {
    /// The filter of a word list's text.
    pub fn parse(list: &str) -> ChatFilter {
        let entries = list
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(words)
            .filter(|w| !w.is_empty())
            .collect();
        ChatFilter { entries }
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

    /// The entry `text` holds as whole words (as the list writes it, folded), if any.
    pub fn matches(&self, text: &str) -> Option<String> {
        if self.entries.is_empty() {
            return None;
        }
        let said = words(text);
        self.entries
            .iter()
            .find(|entry| said.windows(entry.len()).any(|w| w == entry.as_slice()))
            .map(|entry| entry.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_words_after_folding_and_normalising() {
        let filter = ChatFilter::parse("# a comment\n\nSpam\nbuy gold\nStraße\n");
        assert_eq!(filter.len(), 3);
        assert_eq!(filter.matches("this is SPAM!").as_deref(), Some("spam"));
        assert_eq!(
            filter.matches("a spammer"),
            None,
            "a word inside another is not the word"
        );
        assert_eq!(
            filter.matches("BUY   gold now").as_deref(),
            Some("buy gold")
        );
        assert_eq!(filter.matches("buy golden apples"), None);
        // Full case folding: ß folds to ss, so STRASSE is the entry Straße.
        assert_eq!(filter.matches("die STRASSE").as_deref(), Some("strasse"));
        // NFC: a composed é and an e with a combining accent are one word.
        let accented = ChatFilter::parse("café");
        assert!(accented.matches("un cafe\u{301} noir").is_some());
        assert_eq!(ChatFilter::default().matches("anything"), None);
    }
}
