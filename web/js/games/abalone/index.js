//! Abalone for the client (see `games/index.js` for what each export is for; its board is
//! `board.js`): its seats' colours, its events and moves in words, a stored move's marks, the end's
//! standing, its How to play page, and the start position offered for 2 players only.

import { t } from '../../i18n.js';
import { compassShort } from '../../compass.js';
import { palette } from '../../board.js';

export { POSITION as position } from './position.js';

export const name = () => t('game-abalone');

export const seatPaints = palette(['#1d1d1f', '#f2efe6', '#c93b3b', '#2f6fc2'], ['black', 'white', 'red', 'blue']);

export const reasons = {
  six_ejected: () => t('reason-six-ejected'),
  no_legal_move: () => t('reason-no-legal-move'),
};

export function eventText(ev, { who, nameOf }) {
  if (ev.kind !== 'moved') return undefined;
  let text = t('ev-abalone-moved', { who, notation: ev.notation, dir: compassShort(ev.dir) });
  if (ev.pushed && ev.pushed.length) text += t('ev-abalone-pushing', { count: ev.pushed.length });
  if (ev.ejected) text += t('ev-abalone-ejecting', { owner: nameOf(ev.ejected.owner), score: ev.score });
  return text;
}

export const moveText = (mv) => `${mv.notation}${mv.dir ? ` ${compassShort(mv.dir)}` : ''}`;

const ROWS = 'ABCDEFGHI';
/** Directions as (Δletter, Δnumber), as in the board. */
const DIRS = { E: [0, 1], NE: [1, 1], NW: [1, 0], W: [0, -1], SW: [-1, -1], SE: [-1, 0] };

/** The cell one step from `cell` towards `dir`, or null off the board. */
function step(cell, dir) {
  const d = DIRS[dir];
  const i = ROWS.indexOf(String(cell)[0]);
  if (!d || i < 0) return null;
  const ni = i + d[0];
  const n = Number(String(cell).slice(1)) + d[1];
  const lo = ni > 4 ? ni - 3 : 1;
  const hi = ni < 4 ? ni + 5 : 9;
  return ni >= 0 && ni < 9 && n >= lo && n <= hi ? `${ROWS[ni]}${n}` : null;
}

/** A stored move as the board's `moved` event: each marble one step towards the direction. */
export function lastMove(mv) {
  const marbles = (mv.marbles || []).map((c) => [c, step(c, mv.dir)]).filter(([, b]) => b);
  return marbles.length ? [{ kind: 'moved', marbles, pushed: [] }] : [];
}

export const standing = (st, seat) => (Array.isArray(st.ejected) ? t('standing-pushed-off', { count: st.ejected[seat] }) : '');

export const help = () => ({
  pitch: t('help-abalone-pitch'), goal: t('help-abalone-goal'),
  turn: [t('help-abalone-turn-1'), t('help-abalone-turn-2'), t('help-abalone-turn-3')],
  terms: [[t('help-abalone-term-1'), t('help-abalone-term-1-what')], [t('help-abalone-term-2'), t('help-abalone-term-2-what')], [t('help-abalone-term-3'), t('help-abalone-term-3-what')]],
});

export const fitForm = {
  /** The daisy starts are for 2 players: with 3 or 4 the start position is the standard one. */
  layout(field, players) {
    field.disabled = players !== 2;
    if (players !== 2) field.value = 'standard';
  },
};
