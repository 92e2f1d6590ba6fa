//! A new room in the store: its settings and seats, under a fresh code of letters no one misreads.

use chrono::Utc;
use plateau_games::{registry, GameEntry};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{Seating, Visibility};
use plateau_protocol::{PlayerRef, RoomStatus};
use rand::Rng;
use serde_json::{Map, Value};

use crate::store::{RoomRow, RoomWriter, SeatRow, Store, StoreError};

/// Letters and digits without look-alikes (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// 8 characters of a 31-letter alphabet: 39 random bits.
const CODE_LENGTH: usize = 8;
/// What a new room is made of (a rematch copies it from the room before).
pub struct RoomSettings {
    pub game: String,
    pub players: usize,
    pub visibility: Visibility,
    pub options: Map<String, Value>,
    pub clock: Option<ClockSetting>,
    pub seating: Seating,
    pub rated: bool,
    /// The match starts by itself once every seat is taken.
    pub auto_start: bool,
    /// A tournament's room: the match starts by itself at this time with whoever has come.
    pub start_by: Option<chrono::DateTime<Utc>>,
}

/// Why a room cannot be created: the contract's `bad_request` for what was asked, `conflict` for
/// a host at its limit of waiting rooms (each says so in words a person reads).
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    #[error("game: unknown game `{0}`")]
    UnknownGame(String),
    /// The game refuses the options or the number of players.
    #[error("{field}: {message}")]
    Options { field: String, message: String },
    /// The room's own cap on plies is above the server's.
    #[error("options.max_plies: at most {0} on this server (null: {0})")]
    PliesOverCap(u64),
    #[error("{0}")]
    Clock(String),
    #[error("clock: a rated room needs a clock (fischer, per_move or correspondence)")]
    RatedWithoutClock,
    /// The host already hosts `--open-rooms-per-player` waiting rooms (the words say so).
    #[error("{0}")]
    TooManyOpenRooms(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why `host` may not host another waiting room (`--open-rooms-per-player`), if it may not: every
/// way of making a room (created, or a rematch) counts.
pub async fn too_many_open_rooms(
    store: &Store,
    host: uuid::Uuid,
    limit: u32,
) -> Result<Option<String>, StoreError> {
    let hosted = store.waiting_rooms_hosted(host).await?;
    Ok((hosted >= u64::from(limit))
        .then(|| format!("you already host {limit} waiting rooms: start or leave one first")))
}

/// Who a new room's seat is given to.
#[derive(Debug, Clone)]
pub enum NewSeat {
    /// Nobody yet: the first player to join takes it.
    Free,
    /// This player, before it joins (a rematch's, a tournament's pairing).
    Player(PlayerRef),
    /// A bot the room is made with (a tournament's group short of entrants).
    Bot,
}

/// Stores a new waiting room with `host` in `host_seat`, under a fresh code; as the rematch of the
/// room `rematch_of` writes, if given (linked to it in the same transaction).
pub async fn store_new_room(
    store: &Store,
    host: &PlayerRef,
    host_seat: usize,
    settings: RoomSettings,
    rematch_of: Option<&RoomWriter>,
) -> Result<RoomRow, StoreError> {
    let mut seats = vec![NewSeat::Free; settings.players];
    seats[host_seat] = NewSeat::Player(host.clone());
    store_seated_room(store, host.id, &seats, settings, rematch_of).await
}

/// Stores a new waiting room hosted by `host` with its seats given as `seats` says, under a fresh
/// code; as the rematch of the room `rematch_of` writes, if given.
pub async fn store_seated_room(
    store: &Store,
    host: uuid::Uuid,
    seats: &[NewSeat],
    settings: RoomSettings,
    rematch_of: Option<&RoomWriter>,
) -> Result<RoomRow, StoreError> {
    let seats: Vec<SeatRow> = seats
        .iter()
        .enumerate()
        .map(|(seat, given)| {
            let player = match given {
                NewSeat::Player(p) => Some(p),
                NewSeat::Free | NewSeat::Bot => None,
            };
            SeatRow {
                seat: seat as i32,
                player_id: player.map(|p| p.id),
                player_name: player.map(|p| p.name.clone()),
                player_bot: player.map(|p| p.bot),
                bot: matches!(given, NewSeat::Bot),
            }
        })
        .collect();
    let created_at = Utc::now();
    let mut row = RoomRow {
        code: new_code(),
        game: settings.game,
        players: settings.players,
        visibility: settings.visibility,
        options: settings.options,
        host,
        status: RoomStatus::Waiting,
        match_id: None,
        created_at,
        // Nobody is connected yet: the creator joins over the WebSocket.
        vacant_since: Some(created_at),
        clock: settings.clock,
        rematch: None,
        seating: settings.seating,
        rated: settings.rated,
        auto_start: settings.auto_start,
        start_by: settings.start_by,
        seats,
    };
    // A code already taken (rare: 39 bits) gets another draw.
    let mut attempts = 0;
    loop {
        let stored = match rematch_of {
            None => store.create_room(&row).await,
            Some(before) => before.create_rematch(&row).await,
        };
        match stored {
            Ok(()) => return Ok(row),
            Err(StoreError::Conflict(_)) if attempts < 5 => {
                attempts += 1;
                row.code = new_code();
            }
            Err(e) => return Err(e),
        }
    }
}

/// A fresh room code.
fn new_code() -> String {
    let mut rng = rand::rng();
    (0..CODE_LENGTH)
        .map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// The game of a stored room (it was validated when the room was created).
pub(super) fn game_of(row: &RoomRow) -> Result<&'static dyn GameEntry, String> {
    registry::find(&row.game).ok_or_else(|| format!("this server does not run `{}`", row.game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_no_look_alikes_and_enough_entropy() {
        let code = new_code();
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|c| CODE_ALPHABET.contains(&c)));
        for c in b"01OIL" {
            assert!(!CODE_ALPHABET.contains(c));
        }
        let bits = (CODE_ALPHABET.len() as f64).log2() * CODE_LENGTH as f64;
        assert!(bits >= 30.0, "{bits} bits");
    }
}
