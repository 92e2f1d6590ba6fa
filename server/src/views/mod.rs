//! Per-recipient views and the patches between them.
//!
//! Each seat, and the spectators as one group, hold a view of the match (the protocol's View). After
//! every version the room builds each recipient's new view and sends the RFC 6902 difference from the
//! one it sent before. `you.legal` is kept out of the generic diff: a legal-move list changes wholesale
//! from one turn to the next, so diffing it element by element costs much and saves nothing; it goes
//! as one `add`, `replace` or `remove` operation instead (see `docs/design.md`, cost notes).
//!
//! Between versions a room keeps each recipient's last view as a [`HeldView`]: its JSON text, and a
//! digest of its legal-move list rather than the list. That is what an idle match costs in memory
//! (a `Value` tree is several times its text, and a list of ~75 moves ~4 KB); the next version is
//! diffed against that text where it lies, without building a tree from it.

use plateau_games::registry::LegalJson;
use plateau_games::{Audience, Event, Match, Viewer};
use plateau_protocol::clock::ClockView;
use plateau_protocol::ws::{LegalForm, View, You};
use plateau_protocol::{MatchResult, RoomStatus};
use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};
use serde::Serialize;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;
use std::hash::{BuildHasher, RandomState};
use std::io::Write;
use std::sync::LazyLock;

pub mod moves;

/// One recipient's view, with its legal-move list apart.
#[derive(Debug, Clone)]
pub struct RecipientView {
    /// The whole view except `you.legal`.
    base: Value,
    /// `you.legal`, when the recipient has to act and one of its connections asked for the full
    /// form: JSON text, written once from the engine's moves, compared by digest and sent as it is.
    legal: Option<LegalJson>,
    /// The digest of the list (the short one when there is one, else `legal`), computed once:
    /// compared with the held view's, and held next. Two versions whose digests come from
    /// different forms (a recipient asked for another form meanwhile) differ, and the list is
    /// sent again: a `replace` too many, never one too few.
    legal_digest: Option<Digest>,
    /// The same list in the game's short notation, when a recipient asked for it and the game
    /// has one (`docs/protocol.md`, "Short notation").
    short_legal: Option<LegalJson>,
}

/// The forms of `you.legal` a view is built with: those its recipients asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LegalForms {
    pub full: bool,
    pub short: bool,
}

impl LegalForms {
    /// The full form only (REST, and recipients that asked for nothing).
    pub const FULL: LegalForms = LegalForms {
        full: true,
        short: false,
    };

    /// Adds the form a recipient asked for.
    pub fn add(&mut self, form: LegalForm) {
        match form {
            LegalForm::Full => self.full = true,
            LegalForm::Short => self.short = true,
        }
    }

    /// The one form `form`.
    pub fn of(form: LegalForm) -> LegalForms {
        let mut forms = LegalForms::default();
        forms.add(form);
        forms
    }
}

/// A view as a room holds it after sending it: the view without `you.legal` as compact JSON text,
/// and a digest of `you.legal` when there is one.
#[derive(Debug, Clone)]
pub struct HeldView {
    base: Box<str>,
    legal: Option<Digest>,
}

/// A list's length, and its SipHash-1-3 keyed at random when the process starts: two different
/// legal-move lists of one length have the same digest with a probability of 2^-64, and nobody
/// outside knows the key. (A second hash for 128 bits cost as much again, at every version.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Digest(u64, usize);

static DIGEST_KEY: LazyLock<RandomState> = LazyLock::new(RandomState::new);

impl Digest {
    fn of(text: &str) -> Digest {
        Digest(DIGEST_KEY.hash_one(text), text.len())
    }
}

/// An event as written once, for every patch frame that carries it and for the room's record of
/// recent events: who may see it, and its JSON text.
pub type WrittenEvent = (Audience, Box<str>);

/// Writes each of a version's events as JSON text, once.
pub fn write_events(events: &[Event]) -> Vec<WrittenEvent> {
    events
        .iter()
        .map(|e| {
            let text = serde_json::to_string(&e.data).expect("events serialise");
            (e.audience, text.into_boxed_str())
        })
        .collect()
}

