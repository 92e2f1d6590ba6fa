//! The Trangouar board: the 9×9 grid of intersections with the corner zones, each cube with its red,
//! black and white pearls (corpses in grey). The secret setup is a form on the board (click the
//! intersections of your zone, set each cube's pearls, or start from one of the examples that
//! `you.legal` offers). Playing: pick a cube, then step along a path (lit next steps) or straight to
//! a lit destination, or a lit enemy to attack; recolouring and "do nothing" are in the panel; a lost
//! fight asks which pearls to give up.

import { s, h, mount, actionable, focusedKey, refocus } from '../../dom.js';
import { shell, button, seatSwatch, pieceMark, pieceName, inkOn, slide, motion, fitTargets, hitArea } from '../../board.js';
import { seatPaints } from './index.js';
import { t } from '../../i18n.js';
import { compassShort } from '../../compass.js';

const N = 9;
const FILES = 'abcdefghi';
const ZONES = { SW: [0, 0], NW: [0, 6], NE: [6, 6], SE: [6, 0] };
const PEARL = { red: '#d23b3b', black: '#161616', white: '#fbfbfb' };
const PHASES = { setup: () => t('trangouar-phase-setup'), play: () => t('trangouar-phase-play'), lose: () => t('trangouar-phase-lose') };

const name = (x, y) => `${FILES[x]}${y + 1}`;
const parse = (p) => [FILES.indexOf(p[0]), Number(p.slice(1)) - 1];
const xy = (p) => {
  const [x, y] = parse(p);
  return [x, N - 1 - y];
};

/** What each pearl colour does, in one line (setup and play). */
function legend() {
  const dot = (c) => h('span', { class: 'swatch', style: `background:${PEARL[c]}` });
  return h('p', { class: 'small pearl-legend', id: 'pearl-legend' },
    dot('red'), ' ', t('legend-red'), ' · ', dot('black'), ' ', t('legend-black'), ' · ', dot('white'), ' ', t('legend-white'));
}

/** Why a draft setup would be refused (the rules' limits and the room's options), in words. */
export function setupProblems(draft, total, options) {
  const out = [];
  if (draft.size < 3 || draft.size > 9) out.push(t('setup-cubes', { count: draft.size }));
  if (total !== 27) out.push(t('setup-pearls', { count: total }));
  for (const [at, c] of draft) {
    const n = c.red + c.black + c.white;
    if (options.antenna_mode === 'free') {
      if (n > 9) out.push(t('setup-more-than-9', { at }));
    } else if (c.red > 3 || c.black > 3 || c.white > 3) {
      out.push(t('setup-more-than-3', { at }));
    }
    if (n === 0 && !options.allow_empty_cubes) out.push(t('setup-empty', { at }));
  }
  return out;
}

function zoneCells(zone) {
  const [x0, y0] = ZONES[zone];
  const out = [];
  for (let y = y0; y < y0 + 3; y++) for (let x = x0; x < x0 + 3; x++) out.push(name(x, y));
  return out;
}

const CORPSE = '#8a8a8a';
const PEARL_COLOURS = ['red', 'black', 'white'];

/** "3 red, 0 black, 2 white": a cube's pearls in words. */
const pearlWords = (c) => t('pearls', { red: c.red || 0, black: c.black || 0, white: c.white || 0 });

/**
 * A cube as SVG: a rounded square in its owner's colour (`paint`, null for a corpse) with a row per
 * pearl colour, a pearl and its count as a digit (dots of a few hundredths of the board could not
 * be counted at a glance), and the owner's mark in the corner.
 */
function cube(at, c, paint, cls) {
  const [px, py] = xy(at);
  const fill = paint ? paint.colour : CORPSE;
  const g = s('g', { class: `cube ${cls}`, dataset: { at, key: `q-${at}` } });
  g.append(s('rect', { x: px - 0.4, y: py - 0.4, width: 0.8, height: 0.8, rx: 0.1, fill, class: 'body' }));
  PEARL_COLOURS.forEach((colour, row) => {
    const cy = py - 0.24 + row * 0.24;
    g.append(s('circle', { cx: px - 0.23, cy, r: 0.085, fill: PEARL[colour], class: 'pearl' }));
    g.append(s('text', { x: px - 0.1, y: cy + 0.085, class: 'pearl-n', fill: inkOn(fill), dataset: { pearl: colour } }, String(c[colour] || 0)));
  });
  if (paint) g.append(pieceMark(paint.mark, fill, px + 0.24, py - 0.24, 0.1));
  return g;
}

