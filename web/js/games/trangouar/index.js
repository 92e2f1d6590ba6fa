//! Trangouar for the client (see `games/index.js` for what each export is for; its board is
//! `board.js`): its seats' colours, its events and moves in words, a stored move's marks, the end's
//! standing and its How to play page.

import { t } from '../../i18n.js';
import { palette } from '../../board.js';

export { POSITION as position } from './position.js';

export const name = () => t('game-trangouar');
export const chance = () => t('chance-coins');

// Red a shade darker than the other games': the cubes' pearl counts are written on it.
export const seatPaints = palette(['#e3b52c', '#3c9a4a', '#c93b3b', '#3f7fd6'], ['yellow', 'green', 'red', 'blue']);

export const reasons = {
  simultaneous_wipe_out: () => t('reason-simultaneous-wipe-out'),
  stall: () => t('reason-stall'),
};

/** "2 red, 1 black, 0 white": pearls in words. */
const pearls = (p) => (p ? t('pearls', { red: p.red ?? 0, black: p.black ?? 0, white: p.white ?? 0 }) : '');

/** Why a cube became a corpse, in words. */
function corpseReason(reason) {
  switch (reason) {
    case 'pearls': return t('corpse-pearls');
    case 'blocked': return t('corpse-blocked');
    default: return String(reason || '').replace(/_/g, ' ');
  }
}

export function eventText(ev, { who, nameOf, reason }) {
  switch (ev.kind) {
    case 'ready': return ev.cubes ? t('ev-trangouar-ready-cubes', { who, count: ev.cubes.length }) : t('ev-trangouar-ready', { who });
    case 'revealed': return t('ev-trangouar-revealed', { starter: nameOf(ev.starter) });
    case 'nothing': return t('ev-trangouar-nothing', { who });
    case 'exchange': return t('ev-trangouar-exchange', { who, cube: ev.cube, pearls: pearls(ev.to) });
    case 'move': return t('ev-moved-arrow', { who, from: ev.cube, to: ev.to });
    case 'attack': {
      let text = t('ev-trangouar-attack', { who, target: ev.target, cube: ev.cube, black: ev.black_faces, white: ev.white_faces });
      text += ev.loser ? t('ev-trangouar-attack-loser', { loser: ev.loser, count: ev.pearls_to_lose ?? '' }) : t('ev-trangouar-attack-no-loser');
      return text;
    }
    case 'pearls_lost': return t('ev-trangouar-pearls-lost', { who, pearls: pearls(ev.pearls), cube: ev.cube });
    case 'corpse': return t('ev-trangouar-corpse', { at: ev.at, reason: corpseReason(ev.reason) });
    case 'eliminated': return t('ev-trangouar-eliminated', { who });
    case 'stall': return t('ev-trangouar-stall', { count: ev.quiet_rounds });
    case 'won': return t('ev-trangouar-won', { who });
    case 'draw': return t('ev-draw-because', { reason: reason() });
    default: return undefined;
  }
}

export function moveText(mv) {
  switch (mv.action) {
    case 'setup': return t('mv-trangouar-setup', { count: mv.cubes.length });
    case 'move': return t('mv-trangouar-move', { cube: mv.cube, to: mv.path[mv.path.length - 1] });
    case 'attack': return t('mv-trangouar-attack', { target: mv.target, cube: mv.cube });
    case 'exchange': return t('mv-trangouar-exchange', { cube: mv.cube, pearls: pearls(mv) });
    case 'lose': return t('mv-trangouar-lose', { pearls: pearls(mv.pearls) });
    case 'nothing': return t('mv-trangouar-nothing');
    default: return String(mv.action).replace(/_/g, ' ');
  }
}

export function lastMove(mv) {
  if (mv.action === 'move' && mv.path && mv.path.length) return [{ kind: 'move', cube: mv.cube, to: mv.path[mv.path.length - 1] }];
  if (mv.action === 'attack') return [{ kind: 'attack', cube: mv.cube, target: mv.target }];
  if (mv.action === 'exchange') return [{ kind: 'exchange', cube: mv.cube }];
  return [];
}

export const standing = (st, seat) => (Array.isArray(st.eliminated) && st.eliminated.includes(seat) ? t('standing-army-destroyed') : '');

export const help = () => ({
  pitch: t('help-trangouar-pitch'), goal: t('help-trangouar-goal'),
  turn: [t('help-trangouar-turn-1'), t('help-trangouar-turn-2'), t('help-trangouar-turn-3')],
  terms: [[t('help-trangouar-term-1'), t('help-trangouar-term-1-what')], [t('help-trangouar-term-2'), t('help-trangouar-term-2-what')], [t('help-trangouar-term-3'), t('help-trangouar-term-3-what')], [t('help-trangouar-term-4'), t('help-trangouar-term-4-what')]],
});