/// The texts of the events `viewer` may see, in order.
pub fn events_for(events: &[WrittenEvent], viewer: Viewer) -> Vec<&str> {
    events
        .iter()
        .filter(|(audience, _)| audience.includes(viewer))
        .map(|(_, text)| &**text)
        .collect()
}

/// What every view of one version shares. Owned, so that views can be built under the engine's
/// guard, on another thread.
#[derive(Debug, Clone)]
pub struct Moment {
    pub game: &'static str,
    pub version: u64,
    pub ply: u64,
    pub status: RoomStatus,
    pub result: Option<MatchResult>,
    /// The clocks as of this version (None: the room has none).
    pub clock: Option<ClockView>,
    /// Seats that forfeited and that the server plays on: never offered a move.
    pub played_by_server: Vec<usize>,
}

impl PartialEq for RecipientView {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base
            && self.legal.as_ref().map(|l| l.get()) == other.legal.as_ref().map(|l| l.get())
    }
}

impl RecipientView {
    /// The view of `viewer` (a seat or a spectator) at `moment`.
    pub fn build(m: &dyn Match, viewer: Viewer, moment: &Moment) -> Self {
        Self::build_for(m, viewer, moment, LegalForms::FULL)
    }

    /// The views of `viewers` at `moment`, each with the legal-move lists its recipients asked
    /// for. The game's state is built once for all of them when the game shows every viewer the
    /// same ([`Match::same_view_for_all`]: no hidden information), and copied; else once per
    /// viewer.
    pub fn build_each(
        m: &dyn Match,
        viewers: impl IntoIterator<Item = (Viewer, LegalForms)>,
        moment: &Moment,
    ) -> Vec<(Viewer, RecipientView)> {
        let shared = m.same_view_for_all().then(|| m.view(Viewer::Spectator));
        viewers
            .into_iter()
            .map(|(viewer, forms)| {
                let state = match &shared {
                    Some(state) => state.clone(),
                    None => m.view(viewer),
                };
                (viewer, Self::build_with(m, viewer, moment, forms, state))
            })
            .collect()
    }

    /// [`RecipientView::build`], with the legal-move list in the `forms` its recipients asked for
    /// (the short one only for a game that has one; the full one for a game that has none).
    pub fn build_for(m: &dyn Match, viewer: Viewer, moment: &Moment, forms: LegalForms) -> Self {
        Self::build_with(m, viewer, moment, forms, m.view(viewer))
    }

    /// [`RecipientView::build_for`] around `state`, the game's state as `viewer` sees it.
    fn build_with(
        m: &dyn Match,
        viewer: Viewer,
        moment: &Moment,
        forms: LegalForms,
        state: Value,
    ) -> Self {
        let to_move = m.to_act();
        let (you, legal, short_legal) = match viewer {
            Viewer::Seat(seat) => {
                let acts = to_move.contains(&seat) && !moment.played_by_server.contains(&seat);
                let short = (acts && forms.short)
                    .then(|| m.legal_moves_short(seat))
                    .flatten();
                let full = acts && (forms.full || short.is_none());
                let legal = full.then(|| m.legal_moves_json(seat));
                (Some(You { seat, legal: None }), legal, short)
            }
            Viewer::Spectator | Viewer::Omniscient => (None, None, None),
        };
        let view = View {
            game: moment.game.to_string(),
            version: moment.version,
            ply: moment.ply,
            to_move,
            status: moment.status,
            result: moment.result.clone(),
            you,
            clock: moment.clock.clone(),
            state: Value::Null,
        };
        let mut base = serde_json::to_value(view).expect("views serialise");
        // The state is moved in, not serialised into a copy of itself.
        base["state"] = state;
        let legal_digest = short_legal
            .as_ref()
            .or(legal.as_ref())
            .map(|l| Digest::of(l.get()));
        RecipientView {
            base,
            legal,
            legal_digest,
            short_legal,
        }
    }

    /// The whole view, as a snapshot carries it.
    pub fn full(&self) -> Value {
        self.full_in(LegalForm::Full)
    }

    /// The legal-move list as a recipient that asked for `form` gets it: the short one where
    /// there is one, else the full one.
    fn legal_in(&self, form: LegalForm) -> Option<&LegalJson> {
        match form {
            LegalForm::Short => self.short_legal.as_ref().or(self.legal.as_ref()),
            LegalForm::Full => self.legal.as_ref(),
        }
    }

