//! Unit tests of the room's model (web/js/room-model.js): frames in, state and notifications out,
//! frames sent through a stub; no browser or server needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCatalogue } from './catalogue.js';

await useCatalogue('en');
const { roomModel } = await import('../js/room-model.js');

const ME = { id: 'p1', name: 'Alice' };
const ROOM = {
  code: 'ABCD',
  game: 'abalone',
  players: 2,
  status: 'playing',
  host: 'p1',
  match: 'm1',
  seats: [
    { seat: 0, player: { id: 'p1', name: 'Alice' }, connected: true },
    { seat: 1, player: { id: 'p2', name: 'Bob' }, connected: true },
  ],
};
const VIEW = { game: 'abalone', ply: 0, to_move: [0], you: { seat: 0, legal: [{ m: 1 }] }, state: { board: 'x' }, result: null };

/** A model with a stub connection: `sent` holds the frames, `heard` the notifications. */
function setup({ connected = true, matchForfeits = null } = {}) {
  const sent = [];
  const heard = [];
  const api = async (method, path) => {
    if (path.startsWith('/matches/')) return { forfeited: matchForfeits };
    throw new Error(`unexpected ${method} ${path}`);
  };
  const model = roomModel({ code: 'ABCD', me: ME, send: (f) => (connected ? sent.push(f) > 0 : false), api });
  for (const topic of ['change', 'events', 'say', 'ended', 'draw']) model.on(topic, (d) => heard.push([topic, d]));
  return { model, sent, heard };
}

test('a snapshot then a patch: the view, its version and the events', () => {
  const { model, sent, heard } = setup();
  assert.equal(model.open(ROOM), true);
  assert.equal(model.st.role, 'player');
  model.join();
  assert.deepEqual(sent, [{ type: 'join', room: 'ABCD', as: 'player' }]);
  assert.equal(model.st.syncing, true);

  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: VIEW });
  assert.equal(model.st.syncing, false);
  assert.equal(model.st.version, 3);
  assert.equal(model.mySeat(), 0);
  assert.equal(model.canAct(), true);

  heard.length = 0;
  const events = [{ kind: 'moved', seat: 0 }];
  model.onFrame({ type: 'patch', room: 'ABCD', from: 3, version: 4, ops: [{ op: 'replace', path: '/ply', value: 1 }, { op: 'replace', path: '/to_move', value: [1] }], events });
  assert.equal(model.st.version, 4);
  assert.equal(model.st.view.ply, 1);
  assert.deepEqual(model.st.view.state, VIEW.state);
  assert.equal(VIEW.ply, 0, 'the snapshot held is not changed in place');
  assert.deepEqual(model.st.markEvents, events);
  assert.deepEqual(heard, [['events', events], ['change', { match: true, view: true, moved: true }]]);
  assert.equal(model.takeSlide(), true);
  assert.equal(model.takeSlide(), false, 'only the next board update slides');
});

test('a patch from another version, or one that does not apply, asks for sync and is dropped until the snapshot', () => {
  const { model, sent } = setup();
  model.open(ROOM);
  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: VIEW });
  model.onFrame({ type: 'patch', room: 'ABCD', from: 7, version: 8, ops: [], events: [] });
  assert.deepEqual(sent.at(-1), { type: 'sync', room: 'ABCD' });
  assert.equal(model.st.syncing, true);
  model.onFrame({ type: 'patch', room: 'ABCD', from: 3, version: 4, ops: [{ op: 'replace', path: '/ply', value: 1 }], events: [] });
  assert.equal(model.st.version, 3, 'no patch while syncing');
  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 8, view: { ...VIEW, ply: 5 } });
  model.onFrame({ type: 'patch', room: 'ABCD', from: 8, version: 9, ops: [{ op: 'remove', path: '/nope' }], events: [] });
  assert.equal(model.st.version, 8);
  assert.equal(model.st.view.ply, 5);
  assert.equal(model.st.syncing, true);
  assert.equal(sent.filter((f) => f.type === 'sync').length, 2);
});

