//! Clocks, as a room is asked for one (`"clock"` of `POST /api/v1/rooms`, echoed in RoomInfo) and as
//! a View shows them (`view.clock`). The server is the only judge; clients count down locally from
//! the figures of the last view.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A room's clock: the same for every game, so it sits beside the options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClockSetting {
    /// A bank per seat that runs while the seat has to act; `increment_s` is added after each of
    /// its moves.
    Fischer { initial_s: u32, increment_s: u32 },
    /// Each decision within `s` seconds.
    PerMove { s: u32 },
    /// Each decision within `days` days.
    Correspondence { days: u32 },
}

/// A clock setting refused: the field at fault (`clock.initial_s`) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockError {
    pub field: String,
    pub message: String,
}

impl std::fmt::Display for ClockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

const DAY_S: u64 = 86_400;

impl ClockSetting {
    /// Reads the `clock` of a new room: null or absent is no clock; anything outside the
    /// contract's bounds names its field.
    pub fn parse(json: Option<&Value>) -> Result<Option<ClockSetting>, ClockError> {
        let object = match json {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::Object(object)) => object,
            Some(_) => return Err(error("clock", "an object with a `kind`, or null")),
        };
        let kind = object.get("kind").and_then(Value::as_str).ok_or_else(|| {
            error(
                "clock.kind",
                "one of `fischer`, `per_move`, `correspondence`",
            )
        })?;
        let allowed: &[&str] = match kind {
            "fischer" => &["kind", "initial_s", "increment_s"],
            "per_move" => &["kind", "s"],
            "correspondence" => &["kind", "days"],
            _ => {
                return Err(error(
                    "clock.kind",
                    "one of `fischer`, `per_move`, `correspondence`",
                ))
            }
        };
        if let Some(unknown) = object.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(error(
                &format!("clock.{unknown}"),
                &format!("not a field of a `{kind}` clock"),
            ));
        }
        let field = |name: &str, min: u32, max: u32| -> Result<u32, ClockError> {
            let bounds = format!("a whole number from {min} to {max}");
            let value = object
                .get(name)
                .ok_or_else(|| error(&format!("clock.{name}"), &format!("missing: {bounds}")))?;
            value
                .as_u64()
                .filter(|v| (u64::from(min)..=u64::from(max)).contains(v))
                .map(|v| v as u32)
                .ok_or_else(|| error(&format!("clock.{name}"), &bounds))
        };
        Ok(Some(match kind {
            "fischer" => ClockSetting::Fischer {
                initial_s: field("initial_s", 1, 86_400)?,
                increment_s: field("increment_s", 0, 3_600)?,
            },
            "per_move" => ClockSetting::PerMove {
                s: field("s", 1, 3_600)?,
            },
            _ => ClockSetting::Correspondence {
                days: field("days", 1, 14)?,
            },
        }))
    }

    /// The time a seat has when the match starts (Fischer), or for each decision.
    pub fn initial_ms(self) -> i64 {
        match self {
            ClockSetting::Fischer { initial_s, .. } => i64::from(initial_s) * 1000,
            ClockSetting::PerMove { s } => i64::from(s) * 1000,
            ClockSetting::Correspondence { days } => (u64::from(days) * DAY_S * 1000) as i64,
        }
    }

    /// Whether the time resets with each decision (per move, correspondence) rather than being a
    /// bank for the whole match (Fischer).
    pub fn per_decision(self) -> bool {
        !matches!(self, ClockSetting::Fischer { .. })
    }

    /// What a seat gains after each of its moves.
    pub fn increment_ms(self) -> i64 {
        match self {
            ClockSetting::Fischer { increment_s, .. } => i64::from(increment_s) * 1000,
            _ => 0,
        }
    }
}

fn error(field: &str, message: &str) -> ClockError {
    ClockError {
        field: field.into(),
        message: message.into(),
    }
}

/// `view.clock`: each seat's remaining time as taken at `at`, and whose time runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ClockView {
    /// Milliseconds left per seat, at `at` (never below 0).
    pub remaining_ms: Vec<i64>,
    /// The seats whose time runs now (several in a simultaneous phase).
    pub running: Vec<usize>,
    pub at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_contract_clocks_parse_and_echo_as_sent() {
        for sent in [
            json!({"kind": "fischer", "initial_s": 300, "increment_s": 5}),
            json!({"kind": "per_move", "s": 60}),
            json!({"kind": "correspondence", "days": 3}),
        ] {
            let clock = ClockSetting::parse(Some(&sent)).unwrap().unwrap();
            assert_eq!(serde_json::to_value(clock).unwrap(), sent);
        }
        assert_eq!(ClockSetting::parse(None).unwrap(), None);
        assert_eq!(ClockSetting::parse(Some(&Value::Null)).unwrap(), None);
    }

    #[test]
    fn out_of_bounds_and_unknown_fields_name_the_field() {
        let cases = [
            (
                json!({"kind": "fischer", "initial_s": 0, "increment_s": 5}),
                "clock.initial_s",
            ),
            (
                json!({"kind": "fischer", "initial_s": 86401, "increment_s": 5}),
                "clock.initial_s",
            ),
            (
                json!({"kind": "fischer", "initial_s": 60, "increment_s": 3601}),
                "clock.increment_s",
            ),
            (
                json!({"kind": "fischer", "initial_s": 60}),
                "clock.increment_s",
            ),
            (json!({"kind": "per_move", "s": 3601}), "clock.s"),
            (json!({"kind": "per_move", "s": "60"}), "clock.s"),
            (json!({"kind": "correspondence", "days": 15}), "clock.days"),
            (json!({"kind": "correspondence", "days": 0}), "clock.days"),
            (json!({"kind": "hourglass"}), "clock.kind"),
            (json!({"s": 5}), "clock.kind"),
            (
                json!({"kind": "per_move", "s": 5, "increment_s": 1}),
                "clock.increment_s",
            ),
            (json!(300), "clock"),
        ];
        for (sent, field) in cases {
            let e = ClockSetting::parse(Some(&sent)).unwrap_err();
            assert_eq!(e.field, field, "{sent}");
        }
    }
}