    /// Whether a recipient that asked for `form` gets a different text than one that asked for
    /// the full list (the frames for the two then differ).
    pub fn differs_in(&self, form: LegalForm) -> bool {
        form == LegalForm::Short && self.short_legal.is_some()
    }

    /// [`RecipientView::full`], its list in `form`.
    pub fn full_in(&self, form: LegalForm) -> Value {
        let mut view = self.base.clone();
        if let (Some(legal), Some(you)) = (
            self.legal_in(form),
            view.get_mut("you").and_then(Value::as_object_mut),
        ) {
            you.insert(
                "legal".into(),
                serde_json::from_str(legal.get()).expect("legal moves are JSON"),
            );
        }
        view
    }

    /// The view as the room holds it once sent.
    pub fn hold(&self) -> HeldView {
        HeldView {
            base: serde_json::to_string(&self.base)
                .expect("views serialise")
                .into_boxed_str(),
            legal: self.legal_digest,
        }
    }
}

impl HeldView {
    /// The whole view, as a snapshot carries it; `legal` gives the list the view was built with
    /// (asked only if it had one: the engine's list for the same seat and version).
    pub fn full(&self, legal: impl FnOnce() -> LegalJson) -> Value {
        let mut view = self.base();
        if self.legal.is_some() {
            let legal = legal();
            debug_assert_eq!(self.legal, Some(Digest::of(legal.get())));
            if let Some(you) = view.get_mut("you").and_then(Value::as_object_mut) {
                you.insert(
                    "legal".into(),
                    serde_json::from_str(legal.get()).expect("legal moves are JSON"),
                );
            }
        }
        view
    }

    fn base(&self) -> Value {
        serde_json::from_str(&self.base).expect("held views are JSON")
    }

