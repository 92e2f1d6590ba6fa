//! Quick pairing (`POST /api/v1/rooms/quick`): which waiting room a player who asks to "play now"
//! is sent to. Pure: the handler ([`crate::api`]) gathers the live rooms and the ratings, this
//! module decides, so the rules can be tested without a server.
//!
//! A room is offered when it has what the caller asked for (game, player count, default options,
//! clock, rated flag), a free seat, and someone there, and the mean rating of its seated players
//! (in that game) is within the room's window of the caller's. The window widens while the room
//! waits, so that a player far from everyone else still gets a game. A room whose host plays a
//! match elsewhere is not offered: its host's connection may still be joined to it (a page that
//! went on to another room keeps a waiting seat), but nobody is waiting there.

use chrono::{DateTime, Utc};
use plateau_protocol::clock::ClockSetting;
use plateau_protocol::rest::{RoomInfo, SeatInfo, Visibility};
use plateau_protocol::{PlayerRef, RoomStatus};
use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};
use std::time::Duration;
use uuid::Uuid;

use crate::accounts::ratings::Rating;

/// The window of a room that has just opened, in rating points either side of its players' mean:
/// the gap at which the stronger player is expected to score 70% (Glicko's 1 / (1 + 10^(-d/400))),
/// still a contest; it is also the deviation under which a rating counts as settled, so two
/// players this close may well be equals.
pub const START_WINDOW: f64 = 150.0;
/// The window grows by this much...
pub const WIDEN_BY: f64 = 50.0;
/// ...for every this long the room has waited: after a minute a room takes players 450 points
/// away (an uneven game) rather than letting its players wait on for a closer one.
pub const WIDEN_EVERY: Duration = Duration::from_secs(10);
/// After waiting this long a room takes anyone: a game with someone beats no game.
pub const ANY_RATING_AFTER: Duration = Duration::from_secs(120);
/// A room with nobody connected to it is offered only this long after it opened: the time for its
/// creator (who got it from this same call) to join it over the WebSocket. After that an empty room
/// is one its players have left (it lives on until `--waiting-room-ttl-secs`), and sending anyone
/// there would have them wait for nobody.
pub const JOIN_GRACE: Duration = Duration::from_secs(15);

/// What the caller asked for, validated.
pub struct Wanted<'a> {
    pub caller: Uuid,
    pub game: &'a str,
    pub players: usize,
    /// The game's default options for `players`: quick pairing plays the standard game, so a room
    /// made with other options (a variant its host chose) is not offered.
    pub options: &'a Map<String, Value>,
    pub clock: Option<&'a ClockSetting>,
    pub rated: bool,
}

/// How many rating points either side of a room's players' mean it accepts after waiting
/// `waited`; None: any rating.
pub fn window(waited: Duration) -> Option<f64> {
    if waited >= ANY_RATING_AFTER {
        return None;
    }
    let steps = (waited.as_millis() / WIDEN_EVERY.as_millis()) as f64;
    Some(START_WINDOW + WIDEN_BY * steps)
}

/// How long `room` has waited at `now` (zero for a clock that went back).
pub fn waited(room: &RoomInfo, now: DateTime<Utc>) -> Duration {
    (now - room.created_at).to_std().unwrap_or(Duration::ZERO)
}

/// The seats of `room` taken by people (not bots), with their players.
pub fn people(room: &RoomInfo) -> impl Iterator<Item = (&SeatInfo, &PlayerRef)> {
    room.seats
        .iter()
        .filter(|s| !s.bot)
        .filter_map(|s| s.player.as_ref().map(|p| (s, p)))
}

/// Whether `room` is a waiting public room of what was asked.
fn fits(room: &RoomInfo, wanted: &Wanted) -> bool {
    room.visibility == Visibility::Public
        && room.status == RoomStatus::Waiting
        && room.game == wanted.game
        && room.players == wanted.players
        && room.options == *wanted.options
        && room.clock.as_ref() == wanted.clock
        && room.rated == wanted.rated
}

/// Whether the caller is seated in `room`.
fn seats_caller(room: &RoomInfo, wanted: &Wanted) -> bool {
    people(room).any(|(_, p)| p.id == wanted.caller)
}

/// Whether `room` may be offered to the caller at `now`, ratings aside. `playing`: the people
/// seated in a match under way (in any live room): a room whose host is one of them is not.
pub fn offered(
    room: &RoomInfo,
    wanted: &Wanted,
    now: DateTime<Utc>,
    playing: &HashSet<Uuid>,
) -> bool {
    fits(room, wanted)
        && room.seats.iter().any(|s| s.player.is_none() && !s.bot)
        && !seats_caller(room, wanted)
        && !playing.contains(&room.host)
        && (people(room).any(|(s, _)| s.connected) || waited(room, now) < JOIN_GRACE)
}

