//! What the room page knows of one room, without any DOM, so that the protocol's rules live in one
//! place and can be tested without a browser: the room's info (seats, status, host), this page's
//! role, the view held from `snapshot` and `patch` frames with its version (a patch from another
//! version, or one that does not apply, is dropped and `sync` asked for), the move sent and not yet
//! answered (resent with the same id after a reconnect, so never played twice), the result, the
//! seats that forfeited, the events that mark the last move, and Triominos' round ends.
//!
//! The views subscribe with `on(topic, fn)`. Topics:
//! - `change` `{ match, view, moved }`: redraw. `match`: the match changed (view, pending move,
//!   result, last move), else only the room's info did; `view`: a new view arrived (its clock
//!   figures are new); `moved`: the ply moved (the server cleared every draw offer).
//! - `room` (the room frame itself), `events` (a patch's events), `recent` (the `recent` frame),
//!   `moves` (the list of moves `st.moves` grew),
//!   `chat` (a line), `chat_deleted` (a line's id, removed by a moderator), `ended` (the result), `draw` (the seats offering), `rematch` (the new room),
//!   `refused` (a frame without an id was refused), `say` `{ text, kind }` (a message to show).
//!
//! Frames go out through `send(frame)` (false when disconnected), REST through `api(method, path)`;
//! `pairAgain(code)` is "Play now" asking again when the room filled meanwhile (true: it did).

import { applyPatch } from './patch.js';
import { botName } from './ratings.js';
import { t, errorText, dateTime } from './i18n.js';

/** Events of a move that changed the board (the boards mark these as the last move). */
const MOVE_KINDS = new Set(['moved', 'crossed', 'added', 'exited', 'move', 'attack', 'exchange', 'pearls_lost', 'placed', 'line', 'removed', 'reentered']);
/** Room statuses after which nothing is played in the room any more. */
const CLOSED = ['finished', 'abandoned', 'aborted'];

/**
 * A `join` refused `internal` (the room is moving to another server, or restarting: its node died
 * or stops, and another takes it over within seconds) is sent again, after a pause that doubles
 * from the first to the last, give or take a quarter (so that a room's players do not all come
 * back at once); docs/protocol.md, "Several nodes".
 */
const REJOIN_FIRST_MS = 250;
const REJOIN_MAX_MS = 4000;
/** Tries before the refusal is shown as an error: well past a takeover (lease + a sweep). */
const REJOIN_TRIES = 12;

/** Whether these events made a move (a resignation or an agreed draw is not one). */
export const movedSomething = (events) => events.some((e) => MOVE_KINDS.has(e.kind));
const seatOf = (room, id) => {
  const s = room.seats.find((x) => x.player && x.player.id === id);
  return s ? s.seat : null;
};
const hasFreeSeat = (room) => room.seats.some((s) => !s.player && !s.bot);