    /// The `patch` frame from `self` to `next`, as the text sent to a recipient that asked for
    /// its legal-move list in `form`: `ServerFrame::Patch` with the RFC 6902 operations that turn
    /// `self` into `next`, `events` (each one's JSON text, [`write_events`]) and `moves` (the
    /// JSON text of the version's `moves` array, [`moves::PlayedMove::write`]; None: the field
    /// is left out). Written in pieces, in the protocol's field order, so that the legal-move
    /// list, the events and the moves, JSON text already, go in as they are (serde would escape
    /// them as strings or need them parsed back).
    pub fn patch_frame(
        &self,
        next: &RecipientView,
        room: &str,
        (from, version): (u64, u64),
        events: &[&str],
        moves: Option<&str>,
        form: LegalForm,
    ) -> String {
        let ops = ops(&self.base, self.legal, next, form);
        let legal_len = next.legal_in(form).map_or(0, |l| l.get().len());
        let events_len: usize = events.iter().map(|e| e.len() + 1).sum();
        let moves_len = moves.map_or(0, |m| m.len() + 10);
        let mut frame = Vec::with_capacity(256 + legal_len + events_len + moves_len);
        frame.extend_from_slice(br#"{"type":"patch","room":"#);
        write_json(&mut frame, room);
        write!(frame, r#","from":{from},"version":{version},"ops":["#).expect("in memory");
        for (i, op) in ops.diff.iter().enumerate() {
            if i > 0 {
                frame.push(b',');
            }
            write_json(&mut frame, op);
        }
        if let Some((op, value)) = ops.legal {
            if !ops.diff.is_empty() {
                frame.push(b',');
            }
            write!(frame, r#"{{"op":"{op}","path":"/you/legal""#).expect("in memory");
            if let Some(value) = value {
                frame.extend_from_slice(br#","value":"#);
                frame.extend_from_slice(value.as_bytes());
            }
            frame.push(b'}');
        }
        frame.extend_from_slice(br#"],"events":["#);
        for (i, event) in events.iter().enumerate() {
            if i > 0 {
                frame.push(b',');
            }
            frame.extend_from_slice(event.as_bytes());
        }
        frame.push(b']');
        if let Some(moves) = moves {
            frame.extend_from_slice(br#","moves":"#);
            frame.extend_from_slice(moves.as_bytes());
        }
        frame.push(b'}');
        String::from_utf8(frame).expect("frames are UTF-8")
    }
}

/// Appends `value` as JSON.
fn write_json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(out, value).expect("frames serialise");
}

/// The operations from a held view (its base as JSON text, its list's digest) to `next`, the
/// list in `form`.
fn ops<'a>(base: &str, legal: Option<Digest>, next: &'a RecipientView, form: LegalForm) -> Ops<'a> {
    let legal = match (legal, next.legal_in(form)) {
        (None, None) => None,
        (Some(before), Some(_)) if Some(before) == next.legal_digest => None,
        (Some(_), Some(after)) => Some(("replace", Some(after.get()))),
        (None, Some(after)) => Some(("add", Some(after.get()))),
        (Some(_), None) => Some(("remove", None)),
    };
    let mut diff = Vec::new();
    diff_held(base, &next.base, &mut String::new(), &mut diff);
    Ops { diff, legal }
}

/// Appends to `ops` the operations that turn `before` (JSON text, as a view is held) into `after`,
/// `path` pointing at both. The same operations as `json_patch::diff` (objects key by key, arrays
/// index by index with the excess removed or added at the end, anything else replaced when it
/// differs), with their values borrowed from `after` rather than copied, and their paths built in
/// one string: this runs for every recipient at every version.
///
/// `before` is read once into a [`Held`] (its strings borrowed from the text unless escaped),
/// not parsed back into a `Value` tree: that parse, a string and a B-tree node per key, was most of
/// a patch's cost.
fn diff_held<'a>(before: &str, after: &'a Value, path: &mut String, ops: &mut Vec<Op<'a>>) {
    match serde_json::from_str::<Held>(before) {
        Ok(held) => diff_node(&held, after, path, ops),
        Err(_) => ops.push(Op::new("replace", path, Some(after))),
    }
}

/// [`diff_held`] on the held text read once (see [`Held`]).
fn diff_node<'a>(before: &Held, after: &'a Value, path: &mut String, ops: &mut Vec<Op<'a>>) {
    let at = path.len();
    match (before, after) {
        (Held::Object(b), Value::Object(a)) => {
            // Both sides are usually in the same key order (the held text was written from the
            // same kind of map): the search starts where the last key was found.
            let (mut from, mut matched) = (0, 0);
            for (key, value) in a {
                push_token(path, key);
                let found = (from..b.len())
                    .chain(0..from)
                    .find(|&i| b[i].0.as_ref() == key.as_str());
                match found {
                    Some(i) => {
                        diff_node(&b[i].1, value, path, ops);
                        from = i + 1;
                        matched += 1;
                    }
                    None => ops.push(Op::new("add", path, Some(value))),
                }
                path.truncate(at);
            }
            // When every held key was found (keys are unique), none is to be removed: no need to
            // look each one up in the new view.
            if matched < b.len() {
                for (key, _) in b.iter().filter(|(k, _)| !a.contains_key(k.as_ref())) {
                    push_token(path, key);
                    ops.push(Op::new("remove", path, None));
                    path.truncate(at);
                }
            }
        }
        (Held::Array(b), Value::Array(a)) => {
            let common = b.len().min(a.len());
            for (i, (old, value)) in b.iter().zip(a).enumerate() {
                push_index(path, i);
                diff_node(old, value, path, ops);
                path.truncate(at);
            }
            // Excess elements go one by one from the end of the common part: each removal shifts
            // the next one to that index.
            for _ in a.len()..b.len() {
                push_index(path, common);
                ops.push(Op::new("remove", path, None));
                path.truncate(at);
            }
            for (i, value) in a.iter().enumerate().skip(common) {
                push_index(path, i);
                ops.push(Op::new("add", path, Some(value)));
                path.truncate(at);
            }
        }
        (Held::Null, Value::Null) => {}
        (Held::Bool(b), Value::Bool(a)) if a == b => {}
        (Held::Number(b), Value::Number(a)) if a == b => {}
        (Held::String(b), Value::String(a)) if a == b => {}
        _ => ops.push(Op::new("replace", path, Some(after))),
    }
}

/// A held view's JSON text read in one pass: objects and arrays as lists of their parts (keys in
/// text order), strings borrowed from the text unless escaped, numbers as `serde_json` reads them
/// into a `Value` (so they compare as `Value`s do). Reading the text one level at a time instead
/// scanned each part again at every level below it; a `Value` tree costs a string and a B-tree
/// node per key.
enum Held<'t> {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(Cow<'t, str>),
    Array(Vec<Held<'t>>),
    Object(Vec<(Cow<'t, str>, Held<'t>)>),
}

