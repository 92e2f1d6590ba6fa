//! The games the server runs, behind an object-safe face: the server knows games only by id, so a
//! new game is one module plus one line in the list of `games!` below, and no server change.
//!
//! Every match can be given a ply cap ([`Match::limit_plies`]): this layer counts the plies and,
//! at the cap, ends the match as the game's [`Game::ply_cap_outcome`] says, once for every game.
//!
//! Code outside this crate that is generic over the game (the bots' search, in `plateau-bots`)
//! reaches a match's own typed state through [`visit_state`], which knows every game's type.
//!
//! A [`Match`] owns its state *and* its RNG: playing goes through here, which clones both, plays on
//! the copies and keeps them only on success. So a refused move never changes the match, and the RNG
//! advances exactly as it will on replay (options + seed + the accepted moves rebuild the match).

use rand::SeedableRng;
use serde_json::value::RawValue;
use serde_json::Value;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::OnceLock;

use crate::engine::{
    Event, EventSpec, Game, GameInfo, GameRng, MoveError, Outcome, Seat, SetupError, Viewer,
};
use crate::hints::BotHints;
use crate::notation::Notation;
use crate::options::{self, Options};

/// The match seed: 32 bytes from the OS RNG, committed to at the start, revealed at the end.
pub type Seed = [u8; 32];

/// The list of games, once: each game's entry (a static of its own: an entry keeps its
/// description once built, in a cell, and a reference to a temporary with a cell cannot be a
/// static's), [`GAMES`] in catalog order, and [`visit_state`], which needs each game's type.
macro_rules! games {
    ($($entry:ident: $game:ty),+ $(,)?) => {
        $(static $entry: Entry<$game> = Entry::new();)+

        /// Every game this build runs, in catalog order.
        static GAMES: &[&dyn GameEntry] = &[$(&$entry),+];

        /// Runs `visitor` on the state of `m` as its game's own type; `None` for a match that
        /// was not started by this registry.
        pub fn visit_state<V: StateVisitor>(m: &dyn Match, visitor: V) -> Option<V::Output> {
            let m = m.as_any();
            $(
                if let Some(m) = m.downcast_ref::<MatchOf<$game>>() {
                    return Some(visitor.visit(&m.state));
                }
            )+
            None
        }
    };
}

games! {
    ABALONE: crate::abalone::Abalone,
    TRIOMINOS: crate::triominos::Triominos,
    PINUID: crate::pinuid::Pinuid,
    TRANGOUAR: crate::trangouar::Trangouar,
    GROUPS_OF_THREE: crate::groups_of_three::GroupsOfThree,
}

/// Work done on a match's state as its game's own type, by code generic over the game (the
/// bots' search): [`visit_state`] calls [`StateVisitor::visit`] with the state of a [`Match`].
pub trait StateVisitor {
    type Output;
    fn visit<G: Game + Notation + BotHints>(self, state: &G) -> Self::Output;
}

/// All games, in catalog order.
pub fn games() -> impl Iterator<Item = &'static dyn GameEntry> {
    GAMES.iter().copied()
}

/// The game with protocol id `id`.
pub fn find(id: &str) -> Option<&'static dyn GameEntry> {
    games().find(|g| g.info().id == id)
}

/// One game, seen without its types.
pub trait GameEntry: Sync {
    /// The game's id, name, player counts and options: built once, on first use.
    fn info(&self) -> &GameInfo;

    /// Checks a player count and options (JSON object or null) as a room is created, and returns the
    /// options with defaults filled in. Runs a trial setup, so combinations the game refuses (an
    /// option that does not apply to this player count) are caught here, not at start.
    fn validate(&self, players: usize, options: &Value) -> Result<Options, SetupError>;

    /// Whether the game has a short notation of its moves (see [`Notation::SHORT_NOTATION`]).
    fn has_short_notation(&self) -> bool;

    /// Every kind of event the game sends, with its fields (see [`Game::EVENTS`]).
    fn events(&self) -> &'static [EventSpec];

    /// Every `reason` the game's rules end a match with (see [`Game::RESULT_REASONS`]).
    fn result_reasons(&self) -> &'static [&'static str];

    /// Whether a stored move (canonical JSON) is secret while the match is played (see
    /// [`Game::is_secret`]). A move that does not parse is treated as secret.
    fn is_secret_move(&self, mv: &Value) -> bool;

    /// A new match from validated options and its seed.
    fn start(
        &self,
        options: &Options,
        players: usize,
        seed: Seed,
    ) -> Result<Box<dyn Match>, SetupError>;
}

