//! The Abalone board: the 61-cell hexagon (2, 3 or 4 players) drawn from the view's board string.
//! Playing: pick marbles one by one (only those that belong to some legal group light up), then
//! one of the arrows of the directions `you.legal` allows for exactly that group.

import { s, h, mount, actionable, focusedKey, refocus } from '../../dom.js';
import { shell, button, seatSwatch, pieceMark, pieceName, slide, motion, fitTargets, hitArea } from '../../board.js';
import { seatPaints } from './index.js';
import { t } from '../../i18n.js';
import { compassWord } from '../../compass.js';

const ROWS = 'ABCDEFGHI';
/** Directions as (Δletter, Δnumber), as the rules name them. */
const DIRS = { E: [0, 1], NE: [1, 1], NW: [1, 0], W: [0, -1], SW: [-1, -1], SE: [-1, 0] };
const R = 0.46;
/** Half the distance between neighbouring cells: the reach of a tap on a marble or an arrow. */
const REACH = 0.5;
/** How far the frame reaches beyond the outer cells, and the labels beyond them, in cells. */
const FRAME = 0.8;
const LABEL_OUT = 0.68;
const LAYOUTS = { standard: () => t('layout-standard'), 'belgian-daisy': () => t('layout-belgian-daisy'), 'german-daisy': () => t('layout-german-daisy') };

/** Every cell in the view's order: [name, letter index, number]. */
const CELLS = [];
for (let i = 0; i < 9; i++) {
  const lo = i > 4 ? i - 3 : 1;
  const hi = i < 4 ? i + 5 : 9;
  for (let n = lo; n <= hi; n++) CELLS.push([`${ROWS[i]}${n}`, i, n]);
}
const INDEX = new Map(CELLS.map(([name, i, n], k) => [name, { k, i, n }]));

/** An arrow's outline pointing east, tip first, in cells (it is turned to its direction). */
const ARROW = [[0.25, 0], [0.02, 0.2], [0.02, 0.08], [-0.24, 0.08], [-0.24, -0.08], [0.02, -0.08], [0.02, -0.2]];

/**
 * An arrow at (x, y) pointing along the screen vector (vx, vy) (SVG: y grows downwards), drawn as
 * a shape (not a character, which each system's fonts draw their own way, some as emoji). Drawn
 * from the vector, not from the direction's name, so that it stays right when the board is turned
 * round.
 */
export function arrowShape(x, y, vx, vy) {
  const len = Math.hypot(vx, vy);
  const [ux, uy] = [vx / len, vy / len];
  const points = ARROW.map(([a, b]) => `${x + ux * a - uy * b},${y + uy * a + ux * b}`).join(' ');
  return s('polygon', { points, class: 'glyph' });
}