impl<'de> Deserialize<'de> for Held<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct HeldVisitor;
        impl<'de> Visitor<'de> for HeldVisitor {
            type Value = Held<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("JSON")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Held<'de>, E> {
                Ok(Held::Null)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Held<'de>, E> {
                Ok(Held::Bool(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Held<'de>, E> {
                Ok(Held::Number(v.into()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Held<'de>, E> {
                Ok(Held::Number(v.into()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Held<'de>, E> {
                serde_json::Number::from_f64(v)
                    .map(Held::Number)
                    .ok_or_else(|| E::custom("a JSON number is finite"))
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Held<'de>, E> {
                Ok(Held::String(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Held<'de>, E> {
                Ok(Held::String(Cow::Owned(v.to_owned())))
            }
            fn visit_seq<S: de::SeqAccess<'de>>(self, mut seq: S) -> Result<Held<'de>, S::Error> {
                let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
                while let Some(item) = seq.next_element()? {
                    items.push(item);
                }
                Ok(Held::Array(items))
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Held<'de>, M::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some((Text(key), value)) = map.next_entry::<Text, Held>()? {
                    entries.push((key, value));
                }
                Ok(Held::Object(entries))
            }
        }
        deserializer.deserialize_any(HeldVisitor)
    }
}

/// A JSON string, borrowed from the text unless it has escapes.
struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextVisitor;
        impl<'de> Visitor<'de> for TextVisitor {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_owned())))
            }
        }
        deserializer.deserialize_str(TextVisitor)
    }
}

/// Appends a key to a JSON pointer (RFC 6901: `~` and `/` escaped).
fn push_token(path: &mut String, key: &str) {
    path.push('/');
    // Nearly every key needs no escape: copied whole, not a character at a time.
    if !key.contains(['~', '/']) {
        path.push_str(key);
        return;
    }
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// Appends an array index to a JSON pointer.
fn push_index(path: &mut String, i: usize) {
    path.push('/');
    path.push_str(itoa::Buffer::new().format(i));
}

/// One RFC 6902 operation, its value borrowed from the view it leads to.
#[derive(Serialize)]
struct Op<'a> {
    op: &'static str,
    path: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<&'a Value>,
}

impl<'a> Op<'a> {
    fn new(op: &'static str, path: &str, value: Option<&'a Value>) -> Op<'a> {
        Op {
            op,
            path: path.to_owned(),
            value,
        }
    }
}

