//! The catalog's words for people, in every language it speaks, English too: each game's name, and
//! each option's label, description and value labels. One file per game and language beside the
//! game's module (`abalone/words.en.json`, `abalone/words.fr.json`): the build lists the folders
//! (`build.rs`), so a language is files only, and the languages spoken are those the files name.
//! A game's folder is its id with `_` for `-` (a module's name: `groups_of_three`).
//!
//! A file is read into the binary at build time and parsed once; the tests below check that every
//! file parses and names exactly the options and values of its game, no more and no fewer.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::options::OptionSpec;
use crate::GameInfo;

/// The language of the words in the code's own messages, and the one spoken when none asked for is.
pub const ENGLISH: &str = "en";

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

/// The words of the options every game takes ([`crate::options::shared_options`]), one file a
/// language in this folder: `{"options": {...}}`, added to each game's words.
pub const SHARED_FOLDER: &str = "shared_options";

/// A file of [`SHARED_FOLDER`].
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct SharedWords {
    options: BTreeMap<String, OptionWords>,
}

/// Every words file, `(game folder, language, text)`, as the build found them.
const FILES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/words_files.rs"));

/// The files parsed, by (game folder, language), each game's with the shared options' words of
/// its language (those it does not word itself).
fn parsed() -> &'static BTreeMap<(&'static str, &'static str), GameWords> {
    static PARSED: OnceLock<BTreeMap<(&'static str, &'static str), GameWords>> = OnceLock::new();
    PARSED.get_or_init(|| {
        let shared: BTreeMap<&str, SharedWords> = FILES
            .iter()
            .filter(|&&(folder, _, _)| folder == SHARED_FOLDER)
            .filter_map(|&(_, lang, text)| serde_json::from_str(text).ok().map(|w| (lang, w)))
            .collect();
        FILES
            .iter()
            .filter(|&&(folder, _, _)| folder != SHARED_FOLDER)
            // A file that does not parse is left out (the catalog falls back to English) rather
            // than taking the catalog down; the tests below fail on it.
            .filter_map(|&(game, lang, text)| {
                let mut words: GameWords = serde_json::from_str(text).ok()?;
                for (name, said) in shared.get(lang).map(|s| &s.options).into_iter().flatten() {
                    words.options.entry(name.clone()).or_insert_with(|| said.clone());
                }
                Some(((game, lang), words))
            })
            .collect()
    })
}

/// The languages the catalog speaks: English first, then every other language a file is in.
pub fn languages() -> &'static [&'static str] {
    static LANGUAGES: OnceLock<Vec<&'static str>> = OnceLock::new();
    LANGUAGES.get_or_init(|| {
        let mut found: Vec<&'static str> = FILES.iter().map(|&(_, lang, _)| lang).collect();
        found.sort_by_key(|&lang| (lang != ENGLISH, lang));
        found.dedup();
        found
    })
}

/// The words of the game with id `game` in `lang`, if there is a file for it.
pub fn words(game: &str, lang: &str) -> Option<&'static GameWords> {
    let folder = game.replace('-', "_");
    parsed()
        .iter()
        .find(|((g, l), _)| *g == folder && *l == lang)
        .map(|(_, words)| words)
}

/// Each option of `info` with its English words, which the catalog serves beside it (empty words
/// for an option its file lacks: the tests below fail on it).
pub fn with_english(info: &GameInfo) -> impl Iterator<Item = (&OptionSpec, &'static OptionWords)> {
    static NONE: OptionWords = OptionWords {
        label: String::new(),
        description: String::new(),
        values: BTreeMap::new(),
    };
    let english = words(info.id, ENGLISH);
    info.options.iter().map(move |spec| {
        let said = english.and_then(|w| w.options.get(spec.name));
        (spec, said.unwrap_or(&NONE))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::OptionKind;
    use crate::registry;

    #[test]
    fn every_file_parses_and_is_a_games_words() {
        for (folder, lang, text) in FILES {
            let what = format!("{folder}/words.{lang}.json");
            if *folder == SHARED_FOLDER {
                serde_json::from_str::<SharedWords>(text).unwrap_or_else(|e| panic!("{what}: {e}"));
                continue;
            }
            serde_json::from_str::<GameWords>(text).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(
                registry::games().any(|g| g.info().id.replace('-', "_") == *folder),
                "{what}: {folder} is not a game's folder"
            );
        }
    }

    #[test]
    fn english_first_and_every_language_a_file_is_in() {
        let spoken = languages();
        assert_eq!(spoken.first(), Some(&ENGLISH));
        assert!(spoken.contains(&"fr"), "{spoken:?}");
        let mut sorted = spoken.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), spoken.len(), "each once: {spoken:?}");
    }

    /// The values of a choice, or none.
    fn values_of(kind: &OptionKind) -> Vec<String> {
        let mut values: Vec<String> = match kind {
            OptionKind::Enum { values } => values.iter().map(|v| v.to_string()).collect(),
            _ => Vec::new(),
        };
        values.sort_unstable();
        values
    }

    #[test]
    fn every_language_has_every_game_option_and_value_and_nothing_else() {
        for lang in languages() {
            for game in registry::games() {
                let info = game.info();
                let words =
                    words(info.id, lang).unwrap_or_else(|| panic!("{}: no {lang} words", info.id));
                assert!(!words.name.is_empty());
                let mut names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
                names.sort_unstable();
                let said: Vec<&str> = words.options.keys().map(String::as_str).collect();
                assert_eq!(said, names, "{} in {lang}: options", info.id);
                for spec in &info.options {
                    let tr = &words.options[spec.name];
                    let what = format!("{}.{} in {lang}", info.id, spec.name);
                    assert!(!tr.label.is_empty() && !tr.description.is_empty(), "{what}");
                    let labelled: Vec<&String> = tr.values.keys().collect();
                    let values = values_of(&spec.kind);
                    assert_eq!(
                        labelled,
                        values.iter().collect::<Vec<_>>(),
                        "{what}: values"
                    );
                }
            }
        }
    }

    #[test]
    fn the_english_name_is_the_games_own() {
        for game in registry::games() {
            let info = game.info();
            assert_eq!(
                words(info.id, ENGLISH).map(|w| w.name.as_str()),
                Some(info.name)
            );
        }
    }

    #[test]
    fn another_language_is_translated() {
        for lang in languages().iter().filter(|&&l| l != ENGLISH) {
            for game in registry::games() {
                let info = game.info();
                let (Some(en), Some(tr)) = (words(info.id, ENGLISH), words(info.id, lang)) else {
                    panic!("{}: words missing", info.id);
                };
                for (name, said) in &tr.options {
                    assert_ne!(
                        said.description, en.options[name].description,
                        "{}.{name} in {lang} is still English",
                        info.id
                    );
                }
            }
        }
    }
}
