//! What every game's board shares (each game's own is `games/<id>/board.js`): what stands for a
//! seat (its colour, the word for it and its mark, so that seats are told apart without colour
//! too), pieces' accessible names, and the shell of a board (an SVG, a panel of controls under it,
//! an info line, Escape to cancel a selection, the arrow keys to walk what is lit), the phone zoom,
//! the slide of the pieces that moved, and Flip board.

import { h, s, mount } from './dom.js';
import { icon } from './icons.js';
import { t } from './i18n.js';

/**
 * A game's `seatPaints` from its palette, one colour per seat in seat order (`colours`, and
 * `names`, the words for them in the same order, which a piece's accessible name says): what
 * stands for a seat is its paint, the word for it and the mark that tells it apart without colour
 * (see `seatMark`).
 */
export function palette(colours, names) {
  return (seat) => [{ colour: colours[seat] || '#888', name: names[seat] || `seat ${seat + 1}`, mark: seatMark(seat) }];
}

/** The seats of a game that has no colours of its own: red, blue, green, purple. */
export const plainPaints = palette(['#d64545', '#3f7fd6', '#3c9a4a', '#b26bd1'], ['red', 'blue', 'green', 'purple']);

/** A colour's word ("red", « rouge »), from its name in the palettes and the views ("red"). */
export function colourWord(name) {
  return name ? t('colour', { colour: String(name) }) : '?';
}

/**
 * The shape that tells seat `seat` apart without its colour (for colour-blind players): seat 1 a
 * star, 2 a square, 3 a triangle, 4 a diamond (no dot: a dot on a Trangouar cube reads as a
 * pearl). Drawn on pieces where they have room (`pieceMark`) and beside the seat's name
 * (`seatSwatch`).
 */
const MARKS = ['star', 'square', 'triangle', 'diamond'];
export function seatMark(seat) {
  return MARKS[seat] || MARKS[0];
}

/** A five-pointed star's corners around (0, 0), point up, radius 1.1 (inner 0.5). */
const STAR = Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 ? 0.5 : 1.1;
  const a = -Math.PI / 2 + (i * Math.PI) / 5;
  return [r * Math.cos(a), r * Math.sin(a) + 0.08];
});

/** The SVG shape of `mark`, centred on (x, y) with half-size `r` (board units or pixels). */
export function markShape(mark, x, y, r, attrs = {}) {
  const at = (pts) => pts.map(([dx, dy]) => `${x + dx * r},${y + dy * r}`).join(' ');
  switch (mark) {
    case 'square':
      return s('rect', { x: x - r * 0.82, y: y - r * 0.82, width: r * 1.64, height: r * 1.64, ...attrs });
    case 'triangle':
      return s('polygon', { points: at([[0, -1.05], [0.95, 0.7], [-0.95, 0.7]]), ...attrs });
    case 'diamond':
      return s('polygon', { points: at([[0, -1.1], [1, 0], [0, 1.1], [-1, 0]]), ...attrs });
    default:
      return s('polygon', { points: at(STAR), ...attrs });
  }
}

/**
 * The mark of a seat drawn on one of its pieces of colour `fill`, in the ink that stands out on it
 * (dark on light pieces, light on dark ones), at (x, y) with half-size `r`.
 */
export function pieceMark(mark, fill, x, y, r) {
  return markShape(mark, x, y, r, { class: 'seat-mark', fill: inkOn(fill), 'aria-hidden': 'true', dataset: { mark } });
}

/**
 * A seat's colour as a small shape in that colour, its mark's shape: beside a name in the seat list
 * and the boards' score lines, so that the seat is told apart by shape as well as colour.
 */
export function seatSwatch({ colour, mark, name }) {
  return s('svg', { viewBox: '-10 -10 20 20', class: 'swatch seat-swatch', role: 'img', 'aria-label': name ? colourWord(name) : mark, dataset: { mark } },
    markShape(mark, 0, 0, 8.6, { fill: colour, stroke: '#333', 'stroke-width': 1.6 }));
}

