//! Pinuid for the client (see `games/index.js` for what each export is for; its board is
//! `board.js`): its seats' colours (Classic's two, Quatro's four), Classic and Quatro named as
//! games of their own, its events and moves in words, the end's standing, its How to play page, and
//! Classic kept for 2 players, Quatro for 3 or 4. Its state keeps its last move: a replay needs
//! nothing to mark it.

import { t } from '../../i18n.js';
import { palette } from '../../board.js';

export { POSITION as position } from './position.js';

export const name = () => t('game-pinuid');
/** Classic draws nothing; Quatro draws who starts (the rules' only chance). */
export const chance = (options = {}, players = 2) => (options.variant === 'quatro' || players > 2 ? t('chance-first-player') : null);

const classic = palette(['#f2efe6', '#1d1d1f'], ['white', 'black']);
const quatro = palette(['#d64545', '#3f7fd6', '#3c9a4a', '#e3b52c'], ['red', 'blue', 'green', 'yellow']);
export const seatPaints = (seat, players, options = {}) => (options.variant === 'quatro' || players > 2 ? quatro : classic)(seat);

/** Classic and Quatro make games of their own for players: "Pinuid Quatro". */
const VARIANTS = { classic: () => t('variant-classic'), quatro: () => t('variant-quatro') };
export const variantName = (options) => (VARIANTS[options.variant] ? VARIANTS[options.variant]() : null);

export const fitForm = {
  /** Classic is the 2-player game and Quatro the 3- or 4-player one: the variant follows the count. */
  variant(field, players) {
    for (const o of field.options) o.disabled = (o.value === 'classic') !== (players === 2);
    if (field.selectedOptions[0] && field.selectedOptions[0].disabled) field.value = players === 2 ? 'classic' : 'quatro';
  },
};

export const reasons = {
  two_pieces: () => t('reason-two-pieces'),
  last_survivor: () => t('reason-last-survivor'),
  no_removal_limit: () => t('reason-no-removal-limit'),
  no_moves: () => t('reason-no-moves'),
  blocked: () => t('reason-blocked'),
};

export function eventText(ev, { who, reason }) {
  switch (ev.kind) {
    case 'moved': return t('ev-moved-arrow', { who, from: ev.from, to: ev.to });
    case 'line': return t('ev-pinuid-line', { who, squares: ev.squares.join(' ') });
    case 'removed': return t('ev-pinuid-removed', { who, square: ev.square });
    case 'reentered': return t('ev-pinuid-reentered', { who, square: ev.square });
    case 'passed': return t('ev-pinuid-passed', { who, reason: reason() });
    case 'eliminated': return t('ev-pinuid-eliminated', { who, reason: reason() });
    case 'won': return t('ev-wins-because', { who, reason: reason() });
    case 'draw': return t('ev-draw-because', { reason: reason() });
    default: return undefined;
  }
}

export function moveText(mv) {
  if (mv.action === 'reenter') return t('mv-pinuid-reenter', { to: mv.to });
  return mv.remove && mv.remove.length ? t('mv-pinuid-move-removed', { from: mv.from, to: mv.to, removed: mv.remove.join(` ${t('and')} `) }) : `${mv.from}→${mv.to}`;
}

export function standing(st, seat) {
  const left = Array.isArray(st.pieces) ? t('standing-pieces-left', { count: st.pieces[seat] }) : '';
  const out = st.eliminated && st.eliminated[seat];
  return out ? (left ? `${t('standing-eliminated')}, ${left}` : t('standing-eliminated')) : left;
}

export const help = () => ({
  pitch: t('help-pinuid-pitch'), goal: t('help-pinuid-goal'),
  turn: [t('help-pinuid-turn-1'), t('help-pinuid-turn-2'), t('help-pinuid-turn-3')],
  terms: [[t('help-pinuid-term-1'), t('help-pinuid-term-1-what')], [t('help-pinuid-term-2'), t('help-pinuid-term-2-what')], [t('help-pinuid-term-3'), t('help-pinuid-term-3-what')]],
});
