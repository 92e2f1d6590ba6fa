//! Game options: how each game describes them for the catalog, and one validation for all games
//! (unknown option or bad value = an error naming it; missing options take their default).
//!
//! A default may depend on the player count ([`OptionSpec::default_by_players`]): Pinuid's
//! `variant` is `classic` for 2 players and `quatro` for 3 or 4, so a room created without options
//! works at every player count. The catalog shows both the plain `default` (for any player count
//! not listed) and the `default_by_players` map, and besides the option's rules, its English words
//! (from the game's `words.en.json`, [`crate::words`]) and the player counts it applies to.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

use crate::engine::SetupError;

/// The options of one match, every option present (defaults filled in), keyed by name.
pub type Options = BTreeMap<String, Value>;

/// The values an option may take.
#[derive(Debug, Clone, PartialEq)]
pub enum OptionKind {
    /// One of a fixed list of strings (their words for people are in the game's words files).
    Enum {
        values: Vec<&'static str>,
    },
    /// An integer within bounds (inclusive).
    Integer {
        min: i64,
        max: i64,
    },
    Boolean,
}

/// One option's rules: its values, its defaults, whether it is a house rule and the player counts
/// it applies to. Its words for people (label, description, a label per value) are not here: they
/// are in the game's `words.<lang>.json` files, English too ([`crate::words`]); the catalog shows
/// both together (the server's `GET /api/v1/games`).
#[derive(Debug, Clone, PartialEq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    /// Whether `null` is accepted (meaning "none", e.g. no ply limit).
    pub nullable: bool,
    /// The default for any player count not in `default_by_players`.
    pub default: Value,
    /// Defaults that depend on the player count.
    pub default_by_players: BTreeMap<usize, Value>,
    /// A house rule: most players keep its default, and a form may fold it away.
    pub advanced: bool,
    /// The only player counts the option means something for (the game's setup refuses it changed
    /// for another); empty: every count.
    pub only_for: Vec<usize>,
}

/// The name of the option every game takes: the match's own cap on plies.
pub const PLY_CAP: &str = "max_plies";

/// The options every game takes, beside its own (issue 47): `max_plies`, a cap on the match's
/// plies below the server's `--max-plies` (null: the server's), for tests and short matches. The
/// server applies it to every match the same way (`Match::limit_plies`), and the match then ends as
/// the game's `Game::ply_cap_outcome` says. [`crate::registry`] adds these to each game's catalog
/// entry; a game whose rules read one declares it itself, with the same spec (Abalone reads
/// `max_plies` for its `cap_result`). Their words are in `shared_options/words.<lang>.json`.
pub fn shared_options() -> Vec<OptionSpec> {
    vec![OptionSpec::integer(PLY_CAP, 1, 100_000, None).advanced()]
}

impl OptionSpec {
    fn new(name: &'static str, kind: OptionKind, default: Value) -> Self {
        OptionSpec {
            name,
            kind,
            nullable: default.is_null(),
            default,
            default_by_players: BTreeMap::new(),
            advanced: false,
            only_for: Vec::new(),
        }
    }

    /// One of `values`.
    pub fn choice(name: &'static str, values: &[&'static str], default: &'static str) -> Self {
        let kind = OptionKind::Enum {
            values: values.to_vec(),
        };
        Self::new(name, kind, Value::from(default))
    }

    /// An integer option; a `None` default makes it nullable (null = "none").
    pub fn integer(name: &'static str, min: i64, max: i64, default: Option<i64>) -> Self {
        let default = default.map_or(Value::Null, Value::from);
        Self::new(name, OptionKind::Integer { min, max }, default)
    }

    pub fn boolean(name: &'static str, default: bool) -> Self {
        Self::new(name, OptionKind::Boolean, Value::Bool(default))
    }

    /// A house rule (see [`OptionSpec::advanced`]).
    pub fn advanced(mut self) -> Self {
        self.advanced = true;
        self
    }

    /// The option means something only with these player counts (see [`OptionSpec::only_for`]).
    pub fn only_for(mut self, players: &[usize]) -> Self {
        self.only_for = players.to_vec();
        self
    }

    /// Whether the option means something with `players` players.
    pub fn applies_to(&self, players: usize) -> bool {
        self.only_for.is_empty() || self.only_for.contains(&players)
    }

    /// Also accepts `null` (meaning "none"), whatever the default.
    pub fn nullable(mut self) -> Self {
        self.nullable = true;
        self
    }

    /// Defaults for some player counts (the plain default holds for the others).
    pub fn default_by_players(
        mut self,
        defaults: impl IntoIterator<Item = (usize, impl Into<Value>)>,
    ) -> Self {
        self.default_by_players = defaults.into_iter().map(|(n, v)| (n, v.into())).collect();
        self
    }

    /// The default for a match of `players`.
    pub fn default_for(&self, players: usize) -> &Value {
        self.default_by_players
            .get(&players)
            .unwrap_or(&self.default)
    }

    /// Every default the spec declares, each checked against its own type (a bug in a game's specs
    /// otherwise): for the tests.
    pub fn check_defaults(&self) -> Result<(), String> {
        std::iter::once(&self.default)
            .chain(self.default_by_players.values())
            .try_for_each(|v| {
                self.check(v)
                    .map_err(|m| format!("{}: default {v} {m}", self.name))
            })
    }

    /// Whether `value` is acceptable, with the reason when it is not.
    fn check(&self, value: &Value) -> Result<(), String> {
        if value.is_null() {
            return if self.nullable {
                Ok(())
            } else {
                Err("must not be null".into())
            };
        }
        match &self.kind {
            OptionKind::Enum { values } => match value.as_str() {
                Some(s) if values.contains(&s) => Ok(()),
                _ => Err(format!("must be one of {}", values.join(", "))),
            },
            OptionKind::Integer { min, max } => match value.as_i64() {
                Some(n) if (*min..=*max).contains(&n) => Ok(()),
                _ => Err(format!("must be an integer from {min} to {max}")),
            },
            OptionKind::Boolean => match value {
                Value::Bool(_) => Ok(()),
                _ => Err("must be true or false".into()),
            },
        }
    }
}

