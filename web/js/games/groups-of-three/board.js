//! The Groups-of-Three board, drawn from the board data the server serves
//! (/groups-of-three-board.json: every space's polygon), with the pieces of the four colours, the
//! dice, the moves left, and each colour's reserve and exited pieces. Playing: pick a piece, then a
//! lit space (a crossing through a transit space is one target); a lit compartment takes a piece
//! from the reserve; "End turn" when the rules allow it.

import { s, h, mount, actionable, focusedKey, refocus } from '../../dom.js';
import { shell, button, seatSwatch, pieceMark, pieceName, inkOn, slide, appear, fitTargets, motion } from '../../board.js';
import { colourPaint, colourName, colourMark } from './index.js';
import { spaceName, spaceLabel } from './spaces.js';
import { t } from '../../i18n.js';

let dataPromise = null;
function boardData() {
  if (!dataPromise) {
    dataPromise = fetch('/groups-of-three-board.json').then((r) => {
      if (!r.ok) throw new Error(`board data: HTTP ${r.status}`);
      return r.json();
    });
    dataPromise.catch(() => { dataPromise = null; });
  }
  return dataPromise;
}

const FILL = {
  center: '#f3d36b',
  transit: '#9a9a9a',
  small_triangle: '#f1c9cc',
  ring2: '#dcebd5',
  ring4: '#cfe0f0',
};
/** Corner compartments, tinted with the colour that starts there (data seat n = colour n-1). */
const CORNER_TINT = ['#f6c8c0', '#c9d8f4', '#cde6c9', '#f8e6a6'];
const SECTOR_TINT = ['#fbe7cf', '#e6eefb', '#f0dde5', '#dde6e8'];

const DIE_PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function die(value) {
  const svg = s('svg', { viewBox: '-1.2 -1.2 2.4 2.4', class: 'die', role: 'img', 'aria-label': t('die-value', { value }) });
  svg.append(s('rect', { x: -1.1, y: -1.1, width: 2.2, height: 2.2, rx: 0.35, class: 'die-face' }));
  for (const [x, y] of DIE_PIPS[value] || []) svg.append(s('circle', { cx: x * 0.55, cy: y * 0.55, r: 0.22, class: 'pip' }));
  return svg;
}