test('a move waits for its answer, is resent on a reconnect with the same id, and a refusal says why', () => {
  const { model, sent, heard } = setup({ connected: false });
  model.open(ROOM);
  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: VIEW });
  model.sendMove({ m: 1 });
  const { frame } = model.st.pending;
  assert.deepEqual({ ...frame, id: null }, { type: 'move', room: 'ABCD', id: null, version: 3, move: { m: 1 } });
  assert.equal(heard.filter(([t]) => t === 'say').at(-1)[1].kind, 'info');
  model.sendMove({ m: 2 });
  assert.equal(model.st.pending.frame, frame, 'one move at a time');

  const again = setup();
  again.model.open(ROOM);
  again.model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: VIEW });
  again.model.sendMove({ m: 1 });
  const id = again.model.st.pending.id;
  again.model.join();
  assert.deepEqual(again.sent.slice(-2).map((f) => f.type), ['join', 'move']);
  assert.equal(again.sent.at(-1).id, id);
  again.model.onFrame({ type: 'ack', room: 'ABCD', id });
  assert.equal(again.model.st.pending, null);

  again.model.sendMove({ m: 1 });
  again.model.onFrame({ type: 'error', id: again.model.st.pending.id, code: 'stale_version', message: 'old' });
  assert.equal(again.model.st.pending, null);
  assert.equal(again.sent.at(-1).type, 'sync');
  assert.equal(again.heard.filter(([t]) => t === 'say').at(-1)[1].text, 'Move refused (stale version): old');
});

test('forfeits from the events, the match summary and the result; names of twins', async () => {
  const { model, heard } = setup({ matchForfeits: [{ seat: 1, reason: 'timeout' }] });
  model.open({ ...ROOM, players: 3, seats: [...ROOM.seats, { seat: 2, player: { id: 'p3', name: 'Bob' }, connected: false }] });
  assert.equal(model.nameOf(0), 'Alice');
  assert.equal(model.nameOf(1), 'Bob (seat 2)');
  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 1, view: VIEW });
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(model.forfeitOf(1), { seat: 1, reason: 'timeout' });
  model.onFrame({ type: 'patch', room: 'ABCD', from: 1, version: 2, ops: [], events: [{ kind: 'forfeited', seat: 0, reason: 'resigned' }] });
  assert.equal(model.canAct(), false, 'a forfeited seat does not move');
  const result = { winners: [2], forfeited: [{ seat: 0, reason: 'resigned' }, { seat: 1, reason: 'timeout' }] };
  model.onFrame({ type: 'ended', room: 'ABCD', match: 'm1', result });
  assert.equal(model.st.forfeits.length, 2);
  assert.equal(model.over(), true);
  assert.deepEqual(heard.filter(([t]) => t === 'ended').map(([, d]) => d), [result]);
});

test('a full room: "Play now" pairs again, else the page watches', () => {
  const full = { ...ROOM, status: 'waiting', seats: ROOM.seats.map((s) => ({ ...s, player: { id: `x${s.seat}`, name: 'X' } })) };
  const asked = [];
  const model = roomModel({ code: 'ABCD', me: ME, send: () => true, api: async () => ({}), pairAgain: (code) => asked.push(code) > 0 });
  assert.equal(model.open(full), false);
  assert.deepEqual(asked, ['ABCD']);
  assert.equal(model.st.room, null);
  const { model: m } = setup();
  assert.equal(m.open(full), true);
  assert.equal(m.st.role, 'spectator');
});

test('what the page knows of an aborted end: the room rated, the last version\'s events (live and after a reload)', () => {
  const aborted = { winners: [], scores: null, reason: 'aborted', forfeited: [] };
  // Live: an agreed draw in a rated room, turned into an abort by the server.
  const live = setup();
  live.model.open({ ...ROOM, rated: true });
  live.model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: VIEW });
  live.model.onFrame({ type: 'patch', room: 'ABCD', from: 3, version: 4, ops: [{ op: 'replace', path: '/result', value: aborted }], events: [{ kind: 'draw_agreed' }] });
  live.model.onFrame({ type: 'ended', room: 'ABCD', match: 'm1', result: aborted });
  assert.deepEqual(live.model.endContext(), { rated: true, events: [{ kind: 'draw_agreed' }] });
  // After a reload: the snapshot, then the recent events of that version.
  const again = setup();
  again.model.open({ ...ROOM, status: 'aborted', rated: true });
  again.model.onFrame({ type: 'snapshot', room: 'ABCD', version: 4, view: { ...VIEW, result: aborted } });
  again.model.onFrame({ type: 'recent', room: 'ABCD', chat: [], events: [{ version: 4, events: [{ kind: 'draw_agreed' }] }] });
  assert.deepEqual(again.model.endContext(), { rated: true, events: [{ kind: 'draw_agreed' }] });
  // An unrated room says so.
  const plain = setup();
  plain.model.open(ROOM);
  assert.equal(plain.model.endContext().rated, false);
});