/// Checks `given` (a JSON object, or null for "all defaults") against `specs` and returns every
/// option with the defaults for `players` filled in.
pub fn validate(
    specs: &[OptionSpec],
    players: usize,
    given: &Value,
) -> Result<Options, SetupError> {
    let empty = Map::new();
    let given = match given {
        Value::Null => &empty,
        Value::Object(map) => map,
        _ => {
            return Err(SetupError::Invalid {
                field: "options".into(),
                message: "must be an object".into(),
            })
        }
    };
    if let Some(unknown) = given.keys().find(|k| !specs.iter().any(|s| s.name == *k)) {
        return Err(SetupError::option(unknown, "unknown option"));
    }
    let mut options = Options::new();
    for spec in specs {
        let value = given.get(spec.name).unwrap_or(spec.default_for(players));
        spec.check(value)
            .map_err(|message| SetupError::option(spec.name, message))?;
        options.insert(spec.name.to_string(), value.clone());
    }
    Ok(options)
}

/// Typed reads of validated options, for a game's `setup`. The option exists and has been checked,
/// so a mismatch is a bug in the game's own specs.
pub trait OptionsExt {
    fn str_of(&self, name: &str) -> &str;
    fn int_of(&self, name: &str) -> Option<i64>;
    fn bool_of(&self, name: &str) -> bool;
}

impl OptionsExt for Options {
    fn str_of(&self, name: &str) -> &str {
        self.get(name).and_then(Value::as_str).unwrap_or_default()
    }

    fn int_of(&self, name: &str) -> Option<i64> {
        self.get(name).and_then(Value::as_i64)
    }

    fn bool_of(&self, name: &str) -> bool {
        self.get(name).and_then(Value::as_bool).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec::choice("layout", &["standard", "daisy"], "standard")
                .default_by_players([(3, "daisy")]),
            OptionSpec::integer("max_plies", 1, 1000, None).advanced(),
            OptionSpec::boolean("fast", false).only_for(&[4]),
            OptionSpec::integer("stall", 1, 9, Some(5)).nullable(),
        ]
    }

    #[test]
    fn defaults_fill_what_is_missing() {
        let o = validate(&specs(), 2, &json!({"fast": true})).unwrap();
        assert_eq!(o["layout"], json!("standard"));
        assert_eq!(o["max_plies"], Value::Null);
        assert_eq!(o["fast"], json!(true));
        assert_eq!(o["stall"], json!(5));
        assert_eq!(validate(&specs(), 2, &Value::Null).unwrap().len(), 4);
        let off = validate(&specs(), 2, &json!({"stall": null})).unwrap();
        assert_eq!(off["stall"], Value::Null);
    }

    #[test]
    fn a_default_may_follow_the_player_count() {
        let at = |players| validate(&specs(), players, &Value::Null).unwrap()["layout"].clone();
        assert_eq!(at(2), json!("standard"));
        assert_eq!(at(3), json!("daisy"));
        assert_eq!(
            at(4),
            json!("standard"),
            "unlisted counts take the plain default"
        );
        // A value given wins over either default.
        let given = validate(&specs(), 3, &json!({"layout": "standard"})).unwrap();
        assert_eq!(given["layout"], json!("standard"));
    }

    #[test]
    fn an_option_may_apply_to_some_player_counts_only() {
        let [layout, cap, fast, _] = &specs()[..] else {
            panic!("four specs")
        };
        assert!((2..=4).all(|n| layout.applies_to(n)));
        assert!(cap.advanced && !layout.advanced);
        assert!(fast.applies_to(4) && !fast.applies_to(2) && !fast.applies_to(3));
    }

    #[test]
    fn a_default_of_the_wrong_type_is_caught() {
        assert!(specs().iter().all(|s| s.check_defaults().is_ok()));
        let bad = OptionSpec::boolean("b", true).default_by_players([(2, "yes")]);
        assert!(bad
            .check_defaults()
            .unwrap_err()
            .starts_with("b: default \"yes\""));
    }

    #[test]
    fn errors_name_the_option() {
        let err = |v| validate(&specs(), 2, &v).unwrap_err().to_string();
        assert!(err(json!({"layout": "zigzag"})).starts_with("options.layout:"));
        assert!(err(json!({"colour": "red"})).starts_with("options.colour: unknown"));
        assert!(err(json!({"max_plies": 0})).starts_with("options.max_plies:"));
        assert!(err(json!({"max_plies": "ten"})).starts_with("options.max_plies:"));
        assert!(err(json!({"fast": 1})).starts_with("options.fast:"));
        assert!(err(json!({"layout": null})).starts_with("options.layout:"));
        assert!(err(json!({"stall": 0})).starts_with("options.stall:"));
        assert!(err(json!([1])).starts_with("options:"));
    }
}
