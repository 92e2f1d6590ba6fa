//! Triominos for the client (see `games/index.js` for what each export is for; its board is
//! `board.js`): its seats' colours (the plain palette), its events and moves in words, a stored
//! move's mark, the end's standing with each round's points, its How to play page. Its state keeps
//! its last move.

import { h } from '../../dom.js';
import { t } from '../../i18n.js';
import { plainPaints } from '../../board.js';

export { POSITION as position } from './position.js';

export const name = () => t('game-triominos');
export const chance = () => t('chance-shuffle');

export const seatPaints = plainPaints;

export const reasons = {
  blocked: () => t('reason-blocked'),
  went_out: () => t('reason-went-out'),
  target: () => t('reason-target'),
  rounds: () => t('reason-rounds'),
};

/** "3-4-5": a tile by its numbers. */
const tile = (numbers) => (Array.isArray(numbers) ? numbers.join('-') : '?');

/** A bonus by the name the server gives it ("hexagon", "bridge"), in words. */
function bonusName(name) {
  switch (name) {
    case 'hexagon': return t('bonus-hexagon');
    case 'double_hexagon': return t('bonus-double-hexagon');
    case 'triple_hexagon': return t('bonus-triple-hexagon');
    case 'bridge': return t('bonus-bridge');
    case 'bridge_side': return t('bonus-bridge-side');
    case 'opening': return t('bonus-opening');
    case 'zero_triple': return t('bonus-zero-triple');
    default: return String(name).replace(/_/g, ' ');
  }
}

export function eventText(ev, { who, nameOf, reason }) {
  switch (ev.kind) {
    case 'placed': {
      const b = (ev.bonuses || []).map((x) => `${bonusName(x.name)} +${x.points}`).join(', ');
      return t('ev-triominos-placed', { who, tile: tile(ev.tile), points: ev.points }) + (b ? ` (${b})` : '');
    }
    case 'drew': return ev.tile ? t('ev-triominos-drew-tile', { who, tile: tile(ev.tile), points: String(ev.points) }) : t('ev-triominos-drew', { who, points: String(ev.points) });
    case 'passed': return ev.auto ? t('ev-triominos-passed-auto', { who }) : t('ev-triominos-passed', { who });
    case 'penalty': return t('ev-triominos-penalty', { who, points: String(ev.points) });
    case 'revealed': return t('ev-triominos-revealed', { who, tile: tile(ev.tile) });
    case 'round_end': return t('ev-triominos-round-end', { round: ev.round, reason: reason(), scores: ev.scores.join(' – ') });
    case 'round_start': return t('ev-triominos-round-start', { round: ev.round, opener: nameOf(ev.opener) });
    case 'dealt': return ev.rack ? t('ev-triominos-dealt', { tiles: ev.rack.map(tile).join(' ') }) : null;
    case 'game_end': return t('ev-game-over-because', { reason: reason() });
    default: return undefined;
  }
}

export function moveText(mv) {
  switch (mv.action) {
    case 'place': return t('mv-triominos-place', { tile: tile(mv.tile) });
    case 'draw': return t('mv-triominos-draw');
    case 'pass': return t('mv-triominos-pass');
    default: return String(mv.action).replace(/_/g, ' ');
  }
}

/** A placed tile is marked from the state; the event says only that a tile was placed. */
export const lastMove = (mv) => (mv.action === 'place' ? [{ kind: 'placed' }] : []);

export const standing = (st, seat) => (Array.isArray(st.racks) ? t('standing-tiles-left', { count: st.racks[seat] }) : '');

/** The scores the state keeps, for a result without them. */
export const scores = (st) => st.scores;

/**
 * Each round's points, from the view's `past_rounds` (in the room and in a replay from history),
 * and from the `round_end` events the page saw when the view has no `past_rounds` (an older
 * server's).
 */
export function breakdownMore({ state: st, seats, nameOf, rounds }) {
  const past = st && Array.isArray(st.past_rounds) ? st.past_rounds : [];
  const seen = [...new Map([...rounds, ...past].map((r) => [r.round, r])).values()].sort((a, b) => a.round - b.round);
  if (!seen.length && !(st && st.round)) return [];
  const parts = [h('h3', {}, st && st.round ? t('breakdown-rounds-played', { count: st.round }) : t('breakdown-rounds'))];
  if (seen.length) {
    parts.push(h('table', { class: 'breakdown rounds', id: 'round-scores' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('breakdown-round')), Array.from({ length: seats }, (_, s) => h('th', { scope: 'col' }, nameOf(s))), h('th', { scope: 'col' }, t('breakdown-how-ended')))),
      h('tbody', {}, seen.map((r) => h('tr', {},
        h('th', { scope: 'row' }, String(r.round)),
        Array.from({ length: seats }, (_, s) => h('td', { class: 'num' }, `${r.round_points && r.round_points[s] > 0 ? '+' : ''}${r.round_points ? r.round_points[s] : '?'}`)),
        h('td', {}, r.reason === 'went_out' && r.winners && r.winners.length ? t('round-went-out', { names: r.winners.map(nameOf).join(' & '), count: r.winners.length }) : r.winners && r.winners.length ? t('round-blocked-least', { names: r.winners.map(nameOf).join(' & '), count: r.winners.length }) : t('round-blocked')))))));
  }
  return parts;
}

export const help = () => ({
  pitch: t('help-triominos-pitch'), goal: t('help-triominos-goal'),
  turn: [t('help-triominos-turn-1'), t('help-triominos-turn-2'), t('help-triominos-turn-3')],
  terms: [[t('help-triominos-term-1'), t('help-triominos-term-1-what')], [t('help-triominos-term-2'), t('help-triominos-term-2-what')], [t('help-triominos-term-3'), t('help-triominos-term-3-what')], [t('help-triominos-term-4'), t('help-triominos-term-4-what')]],
});