export function create(el, ctx) {
  let view = null;
  let opts = {};
  const moving = motion();
  let sel = null;
  let path = [];
  let setup = null; // the setup form: Map of point -> {red, black, white}
  let editing = null;
  const cancel = () => {
    sel = null;
    path = [];
    draw();
  };
  const { svg, panel, info } = shell(el, '-0.8 -0.56 9.36 9.66', 'trangouar', cancel);
  const paint = (seat) => seatPaints(seat, view.state.zones.length)[0];
  const colour = (seat) => paint(seat).colour;
  /** A cube's accessible name: whose, where, and its pearls. */
  const cubeName = (at, c, owner, draft) => {
    const corpse = owner === null || owner === undefined;
    const who = corpse ? pieceName(t('piece-corpse-cube', { colour: 'grey' }), '', at) : pieceName(draft ? t('piece-draft-cube', { colour: String(paint(owner).name) }) : t('piece-cube', { colour: String(paint(owner).name) }), ctx.nameOf(owner), at);
    return t('cube-name', { who, pearls: pearlWords(c) });
  };

  function draw() {
    const key = focusedKey(el);
    const st = view.state;
    const legal = (opts.interactive && view.you && view.you.legal) || [];
    const seat = view.you ? view.you.seat : null;
    mount(svg);
    // Zones, lines, labels.
    st.zones.forEach((z, i) => {
      const [x0, y0] = ZONES[z];
      svg.append(s('rect', { x: x0 - 0.45, y: N - 1 - (y0 + 2) - 0.45, width: 2.9, height: 2.9, rx: 0.2, fill: colour(i), class: 'zone' }));
    });
    for (let i = 0; i < N; i++) {
      svg.append(s('line', { x1: 0, y1: i, x2: N - 1, y2: i, class: 'gridline' }));
      svg.append(s('line', { x1: i, y1: 0, x2: i, y2: N - 1, class: 'gridline' }));
      // Large (the styles): during the setup the panel above leaves the board little height.
      svg.append(s('text', { x: i, y: N - 0.02, class: 'coord', 'text-anchor': 'middle' }, FILES[i]));
      svg.append(s('text', { x: -0.62, y: N - 1 - i + 0.17, class: 'coord', 'text-anchor': 'middle' }, String(i + 1)));
    }
    const cubes = new Map(st.cubes.map((c) => [c.at, c]));
    const lastAt = new Set();
    for (const ev of opts.lastEvents || []) {
      if (ev.kind === 'move') lastAt.add(ev.to);
      if (ev.kind === 'attack') { lastAt.add(ev.cube); lastAt.add(ev.target); }
      if (ev.kind === 'exchange' || ev.kind === 'pearls_lost') lastAt.add(ev.cube);
    }
    /** The cube drawn on `at`: in play, of this seat's setup draft, or of its setup sent. */
    const cubeAt = (at) => {
      if (cubes.has(at)) return { cube: cubes.get(at), owner: cubes.get(at).owner, draft: false };
      if (setup && setup.has(at)) return { cube: setup.get(at), owner: seat, draft: true };
      const sent = st.phase === 'setup' && !setup && st.private && st.private.setup && st.private.setup.find((q) => q.at === at);
      return sent ? { cube: sent, owner: seat, draft: true } : null;
    };
    const cubeLabel = (at) => {
      const shown = cubeAt(at);
      return shown ? cubeName(at, shown.cube, shown.owner, shown.draft) : at;
    };
    const hot = new Map(); // point -> [label, kind, action]
    const moves = legal.filter((m) => m.action === 'move');
    const attacks = legal.filter((m) => m.action === 'attack');
    const mineToPlay = new Set([...moves, ...attacks, ...legal.filter((m) => m.action === 'exchange')].map((m) => m.cube));

    if (st.phase === 'setup') {
      drawSetup(st, seat, legal, hot, cubeLabel);
    } else {
      if (!sel) {
        for (const at of mineToPlay) hot.set(at, [t('choose-it', { piece: cubeLabel(at) }), 'select', () => { sel = at; path = []; draw(); }]);
      } else {
        hot.set(sel, [t('selected-cancel', { piece: cubeLabel(sel) }), 'select', cancel]);
        const prefix = moves.filter((m) => m.cube === sel && path.every((p, i) => m.path[i] === p));
        for (const m of prefix) {
          const end = m.path[m.path.length - 1];
          if (m.path.length > path.length) {
            const next = m.path[path.length];
            if (next !== end && !hot.has(next)) hot.set(next, [t('trangouar-step-to', { to: next }), 'step', () => { path = [...path, next]; draw(); }]);
          }
        }
        for (const m of prefix) {
          const end = m.path[m.path.length - 1];
          hot.set(end, [t('trangouar-move-to', { from: sel, to: end }), 'target', () => send(m)]);
        }
        for (const m of attacks.filter((a) => a.cube === sel)) hot.set(m.target, [t('trangouar-attack', { target: cubeLabel(m.target), from: sel }), 'attack', () => send(m)]);
        // The path so far.
        if (path.length) {
          const pts = [sel, ...path].map(xy);
          svg.append(s('polyline', { points: pts.map((p) => p.join(',')).join(' '), class: 'path' }));
        }
      }
    }
    // Intersections (the clickable points) under the cubes.
    for (let y = 0; y < N; y++) {
      for (let x = 0; x < N; x++) {
        const at = name(x, y);
        const [px, py] = xy(at);
        const spot = hot.get(at);
        const g = s('g', { class: 'point', dataset: { at, key: `p-${at}` } }, s('circle', { cx: px, cy: py, r: 0.12, class: 'node' }));
        if (lastAt.has(at)) g.append(s('circle', { cx: px, cy: py, r: 0.48, class: 'last-ring' }));
        const shown = cubeAt(at);
        if (shown) {
          const corpse = shown.owner === null || shown.owner === undefined;
          const cls = shown.draft ? `draft ${editing === at ? 'editing' : ''}` : corpse ? 'corpse' : `seat${shown.owner}`;
          const drawn = cube(at, shown.cube, corpse ? null : paint(shown.owner), cls);
          drawn.setAttribute('role', 'img');
          drawn.setAttribute('aria-label', cubeName(at, shown.cube, shown.owner, shown.draft));
          drawn.dataset.piece = at;
          g.append(drawn);
        }
        if (spot) {
          const [label, kind, action] = spot;
          // The tap reaches halfway to the next intersections.
          g.prepend(hitArea(px, py, 0.5));
          g.append(s('circle', { cx: px, cy: py, r: 0.46, class: `hot hot-${kind}` }));
          actionable(g, label, kind === 'select' ? 'select' : 'target', action);
          if (kind === 'step') g.dataset.act = 'step';
        }
        if (sel === at) g.classList.add('selected');
        svg.append(g);
      }
    }
    drawPanel(st, seat, legal);
    fitTargets(svg);
    refocus(el, key);
    mount(info, st.zones.map((z, i) => {
      const alive = st.cubes.filter((c) => c.owner === i);
      const pearls = alive.reduce((a, c) => a + c.red + c.black + c.white, 0);
      return h('span', { class: `chip ${st.eliminated.includes(i) ? 'out' : ''}` },
        seatSwatch(paint(i)),
        t('trangouar-info', { who: ctx.nameOf(i), zone: compassShort(z), state: `${st.phase === 'setup' ? (st.ready[i] ? t('trangouar-ready') : t('trangouar-setting-up')) : t('trangouar-army', { count: alive.length, pearls })}${st.eliminated.includes(i) ? ` ${t('trangouar-out')}` : ''}` }));
    }), h('span', { class: 'muted small' }, `${PHASES[st.phase] ? PHASES[st.phase]() : st.phase} · ${t('trangouar-quiet-rounds', { count: st.quiet_rounds })}`));
  }

  function drawSetup(st, seat, legal, hot, cubeLabel) {
    // The draft is kept while the setup is on its way and if the server refuses it; it goes only
    // once the server has it (the seat is ready), and then the private setup is drawn instead.
    if (seat === null || st.ready[seat]) {
      setup = null;
      editing = null;
      return;
    }
    if (!legal.length) return;
    if (!setup) setup = new Map();
    for (const at of zoneCells(st.zones[seat])) {
      const has = setup.has(at);
      hot.set(at, [has ? t('trangouar-edit', { cube: cubeLabel(at) }) : t('trangouar-put', { at }), 'select', () => {
        if (!setup.has(at)) setup.set(at, { red: 1, black: 1, white: 1 });
        editing = at;
        draw();
      }]);
    }
  }

  function drawPanel(st, seat, legal) {
    const items = [];
    if (!opts.interactive || !legal.length) {
      if (st.phase === 'setup' && seat !== null && st.ready[seat]) items.push(h('span', { class: 'muted small' }, t('trangouar-setup-in')));
      mount(panel, items);
      return;
    }
    if (st.phase === 'setup') {
      const total = [...setup.values()].reduce((a, c) => a + c.red + c.black + c.white, 0);
      items.push(h('p', { class: 'small' }, t('trangouar-setup-intro', { zone: compassShort(st.zones[seat]) }), ' ', h('strong', { id: 'pearl-total' }, `${total}/27`), ' ', t('trangouar-on-cubes', { count: setup.size })));
      items.push(legend());
      const examples = legal.filter((m) => m.action === 'setup');
      items.push(h('div', { class: 'examples' }, examples.map((m, i) => button(t('trangouar-example', { n: i + 1, count: m.cubes.length }), () => {
        setup = new Map(m.cubes.map((c) => [c.at, { red: c.red, black: c.black, white: c.white }]));
        editing = null;
        draw();
      }, { class: 'small', dataset: { example: i } }))));
      if (editing && setup.has(editing)) {
        const c = setup.get(editing);
        const fieldWords = { red: () => t('pearl-field-red'), black: () => t('pearl-field-black'), white: () => t('pearl-field-white') };
        const field = (colourName) => h('label', { class: 'pearl-field' }, `${fieldWords[colourName]()} `, h('input', {
          type: 'number', min: 0, max: 9, value: c[colourName], id: `pearl-${colourName}`,
          onchange: (e) => { c[colourName] = Math.max(0, Number(e.target.value) || 0); draw(); },
        }));
        items.push(h('div', { class: 'cube-edit' }, h('strong', {}, t('trangouar-cube-on', { at: editing }), ' '), field('red'), field('black'), field('white'),
          button(t('trangouar-remove-cube'), () => { setup.delete(editing); editing = null; draw(); }, { class: 'small' })));
      }
      const problems = setupProblems(setup, total, ctx.options ? ctx.options() : {});
      items.push(button(t('trangouar-submit'), () => {
        const cubesOut = [...setup.entries()].map(([at, c]) => ({ at, red: c.red, black: c.black, white: c.white }));
        cubesOut.sort((a, b) => parse(a.at)[1] - parse(b.at)[1] || parse(a.at)[0] - parse(b.at)[0]);
        ctx.send({ action: 'setup', cubes: cubesOut });
      }, { class: 'primary', id: 'submit-setup', disabled: problems.length > 0 }));
      if (problems.length) items.push(h('ul', { class: 'small problems', id: 'setup-problems' }, problems.map((p) => h('li', {}, p))));
      mount(panel, items);
      return;
    }
    if (st.phase === 'lose') {
      const p = st.pending_loss;
      items.push(h('p', { class: 'small' }, t('trangouar-lost-fight', { cube: p.cube, count: p.count })));
      items.push(h('div', { class: 'examples' }, legal.filter((m) => m.action === 'lose').map((m) => {
        const count = { red: (n) => t('pearl-count-red', { count: n }), black: (n) => t('pearl-count-black', { count: n }), white: (n) => t('pearl-count-white', { count: n }) };
        const parts = ['red', 'black', 'white'].filter((k) => m.pearls[k]).map((k) => count[k](m.pearls[k]));
        return button(t('trangouar-lose', { pearls: parts.join(', ') }), () => send(m), { class: 'small', dataset: { act: 'target' } });
      })));
      mount(panel, items);
      return;
    }
    items.push(legend());
    items.push(h('span', { class: 'muted small' }, sel ? (path.length ? t('trangouar-path', { path: `${sel}→${path.join('→')}` }) : t('trangouar-hint-selected')) : t('trangouar-hint')));
    if (sel) {
      const exchanges = legal.filter((m) => m.action === 'exchange' && m.cube === sel);
      if (exchanges.length) {
        const select = h('select', { id: 'exchange', 'aria-label': t('trangouar-new-colours') }, exchanges.map((m, i) => h('option', { value: i }, pearlWords(m))));
        items.push(h('span', { class: 'exchange' }, t('trangouar-recolour-to'), ' ', select, button(t('trangouar-recolour'), () => send(exchanges[Number(select.value)]), { class: 'small' })));
      }
      items.push(button(t('cancel'), cancel, { id: 'cancel' }));
    }
    const nothing = legal.find((m) => m.action === 'nothing');
    if (nothing) items.push(button(t('trangouar-do-nothing'), () => send(nothing), { id: 'nothing' }));
    mount(panel, items);
  }

  function send(m) {
    sel = null;
    path = [];
    ctx.send(m);
  }

  return {
    update(v, o) {
      if (!view || v.version !== view.version) {
        sel = null;
        path = [];
        if (v.state.phase !== 'setup') {
          setup = null;
          editing = null;
        }
      }
      view = v;
      opts = o;
      draw();
      // A cube that moved slides from where it stood.
      if (o.animate) moving.start(v.version);
      const t = moving.elapsed(v.version);
      for (const ev of (t !== null && o.lastEvents) || []) {
        if (ev.kind !== 'move') continue;
        const [ax, ay] = xy(ev.cube);
        const [bx, by] = xy(ev.to);
        slide(svg.querySelector(`.cube[data-at="${ev.to}"]`), ax - bx, ay - by, t);
      }
    },
  };
}

