//! The Triominos table: triangles on the lattice of rules §2.1 (point (x, y) drawn at (x + y/2,
//! y·√3/2)), the player's own rack, the scores. Playing: pick a rack tile, then a lit cell; when
//! several turns of the tile fit there, turn it with "Rotate" (only the rotations `you.legal` lists)
//! and place it. Draw and Pass are buttons when legal.

import { s, h, mount, actionable, focusedKey, refocus } from '../../dom.js';
import { shell, button, seatSwatch, appear, fitTargets, motion } from '../../board.js';
import { seatPaints } from './index.js';
import { t } from '../../i18n.js';

const K = Math.sqrt(3) / 2;
const pt = ([x, y]) => [x + y / 2, -y * K];

/** The clockwise vertices of a cell (rules §2.1). */
function vertices(x, y, dir) {
  return dir === 'up' || dir === 'u'
    ? [[x, y + 1], [x + 1, y], [x, y]]
    : [[x, y + 1], [x + 1, y + 1], [x + 1, y]];
}

/** The numbers a tile shows on the cell's vertices with `rotation` (the cyclic shift). */
function corners(tile, k) {
  return [tile[k % 3], tile[(k + 1) % 3], tile[(k + 2) % 3]];
}

const tileKey = (t) => t.join('-');
/** The distinct tiles of `moves`, highest total first. */
const uniqueTiles = (moves) => [...new Map(moves.map((m) => [tileKey(m.tile), m.tile])).values()]
  .sort((a, b) => b[0] + b[1] + b[2] - (a[0] + a[1] + a[2]));
const cellKey = (c) => `${c.x},${c.y},${c.dir}`;

/** One triangle with its three numbers, as SVG. */
function triangle(verts, nums, cls) {
  const p = verts.map(pt);
  const cx = (p[0][0] + p[1][0] + p[2][0]) / 3;
  const cy = (p[0][1] + p[1][1] + p[2][1]) / 3;
  const g = s('g', { class: cls });
  g.append(s('polygon', { points: p.map((q) => q.join(',')).join(' '), class: 'tri' }));
  if (nums) {
    p.forEach(([x, y], i) => {
      const tx = x + (cx - x) * 0.42;
      const ty = y + (cy - y) * 0.42;
      g.append(s('text', { x: tx, y: ty + 0.075, 'text-anchor': 'middle', class: 'num' }, String(nums[i])));
    });
  }
  return g;
}

const isTriple = (t) => t[0] === t[1] && t[1] === t[2];

/**
 * Why only some tiles may open a round (rules §4): the highest triple dealt opens, for its value
 * + 10 (0-0-0, which the room may let its holder play instead, scores 40); when nobody was dealt
 * a triple, the tile of highest total opens, for its value alone.
 */
export function openingRule(zeroTripleChoice = true) {
  return zeroTripleChoice ? t('opening-rule-zero') : t('opening-rule');
}

/** The opener's own case, from the tiles `you.legal` lets open: why these and not the others. */
export function openingHint(tiles) {
  const names = tiles.map(tileKey);
  if (!tiles.length) return null;
  if (tiles.every(isTriple)) {
    const best = names.filter((k) => k !== '0-0-0');
    if (!best.length) return t('opening-zero');
    return names.includes('0-0-0') ? t('opening-triple-or-zero', { tile: best[0] }) : t('opening-triple', { tile: best[0] });
  }
  return t('opening-highest', { tiles: names.join(` ${t('or')} `) });
}

