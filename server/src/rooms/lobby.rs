//! The lobby's order and pages: public waiting rooms, newest first (ties by code), cut into pages
//! by a cursor that names the last room of the page before.

use chrono::{DateTime, Utc};
use std::cmp::Reverse;
use std::fmt;
use std::str::FromStr;

use super::RoomCode;

/// Where a room stands in the lobby's order: newer first, then by code. Times count in
/// microseconds, the precision both databases keep, so a room reloaded from the store keeps its place.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct LobbyKey(Reverse<i64>, String);

impl LobbyKey {
    pub fn new(created_at: DateTime<Utc>, code: &str) -> LobbyKey {
        LobbyKey(Reverse(created_at.timestamp_micros()), code.to_string())
    }

    pub fn code(&self) -> &str {
        &self.1
    }
}

/// The cursor of a lobby page, as text: `<microseconds since 1970>.<code>` of the last room of the
/// page before. Clients pass it back unchanged.
impl fmt::Display for LobbyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", (self.0).0, self.1)
    }
}

#[derive(Debug, thiserror::Error)]
#[error("before: not a lobby cursor (pass the one the `Link` header gave)")]
pub struct BadCursor;

impl FromStr for LobbyKey {
    type Err = BadCursor;

    fn from_str(s: &str) -> Result<Self, BadCursor> {
        let (micros, code) = s.split_once('.').ok_or(BadCursor)?;
        let micros: i64 = micros.parse().map_err(|_| BadCursor)?;
        if code.is_empty() || code.len() > 16 || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(BadCursor);
        }
        Ok(LobbyKey(Reverse(micros), RoomCode::new(code).into()))
    }
}

/// The first `limit` of `rooms` after `after` in the lobby's order, and whether more follow.
/// Only the page is sorted: the rest is partitioned away in linear time.
pub fn page<T>(
    mut rooms: Vec<(LobbyKey, T)>,
    after: Option<&LobbyKey>,
    limit: usize,
) -> (Vec<(LobbyKey, T)>, bool) {
    if let Some(after) = after {
        rooms.retain(|(key, _)| key > after);
    }
    let more = rooms.len() > limit;
    if more {
        rooms.select_nth_unstable_by(limit, |a, b| a.0.cmp(&b.0));
        rooms.truncate(limit);
    }
    rooms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    (rooms, more)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn key(secs: i64, code: &str) -> LobbyKey {
        LobbyKey::new(Utc.timestamp_opt(secs, 0).unwrap(), code)
    }

    #[test]
    fn cursors_read_back_and_refuse_anything_else() {
        let k = key(1_764_500_000, "K7QX2MAB");
        assert_eq!(k.to_string().parse::<LobbyKey>().unwrap(), k);
        for bad in [
            "",
            "x",
            "12",
            "12.",
            ".AB",
            "a.AB",
            "12.A-B",
            "12.ABCDEFGHIJKLMNOPQ",
        ] {
            assert!(bad.parse::<LobbyKey>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pages_follow_on_newest_first_without_gaps_or_repeats() {
        let rooms: Vec<(LobbyKey, u32)> = (0..25)
            .map(|i| (key(1000 + (i / 2) as i64, &format!("C{i:02}")), i))
            .collect();
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let (page, more) = page(rooms.clone(), after.as_ref(), 7);
            seen.extend(page.iter().map(|(_, i)| *i));
            after = page.last().map(|(k, _)| k.clone());
            if !more {
                break;
            }
        }
        let mut expected = rooms.clone();
        expected.sort();
        assert_eq!(seen, expected.iter().map(|(_, i)| *i).collect::<Vec<_>>());
        assert_eq!(seen.len(), 25);
    }
}
