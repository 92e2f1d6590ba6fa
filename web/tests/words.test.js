//! Unit tests of the words of playing in public (web/js/events.js, web/js/clock.js): every way a
//! match can end by forfeit or agreement said for people, with teams in 4-player Abalone, and clocks
//! shown as a player reads them; no browser needed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCatalogue } from './catalogue.js';

await useCatalogue('en');
const { resultText, describeEvent, sidesOf, reasonText, RATED_EARLY, ABORTED_INTERNAL } = await import('../js/events.js');
const { fmtLeft, clockText, isLow } = await import('../js/clock.js');

const NAMES = ['Alice', 'Bob', 'Carol', 'Dan'];
const nameOf = (seat) => NAMES[seat];

test('a match ended by a forfeit names who forfeited and how, then who wins', () => {
  const ended = (reason, seat, winners) => resultText({ winners, scores: null, reason, forfeited: [{ seat, reason }] }, nameOf);
  assert.equal(ended('timeout', 1, [0]), 'Bob ran out of time — Alice wins');
  assert.equal(ended('resigned', 0, [1]), 'Alice resigned — Bob wins');
  assert.equal(ended('abandoned', 1, [0]), 'Bob left the game — Alice wins');
  // A tournament's match that started without a player.
  assert.equal(ended('no_show', 1, [0]), 'Bob did not come — Alice wins');
  // Three sides: two forfeits in turn end the match; both are said, in order.
  const two = { winners: [2], scores: null, reason: 'timeout', forfeited: [{ seat: 0, reason: 'resigned' }, { seat: 1, reason: 'timeout' }] };
  assert.equal(resultText(two, nameOf), 'Alice resigned; Bob ran out of time — Carol wins');
  // A forfeit before the rules ended the match is said after the rules' reason.
  const later = { winners: [2], scores: null, reason: 'six_ejected', forfeited: [{ seat: 1, reason: 'abandoned' }] };
  assert.equal(resultText(later, nameOf), 'Carol wins (six marbles ejected) · Bob left the game');
});

test('an agreed draw, and results without forfeits, read as before', () => {
  assert.equal(resultText({ winners: [], scores: null, reason: 'agreed_draw', forfeited: [] }, nameOf), 'Draw agreed');
  assert.equal(resultText({ winners: [0], scores: [6, 2], reason: 'six_ejected' }, nameOf), 'Alice wins (six marbles ejected) · scores 6 – 2');
  assert.equal(resultText({ winners: [], scores: null, reason: 'ply_limit', forfeited: [] }, nameOf), 'Draw (move limit reached)');
  for (const r of ['timeout', 'resigned', 'abandoned', 'no_show', 'agreed_draw']) assert.doesNotMatch(reasonText(r), /_/);
});

test('an aborted match says why it counts for nobody, as far as the page can tell', () => {
  const aborted = (forfeited) => ({ winners: [], scores: null, reason: 'aborted', forfeited });
  const resigned = aborted([{ seat: 1, reason: 'resigned' }]);
  // In a rated room: a forfeit, or an agreed draw (only the version's events say it), ended the
  // match before every player had moved.
  assert.equal(RATED_EARLY(), 'Rated match aborted: it ended before every player had moved, so it counts for nobody');
  assert.equal(resultText(resigned, nameOf, null, { rated: true, events: [{ kind: 'forfeited', seat: 1, reason: 'resigned' }] }), RATED_EARLY());
  assert.equal(resultText(aborted([{ seat: 0, reason: 'timeout' }]), nameOf, null, { rated: true }), RATED_EARLY());
  assert.equal(resultText(aborted([]), nameOf, null, { rated: true, events: [{ kind: 'draw_agreed' }] }), RATED_EARLY());
  // Neither, or an unrated room: only the server's failure explains it.
  assert.equal(resultText(aborted([]), nameOf, null, { rated: true, events: [{ kind: 'moved', seat: 0 }] }), ABORTED_INTERNAL());
  assert.equal(resultText(resigned, nameOf, null, { rated: false, events: [] }), ABORTED_INTERNAL());
  assert.match(ABORTED_INTERNAL(), /^Match aborted: no result counts .*internal error/);
  // A match's summary does not say whether it was rated: neutral, with the forfeits it lists.
  assert.equal(resultText(aborted([]), nameOf), 'Match aborted: no result counts');
  assert.equal(resultText(resigned, nameOf), 'Match aborted: no result counts · Bob resigned');
  assert.doesNotMatch(reasonText('aborted'), /internal|_/);
});