/// The people seated in `rooms` that are playing (the `playing` of [`offered`]).
pub fn playing<'a>(rooms: impl IntoIterator<Item = &'a RoomInfo>) -> HashSet<Uuid> {
    rooms
        .into_iter()
        .filter(|room| room.status == RoomStatus::Playing)
        .flat_map(|room| people(room).map(|(_, p)| p.id))
        .collect()
}

/// Whether `room` is one of what was asked that the caller already sits in (waiting for others):
/// with no other room to offer, the caller is sent back there rather than given one more room
/// (pressing "Play now" twice opens one room, not two).
pub fn callers_own(room: &RoomInfo, wanted: &Wanted) -> bool {
    fits(room, wanted) && seats_caller(room, wanted)
}

/// The mean rating of the people seated in `room`; `ratings` holds those who have one in the game
/// (the others count at the start rating, as their first rated match would).
pub fn mean_rating(room: &RoomInfo, ratings: &HashMap<Uuid, f64>) -> f64 {
    let seated: Vec<f64> = people(room)
        .map(|(_, p)| rating_of(p.id, ratings))
        .collect();
    if seated.is_empty() {
        Rating::START.rating
    } else {
        seated.iter().sum::<f64>() / seated.len() as f64
    }
}

/// A player's rating in the game, or the start rating.
pub fn rating_of(player: Uuid, ratings: &HashMap<Uuid, f64>) -> f64 {
    ratings
        .get(&player)
        .copied()
        .unwrap_or(Rating::START.rating)
}

