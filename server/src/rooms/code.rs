//! A room's code as the server handles it: upper-case, made so once where a code comes in (a
//! client's frame, a REST path, a report), so that no later step has to remember to (`abc123`
//! and `ABC123` are one room, and a room's code is upper-case in the store, in every frame and on
//! every node).

use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer};

/// A room's code, upper-case. Boxed, not a `String`: a session keeps one per joined room, and the
/// entry is smaller without a capacity.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoomCode(Box<str>);

impl RoomCode {
    /// The code `raw` names, in any case.
    pub fn new(raw: &str) -> RoomCode {
        RoomCode(raw.to_ascii_uppercase().into_boxed_str())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for RoomCode {
    fn from(raw: &str) -> RoomCode {
        RoomCode::new(raw)
    }
}

impl From<String> for RoomCode {
    fn from(mut raw: String) -> RoomCode {
        raw.make_ascii_uppercase();
        RoomCode(raw.into_boxed_str())
    }
}

impl From<RoomCode> for String {
    fn from(code: RoomCode) -> String {
        code.0.into()
    }
}

impl Deref for RoomCode {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for RoomCode {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RoomCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A code in a path or a body reads in any case, as every code does.
impl<'de> Deserialize<'de> for RoomCode {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RoomCode, D::Error> {
        String::deserialize(deserializer).map(RoomCode::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_case_names_one_room() {
        assert_eq!(
            RoomCode::new("ab12cd"),
            RoomCode::from("AB12CD".to_string())
        );
        assert_eq!(RoomCode::new("aB12cD").as_str(), "AB12CD");
        let read: RoomCode = serde_json::from_str("\"xy9z\"").unwrap();
        assert_eq!(&*read, "XY9Z");
    }
}