test('a moderator\'s deletion of a chat line and a muted player\'s refused line reach the page', () => {
  const { model, heard } = setup();
  model.open(ROOM);
  const deleted = [];
  model.on('chat_deleted', (id) => deleted.push(id));
  model.onFrame({ type: 'chat_deleted', room: 'ABCD', id: 7 });
  assert.deepEqual(deleted, [7]);
  model.onFrame({ type: 'error', room: 'ABCD', code: 'muted', message: 'your chat is muted until …', until: '2026-12-03T20:00:00Z' });
  const said = heard.filter(([topic]) => topic === 'say').map(([, d]) => d.text);
  assert.equal(said.length, 1);
  assert.match(said[0], /^A moderator muted your chat until .+: the message was not sent\.$/);
});

test('a join refused while the room moves to another server is sent again, with growing pauses', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { model, sent, heard } = setup();
  model.open(ROOM);
  model.join();
  assert.equal(sent.length, 1);
  const moving = { type: 'error', room: 'ABCD', code: 'internal', message: 'the room is moving to another server; try again in a few seconds' };
  // Each refusal brings the join back after a pause that grows (a quarter either way at most).
  const pauses = [];
  for (let i = 0; i < 5; i++) {
    model.onFrame(moving);
    let waited = 0;
    while (sent.length === i + 1 && waited < 10000) {
      t.mock.timers.tick(10);
      waited += 10;
    }
    assert.equal(sent.length, i + 2, `joined again after refusal ${i + 1}`);
    assert.deepEqual(sent[i + 1], { type: 'join', room: 'ABCD', as: 'player' });
    pauses.push(waited);
  }
  assert.ok(pauses[0] >= 180 && pauses[0] <= 320, `the first pause is short (${pauses})`);
  assert.ok(pauses[4] >= 3000 && pauses[4] <= 5000, `the pauses grow to a few seconds (${pauses})`);
  assert.ok(heard.some(([topic, d]) => topic === 'say' && /moving to another server/.test(d.text)), 'the page says why');
  // In at last: the room frame ends it, and a later `internal` error is an error again.
  model.onFrame({ type: 'room', room: ROOM });
  assert.equal(model.st.joining, false);
  model.onFrame(moving);
  t.mock.timers.tick(10000);
  assert.equal(sent.length, 6, 'no join once in the room');
});

test('the list of moves comes with the frames; the history is read only for what they did not bring', async () => {
  const reads = [];
  const history = [1, 2, 3, 4].map((ply) => ({ ply, seat: (ply + 1) % 2, move: { n: ply }, at: `2026-12-07T10:00:0${ply}Z` }));
  const api = async (method, path) => {
    reads.push(path);
    const from = Number(new URLSearchParams(path.split('?')[1] || '').get('from_ply') || 1);
    return { forfeited: null, moves: history.filter((m) => m.ply >= from) };
  };
  const model = roomModel({ code: 'ABCD', me: ME, send: () => true, api });
  const grew = [];
  model.on('moves', (moves) => grew.push(moves.length));
  model.open(ROOM);
  const settle = () => new Promise((r) => setTimeout(r, 0));
  // A page that comes at ply 2: `recent` brings both moves.
  model.onFrame({ type: 'snapshot', room: 'ABCD', version: 3, view: { ...VIEW, ply: 2 } });
  model.onFrame({ type: 'recent', room: 'ABCD', chat: [], events: [], moves: history.slice(0, 2) });
  await settle();
  assert.deepEqual(model.st.moves, history.slice(0, 2));
  // Each patch brings its move: no read of the history.
  model.onFrame({ type: 'patch', room: 'ABCD', from: 3, version: 4, ops: [{ op: 'replace', path: '/ply', value: 3 }], events: [], moves: [history[2]] });
  await settle();
  assert.deepEqual(model.st.moves, history.slice(0, 3));
  assert.deepEqual(grew, [2, 3]);
  assert.deepEqual(reads.filter((p) => p.includes('from_ply')), [], 'no read of moves while the frames bring them');
  // A patch without its move (a server that sends none) has the list read from the first missing.
  model.onFrame({ type: 'patch', room: 'ABCD', from: 4, version: 5, ops: [{ op: 'replace', path: '/ply', value: 4 }], events: [] });
  await settle();
  assert.deepEqual(model.st.moves, history);
  assert.deepEqual(reads.filter((p) => p.includes('from_ply')), ['/matches/m1?from_ply=4']);
});