/// A seat's legal-move list as the text of a JSON array, written by the engine
/// ([`Notation::write_legal_moves_json`], or serde). Not parsed again to check it (a list of ~75 moves
/// at every version: checking cost more than writing); debug builds, every test among them, do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegalJson(Box<str>);

impl LegalJson {
    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.0
    }
}

/// A live match of some game: state plus RNG.
pub trait Match: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn to_act(&self) -> Vec<Seat>;
    /// Legal moves of `seat`, in canonical move JSON.
    fn legal_moves(&self, seat: Seat) -> Vec<Value>;
    /// The same list as one JSON array, written straight from the engine's moves (no `Value` per
    /// move): what the server sends as `you.legal`.
    fn legal_moves_json(&self, seat: Seat) -> LegalJson;
    /// [`Match::legal_moves_json`] in the game's short notation, a JSON array of strings; None
    /// for a game without one (see [`Notation::SHORT_NOTATION`]).
    fn legal_moves_short(&self, seat: Seat) -> Option<LegalJson>;
    /// Parses and plays a move: its JSON, or a JSON string in the game's short notation. On error
    /// the match is unchanged.
    fn play(&mut self, seat: Seat, mv: &Value) -> Result<Played, MoveError>;
    fn view(&self, viewer: Viewer) -> Value;
    /// Whether [`Match::view`] is the same for every viewer (see [`Game::SAME_VIEW_FOR_ALL`]).
    fn same_view_for_all(&self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    /// What the rules play for `seat` if it does not answer (see [`Game::default_move`]).
    fn default_move(&self, seat: Seat) -> Option<Value>;
    /// The sides of the match (see [`Game::sides`]): seats that win or lose together.
    fn sides(&self) -> Vec<Vec<Seat>>;
    /// The RNG of a bot's choice for `seat` now: ChaCha20 keyed by the match seed, on a stream of
    /// its own for each (ply, seat), so a bot's draw never moves the match RNG, and a replay (same
    /// seed, same moves) draws the same.
    fn bot_rng(&self, seat: Seat) -> GameRng;
    /// A random move for `seat` drawn from [`Match::bot_rng`] (see [`Game::random_move`]), in
    /// canonical move JSON; `None` when it need not act. (A searching bot's move is
    /// `plateau-bots`'s, through [`visit_state`].)
    fn random_move(&self, seat: Seat) -> Option<Value>;
    fn box_clone(&self) -> Box<dyn Match>;
    /// The match as [`Any`], for [`visit_state`] to find its game's type.
    fn as_any(&self) -> &dyn Any;
    /// The number of legal move sequences of `depth` plies from here, chance drawn from the
    /// match's RNG as play goes (see [`crate::perft`]). The ply cap is not applied.
    fn perft(&self, depth: u32) -> u64;
    /// Ends the match once `max_plies` plies have been played (counting from the start), as the
    /// game's [`Game::ply_cap_outcome`] says, unless its rules end it first. Set before any move.
    fn limit_plies(&mut self, max_plies: u64);
}

/// An accepted move.
#[derive(Debug, Clone)]
pub struct Played {
    /// The move in canonical form: what is stored and replayed.
    pub canonical: Value,
    pub events: Vec<Event>,
}

/// Rebuilds a match from its record: options, seed and the accepted moves in order.
pub fn replay<'a>(
    entry: &dyn GameEntry,
    options: &Options,
    players: usize,
    seed: Seed,
    moves: impl IntoIterator<Item = (Seat, &'a Value)>,
) -> Result<Box<dyn Match>, ReplayError> {
    replay_capped(entry, options, players, seed, None, moves)
}

/// [`replay`] of a match that was played under a ply cap (see [`Match::limit_plies`]).
pub fn replay_capped<'a>(
    entry: &dyn GameEntry,
    options: &Options,
    players: usize,
    seed: Seed,
    max_plies: Option<u64>,
    moves: impl IntoIterator<Item = (Seat, &'a Value)>,
) -> Result<Box<dyn Match>, ReplayError> {
    let mut m = entry
        .start(options, players, seed)
        .map_err(ReplayError::Setup)?;
    if let Some(max_plies) = max_plies {
        m.limit_plies(max_plies);
    }
    for (ply, (seat, mv)) in moves.into_iter().enumerate() {
        m.play(seat, mv).map_err(|error| ReplayError::Move {
            ply: ply + 1,
            error,
        })?;
    }
    Ok(m)
}

