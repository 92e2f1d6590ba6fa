//! Game options: how each game describes them for the catalog, and one validation for all games
//! (unknown option or bad value = an error naming it; missing options take their default).

use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

use crate::engine::SetupError;

/// The options of one match, every option present (defaults filled in), keyed by name.
pub type Options = BTreeMap<String, Value>;

/// The values an option may take.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// One of a fixed list of strings.
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

/// One option as the catalog shows it: `{"type", "values" | "min"/"max", "nullable", "default",
/// "description"}`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OptionSpec {
    #[serde(skip)]
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
    /// Whether `null` is accepted (meaning "none", e.g. no ply limit).
    pub nullable: bool,
    pub default: Value,
    pub description: &'static str,
}

impl OptionSpec {
    pub fn choice(
        name: &'static str,
        values: &[&'static str],
        default: &'static str,
        description: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Enum {
                values: values.to_vec(),
            },
            nullable: false,
            default: Value::from(default),
            description,
        }
    }

    pub fn integer(
        name: &'static str,
        min: i64,
        max: i64,
        default: Option<i64>,
        description: &'static str,
    ) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Integer { min, max },
            nullable: default.is_none(),
            default: default.map_or(Value::Null, Value::from),
            description,
        }
    }

    pub fn boolean(name: &'static str, default: bool, description: &'static str) -> Self {
        OptionSpec {
            name,
            kind: OptionKind::Boolean,
            nullable: false,
            default: Value::Bool(default),
            description,
        }
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
/// option with defaults filled in.
pub fn validate(specs: &[OptionSpec], given: &Value) -> Result<Options, SetupError> {
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
        let value = given.get(spec.name).unwrap_or(&spec.default);
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
            OptionSpec::choice("layout", &["standard", "daisy"], "standard", "start"),
            OptionSpec::integer("max_plies", 1, 1000, None, "cap"),
            OptionSpec::boolean("fast", false, "variant"),
        ]
    }

    #[test]
    fn defaults_fill_what_is_missing() {
        let o = validate(&specs(), &json!({"fast": true})).unwrap();
        assert_eq!(o["layout"], json!("standard"));
        assert_eq!(o["max_plies"], Value::Null);
        assert_eq!(o["fast"], json!(true));
        assert_eq!(validate(&specs(), &Value::Null).unwrap().len(), 3);
    }

    #[test]
    fn errors_name_the_option() {
        let err = |v| validate(&specs(), &v).unwrap_err().to_string();
        assert!(err(json!({"layout": "zigzag"})).starts_with("options.layout:"));
        assert!(err(json!({"colour": "red"})).starts_with("options.colour: unknown"));
        assert!(err(json!({"max_plies": 0})).starts_with("options.max_plies:"));
        assert!(err(json!({"max_plies": "ten"})).starts_with("options.max_plies:"));
        assert!(err(json!({"fast": 1})).starts_with("options.fast:"));
        assert!(err(json!({"layout": null})).starts_with("options.layout:"));
        assert!(err(json!([1])).starts_with("options:"));
    }
}