/** The relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two `#rrggbb` colours (WCAG 2: 4.5 is enough for small text). */
function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const DARK_INK = '#111111';
const LIGHT_INK = '#ffffff';
/** The ink (near black or white) that contrasts most with `fill`, for marks and labels on it. */
export function inkOn(fill) {
  return contrast(DARK_INK, fill) >= contrast(LIGHT_INK, fill) ? DARK_INK : LIGHT_INK;
}

/**
 * "black marble (Alice), C3": a piece's accessible name, from the piece in words (its colour agreed
 * with its kind by the catalogue: "black marble", « bille noire »), its owner and place.
 */
export function pieceName(piece, owner, at) {
  return `${piece}${owner ? ` (${owner})` : ''}, ${at}`;
}

/**
 * The common frame of a board: `svg` (with `viewBox`), `panel` for buttons and forms, `info` for
 * scores and counts. `onCancel` runs on Escape.
 */
export function shell(el, viewBox, cls, onCancel) {
  const svg = s('svg', { viewBox, class: `board-svg ${cls}`, role: 'group', 'aria-label': t('room-board') });
  const info = h('div', { class: 'board-info' });
  const panel = h('div', { class: 'board-panel', id: 'board-panel' });
  // The board scrolls inside this frame when a phone zooms it in (see `fitTargets`).
  const scroller = h('div', { class: 'board-scroll' }, svg);
  const wrap = h('div', { class: `board-wrap ${cls}`, onkeydown: (e) => {
    if (e.key === 'Escape' && onCancel) {
      e.preventDefault();
      onCancel();
    } else if (ARROWS[e.key] && svg.contains(e.target) && e.target.dataset.act) {
      const next = nearestInDirection(svg, e.target, ARROWS[e.key]);
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  } }, scroller, panel, info);
  mount(el, wrap);
  return { svg, info, panel, wrap };
}

/** The screen direction (x right, y down) each arrow key moves the focus on a board. */
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The lit thing of `svg` (a piece to pick, a place to play) nearest to `from` on the screen in the
 * direction `[dx, dy]`, or null: the arrow keys walk the board as it is drawn (turned round for
 * the second player, flipped or not), which Tab's order of drawing cannot do.
 */
export function nearestInDirection(svg, from, [dx, dy]) {
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [fx, fy] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const el of svg.querySelectorAll('[data-act]')) {
    if (el === from) continue;
    const [x, y] = centre(el);
    const along = (x - fx) * dx + (y - fy) * dy;
    if (along <= 1) continue;
    // Straight ahead first: what lies off the line costs twice its distance from it.
    const across = Math.abs((x - fx) * dy - (y - fy) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) {
      bestCost = cost;
      best = el;
    }
  }
  return best;
}

/** The smallest a thing to tap may be on a phone, in CSS pixels. */
export const TAP_PX = 40;
const PHONE = '(max-width: 820px)';

/**
 * On a phone, zooms a board in when something it lights up to tap is smaller than `TAP_PX`
 * (Groups-of-Three's spaces around the centre, Triominos' cells on a grown table): the board gets
 * wider than the screen, inside its own scrolling frame, which is scrolled to show the small
 * targets. With nothing small to tap the board fits the screen again. Call after each draw.
 */