test('4-player Abalone speaks of teams', () => {
  const view = { game: 'abalone', state: { teams: [[0, 2], [1, 3]] } };
  const sides = sidesOf(view);
  assert.deepEqual(sides, [[0, 2], [1, 3]]);
  assert.equal(sidesOf({ game: 'abalone', state: { teams: null } }), null);
  const res = { winners: [0, 2], scores: null, reason: 'resigned', forfeited: [{ seat: 3, reason: 'resigned' }] };
  assert.equal(resultText(res, nameOf, sides), 'Dan resigned (for team Bob & Dan) — Team Alice & Carol wins');
  assert.equal(resultText({ ...res, reason: 'six_ejected', forfeited: [] }, nameOf, sides), 'Team Alice & Carol wins (six marbles ejected)');
});

test('the server\'s events are said in every game', () => {
  for (const game of ['abalone', 'pinuid', 'triominos', 'trangouar', 'groups-of-three']) {
    assert.equal(describeEvent(game, { kind: 'forfeited', seat: 1, reason: 'timeout' }, nameOf), 'Bob ran out of time');
    assert.equal(describeEvent(game, { kind: 'forfeited', seat: 0, reason: 'abandoned' }, nameOf), 'Alice left the game');
    assert.equal(describeEvent(game, { kind: 'draw_agreed' }, nameOf), 'Draw agreed');
  }
});

test('clocks read as m:ss, h:mm:ss and days, never below zero, red when low', () => {
  assert.equal(fmtLeft(-300), '0:00');
  assert.equal(fmtLeft(0), '0:00');
  assert.equal(fmtLeft(400), '0:01', 'a clock with time left never shows 0:00');
  assert.equal(fmtLeft(65000), '1:05');
  assert.equal(fmtLeft(3600000 + 62000), '1:01:02');
  assert.equal(fmtLeft(3 * 86400000), '3 d 00 h 00 min');
  assert.equal(fmtLeft(86400000 + 5 * 3600000 + 60000), '1 d 05 h 01 min');
  const blitz = { kind: 'fischer', initial_s: 300, increment_s: 3 };
  assert.equal(clockText(blitz), '5 min + 3 s per move');
  assert.equal(clockText({ kind: 'fischer', initial_s: 5400, increment_s: 0 }), '1 h 30 min for the match');
  assert.equal(clockText({ kind: 'per_move', s: 60 }), '1 min per move');
  assert.equal(clockText({ kind: 'correspondence', days: 1 }), '1 day per move');
  assert.equal(clockText({ kind: 'correspondence', days: 7 }), '7 days per move');
  assert.equal(clockText(null), 'No clock');
  // Under 10 s, or under a tenth of a long clock.
  assert.equal(isLow(9999, { kind: 'per_move', s: 12 }), true);
  assert.equal(isLow(10000, { kind: 'per_move', s: 12 }), false);
  assert.equal(isLow(29000, blitz), true);
  assert.equal(isLow(31000, blitz), false);
  assert.equal(isLow(6 * 3600000, { kind: 'correspondence', days: 3 }), true);
});

test('Groups-of-Three: a match stopped for standing still reads as a draw for people', async () => {
  const line = describeEvent('groups-of-three', { kind: 'game_end', reason: 'stall' }, nameOf);
  assert.equal(line, 'Game over: a draw, as no piece went out or came into play for too many rounds');
  assert.equal(resultText({ winners: [], scores: null, reason: 'stall', forfeited: [] }, nameOf), 'Draw (nothing changed for too many rounds)');
});

test('the replay marks a stored move as the events a live room would have had', async () => {
  const { moveEvents } = await import('../js/last-move.js');
  // Abalone: each marble one step towards the direction (A1 NE is B2); off the board is left out.
  assert.deepEqual(moveEvents('abalone', { notation: 'a1b2', marbles: ['A1', 'B2'], dir: 'NE' }), [{ kind: 'moved', marbles: [['A1', 'B2'], ['B2', 'C3']], pushed: [] }]);
  assert.deepEqual(moveEvents('abalone', { marbles: ['I5', 'I9'], dir: 'NW' }), []);
  assert.deepEqual(moveEvents('groups-of-three', { action: 'step', from: 'b0', to: 'C' }), [{ kind: 'exited', from: 'b0' }]);
  assert.deepEqual(moveEvents('groups-of-three', { action: 'end' }), []);
  assert.deepEqual(moveEvents('trangouar', { action: 'move', cube: 'a1', path: ['a2', 'a3'] }), [{ kind: 'move', cube: 'a1', to: 'a3' }]);
  assert.deepEqual(moveEvents('trangouar', { hidden: true }), []);
});

test('a rating not settled yet is said provisional, not with a bare question mark', async () => {
  const { ratingText } = await import('../js/ratings.js');
  assert.equal(ratingText({ rating: 1661.6, deviation: 200 }), '1662 (provisional)');
  assert.equal(ratingText({ rating: 1661.6, deviation: 80 }), '1662');
});