export function roomModel({ code, me, send, api, pairAgain = () => false }) {
  const st = {
    room: null,
    view: null,
    version: 0,
    syncing: false,
    /** 'player' or 'spectator': how this page joins the room. */
    role: null,
    /** The move sent and not yet answered: `{id, frame, version}`. */
    pending: null,
    /** The events of the last patch (the "Last:" line). */
    lastEvents: [],
    /** A rated room's ended match: `{counted, reason?}` from the `ended` frame. */
    rating: null,
    /** The events the board marks the last move from: the last patch that moved something. */
    markEvents: [],
    result: null,
    matchId: null,
    /** Seats that forfeited: `{seat, reason}`, from the events, the result, or the match's summary. */
    forfeits: [],
    /**
     * The match's moves so far, `{ply, seat, move, at}` as its history lists them, `moves[i]` the
     * move of ply i + 1, without gaps: from the frames (each `patch` carries its move, `recent`
     * the last ones); `GET /matches/{id}` is read only for what they did not bring (a long match
     * joined late, a patch missed), never at each move.
     */
    moves: [],
    /** Triominos' `round_end` events seen (live or in the recent log), for the end breakdown. */
    rounds: [],
    /** The next board update slides the pieces of the move just made (a patch that moved the ply). */
    animateNext: false,
    /** A `join` sent and not answered yet by a `room` frame, and how often it was refused. */
    joining: false,
    rejoins: 0,
    /** This page told the server it no longer looks at the room (`leave`). */
    left: false,
    destroyed: false,
  };
  const listeners = new Map();

  function on(topic, fn) {
    if (!listeners.has(topic)) listeners.set(topic, []);
    listeners.get(topic).push(fn);
  }

  function emit(topic, detail) {
    if (st.destroyed) return;
    for (const fn of listeners.get(topic) || []) fn(detail);
  }

  function changed({ match = false, view = false, moved = false } = {}) {
    emit('change', { match, view, moved });
  }

  function say(text, kind = 'error') {
    emit('say', { text, kind });
  }

  // ---- what the views ask ----

  function nameOf(seat) {
    const s = st.room && st.room.seats[seat];
    if (!s) return t('seat-n', { n: seat + 1 });
    if (s.player) {
      // Two players may share a name: then each gets its seat number.
      const twin = st.room.seats.some((o) => o !== s && o.player && o.player.name === s.player.name);
      return twin ? t('name-with-seat', { name: s.player.name, n: seat + 1 }) : s.player.name;
    }
    if (s.bot) return botName(seat, st.room.seats.filter((o) => o.bot).map((o) => o.seat));
    return t('seat-n', { n: seat + 1 });
  }

  function mySeat() {
    if (st.view && st.view.you) return st.view.you.seat;
    return st.room ? seatOf(st.room, me.id) : null;
  }

  function forfeitOf(seat) {
    return st.forfeits.find((f) => f.seat === seat) || null;
  }

  /**
   * Whether this page may move now: legal moves listed, and its seat not forfeited (the server
   * plays a forfeited seat from then on, even while the view still lists moves for it).
   */
  function canAct() {
    const v = st.view;
    return !!(v && v.you && v.you.legal && v.you.legal.length) && !forfeitOf(v.you.seat);
  }

  /** The result, from the `ended` frame or the view. */
  function result() {
    return st.result || (st.view && st.view.result);
  }

  /**
   * What the page knows of how the match ended, besides its result (for an aborted match, see
   * `abortedText` in events.js): whether the room is rated, and the last version's events (an
   * agreed draw shows only there).
   */
  function endContext() {
    return { rated: st.room ? st.room.rated === true : undefined, events: st.lastEvents };
  }

  /** The room no longer plays: it finished, was abandoned or aborted. */
  function closed() {
    return !!st.room && CLOSED.includes(st.room.status);
  }

  function over() {
    return !!result() || closed();
  }

  function game() {
    return (st.view && st.view.game) || (st.room && st.room.game);
  }

  function players() {
    return st.room ? st.room.players : st.view ? st.view.to_move.length : 0;
  }

  /** Takes the "slide the pieces" of the last move: only the next board update does it. */
  function takeSlide() {
    const slide = st.animateNext;
    st.animateNext = false;
    return slide;
  }

  // ---- frames ----

  function noteForfeit(f) {
    if (!forfeitOf(f.seat)) st.forfeits.push(f);
  }

  /** Keeps Triominos' round ends for the breakdown. */
  function noteRounds(events) {
    for (const ev of events || []) if (ev.kind === 'round_end' && !st.rounds.some((r) => r.round === ev.round)) st.rounds.push(ev);
  }

  /**
   * The forfeits so far: the result lists them at the end; during a match they are not in the
   * view, so a page that arrives late (or reloads) reads them from the match's summary.
   */
  async function loadForfeits() {
    const res = result();
    if (res) {
      st.forfeits = [...(res.forfeited || [])];
      return;
    }
    if (!st.matchId) return;
    try {
      const m = await api('GET', `/matches/${st.matchId}`);
      if (st.destroyed || !m.forfeited) return;
      for (const f of m.forfeited) noteForfeit(f);
      changed();
    } catch {
      // Not worth a message: the seats just show no forfeit until the next event.
    }
  }

  /** Adds the move records that follow the list (others are older, or leave a gap). */
  function noteMoves(records) {
    let added = false;
    for (const mv of records || []) {
      if (mv.ply === st.moves.length + 1) {
        st.moves.push(mv);
        added = true;
      }
    }
    return added;
  }

  let readingMoves = false;
  /**
   * Brings the list of moves up to the view's ply: what the frames gave first, then pages of the
   * history from the first move missing, if any is (emits `moves` when the list grew).
   */
  async function catchUpMoves(records) {
    if (noteMoves(records)) emit('moves', st.moves);
    if (readingMoves || !st.matchId || !st.view) return;
    readingMoves = true;
    try {
      while (!st.destroyed && st.moves.length < st.view.ply) {
        const page = await api('GET', `/matches/${st.matchId}?from_ply=${st.moves.length + 1}`);
        if (st.destroyed || !noteMoves(page.moves)) break;
        emit('moves', st.moves);
      }
    } catch {
      // The list is a convenience: a failed read is tried again at the next move.
    } finally {
      readingMoves = false;
    }
  }

  function onFrame(f) {
    if (st.destroyed) return;
    switch (f.type) {
      case 'room':
        joined();
        st.room = f.room;
        if (f.room.match && !st.matchId) st.matchId = f.room.match;
        changed();
        emit('room', f.room);
        break;
      case 'snapshot':
        st.syncing = false;
        st.view = f.view;
        st.version = f.version;
        if (f.view.result) st.result = f.view.result;
        loadForfeits();
        changed({ match: true, view: true });
        break;
      case 'patch':
        onPatch(f);
        break;
      case 'ack':
        if (st.pending && st.pending.id === f.id) {
          st.pending = null;
          changed({ match: true });
        }
        break;
      case 'error':
        onError(f);
        break;
      case 'chat':
        emit('chat', f);
        break;
      case 'chat_deleted':
        // A moderator removed a line: it goes from every page that shows it.
        emit('chat_deleted', f.id);
        break;
      case 'recent': {
        // After a join or a sync: the room's last chat lines and events, so that a reload (or a
        // reconnect) brings them back. They replace what the page holds, which may be partial.
        for (const { events } of f.events) noteRounds(events);
        // The last move's marker comes back too, when the newest events are those of this view.
        const newest = f.events[f.events.length - 1];
        if (newest && st.view && newest.version === st.version) st.lastEvents = newest.events;
        const moved = [...f.events].reverse().find((x) => movedSomething(x.events));
        if (moved) st.markEvents = moved.events;
        catchUpMoves(f.moves);
        emit('recent', f);
        changed({ match: true });
        break;
      }
      case 'ended':
        st.result = f.result;
        st.matchId = f.match;
        // A rated room's match: whether it changed ratings (absent in an unrated room).
        st.rating = f.rating || null;
        for (const x of f.result.forfeited || []) noteForfeit(x);
        emit('ended', f.result);
        changed({ match: true });
        break;
      case 'draw':
        emit('draw', { offers: f.offers, events: f.events || [] });
        break;
      case 'rematch':
        emit('rematch', f.next);
        break;
    }
  }

  function onPatch(f) {
    if (st.syncing) return;
    if (!st.view || f.from !== st.version) {
      sync();
      return;
    }
    const plyBefore = st.view.ply;
    try {
      st.view = applyPatch(st.view, f.ops);
      st.version = f.version;
    } catch {
      sync();
      return;
    }
    st.lastEvents = f.events || [];
    // A patch that only ends a turn or rolls dice keeps the previous move marked on the board.
    if (movedSomething(st.lastEvents)) {
      st.markEvents = st.lastEvents;
      st.animateNext = st.view.ply !== plyBefore;
    }
    noteRounds(st.lastEvents);
    emit('events', st.lastEvents);
    for (const ev of st.lastEvents) if (ev.kind === 'forfeited') noteForfeit({ seat: ev.seat, reason: ev.reason });
    if (st.view.result) st.result = st.view.result;
    // The move comes with its patch; a patch without (an older server) has the list read.
    if (st.view.ply !== plyBefore || f.moves) catchUpMoves(f.moves);
    changed({ match: true, view: true, moved: st.view.ply !== plyBefore });
  }

  function onError(f) {
    if (!f.id && f.code === 'internal' && st.joining && st.rejoins < REJOIN_TRIES) {
      rejoinLater();
      return;
    }
    if (f.id) {
      if (!st.pending || st.pending.id !== f.id) return;
      st.pending = null;
      say(t('move-refused', { code: f.code.replace(/_/g, ' '), why: errorText(f.code, f.message) }));
      if (f.code === 'stale_version') sync();
      changed({ match: true });
      return;
    }
    if (f.code === 'room_full' && st.role === 'player') {
      if (pairAgain(code)) return;
      st.role = 'spectator';
      say(t('room-full-watching', { why: errorText(f.code, f.message) }), 'info');
      join();
      return;
    }
    if (f.code === 'unknown_room') {
      say(t('no-room', { code }));
      return;
    }
    if (f.code === 'muted') {
      say(f.until ? t('muted-until', { until: dateTime(f.until) }) : t('muted'));
      return;
    }
    if (f.code === 'conflict' && !st.view) {
      // A join refused because the room closed meanwhile (its last player left): the room frame
      // saying so may not reach a connection that is no longer in the room, so ask for the room.
      api('GET', `/rooms/${encodeURIComponent(code)}`).then((room) => {
        if (st.destroyed) return;
        st.room = room;
        changed();
      }).catch(() => {});
    }
    emit('refused');
    say(errorText(f.code, f.message));
  }

  // ---- what this page does in the room ----

  /**
   * The room as first read: this page sits as a player when it has a seat already, or when one is
   * free and it did not come to watch. False when "Play now" pairs again instead (it came here,
   * and the last seat went to someone else meanwhile): then the page is about to go elsewhere.
   */
  function open(room, { watch = false } = {}) {
    const seated = seatOf(room, me.id) !== null;
    const free = room.status === 'waiting' && hasFreeSeat(room);
    if (!seated && !free && !watch && pairAgain(code)) return false;
    st.room = room;
    st.role = seated || (free && !watch) ? 'player' : 'spectator';
    st.matchId = room.match;
    changed();
    return true;
  }

  /** Joins (on every connection and reconnection) and resends the move still unanswered. */
  function join() {
    clearTimeout(rejoinTimer);
    st.joining = true;
    st.syncing = true;
    send({ type: 'join', room: code, as: st.role });
    if (st.pending) send(st.pending.frame);
  }

  let rejoinTimer = null;
  /** The join was refused for a moment (the room moves to another server): again, after a pause. */
  function rejoinLater() {
    const pause = Math.min(REJOIN_MAX_MS, REJOIN_FIRST_MS * 2 ** st.rejoins) * (0.75 + Math.random() / 2);
    st.rejoins += 1;
    say(t('room-moving'), 'info');
    clearTimeout(rejoinTimer);
    rejoinTimer = setTimeout(() => {
      if (!st.destroyed && !st.left) join();
    }, pause);
  }

  /** The `room` frame: the join went through (the moving room's notice goes). */
  function joined() {
    st.joining = false;
    if (st.rejoins) say('', 'info');
    st.rejoins = 0;
  }

  function sync() {
    st.syncing = true;
    send({ type: 'sync', room: code });
  }

  function sendMove(move) {
    if (!st.view || st.pending) return;
    const id = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    const frame = { type: 'move', room: code, id, version: st.version, move };
    st.pending = { id, frame, version: st.version };
    say('');
    if (!send(frame)) say(t('move-not-connected'), 'info');
    changed({ match: true });
  }

  function takeSeat() {
    st.role = 'player';
    join();
  }

  function giveUpSeat() {
    send({ type: 'leave', room: code });
    st.role = 'spectator';
    send({ type: 'join', room: code, as: 'spectator' });
  }

  /**
   * Tells the server that this page no longer looks at the room, so that a player who walked away
   * counts as gone (the abandonment rule) instead of being kept present by a connection open on
   * another page. A seated player of a room still waiting is the exception: there `leave` gives up
   * the seat (and closes the room of a lone host), which a reload must not do; a closed tab drops
   * the connection anyway.
   */
  function leave() {
    if (st.left) return;
    st.left = true;
    const keepSeat = st.room && st.room.status === 'waiting' && mySeat() !== null;
    if (!keepSeat) send({ type: 'leave', room: code });
  }

  /** Back on the page after `leave` (from the browser's page cache): in the room again. */
  function comeBack() {
    if (!st.left || st.destroyed) return;
    st.left = false;
    join();
  }

  /** The page goes away: leaves the room, and nothing is said to the views any more. */
  function destroy() {
    clearTimeout(rejoinTimer);
    leave();
    st.destroyed = true;
    listeners.clear();
  }

  return {
    code,
    me,
    st,
    send,
    on,
    onFrame,
    open,
    join,
    sendMove,
    takeSeat,
    giveUpSeat,
    leave,
    comeBack,
    destroy,
    nameOf,
    mySeat,
    forfeitOf,
    canAct,
    result,
    endContext,
    closed,
    over,
    game,
    players,
    freeSeat: () => !!st.room && hasFreeSeat(st.room),
    takeSlide,
  };
}
