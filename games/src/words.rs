//! The catalog's words in other languages than English: each game's name, and each option's label,
//! description and value labels. English lives in the code beside each option ([`OptionSpec`]);
//! every other language is one file per game beside its module (`abalone/words.fr.json`), so a
//! translator adds a language with files only, plus its code in [`LANGUAGES`].
//!
//! A file is read into the binary at build time and parsed once; the tests below check that every
//! file parses and names exactly the options and values of its game, no more and no fewer.
//!
//! [`OptionSpec`]: crate::options::OptionSpec

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The languages the catalog speaks, English first (the words in the code).
pub const LANGUAGES: &[&str] = &["en", "fr"];

/// One game's words in one language.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameWords {
    pub name: String,
    pub options: BTreeMap<String, OptionWords>,
}

/// One option's words: its label, its description, and a label per value of a choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionWords {
    pub label: String,
    pub description: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, String>,
}

/// The translation files, by (game id, language).
const FILES: &[(&str, &str, &str)] = &[
    ("abalone", "fr", include_str!("abalone/words.fr.json")),
    ("triominos", "fr", include_str!("triominos/words.fr.json")),
    ("pinuid", "fr", include_str!("pinuid/words.fr.json")),
    ("trangouar", "fr", include_str!("trangouar/words.fr.json")),
    (
        "groups-of-three",
        "fr",
        include_str!("groups_of_three/words.fr.json"),
    ),
];

fn parsed() -> &'static BTreeMap<(&'static str, &'static str), GameWords> {
    static PARSED: OnceLock<BTreeMap<(&'static str, &'static str), GameWords>> = OnceLock::new();
    PARSED.get_or_init(|| {
        FILES
            .iter()
            // A file that does not parse is left out (the catalog falls back to English) rather
            // than taking the catalog down; the tests below fail on it.
            .filter_map(|&(game, lang, text)| {
                serde_json::from_str(text).ok().map(|words| ((game, lang), words))
            })
            .collect()
    })
}

/// The words of `game` in `lang` (not English: those are in the code), if there is a file for it.
pub fn translated(game: &str, lang: &str) -> Option<&'static GameWords> {
    parsed()
        .iter()
        .find(|((g, l), _)| *g == game && *l == lang)
        .map(|(_, words)| words)
}

/// The words of `game` in English, from the code.
pub fn english(info: &crate::GameInfo) -> GameWords {
    GameWords {
        name: info.name.to_string(),
        options: info
            .options
            .iter()
            .map(|o| {
                let values = match &o.kind {
                    crate::options::OptionKind::Enum { value_labels, .. } => value_labels
                        .iter()
                        .map(|(v, l)| (v.to_string(), l.to_string()))
                        .collect(),
                    _ => BTreeMap::new(),
                };
                (
                    o.name.to_string(),
                    OptionWords {
                        label: o.label.to_string(),
                        description: o.description.to_string(),
                        values,
                    },
                )
            })
            .collect(),
    }
}

/// The words of `game` in `lang`: English from the code, another language from its file.
pub fn words(info: &crate::GameInfo, lang: &str) -> Option<GameWords> {
    if lang == "en" {
        return Some(english(info));
    }
    translated(info.id, lang).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    #[test]
    fn every_language_has_every_game_option_and_value_and_nothing_else() {
        for lang in LANGUAGES.iter().filter(|&&l| l != "en") {
            for game in registry::games() {
                let info = game.info();
                let english = english(info);
                let words = translated(info.id, lang)
                    .unwrap_or_else(|| panic!("{}: no {lang} words", info.id));
                assert!(!words.name.is_empty());
                let names = |w: &GameWords| w.options.keys().cloned().collect::<Vec<_>>();
                assert_eq!(
                    names(words),
                    names(&english),
                    "{} in {lang}: options",
                    info.id
                );
                for (name, en) in &english.options {
                    let tr = &words.options[name];
                    assert!(
                        !tr.label.is_empty() && !tr.description.is_empty(),
                        "{}.{name}",
                        info.id
                    );
                    assert_ne!(
                        tr.description, en.description,
                        "{}.{name} in {lang} is still English",
                        info.id
                    );
                    let values =
                        |m: &BTreeMap<String, String>| m.keys().cloned().collect::<Vec<_>>();
                    assert_eq!(
                        values(&tr.values),
                        values(&en.values),
                        "{}.{name} in {lang}: values",
                        info.id
                    );
                }
            }
        }
    }

    #[test]
    fn a_file_for_a_language_nobody_lists_is_a_mistake() {
        for (game, lang, _) in FILES {
            assert!(
                LANGUAGES.contains(lang),
                "{game}: {lang} is not in LANGUAGES"
            );
            assert!(registry::find(game).is_some(), "{game} is not a game");
        }
    }
}
