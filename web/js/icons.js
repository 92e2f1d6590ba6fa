//! Small inline SVG icons for buttons and status words, instead of emoji or typographic symbols:
//! an emoji is drawn by whatever font the system has (in colour, or as a blank box), while these
//! look the same everywhere and follow the text colour. Each icon is decorative (`aria-hidden`):
//! the text or the `aria-label` beside it says what it means.

import { s } from './dom.js';

/** Each icon's shapes in a 16×16 box: [tag, attributes] pairs, painted with `currentColor`. */
const SHAPES = {
  // Two arrows, up and down: turn the board round.
  flip: [
    ['path', { d: 'M5 2 L1.5 6 H4 V14 H6 V6 H8.5 Z' }],
    ['path', { d: 'M11 14 L14.5 10 H12 V2 H10 V10 H7.5 Z' }],
  ],
  prev: [['path', { d: 'M11.5 2 V14 L3 8 Z' }]],
  next: [['path', { d: 'M4.5 2 V14 L13 8 Z' }]],
  first: [['path', { d: 'M2 2 H4 V14 H2 Z M13.5 2 V14 L5 8 Z' }]],
  last: [['path', { d: 'M12 2 H14 V14 H12 Z M2.5 2 V14 L11 8 Z' }]],
  check: [['path', { d: 'M2 8.5 L6 12.5 L14 3.5', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }]],
  cross: [['path', { d: 'M3 3 L13 13 M13 3 L3 13', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round' }]],
  // Connected: a filled dot; away: a ring.
  online: [['circle', { cx: 8, cy: 8, r: 5 }]],
  away: [['circle', { cx: 8, cy: 8, r: 4.5, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.8 }]],
  // A tournament's streak of wins (the next win counts double): a flame.
  flame: [['path', { d: 'M8 1 C9 4 12.5 5.5 12.5 9.5 C12.5 12.5 10.5 15 8 15 C5.5 15 3.5 12.5 3.5 9.8 C3.5 7.5 5 6.3 6 5 C6.3 6.8 7 7.5 7.8 7.8 C7.6 5.5 7.2 3.2 8 1 Z' }]],
  // Watchers: an eye.
  eye: [
    ['path', { d: 'M1 8 C3.5 3.5 12.5 3.5 15 8 C12.5 12.5 3.5 12.5 1 8 Z', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6 }],
    ['circle', { cx: 8, cy: 8, r: 2.4 }],
  ],
};

/** The icon `name` as an inline SVG element (class `icon icon-<name>`), hidden from screen readers. */
export function icon(name) {
  const shapes = SHAPES[name];
  if (!shapes) throw new Error(`no icon ${name}`);
  return s('svg', { viewBox: '0 0 16 16', class: `icon icon-${name}`, 'aria-hidden': 'true', focusable: 'false', fill: 'currentColor' },
    shapes.map(([tag, attrs]) => s(tag, attrs)));
}