export async function create(el, ctx) {
  const data = await boardData();
  const cornerOf = {};
  for (const [n, seat] of Object.entries(data.seats)) {
    const corner = `K${seat.corner}`;
    for (const id of data.groups[corner] || []) cornerOf[id] = Number(n) - 1;
  }
  let view = null;
  let opts = {};
  const moving = motion();
  let sel = null;
  const cancel = () => {
    sel = null;
    draw();
  };
  const { svg, panel, info } = shell(el, '-8.4 -8.4 16.8 16.8', 'groups', cancel);
  const P = ([x, y]) => [x, -y];

  function fillOf(id, sp) {
    if (FILL[sp.kind]) return FILL[sp.kind];
    if (id in cornerOf) return CORNER_TINT[cornerOf[id]];
    if (sp.group && sp.group.startsWith('S')) return SECTOR_TINT[Number(sp.group.slice(1)) % 4];
    return '#eee';
  }

  function draw() {
    const key = focusedKey(el);
    const st = view.state;
    const legal = (opts.interactive && view.you && view.you.legal) || [];
    const walks = legal.filter((m) => m.action === 'step' || m.action === 'cross');
    const adds = legal.filter((m) => m.action === 'add');
    const end = legal.find((m) => m.action === 'end');
    /** The piece on `id` for a screen reader: "red piece (Ann), NEa, north-east corner group, big part". */
    const pieceOn = (id) => {
      const c = st.colours[st.board[id]];
      return c ? pieceName(t('piece-piece', { colour: String(c.name) }), ctx.nameOf(c.seat), spaceName(id)) : spaceName(id);
    };
    const hot = new Map();
    if (!sel) {
      for (const m of walks) if (!hot.has(m.from)) hot.set(m.from, [t('choose-it', { piece: pieceOn(m.from) }), 'select', () => { sel = m.from; draw(); }]);
      for (const m of adds) hot.set(m.at, [t('groups-add-on', { space: spaceName(m.at) }), 'target', () => send(m)]);
    } else {
      hot.set(sel, [t('selected-cancel', { piece: pieceOn(sel) }), 'select', cancel]);
      for (const m of walks.filter((w) => w.from === sel)) {
        const label = m.to === 'C' ? t('groups-out-from', { from: spaceName(sel) }) : m.action === 'cross' ? t('groups-cross', { from: spaceName(sel), via: spaceName(m.via), to: spaceName(m.to) }) : t('groups-move', { from: spaceName(sel), to: spaceName(m.to) });
        hot.set(m.to, [label, 'target', () => send(m)]);
      }
    }
    const lastTo = new Set();
    const lastFrom = new Set();
    for (const ev of opts.lastEvents || []) {
      if (ev.kind === 'moved' || ev.kind === 'crossed') { lastTo.add(ev.to); lastFrom.add(ev.from); }
      if (ev.kind === 'added') lastTo.add(ev.at);
      if (ev.kind === 'exited') lastFrom.add(ev.from);
    }
    mount(svg);
    svg.append(s('rect', { x: -8.1, y: -8.1, width: 16.2, height: 16.2, class: 'frame' }));
    const lifted = [];
    for (const [id, sp] of Object.entries(data.spaces)) {
      const g = s('g', { class: `space kind-${sp.kind}`, dataset: { space: id, key: `s-${id}` } });
      g.append(s('polygon', { points: sp.pts.map(P).map((p) => p.join(',')).join(' '), fill: fillOf(id, sp), class: `poly ${lastFrom.has(id) ? 'last-from' : ''} ${lastTo.has(id) ? 'last' : ''}` }));
      const [cx, cy] = P(sp.centroid);
      const small = sp.kind === 'small_triangle' || sp.kind === 'ring2';
      const colour = st.board[id];
      const piece = colour !== undefined && st.colours[colour];
      let under = fillOf(id, sp);
      if (colour !== undefined) {
        under = colourPaint(piece && piece.name);
        g.append(s('circle', { cx, cy, r: small ? 0.24 : 0.42, fill: under, class: `piece ${colour === st.active_colour ? 'active' : ''}`, role: 'img', 'aria-label': pieceOn(id), dataset: { piece: id } }));
        // The colour's mark, above the label, where the piece is large enough for both.
        if (!small && piece) g.append(pieceMark(colourMark(piece.name), under, cx, cy - 0.2, 0.1));
      }
      // Every space shows its label, which the moves' texts use too; on a piece it is written on
      // the piece, in the ink that stands out on the piece's colour.
      const labelY = colour !== undefined && !small ? cy + 0.2 : cy + 0.08;
      g.append(s('text', { x: cx, y: labelY, class: `space-label ${small ? 'tight' : ''}`, 'text-anchor': 'middle', fill: inkOn(under), 'aria-hidden': 'true' }, spaceLabel(id)));
      const spot = hot.get(id);
      if (spot) {
        const [label, kind, action] = spot;
        g.classList.add(`hot-${kind}`);
        actionable(g, label, kind, action);
      }
      if (sel === id) g.classList.add('selected');
      svg.append(g);
      // Outlined spaces go on top, so their whole outline shows.
      if (spot || lastTo.has(id) || lastFrom.has(id)) lifted.push(g);
    }
    for (const g of lifted.filter((x) => !x.classList.contains('hot-target') && !x.classList.contains('hot-select'))) svg.append(g);
    for (const g of lifted.filter((x) => x.classList.contains('hot-target') || x.classList.contains('hot-select'))) svg.append(g);
    fitTargets(svg);
    refocus(el, key);

    const items = [];
    const active = st.colours[st.active_colour];
    items.push(h('span', { class: 'dice', id: 'dice' }, st.dice.map((v) => die(v)), h('span', { class: 'small' }, ` ${colourName(active && active.name)} (${ctx.nameOf(active ? active.seat : st.to_move)}) · ${t('groups-moves-left', { count: st.moves_left })}`)));
    if (opts.interactive) {
      let hint = t('groups-hint');
      if (adds.length && !sel) hint = t('groups-hint-add');
      if (sel) hint = t('groups-hint-move', { space: spaceLabel(sel) });
      items.push(h('span', { class: 'muted small' }, hint));
      if (sel) items.push(button(t('cancel'), cancel, { id: 'cancel' }));
      if (end) items.push(button(t('end-turn'), () => send(end), { id: 'end-turn' }));
    }
    mount(panel, items);
    mount(info, st.colours.map((c, i) => h('span', { class: `chip ${i === st.active_colour ? 'active' : ''}` },
      seatSwatch({ colour: colourPaint(c.name), mark: colourMark(c.name), name: c.name }),
      t('groups-info', { colour: colourName(c.name), who: ctx.nameOf(c.seat), reserve: c.reserve, count: c.exited }))));
  }

  /** The piece of the last step slides from where it was; an added piece fades in. */
  function slideLast(elapsed) {
    for (const ev of opts.lastEvents || []) {
      const piece = (id) => svg.querySelector(`[data-space="${id}"] .piece`);
      if ((ev.kind === 'moved' || ev.kind === 'crossed') && data.spaces[ev.from] && data.spaces[ev.to]) {
        const [ax, ay] = P(data.spaces[ev.from].centroid);
        const [bx, by] = P(data.spaces[ev.to].centroid);
        slide(piece(ev.to), ax - bx, ay - by, elapsed);
      }
      if (ev.kind === 'added') appear(piece(ev.at), elapsed);
    }
  }

  function send(m) {
    sel = null;
    ctx.send(m);
  }

  return {
    update(v, o) {
      if (!view || v.version !== view.version) sel = null;
      view = v;
      opts = o;
      draw();
      if (o.animate) moving.start(v.version);
      const t = moving.elapsed(v.version);
      if (t !== null) slideLast(t);
    },
  };
}