/// A stored match does not replay: its record or the engine changed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("setup: {0}")]
    Setup(SetupError),
    #[error("ply {ply}: {error}")]
    Move { ply: usize, error: MoveError },
}

/// The RNG stream of the seat draw (rooms with `seating: random`): far from the match's (0) and
/// the bots' (from 1, a few per ply).
const SEATING_STREAM: u64 = 1 << 62;

/// Who sits where in a room with random seating: `order[new_seat]` is the seat its occupant had
/// before the draw. A Fisher-Yates shuffle with ChaCha20 keyed by the match seed, on a stream of
/// its own, so that anyone with the revealed seed can check the draw, and it never moves the
/// match's own RNG.
pub fn seat_draw(seed: Seed, seats: usize) -> Vec<Seat> {
    use rand::seq::SliceRandom;
    let mut rng = GameRng::from_seed(seed);
    rng.set_stream(SEATING_STREAM);
    let mut order: Vec<Seat> = (0..seats).collect();
    order.shuffle(&mut rng);
    order
}

/// Bot RNG streams reserved per ply: one per seat (no game seats more than this).
const BOT_STREAMS_PER_PLY: u64 = 16;

/// A game behind [`GameEntry`], with its [`GameInfo`] kept once built: a room asks for its
/// game's id at every version, and `Game::info` builds the whole description (option specs,
/// labels) each time.
struct Entry<G> {
    game: PhantomData<fn() -> G>,
    info: OnceLock<GameInfo>,
}

impl<G> Entry<G> {
    const fn new() -> Self {
        Entry {
            game: PhantomData,
            info: OnceLock::new(),
        }
    }
}

impl<G: Game + Notation + BotHints> GameEntry for Entry<G> {
    fn info(&self) -> &GameInfo {
        self.info.get_or_init(|| {
            let mut info = G::info();
            for shared in crate::options::shared_options() {
                if !info.options.iter().any(|o| o.name == shared.name) {
                    info.options.push(shared);
                }
            }
            info
        })
    }

    fn validate(&self, players: usize, options: &Value) -> Result<Options, SetupError> {
        let info = self.info();
        if !(info.min_players..=info.max_players).contains(&players) {
            return Err(SetupError::players(format!(
                "{} is played by {} to {} players",
                info.name, info.min_players, info.max_players
            )));
        }
        let options = options::validate(&info.options, players, options)?;
        G::setup(&options, players, &mut GameRng::from_seed([0; 32]))?;
        Ok(options)
    }

    fn has_short_notation(&self) -> bool {
        G::SHORT_NOTATION
    }

    fn events(&self) -> &'static [EventSpec] {
        G::EVENTS
    }

    fn result_reasons(&self) -> &'static [&'static str] {
        G::RESULT_REASONS
    }

    fn is_secret_move(&self, mv: &Value) -> bool {
        G::parse_move(mv).map_or(true, |m| G::is_secret(&m))
    }

    fn start(
        &self,
        options: &Options,
        players: usize,
        seed: Seed,
    ) -> Result<Box<dyn Match>, SetupError> {
        let mut rng = GameRng::from_seed(seed);
        let state = G::setup(options, players, &mut rng)?;
        Ok(Box::new(MatchOf {
            state,
            rng,
            seed,
            plies: 0,
            max_plies: None,
        }))
    }
}

#[derive(Clone)]
struct MatchOf<G> {
    state: G,
    rng: GameRng,
    seed: Seed,
    /// Plies played.
    plies: u64,
    /// The cap on plies, if any.
    max_plies: Option<u64>,
}

impl<G: Game> MatchOf<G> {
    /// Whether the cap has ended the match (and the rules have not).
    fn capped(&self) -> bool {
        self.max_plies.is_some_and(|max| self.plies >= max) && self.state.outcome().is_none()
    }
}