/// The room to send a caller rated `caller` to, among `rooms` (already [`offered`]): of those whose
/// window holds the caller, the closest in rating, then the one that has waited longest (then by
/// code, so the choice does not depend on the registry's order).
pub fn choose(
    caller: f64,
    rooms: Vec<RoomInfo>,
    ratings: &HashMap<Uuid, f64>,
    now: DateTime<Utc>,
) -> Option<RoomInfo> {
    rooms
        .into_iter()
        .filter_map(|room| {
            let distance = (mean_rating(&room, ratings) - caller).abs();
            window(waited(&room, now))
                .is_none_or(|w| distance <= w)
                .then_some((distance, room))
        })
        .min_by(|(a, room_a), (b, room_b)| {
            a.total_cmp(b)
                .then(room_a.created_at.cmp(&room_b.created_at))
                .then_with(|| room_a.code.cmp(&room_b.code))
        })
        .map(|(_, room)| room)
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_protocol::rest::Seating;

    fn t(secs: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_764_500_000 + secs, 0).unwrap()
    }

    fn defaults() -> Map<String, Value> {
        let mut options = Map::new();
        options.insert("variant".into(), Value::from("standard"));
        options
    }

    /// A public waiting 2-seat room of `game` opened at `t(opened)`, with `host` in seat 0,
    /// connected.
    fn room(code: &str, host: Uuid, opened: i64) -> RoomInfo {
        RoomInfo {
            code: code.into(),
            game: "abalone".into(),
            players: 2,
            visibility: Visibility::Public,
            options: defaults(),
            host,
            seats: vec![
                SeatInfo {
                    seat: 0,
                    player: Some(PlayerRef::person(host, "host")),
                    bot: false,
                    connected: true,
                    bot_level: None,
                    away_since: None,
                    forfeit_at: None,
                    claim_at: None,
                },
                SeatInfo {
                    seat: 1,
                    player: None,
                    bot: false,
                    connected: false,
                    bot_level: None,
                    away_since: None,
                    forfeit_at: None,
                    claim_at: None,
                },
            ],
            status: RoomStatus::Waiting,
            match_id: None,
            created_at: t(opened),
            spectators: 0,
            clock: None,
            seating: Seating::Random,
            rated: false,
            auto_start: false,
            start_by: None,
            turn: None,
        }
    }

    fn wanted<'a>(caller: Uuid, options: &'a Map<String, Value>) -> Wanted<'a> {
        Wanted {
            caller,
            game: "abalone",
            players: 2,
            options,
            clock: None,
            rated: false,
        }
    }

    #[test]
    fn the_window_widens_with_waiting_then_takes_anyone() {
        assert_eq!(window(Duration::ZERO), Some(START_WINDOW));
        assert_eq!(window(Duration::from_millis(9_999)), Some(START_WINDOW));
        assert_eq!(
            window(Duration::from_secs(10)),
            Some(START_WINDOW + WIDEN_BY)
        );
        assert_eq!(
            window(Duration::from_secs(65)),
            Some(START_WINDOW + 6.0 * WIDEN_BY)
        );
        assert_eq!(window(ANY_RATING_AFTER), None);
        assert_eq!(window(Duration::from_secs(3600)), None);
    }

    #[test]
    fn only_a_room_with_what_was_asked_a_free_seat_and_someone_there_is_offered() {
        let (host, caller) = (Uuid::new_v4(), Uuid::new_v4());
        let options = defaults();
        let want = wanted(caller, &options);
        let now = t(60);
        let none = HashSet::new();
        assert!(offered(&room("A", host, 0), &want, now, &none));
        // Its host in a match elsewhere (its connection still joined here): nobody waits in it.
        let mut elsewhere = room("P", host, 0);
        elsewhere.status = RoomStatus::Playing;
        let playing = super::playing([&elsewhere, &room("W", Uuid::new_v4(), 0)]);
        assert_eq!(playing, HashSet::from([host]));
        assert!(!offered(&room("A", host, 0), &want, now, &playing));

        type Change = Box<dyn Fn(&mut RoomInfo)>;
        let mut cases: Vec<(&str, Change)> = vec![
            ("private", Box::new(|r| r.visibility = Visibility::Private)),
            ("started", Box::new(|r| r.status = RoomStatus::Playing)),
            ("other game", Box::new(|r| r.game = "pinuid".into())),
            ("other count", Box::new(|r| r.players = 3)),
            ("a variant", Box::new(|r| r.options = Map::new())),
            ("rated", Box::new(|r| r.rated = true)),
            (
                "a clock",
                Box::new(|r| r.clock = Some(ClockSetting::PerMove { s: 60 })),
            ),
            ("full", Box::new(|r| r.seats[1].bot = true)),
            ("host gone", Box::new(|r| r.seats[0].connected = false)),
        ];
        cases.push((
            "caller seated",
            Box::new(move |r| r.seats[0].player.as_mut().unwrap().id = caller),
        ));
        for (why, change) in cases {
            let mut r = room("A", host, 0);
            change(&mut r);
            assert!(!offered(&r, &want, now, &none), "{why}");
            assert_eq!(callers_own(&r, &want), why == "caller seated", "{why}");
        }

        // A room nobody has joined yet is offered while its creator may still be on the way.
        let mut fresh = room("B", host, 50);
        fresh.seats[0].connected = false;
        assert!(offered(&fresh, &want, now, &none));
        assert!(!offered(&fresh, &want, t(50) + JOIN_GRACE, &none));

        let clock = ClockSetting::PerMove { s: 60 };
        let mut timed = room("C", host, 0);
        timed.clock = Some(clock);
        let want_clock = Wanted {
            clock: Some(&clock),
            ..wanted(caller, &options)
        };
        assert!(offered(&timed, &want_clock, now, &none));
        assert!(!offered(&room("A", host, 0), &want_clock, now, &none));
    }

    #[test]
    fn the_closest_room_within_its_window_wins_then_the_oldest() {
        let (a, b, c) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let ratings = HashMap::from([(a, 1600.0), (b, 1550.0), (c, 2000.0)]);
        let now = t(5);
        // Caller at 1500: B's room (50 away) beats A's (100 away); C's (500 away) is out.
        let rooms = vec![room("A", a, 0), room("B", b, 1), room("C", c, 0)];
        let chosen = choose(1500.0, rooms.clone(), &ratings, now).unwrap();
        assert_eq!(chosen.code, "B");
        // Equally close: the one that has waited longer.
        let same = HashMap::from([(a, 1550.0), (b, 1550.0)]);
        let chosen = choose(1500.0, rooms[..2].to_vec(), &same, now).unwrap();
        assert_eq!(chosen.code, "A");
        // Nobody rated: everyone is at the start rating.
        let chosen = choose(1500.0, vec![room("D", c, 0)], &HashMap::new(), now);
        assert_eq!(chosen.unwrap().code, "D");
        // Too far for a fresh room, not for one that has waited.
        assert!(choose(1500.0, vec![room("C", c, 0)], &ratings, t(60)).is_none());
        assert!(choose(1500.0, vec![room("C", c, 0)], &ratings, t(80)).is_some());
        assert!(choose(1000.0, vec![room("C", c, 0)], &ratings, t(120)).is_some());
    }

    #[test]
    fn a_rooms_rating_is_the_mean_of_its_people() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        let mut r = room("A", a, 0);
        r.players = 3;
        r.seats[1].player = Some(PlayerRef::person(b, "b"));
        r.seats.push(SeatInfo {
            seat: 2,
            player: None,
            bot: false,
            connected: false,
            bot_level: None,
            away_since: None,
            forfeit_at: None,
            claim_at: None,
        });
        // b has no rating yet: it counts at the start rating.
        let ratings = HashMap::from([(a, 1700.0)]);
        assert_eq!(mean_rating(&r, &ratings), (1700.0 + 1500.0) / 2.0);
    }
}
