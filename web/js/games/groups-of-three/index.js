//! Groups-of-Three for the client (see `games/index.js` for what each export is for; its board is
//! `board.js`): its four colours (a seat plays two with 2 players, and each colour has its own
//! mark), its events and moves in words with the spaces by their labels, a stored move's marks, the
//! end's standing and its How to play page.

import { t } from '../../i18n.js';
import { colourWord, seatMark } from '../../board.js';
import { spaceLabel as sp } from './spaces.js';

export { POSITION as position } from './position.js';

export const name = () => t('game-groups-of-three');
export const chance = () => t('chance-dice');

/** The four colours, by the name the view gives each colour in play. */
const COLOURS = ['red', 'blue', 'green', 'yellow'];
// Dark enough, or light enough, for a space's label written on a piece to read (4.5:1 or more).
const PAINT = { red: '#c93b3b', blue: '#2f6fd6', green: '#2f9a45', yellow: '#e6b81e' };

/**
 * The colour names a seat plays, from the room's options: 4 players one each; 3 players the colours
 * left once `three_player_omitted` is taken out, in order; 2 players two each, `two_player_colours`
 * opposite (red and green / blue and yellow) or adjacent (red and blue / green and yellow).
 */
export function seatColours(seat, players, options = {}) {
  if (players === 2) {
    const adjacent = options.two_player_colours === 'adjacent';
    return adjacent ? [['red', 'blue'], ['green', 'yellow']][seat] || [] : [['red', 'green'], ['blue', 'yellow']][seat] || [];
  }
  if (players === 3) {
    const left = COLOURS.filter((c) => c !== (options.three_player_omitted || 'yellow'));
    return left[seat] ? [left[seat]] : [];
  }
  return COLOURS[seat] ? [COLOURS[seat]] : [];
}

/** A colour's paint, by its name in the view ("red"). */
export function colourPaint(name) {
  return PAINT[name] || '#888';
}

/** "Red", from the view's colour name. */
export function colourName(name) {
  const word = colourWord(name);
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

/** A colour's mark: the colours in their fixed order take the seats' marks. */
export function colourMark(name) {
  return seatMark(Math.max(0, COLOURS.indexOf(name)));
}

/** The pieces are told apart by colour, not by seat (a seat of two plays two colours). */
export function seatPaints(seat, players, options = {}) {
  return seatColours(seat, players, options).map((name) => ({ colour: colourPaint(name), name, mark: colourMark(name) }));
}

export const reasons = {
  all_pieces_out: () => t('reason-all-pieces-out'),
  blocked: () => t('reason-blocked'),
  stall: () => t('reason-stall'),
};

export function eventText(ev, { who, reason }) {
  switch (ev.kind) {
    case 'dice': return t('ev-groups-dice', { who, a: String(ev.values[0]), b: String(ev.values.slice(1).join(' ')) });
    case 'moved': return t('ev-groups-moved', { who, from: sp(ev.from), to: sp(ev.to) });
    case 'crossed': return t('ev-groups-crossed', { who, from: sp(ev.from), via: sp(ev.via), to: sp(ev.to) });
    case 'exited': return t('ev-groups-exited', { who, from: sp(ev.from), count: ev.exited });
    case 'added': return t('ev-groups-added', { who, at: sp(ev.at), count: ev.reserve });
    case 'turn_end': return ev.moves_lost ? t('ev-groups-turn-end-lost', { who, count: ev.moves_lost }) : t('ev-groups-turn-end', { who });
    case 'won': return t('ev-wins-because', { who, reason: reason() });
    case 'game_end': return ev.reason === 'stall' ? t('ev-groups-stall') : t('ev-game-over-because', { reason: reason() });
    case 'game_over': return t('ev-game-over');
    default: return undefined;
  }
}

export function moveText(mv) {
  switch (mv.action) {
    case 'step': return mv.to === 'C' ? t('mv-groups-out', { from: sp(mv.from) }) : t('mv-groups-step', { from: sp(mv.from), to: sp(mv.to) });
    case 'cross': return t('mv-groups-cross', { from: sp(mv.from), via: sp(mv.via), to: sp(mv.to) });
    case 'add': return t('mv-groups-add', { at: sp(mv.at) });
    case 'end': return t('mv-groups-end');
    default: return String(mv.action).replace(/_/g, ' ');
  }
}

export function lastMove(mv) {
  if (mv.action === 'step') return [mv.to === 'C' ? { kind: 'exited', from: mv.from } : { kind: 'moved', from: mv.from, to: mv.to }];
  if (mv.action === 'cross') return [{ kind: 'crossed', from: mv.from, via: mv.via, to: mv.to }];
  if (mv.action === 'add') return [{ kind: 'added', at: mv.at }];
  return [];
}

export function standing(st, seat) {
  return (st.colours || []).filter((c) => c.seat === seat).map((c) => t('standing-colour-out', { colour: colourName(c.name), count: c.exited })).join(', ');
}

export const help = () => ({
  pitch: t('help-groups-of-three-pitch'), goal: t('help-groups-of-three-goal'),
  turn: [t('help-groups-of-three-turn-1'), t('help-groups-of-three-turn-2'), t('help-groups-of-three-turn-3')],
  terms: [[t('help-groups-of-three-term-1'), t('help-groups-of-three-term-1-what')], [t('help-groups-of-three-term-2'), t('help-groups-of-three-term-2-what')], [t('help-groups-of-three-term-3'), t('help-groups-of-three-term-3-what')]],
});