/// The generic diff's operations, then the legal-move list's one (`add`, `replace` or `remove`
/// at `/you/legal`, with the list's text when it has a value).
struct Ops<'a> {
    diff: Vec<Op<'a>>,
    legal: Option<(&'static str, Option<&'a str>)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use plateau_games::registry;
    use serde_json::json;

    /// The operations of the patch frame from `held` to `next`.
    fn patch_to(held: &HeldView, next: &RecipientView) -> Value {
        let mut frame: Value =
            serde_json::from_str(&held.patch_frame(next, "R", (1, 2), &[], None, LegalForm::Full))
                .expect("a patch frame is JSON");
        frame["ops"].take()
    }

    fn moment(version: u64) -> Moment {
        Moment {
            game: "abalone",
            version,
            ply: version - 1,
            status: RoomStatus::Playing,
            result: None,
            clock: None,
            played_by_server: Vec::new(),
        }
    }

    /// Applying each patch to the view before it gives the view after it, for every recipient, over
    /// a whole random game: the invariant clients rely on.
    #[test]
    fn patches_rebuild_every_view() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let mut m = entry.start(&options, 2, [7; 32]).unwrap();
        let viewers = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];
        let built: Vec<RecipientView> = viewers
            .iter()
            .map(|v| RecipientView::build(&*m, *v, &moment(1)))
            .collect();
        let mut clients: Vec<Value> = built.iter().map(RecipientView::full).collect();
        let mut held: Vec<HeldView> = built.iter().map(RecipientView::hold).collect();
        for version in 2..60 {
            let seat = m.to_act()[0];
            let mv = m.legal_moves(seat)[version as usize % m.legal_moves(seat).len()].clone();
            m.play(seat, &mv).unwrap();
            for (i, viewer) in viewers.iter().enumerate() {
                let next = RecipientView::build(&*m, *viewer, &moment(version));
                let ops: json_patch::Patch =
                    serde_json::from_value(patch_to(&held[i], &next)).unwrap();
                json_patch::patch(&mut clients[i], &ops).unwrap();
                assert_eq!(clients[i], next.full(), "{viewer:?} at version {version}");
                held[i] = next.hold();
            }
        }
    }

    /// The frame written in pieces is the protocol's `patch` frame, with the room, versions and
    /// events given, and operations that turn the view before into the view after (a list
    /// added, replaced and removed; a room name that needs escaping).
    #[test]
    fn patch_frames_are_the_protocols() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let mut m = entry.start(&options, 2, [3; 32]).unwrap();
        let built: Vec<RecipientView> = (0..2)
            .map(|s| RecipientView::build(&*m, Viewer::Seat(s), &moment(1)))
            .collect();
        let mv = m.legal_moves(0)[0].clone();
        let played = m.play(0, &mv).unwrap();
        let data: Vec<Value> = played.events.iter().map(|e| e.data.clone()).collect();
        let written = write_events(&played.events);
        let events = events_for(&written, Viewer::Spectator);
        let after: Vec<RecipientView> = (0..2)
            .map(|s| RecipientView::build(&*m, Viewer::Seat(s), &moment(2)))
            .collect();
        // Seat 0's list goes, seat 1's comes; then each to itself (nothing), and a list replaced.
        let mut pairs = vec![(&built[0], &after[0]), (&built[1], &after[1])];
        pairs.extend([(&after[1], &after[1]), (&after[0], &after[0])]);
        pairs.push((&built[0], &built[0]));
        // Seat 0 to act on another board: another list.
        let daisy = entry
            .validate(2, &json!({"layout": "belgian-daisy"}))
            .unwrap();
        let other = entry.start(&daisy, 2, [3; 32]).unwrap();
        let replaced = RecipientView::build(&*other, Viewer::Seat(0), &moment(2));
        pairs.push((&built[0], &replaced));
        // The move's record, as the history lists it; a ruling's patch has none.
        let at = chrono::Utc::now();
        let record = moves::PlayedMove::new(entry, 1, 0, &played.canonical, at);
        let written_moves = record.write(false);
        let expected = vec![moves::record(1, 0, played.canonical.clone(), at, false)];
        for (i, (before, next)) in pairs.into_iter().enumerate() {
            let with_moves = (i % 2 == 0).then_some(written_moves.as_str());
            let text = before.hold().patch_frame(
                next,
                "RO\"OM",
                (1, 2),
                &events,
                with_moves,
                LegalForm::Full,
            );
            let parsed: plateau_protocol::ws::ServerFrame = serde_json::from_str(&text).unwrap();
            let plateau_protocol::ws::ServerFrame::Patch {
                room,
                from,
                version,
                ops,
                events: sent,
                moves: sent_moves,
            } = parsed
            else {
                panic!("not a patch frame: {text}");
            };
            assert_eq!((room.as_str(), from, version), ("RO\"OM", 1, 2));
            assert_eq!(sent, data);
            assert_eq!(sent_moves, with_moves.map(|_| expected.clone()), "{text}");
            let mut view = before.full();
            let ops: json_patch::Patch = serde_json::from_value(ops).unwrap();
            json_patch::patch(&mut view, &ops).unwrap();
            assert_eq!(view, next.full(), "{text}");
        }
    }

    /// The diff from held text gives json-patch's own operations, escapes and array shifts included.
    #[test]
    fn the_diff_is_json_patchs() {
        let pairs = [
            (
                json!({"a": 1, "b": [1, 2, 3]}),
                json!({"a": 2, "b": [1, 5]}),
            ),
            (
                json!({"b": [1]}),
                json!({"b": [1, [2], {"c": 3}], "n": null}),
            ),
            (
                json!({"x/y": {"~z": 1}, "gone": true}),
                json!({"x/y": {"~z": 2}}),
            ),
            (json!([{"k": 1}, 2]), json!({"k": 1})),
            (
                json!({"s": "same", "o": {}}),
                json!({"s": "same", "o": {"new": []}}),
            ),
            // Escaped keys and strings (read as owned text), numbers of every kind, scalars that
            // become containers and back.
            (
                json!({"q\"k": "a\nb", "t": "tab\there", "n": -1, "f": 0.5, "u": 18446744073709551615u64}),
                json!({"q\"k": "a\nb", "t": "tab\tthere", "n": -1.0, "f": 0.5, "u": 1}),
            ),
            (
                json!({"a": null, "b": true, "c": [1], "d": {"e": "x"}, "s": "\u{e9}"}),
                json!({"a": [null], "b": false, "c": 1, "d": "x", "s": "é"}),
            ),
            (json!("x"), json!(["x"])),
            (json!(1), json!(1)),
        ];
        for (before, after) in &pairs {
            let mut ops = Vec::new();
            diff_held(&before.to_string(), after, &mut String::new(), &mut ops);
            assert_eq!(
                serde_json::to_value(&ops).unwrap(),
                serde_json::to_value(json_patch::diff(before, after)).unwrap(),
                "{before} -> {after}"
            );
        }
        // Held text whose keys are in another order than the new view's (the search for a key
        // wraps around): the same operations, as the keys are matched by name.
        let before = r#"{"z": 1, "m": {"y": [1], "b": 2}, "a": "x"}"#;
        let after = json!({"a": "x", "m": {"b": 3, "y": [1, 2]}, "n": 0});
        let mut ops = Vec::new();
        diff_held(before, &after, &mut String::new(), &mut ops);
        let parsed: Value = serde_json::from_str(before).unwrap();
        assert_eq!(
            serde_json::to_value(&ops).unwrap(),
            serde_json::to_value(json_patch::diff(&parsed, &after)).unwrap()
        );
    }

    /// A held view gives back the whole view it was built as (its legal-move list from the
    /// engine), and a list that stays the same is not sent again.
    #[test]
    fn a_held_view_is_the_view_sent() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let m = entry.start(&options, 2, [5; 32]).unwrap();
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let built = RecipientView::build(&*m, viewer, &moment(1));
            let held = built.hold();
            assert_eq!(held.full(|| m.legal_moves_json(0)), built.full());
            let same = RecipientView::build(&*m, viewer, &moment(1));
            assert_eq!(patch_to(&held, &same), json!([]), "{viewer:?}");
        }
        let mover = RecipientView::build(&*m, Viewer::Seat(0), &moment(1)).hold();
        let waiting = RecipientView::build(&*m, Viewer::Seat(1), &moment(1));
        let ops = patch_to(&mover, &waiting);
        assert!(ops
            .as_array()
            .unwrap()
            .contains(&json!({"op": "remove", "path": "/you/legal"})));
    }

    /// The views built together (the state once for all when every viewer sees the same) are
    /// those built one by one, in a game without hidden information and in one with it.
    #[test]
    fn views_built_together_are_those_built_alone() {
        for game in ["abalone", "triominos"] {
            let entry = registry::find(game).unwrap();
            let options = entry.validate(2, &Value::Null).unwrap();
            let m = entry.start(&options, 2, [4; 32]).unwrap();
            let viewers = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];
            let together = RecipientView::build_each(
                &*m,
                viewers.iter().map(|v| (*v, LegalForms::FULL)),
                &moment(1),
            );
            for (viewer, view) in together {
                assert_eq!(
                    view,
                    RecipientView::build(&*m, viewer, &moment(1)),
                    "{game}"
                );
            }
        }
    }

    #[test]
    fn only_the_seat_to_act_gets_legal_moves() {
        let entry = registry::find("abalone").unwrap();
        let options = entry.validate(2, &Value::Null).unwrap();
        let m = entry.start(&options, 2, [1; 32]).unwrap();
        let mover = RecipientView::build(&*m, Viewer::Seat(0), &moment(1)).full();
        let waiting = RecipientView::build(&*m, Viewer::Seat(1), &moment(1)).full();
        let spectator = RecipientView::build(&*m, Viewer::Spectator, &moment(1)).full();
        assert!(mover["you"]["legal"]
            .as_array()
            .is_some_and(|l| !l.is_empty()));
        assert_eq!(waiting["you"], json!({"seat": 1}));
        assert_eq!(spectator["you"], Value::Null);
    }
}