impl<G: Game + Notation + BotHints> Match for MatchOf<G> {
    fn game_id(&self) -> &'static str {
        G::info().id
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.capped() {
            return Vec::new();
        }
        self.state.to_act()
    }

    fn legal_moves(&self, seat: Seat) -> Vec<Value> {
        if self.capped() {
            return Vec::new();
        }
        self.state
            .legal_moves(seat)
            .iter()
            .map(|m| serde_json::to_value(m).expect("moves serialise"))
            .collect()
    }

    fn legal_moves_json(&self, seat: Seat) -> LegalJson {
        if self.capped() {
            return LegalJson("[]".into());
        }
        let mut text = String::new();
        if !self.state.write_legal_moves_json(seat, &mut text) {
            text = serde_json::to_string(&self.state.legal_moves(seat)).expect("moves serialise");
        }
        debug_assert!(
            serde_json::from_str::<&RawValue>(&text).is_ok(),
            "{}: the legal-move text is not JSON: {text}",
            G::info().id
        );
        LegalJson(text.into_boxed_str())
    }

    fn legal_moves_short(&self, seat: Seat) -> Option<LegalJson> {
        if !G::SHORT_NOTATION {
            return None;
        }
        if self.capped() {
            return Some(LegalJson("[]".into()));
        }
        let mut text = String::new();
        if !self.state.write_short_legal_moves(seat, &mut text) {
            let moves = self.state.legal_moves(seat);
            text.reserve(2 + moves.len() * 10);
            text.push('[');
            for (i, mv) in moves.iter().enumerate() {
                if i > 0 {
                    text.push(',');
                }
                text.push('"');
                G::write_short_notation(mv, &mut text);
                text.push('"');
            }
            text.push(']');
        }
        debug_assert!(
            serde_json::from_str::<Vec<String>>(&text).is_ok(),
            "{}: the short legal-move text is not a JSON list of strings: {text}",
            G::info().id
        );
        Some(LegalJson(text.into_boxed_str()))
    }

    fn play(&mut self, seat: Seat, mv: &Value) -> Result<Played, MoveError> {
        let mv = match mv {
            Value::String(short) if G::SHORT_NOTATION => G::parse_short_notation(short)?,
            _ => G::parse_move(mv)?,
        };
        if !self.to_act().contains(&seat) {
            return Err(MoveError::NotYourTurn);
        }
        // The canonical form is what is played, not only stored: the match then holds what a
        // replay of its record rebuilds (a setup's cubes in the same order), events included.
        let canonical = self.state.canonical_move(seat, &mv);
        let mut state = self.state.clone();
        let mut rng = self.rng.clone();
        let events = state.play(seat, &canonical, &mut rng)?;
        self.state = state;
        self.rng = rng;
        self.plies += 1;
        Ok(Played {
            canonical: serde_json::to_value(&canonical).expect("moves serialise"),
            events,
        })
    }

    fn view(&self, viewer: Viewer) -> Value {
        self.state.view(viewer)
    }

    fn same_view_for_all(&self) -> bool {
        G::SAME_VIEW_FOR_ALL
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.capped() {
            return Some(self.state.ply_cap_outcome());
        }
        self.state.outcome()
    }

    fn default_move(&self, seat: Seat) -> Option<Value> {
        if self.capped() {
            return None;
        }
        self.state
            .default_move(seat)
            .map(|m| serde_json::to_value(m).expect("moves serialise"))
    }

    fn sides(&self) -> Vec<Vec<Seat>> {
        self.state.sides()
    }

    fn bot_rng(&self, seat: Seat) -> GameRng {
        let mut rng = GameRng::from_seed(self.seed);
        // Stream 0 is the match's own RNG; bots use streams from 1, one per (ply, seat).
        rng.set_stream(1 + self.plies * BOT_STREAMS_PER_PLY + seat as u64);
        rng
    }

    fn random_move(&self, seat: Seat) -> Option<Value> {
        if self.capped() {
            return None;
        }
        self.state
            .random_move(seat, &mut self.bot_rng(seat))
            .map(|m| serde_json::to_value(m).expect("moves serialise"))
    }

    fn box_clone(&self) -> Box<dyn Match> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(&self.state, &self.rng, depth)
    }

    fn limit_plies(&mut self, max_plies: u64) {
        self.max_plies = Some(max_plies);
    }
}

#[cfg(test)]
mod seat_draw_tests {
    use super::*;