export function fitTargets(svg, maxZoom = 3) {
  const frame = svg.parentElement;
  if (!frame || !frame.classList.contains('board-scroll')) return;
  const phone = window.matchMedia && window.matchMedia(PHONE).matches;
  const was = { zoom: svg.dataset.zoom, left: frame.scrollLeft, top: frame.scrollTop };
  svg.style.width = '';
  frame.classList.remove('zoomed');
  delete svg.dataset.zoom;
  if (!phone) return;
  const hot = [...svg.querySelectorAll('[data-act]')].map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0);
  if (!hot.length) return;
  const least = Math.min(...hot.map(([, r]) => Math.min(r.width, r.height)));
  if (least >= TAP_PX) return;
  const zoom = Math.min(maxZoom, (TAP_PX / least) * 1.04);
  const base = frame.clientWidth;
  frame.classList.add('zoomed');
  svg.style.width = `${Math.ceil(base * zoom)}px`;
  svg.dataset.zoom = zoom.toFixed(2);
  // A redraw at the same zoom (a piece picked, a step taken) leaves the board where it was, under
  // the finger, as long as one of the small targets is in view.
  const f = frame.getBoundingClientRect();
  const smallNow = () => hot.filter(([, r]) => Math.min(r.width, r.height) < TAP_PX).map(([e]) => e.getBoundingClientRect());
  if (was.zoom === svg.dataset.zoom) {
    frame.scrollLeft = was.left;
    frame.scrollTop = was.top;
    const inView = (r) => r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom;
    if (smallNow().some(inView)) return;
  }
  // Else show the small targets: the middle of their bounding box in the middle of the frame.
  const small = smallNow();
  const cx = (Math.min(...small.map((r) => r.left)) + Math.max(...small.map((r) => r.right))) / 2 - f.left + frame.scrollLeft;
  const cy = (Math.min(...small.map((r) => r.top)) + Math.max(...small.map((r) => r.bottom))) / 2 - f.top + frame.scrollTop;
  frame.scrollLeft = cx - frame.clientWidth / 2;
  frame.scrollTop = cy - frame.clientHeight / 2;
}

/**
 * An invisible disc of radius `r` at (`x`, `y`) in board units, for a target's group: what takes
 * the tap where the drawn piece is smaller than the space it stands for (Abalone's marbles and
 * arrows, Trangouar's intersections), so that `fitTargets` has less to zoom.
 */
export function hitArea(x, y, r) {
  return s('circle', { cx: x, cy: y, r, class: 'hit' });
}

/** A plain button for the panel. */
export function button(label, onclick, attrs = {}) {
  return h('button', { type: 'button', ...attrs, onclick }, label);
}

/** Whether the person asked for less motion (then nothing slides). */
export function stillMotion() {
  return !!(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

const SLIDE_MS = 260;

/**
 * When the pieces of a view's last move started to slide: a board is redrawn from scratch for
 * other reasons too (the server's ack, a room frame), and a redraw within the slide continues it
 * where it was instead of cutting it. `start(version)` on the update that brings the move,
 * `elapsed(version)` on every update: the milliseconds since, or null once over.
 */
export function motion() {
  let at = null;
  let version = null;
  return {
    start(v) {
      at = performance.now();
      version = v;
    },
    elapsed(v) {
      if (at === null || v !== version) return null;
      const t = performance.now() - at;
      return t < SLIDE_MS ? t : null;
    },
  };
}

/**
 * Slides a piece that just moved in from where it was, `dx`, `dy` away in the board's own units
 * (the board is redrawn from the view, so the piece is already at its new place), `elapsed` ms
 * into the slide. A short animation, skipped under prefers-reduced-motion.
 */
export function slide(el, dx, dy, elapsed = 0) {
  if (!el || (!dx && !dy) || stillMotion() || !el.animate) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0px, 0px)' }], { duration: SLIDE_MS, delay: -elapsed, easing: 'ease-out' });
}

/** A piece that appeared (a placed tile, a piece entering): a short fade in. */
export function appear(el, elapsed = 0) {
  if (!el || stillMotion() || !el.animate) return;
  el.animate([{ opacity: 0.1 }, { opacity: 1 }], { duration: SLIDE_MS, delay: -elapsed, easing: 'ease-out' });
}

const FLIP_KEY = 'plateau.flipped';

/**
 * The "Flip board" button: turns the board in `box` round (half a turn, the writing kept upright
 * by the styles), remembered per game in this browser so that a redraw or a reload keeps it.
 */
export function flipButton(box, game) {
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(FLIP_KEY) || '{}');
    } catch {
      return {};
    }
  };
  const apply = (on) => {
    box.classList.toggle('flipped', on);
    btn.setAttribute('aria-pressed', String(on));
  };
  const btn = h('button', { type: 'button', class: 'small flip', id: 'flip', onclick: () => {
    const all = read();
    all[game()] = !all[game()];
    localStorage.setItem(FLIP_KEY, JSON.stringify(all));
    apply(!!all[game()]);
  } }, icon('flip'), ' ', t('flip-board'));
  return { el: btn, sync: () => apply(!!read()[game()]) };
}