export function create(el, ctx) {
  let view = null;
  let opts = {};
  const moving = motion();
  let tile = null;
  let cell = null;
  let rot = 0;
  const cancel = () => {
    tile = null;
    cell = null;
    draw();
  };
  const { svg, panel, info } = shell(el, '-3 -3 6 6', 'triominos', cancel);
  const options = () => (ctx.options ? ctx.options() : {});
  const rack = h('div', { class: 'rack', id: 'rack', role: 'group', 'aria-label': t('your-rack') });
  panel.before(rack);

  function draw() {
    const key = focusedKey(el);
    const st = view.state;
    const legal = (opts.interactive && view.you && view.you.legal) || [];
    const places = legal.filter((m) => m.action === 'place');
    mount(svg);
    const all = [];
    st.board.forEach(([x, y, d, a, b, c], i) => {
      const verts = vertices(x, y, d);
      all.push(...verts);
      const g = triangle(verts, [a, b, c], `placed${i === st.board.length - 1 ? ' last' : ''}`);
      g.setAttribute('role', 'img');
      g.setAttribute('aria-label', i === st.board.length - 1 ? t('tile-last', { tile: `${a}-${b}-${c}` }) : t('tile-placed', { tile: `${a}-${b}-${c}` }));
      g.dataset.piece = `${x},${y},${d}`;
      svg.append(g);
    });
    const forTile = tile ? places.filter((m) => tileKey(m.tile) === tile) : [];
    const cells = new Map();
    for (const m of forTile) if (!cells.has(cellKey(m.cell))) cells.set(cellKey(m.cell), m.cell);
    if (!cell) {
      for (const c of cells.values()) {
        const verts = vertices(c.x, c.y, c.dir);
        all.push(...verts);
        const g = triangle(verts, null, 'spot');
        g.dataset.key = `c-${cellKey(c)}`;
        actionable(g, c.dir === 'up' || c.dir === 'u' ? t('place-on-cell-up', { tile, x: String(c.x), y: String(c.y) }) : t('place-on-cell-down', { tile, x: String(c.x), y: String(c.y) }), 'target', () => {
          cell = c;
          const rots = forTile.filter((m) => cellKey(m.cell) === cellKey(c));
          if (rots.length === 1) return send(rots[0]);
          rot = 0;
          draw();
        });
        svg.append(g);
      }
    } else {
      const rots = forTile.filter((m) => cellKey(m.cell) === cellKey(cell));
      const m = rots[rot % rots.length];
      const verts = vertices(cell.x, cell.y, cell.dir);
      all.push(...verts);
      const g = triangle(verts, corners(m.tile, m.rotation), 'ghost');
      g.dataset.key = 'ghost';
      actionable(g, t('place-here', { tile, rotation: String(m.rotation) }), 'target', () => send(m));
      svg.append(g);
    }
    // Nothing on the board yet (the opening): a small frame for the first tile, not a large blank box.
    svg.classList.toggle('empty', all.length === 0);
    if (all.length === 0) {
      const verts = vertices(0, 0, 'up');
      all.push(...verts);
      const g = triangle(verts, null, 'spot');
      g.classList.add('first');
      svg.append(g);
    }
    const xs = all.map((v) => pt(v)[0]);
    const ys = all.map((v) => pt(v)[1]);
    const pad = 1.2;
    let minX = Math.min(...xs) - pad;
    let maxX = Math.max(...xs) + pad;
    let minY = Math.min(...ys) - pad;
    let maxY = Math.max(...ys) + pad;
    const w = Math.max(maxX - minX, 8);
    const hgt = Math.max(maxY - minY, 5);
    minX = (minX + maxX) / 2 - w / 2;
    minY = (minY + maxY) / 2 - hgt / 2;
    svg.setAttribute('viewBox', `${minX} ${minY} ${w} ${hgt}`);

    // The rack.
    const mine = (st.private && st.private.rack) || [];
    const placeable = new Set(places.map((m) => tileKey(m.tile)));
    mount(rack, mine.length ? mine.map((held) => {
      const k = tileKey(held);
      const icon = s('svg', { viewBox: '-0.1 -0.95 1.2 1.05', class: 'rack-tile', 'aria-hidden': 'true' }, triangle(vertices(0, 0, 'up'), corners(held, 0), 'placed'));
      const b = h('button', { type: 'button', class: `tile ${k === tile ? 'selected' : ''}`, 'aria-disabled': String(!placeable.has(k)), 'aria-pressed': String(k === tile), dataset: { tile: k, key: `t-${k}` } }, icon, h('span', { class: 'sr' }, t('tile-n', { tile: k })));
      if (placeable.has(k)) {
        b.dataset.act = 'select';
        b.addEventListener('click', () => {
          tile = tile === k ? null : k;
          cell = null;
          draw();
        });
      }
      return b;
    }) : h('span', { class: 'muted small' }, view.you ? t('rack-empty') : t('racks-hidden')));

    // Controls.
    const items = [];
    if (opts.interactive) {
      let hint = st.opening ? openingHint(uniqueTiles(places)) || t('opening-pick') : t('triominos-hint');
      if (tile && !cell) hint = t('triominos-hint-place', { tile });
      if (cell) hint = t('triominos-hint-rotate');
      items.push(h('span', { class: 'muted small', id: 'triominos-hint' }, hint));
      if (cell) {
        const rots = forTile.filter((m) => cellKey(m.cell) === cellKey(cell));
        if (rots.length > 1) items.push(button(t('rotate'), () => { rot = (rot + 1) % rots.length; draw(); }, { id: 'rotate' }));
        items.push(button(t('place'), () => send(rots[rot % rots.length]), { id: 'place', class: 'primary' }));
      }
      if (tile) items.push(button(t('cancel'), cancel, { id: 'cancel' }));
      const drawMove = legal.find((m) => m.action === 'draw');
      const passMove = legal.find((m) => m.action === 'pass');
      if (drawMove) items.push(button(t('draw-tile', { draws: st.draws }), () => send(drawMove), { id: 'draw' }));
      if (passMove) items.push(button(t('pass'), () => send(passMove), { id: 'pass' }));
    }
    mount(panel, items);
    fitTargets(svg);
    refocus(el, key);
    mount(info, Array.from({ length: st.scores.length }, (_, seat) => h('span', { class: `chip ${st.turn === seat ? 'active' : ''}` },
      seatSwatch(seatPaints(seat, st.scores.length)[0]),
      t('triominos-info', { who: ctx.nameOf(seat), points: String(st.scores[seat]), count: st.racks[seat] }))),
    h('span', { class: 'muted small' }, [t('triominos-round', { round: `${st.round}${st.rounds ? `/${st.rounds}` : ''}` }), t('triominos-target', { target: String(st.target ?? '—') }), t('triominos-pile', { pile: st.pile })].join(' · ')),
    st.opening ? h('span', { class: 'small opening-rule', id: 'opening-rule' }, openingRule(options().zero_triple_choice !== false)) : null);
  }

  function send(m) {
    tile = null;
    cell = null;
    ctx.send(m);
  }

  return {
    update(v, o) {
      if (!view || v.version !== view.version) {
        tile = null;
        cell = null;
      }
      view = v;
      opts = o;
      draw();
      if (o.animate) moving.start(v.version);
      const t = moving.elapsed(v.version);
      if (t !== null && (o.lastEvents || []).some((e) => e.kind === 'placed')) appear(svg.querySelector('.placed.last'), t);
    },
  };
}