    #[test]
    fn the_seat_draw_is_a_permutation_fixed_by_the_seed() {
        let seed = [7; 32];
        let order = seat_draw(seed, 4);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 2, 3]);
        assert_eq!(seat_draw(seed, 4), order, "the same seed draws the same");
        // Over many seeds every seat gets the first place.
        let firsts: std::collections::HashSet<Seat> =
            (0..64u8).map(|b| seat_draw([b; 32], 4)[0]).collect();
        assert_eq!(firsts.len(), 4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::OptionKind;
    use crate::words::{self, ENGLISH};

    /// A game that says every viewer sees the same (the server then builds its view once for
    /// all) does show every seat and a spectator the same state, over random matches.
    #[test]
    fn a_view_said_the_same_for_all_is() {
        for entry in games() {
            let players = entry
                .info()
                .min_players
                .max(2)
                .min(entry.info().max_players);
            let options = entry.validate(players, &Value::Null).unwrap();
            let mut m = entry.start(&options, players, [9; 32]).unwrap();
            if !m.same_view_for_all() {
                continue;
            }
            for _ in 0..40 {
                let public = m.view(Viewer::Spectator);
                for seat in 0..players {
                    assert_eq!(m.view(Viewer::Seat(seat)), public, "{}", entry.info().id);
                }
                let Some(&seat) = m.to_act().first() else {
                    break;
                };
                let mv = m.random_move(seat).expect("the seat to act has a move");
                m.play(seat, &mv).unwrap();
            }
        }
    }

    /// The catalog describes every option for people in English, and every default a game
    /// declares is a value its own option accepts, so a room created without options works at
    /// every count.
    #[test]
    fn every_option_is_described_and_its_defaults_are_valid() {
        for entry in games() {
            let info = entry.info();
            let english = words::words(info.id, ENGLISH).expect("English words");
            let served: Vec<_> = words::with_english(info).collect();
            for spec in &info.options {
                let what = format!("{} option {}", info.id, spec.name);
                let said = &english.options[spec.name];
                assert!(said.label.len() >= 3, "{what}: no label");
                assert!(said.description.len() >= 20, "{what}: no description");
                spec.check_defaults()
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                for n in spec.default_by_players.keys() {
                    assert!(
                        (info.min_players..=info.max_players).contains(n),
                        "{what}: a default for {n} players"
                    );
                }
                assert!(
                    served
                        .iter()
                        .any(|(s, w)| s.name == spec.name && *w == said),
                    "{what}: served with its words"
                );
                // Every value of an enum has words for people, served beside it (the words
                // files' own tests check there is a label for each value and no other).
                if let OptionKind::Enum { values } = &spec.kind {
                    for value in values {
                        let label = &said.values[*value];
                        assert!(
                            label.len() >= 2 && !label.contains('_') && label != value,
                            "{what}: the label of {value} is {label:?}"
                        );
                        // The description is for people too: the words, not the raw value
                        // (`per_colour`, `german-daisy`, or `fast:` as a heading).
                        let raw = (value.contains(['_', '-']) && said.description.contains(value))
                            || said.description.contains(&format!("{value}:"));
                        assert!(!raw, "{what}: the description names the raw value {value}");
                    }
                }
            }
            for players in info.min_players..=info.max_players {
                entry
                    .validate(players, &Value::Null)
                    .unwrap_or_else(|e| panic!("{} {players}p, no options: {e}", info.id));
            }
        }
    }

    /// An option said to apply to some player counts only is one the game refuses changed for
    /// another count: the catalog says what the rules do.
    #[test]
    fn an_option_for_some_player_counts_is_refused_changed_for_the_others() {
        for entry in games() {
            let info = entry.info();
            for spec in info.options.iter().filter(|s| !s.only_for.is_empty()) {
                let changed = match &spec.kind {
                    OptionKind::Enum { values } => values
                        .iter()
                        .map(|v| Value::from(*v))
                        .find(|v| *v != spec.default),
                    OptionKind::Boolean => spec.default.as_bool().map(|b| Value::Bool(!b)),
                    OptionKind::Integer { .. } => None,
                }
                .expect("a value other than the default");
                for players in info.min_players..=info.max_players {
                    let given = serde_json::json!({ spec.name: changed });
                    assert_eq!(
                        entry.validate(players, &given).is_ok(),
                        spec.applies_to(players),
                        "{} option {} = {changed} with {players} players",
                        info.id,
                        spec.name
                    );
                }
            }
        }
    }
}