export function create(el, ctx) {
  let sel = [];
  let view = null;
  let opts = {};
  const moving = motion();
  const { svg, panel, info } = shell(el, '-4.86 -4.55 9.72 9.1', 'abalone', () => {
    sel = [];
    draw();
  });

  /** Screen position of (letter index, number); seat 1 of two sees the board turned round. */
  function pos(i, n) {
    let x = n - 1 - i * 0.5 - 2;
    let y = -(i - 4) * 0.866;
    if (view && view.you && view.you.seat === 1 && view.state.players === 2) {
      x = -x;
      y = -y;
    }
    return [x, y];
  }

  function legal() {
    return (opts.interactive && view.you && view.you.legal) || [];
  }

  function draw() {
    const key = focusedKey(svg);
    const st = view.state;
    const board = st.board;
    const players = st.players;
    mount(svg);
    // The hexagonal frame, as narrow as the labels on it allow: with the view box, 9.72 cells
    // across, so that a phone's width gives a marble 40 px.
    const corners = [[0, 1], [0, 5], [4, 9], [8, 9], [8, 5], [4, 1]].map(([i, n]) => pos(i, n));
    const ring = corners.map(([x, y]) => {
      const d = Math.hypot(x, y);
      return [x * (d + FRAME) / d, y * (d + FRAME) / d];
    });
    svg.append(s('polygon', { class: 'hex-frame', points: ring.map((p) => p.join(',')).join(' ') }));
    // Row letters and diagonal numbers on the frame, for the notation.
    for (let i = 0; i < 9; i++) {
      const lo = i > 4 ? i - 3 : 1;
      const [x, y] = pos(i, lo - LABEL_OUT);
      svg.append(s('text', { x, y: y + 0.1, class: 'edge-label', 'text-anchor': 'middle' }, ROWS[i]));
    }
    for (let n = 1; n <= 9; n++) {
      const i = Math.max(0, n - 5);
      const [x, y] = pos(i - LABEL_OUT, n);
      svg.append(s('text', { x, y: y + 0.1, class: 'edge-label', 'text-anchor': 'middle' }, String(n)));
    }
    for (const [name, i, n] of CELLS) {
      const [x, y] = pos(i, n);
      svg.append(s('circle', { class: 'hole', cx: x, cy: y, r: R, dataset: { cell: name } }));
    }
    const moved = new Set();
    const from = new Set();
    for (const ev of opts.lastEvents || []) {
      if (ev.kind !== 'moved') continue;
      for (const [a, b] of [...(ev.marbles || []), ...(ev.pushed || [])]) {
        from.add(a);
        moved.add(b);
      }
    }
    for (const c of from) {
      if (!INDEX.has(c) || moved.has(c)) continue;
      const { i, n } = INDEX.get(c);
      const [x, y] = pos(i, n);
      svg.append(s('circle', { class: 'last-from', cx: x, cy: y, r: R * 0.45 }));
    }
    const moves = legal();
    const candidates = moves.filter((m) => sel.every((c) => m.marbles.includes(c)));
    const pickable = new Set();
    for (const m of candidates) for (const c of m.marbles) if (!sel.includes(c)) pickable.add(c);
    CELLS.forEach(([name, i, n], k) => {
      const ch = board[k];
      if (ch === '.') return;
      const seat = Number(ch);
      const [x, y] = pos(i, n);
      const paint = seatPaints(seat, players)[0];
      const piece = pieceName(t('piece-marble', { colour: String(paint.name) }), ctx.nameOf(seat), name);
      const g = s('g', { class: `marble seat${seat}`, role: 'img', 'aria-label': piece, dataset: { cell: name, key: `m-${name}`, piece: name } });
      g.append(s('circle', { cx: x, cy: y, r: R, fill: paint.colour, class: 'stone' }));
      g.append(s('circle', { cx: x - R * 0.3, cy: y - R * 0.3, r: R * 0.25, class: 'shine' }));
      g.append(pieceMark(paint.mark, paint.colour, x, y, R * 0.32));
      if (moved.has(name)) g.classList.add('last');
      if (sel.includes(name) || pickable.has(name)) g.prepend(hitArea(x, y, REACH));
      if (sel.includes(name)) {
        g.classList.add('selected');
        actionable(g, t('abalone-selected', { piece }), 'select', () => {
          sel = sel.filter((c) => c !== name);
          draw();
        });
      } else if (pickable.has(name)) {
        actionable(g, t('abalone-add', { piece }), 'select', () => {
          sel = [...sel, name];
          draw();
        });
      }
      svg.append(g);
    });
    // The directions allowed for exactly the selected group.
    const exact = candidates.filter((m) => m.marbles.length === sel.length && sel.length > 0);
    if (exact.length) {
      const pts = sel.map((c) => INDEX.get(c)).map(({ i, n }) => pos(i, n));
      const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
      const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
      for (const m of exact) {
        const [di, dn] = DIRS[m.dir];
        const [ox, oy] = pos(0, 1);
        const [tx, ty] = pos(di, 1 + dn);
        const vx = tx - ox;
        const vy = ty - oy;
        // Beyond the front marble for a column, beside the group for a broadside move: a cell
        // away, so that the arrows' reaches touch the marbles' and not each other.
        const along = Math.max(...pts.map((p) => (p[0] - cx) * vx + (p[1] - cy) * vy));
        const ax = cx + vx * (along + 1);
        const ay = cy + vy * (along + 1);
        const g = s('g', { class: 'arrow', dataset: { dir: m.dir, key: `d-${m.dir}` } },
          hitArea(ax, ay, REACH),
          s('circle', { cx: ax, cy: ay, r: 0.36 }),
          arrowShape(ax, ay, vx, vy));
        actionable(g, t('abalone-move', { marbles: sel.join(' '), dir: compassWord(m.dir), notation: m.notation }), 'target', () => {
          sel = [];
          ctx.send(m);
        });
        svg.append(g);
      }
    }
    fitTargets(svg);
    refocus(svg, key);
    drawPanel(exact);
    drawInfo();
  }

  function drawPanel(exact) {
    const items = [];
    if (opts.interactive) {
      items.push(h('span', { class: 'muted small' }, sel.length ? `${t('abalone-group', { marbles: sel.join(' ') })} ${exact.length ? t('abalone-choose-direction') : t('abalone-add-or-cancel')}` : t('abalone-hint')));
      if (sel.length) items.push(button(t('cancel'), () => { sel = []; draw(); }, { id: 'cancel' }));
    }
    mount(panel, items);
  }

  function drawInfo() {
    const st = view.state;
    const rows = [];
    for (let seat = 0; seat < st.players; seat++) {
      const team = st.teams ? st.teams.findIndex((t) => t.includes(seat)) : -1;
      rows.push(h('span', { class: 'chip' },
        seatSwatch(seatPaints(seat, st.players)[0]),
        team >= 0 ? t('abalone-pushed-off-team', { who: ctx.nameOf(seat), team: team + 1, count: st.ejected[seat] }) : t('abalone-pushed-off', { who: ctx.nameOf(seat), count: st.ejected[seat] })));
    }
    rows.push(h('span', { class: 'muted small' }, [t('abalone-start', { layout: LAYOUTS[st.layout] ? LAYOUTS[st.layout]() : st.layout }), t('abalone-move-n', { n: st.ply }), st.last ? t('abalone-last', { last: st.last }) : null].filter(Boolean).join(' · ')));
    mount(info, rows);
  }

  return {
    update(v, o) {
      if (!view || v.version !== view.version) sel = [];
      view = v;
      opts = o;
      draw();
      if (o.animate) moving.start(v.version);
      const t = moving.elapsed(v.version);
      if (t !== null) slideLast(t);
    },
  };

  /** The marbles of the last move (and those it pushed) slide in from where they were. */
  function slideLast(t) {
    for (const ev of opts.lastEvents || []) {
      if (ev.kind !== 'moved') continue;
      for (const [a, b] of [...(ev.marbles || []), ...(ev.pushed || [])]) {
        if (!INDEX.has(a) || !INDEX.has(b)) continue;
        const [ax, ay] = pos(INDEX.get(a).i, INDEX.get(a).n);
        const [bx, by] = pos(INDEX.get(b).i, INDEX.get(b).n);
        slide(svg.querySelector(`.marble[data-cell="${b}"]`), ax - bx, ay - by, t);
      }
    }
  }
}
