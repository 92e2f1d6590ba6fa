//! Which board draws which game, the seat colours of each game, and the shell every board shares
//! (an SVG, a panel of controls under it, an info line, Escape to cancel a selection).

import { h, s, mount } from '../dom.js';

const MODULES = {
  abalone: () => import('./abalone.js'),
  triominos: () => import('./triominos.js'),
  pinuid: () => import('./pinuid.js'),
  trangouar: () => import('./trangouar.js'),
  'groups-of-three': () => import('./groups.js'),
};

/** Loads and makes the board of `game` in `el`. */
export async function boardFor(game, el, ctx) {
  const load = MODULES[game];
  if (!load) {
    mount(el, h('p', { class: 'error' }, `This client cannot draw ${game}.`));
    return { update() {} };
  }
  const mod = await load();
  return mod.create(el, ctx);
}

const PALETTES = {
  abalone: ['#1d1d1f', '#f2efe6', '#c93b3b', '#2f6fc2'],
  pinuid: ['#f2efe6', '#1d1d1f'],
  pinuidQuatro: ['#d64545', '#3f7fd6', '#3c9a4a', '#e3b52c'],
  trangouar: ['#e3b52c', '#3c9a4a', '#d64545', '#3f7fd6'],
  triominos: ['#d64545', '#3f7fd6', '#3c9a4a', '#b26bd1'],
  groups: ['#d9412f', '#2f6fd6', '#2f9a45', '#e6b81e'],
};

/** Groups-of-Three colour names, by colour index. */
export const GROUP_COLOURS = ['Red', 'Blue', 'Green', 'Yellow'];

/** The colour that stands for `seat` (in Groups-of-Three with 2 players, its first colour). */
export function seatColour(game, seat, players, variant) {
  switch (game) {
    case 'pinuid':
      return (variant === 'quatro' || players > 2 ? PALETTES.pinuidQuatro : PALETTES.pinuid)[seat] || '#888';
    case 'groups-of-three':
      return PALETTES.groups[seat] || '#888';
    default:
      return (PALETTES[game] || PALETTES.triominos)[seat] || '#888';
  }
}

export function groupColour(c) {
  return PALETTES.groups[c] || '#888';
}

/**
 * The common frame of a board: `svg` (with `viewBox`), `panel` for buttons and forms, `info` for
 * scores and counts. `onCancel` runs on Escape.
 */
export function shell(el, viewBox, cls, onCancel) {
  const svg = s('svg', { viewBox, class: `board-svg ${cls}`, role: 'group', 'aria-label': 'Board' });
  const info = h('div', { class: 'board-info' });
  const panel = h('div', { class: 'board-panel', id: 'board-panel' });
  const wrap = h('div', { class: `board-wrap ${cls}`, onkeydown: (e) => {
    if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    }
  } }, svg, panel, info);
  mount(el, wrap);
  return { svg, info, panel, wrap };
}

/** A plain button for the panel. */
export function button(label, onclick, attrs = {}) {
  return h('button', { type: 'button', ...attrs, onclick }, label);
}
