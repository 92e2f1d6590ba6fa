//! The Pinuid board: 8×8 chequered squares from the view's board string (Classic or Quatro).
//! Playing: pick a piece, then a lit square; when the step makes lines, pick the piece to remove
//! for each (only the removal sets in `you.legal` light up). A re-entry is one lit back-row square.

import { s, h, mount, actionable, focusedKey, refocus } from '../../dom.js';
import { shell, button, seatSwatch, pieceMark, pieceName, slide, motion } from '../../board.js';
import { seatPaints } from './index.js';
import { t } from '../../i18n.js';
import { gameTitle } from '../../events.js';

const FILES = 'abcdefgh';
const N = 8;

export function create(el, ctx) {
  let view = null;
  let opts = {};
  const moving = motion();
  let from = null;
  let to = null;
  let removing = [];
  const cancel = () => {
    from = null;
    to = null;
    removing = [];
    draw();
  };
  const { svg, panel, info } = shell(el, '-0.6 -0.2 8.8 8.8', 'pinuid', cancel);

  const flipped = () => view.you && view.you.seat === 1 && view.state.variant === 'classic';
  function xy(name) {
    const x = FILES.indexOf(name[0]);
    const y = Number(name.slice(1)) - 1;
    return flipped() ? [N - 1 - x, y] : [x, N - 1 - y];
  }
  const paint = (seat) => seatPaints(seat, view.state.players, { variant: view.state.variant })[0];

  function draw() {
    const key = focusedKey(svg);
    const st = view.state;
    const legal = (opts.interactive && view.you && view.you.legal) || [];
    mount(svg);
    // What the board looks like with the chosen step made (a preview while removals are chosen).
    const occ = {};
    for (let k = 0; k < N * N; k++) if (st.board[k] !== '.') occ[`${FILES[k % N]}${Math.floor(k / N) + 1}`] = Number(st.board[k]);
    if (from && to) {
      occ[to] = occ[from];
      delete occ[from];
    }
    const steps = legal.filter((m) => m.action === 'move');
    const reentries = legal.filter((m) => m.action === 'reenter');
    const candidates = from && to ? steps.filter((m) => m.from === from && m.to === to && removing.every((r) => m.remove.includes(r))) : [];
    const selectable = new Set(from ? [] : steps.map((m) => m.from));
    const targets = new Map();
    if (from && !to) for (const m of steps.filter((m) => m.from === from)) targets.set(m.to, m);
    if (!from) for (const m of reentries) targets.set(m.to, m);
    const removable = new Set();
    for (const m of candidates) for (const r of m.remove) if (!removing.includes(r)) removable.add(r);
    const last = st.last && st.last.move;
    const lastFrom = last && last.from;
    const lastTo = last && last.to;
    const lines = new Set();
    for (const ev of opts.lastEvents || []) if (ev.kind === 'line') ev.squares.forEach((q) => lines.add(q));

    for (let y = 1; y <= N; y++) {
      for (let x = 0; x < N; x++) {
        const name = `${FILES[x]}${y}`;
        const [px, py] = xy(name);
        const dark = (x + y - 1) % 2 === 0;
        const cls = ['sq', dark ? 'dark' : 'light'];
        if (name === lastTo) cls.push('last');
        else if (name === lastFrom) cls.push('last-from');
        if (lines.has(name)) cls.push('line');
        const g = s('g', { dataset: { sq: name, key: `sq-${name}` } }, s('rect', { x: px, y: py, width: 1, height: 1, class: cls.join(' ') }));
        const seat = occ[name];
        const piece = seat === undefined ? null : pieceName(t('piece-piece', { colour: String(paint(seat).name) }), ctx.nameOf(seat), name);
        if (seat !== undefined) {
          const { colour, mark } = paint(seat);
          g.append(s('circle', { cx: px + 0.5, cy: py + 0.5, r: 0.36, class: `piece ${removing.includes(name) ? 'doomed' : ''}`, fill: colour, role: 'img', 'aria-label': piece, dataset: { piece: name } }));
          g.append(pieceMark(mark, colour, px + 0.5, py + 0.5, 0.12));
        }
        if (name === from) g.classList.add('selected');
        if (removing.includes(name)) {
          g.classList.add('selected');
          actionable(g, t('pinuid-keep', { piece }), 'select', () => {
            removing = removing.filter((r) => r !== name);
            draw();
          });
        } else if (selectable.has(name)) {
          // "You can move this": a dashed ring in a colour no seat plays (see the styles).
          g.append(s('circle', { cx: px + 0.5, cy: py + 0.5, r: 0.44, class: 'movable-halo', 'aria-hidden': 'true' }));
          g.append(s('circle', { cx: px + 0.5, cy: py + 0.5, r: 0.44, class: 'movable', 'aria-hidden': 'true' }));
          actionable(g, t('pinuid-choose', { piece }), 'select', () => {
            from = name;
            draw();
          });
        } else if (targets.has(name)) {
          const m = targets.get(name);
          g.append(s('circle', { cx: px + 0.5, cy: py + 0.5, r: 0.16, class: 'dot' }));
          actionable(g, m.action === 'reenter' ? t('pinuid-reenter-on', { square: name }) : t('pinuid-move-to', { from, to: name }), 'target', () => {
            if (m.action === 'reenter') return send(m);
            to = name;
            const options = steps.filter((c) => c.from === from && c.to === to);
            if (options.length === 1) return send(options[0]);
            draw();
          });
        } else if (removable.has(name)) {
          g.append(s('circle', { cx: px + 0.5, cy: py + 0.5, r: 0.42, class: 'ring' }));
          actionable(g, t('pinuid-remove', { piece }), 'target', () => {
            removing = [...removing, name];
            const done = candidates.find((c) => c.remove.length === removing.length && removing.every((r) => c.remove.includes(r)));
            if (done) return send(done);
            draw();
          });
        } else if (name === from) {
          actionable(g, t('selected-cancel', { piece: piece || name }), 'select', cancel);
        }
        svg.append(g);
      }
    }
    // Coordinates.
    for (let i = 0; i < N; i++) {
      const [fx] = xy(`${FILES[i]}1`);
      svg.append(s('text', { x: fx + 0.5, y: 8.45, class: 'coord', 'text-anchor': 'middle' }, FILES[i]));
      const [, ry] = xy(`a${i + 1}`);
      svg.append(s('text', { x: -0.3, y: ry + 0.6, class: 'coord', 'text-anchor': 'middle' }, String(i + 1)));
    }
    refocus(svg, key);
    const items = [];
    if (opts.interactive) {
      let hint = reentries.length ? t('pinuid-hint-reenter') : t('pinuid-hint');
      if (from && !to) hint = t('pinuid-hint-move', { from });
      if (to) {
        // One piece comes off per line the step makes.
        const lines = candidates[0] ? candidates[0].remove.length : 1;
        hint = t('pinuid-hint-lines', { from, to, count: lines });
      }
      items.push(h('span', { class: 'muted small' }, hint));
      if (from) items.push(button(t('cancel'), cancel, { id: 'cancel' }));
    }
    mount(panel, items);
    mount(info, Array.from({ length: st.players }, (_, seat) => h('span', { class: `chip ${st.eliminated[seat] ? 'out' : ''}` },
      seatSwatch(paint(seat)),
      st.eliminated[seat] ? t('pinuid-info-out', { who: ctx.nameOf(seat), count: st.pieces[seat], removed: st.removed[seat] }) : t('pinuid-info', { who: ctx.nameOf(seat), count: st.pieces[seat], removed: st.removed[seat] }))),
    h('span', { class: 'muted small' }, `${gameTitle('pinuid', { variant: st.variant })} · ${t('pinuid-without-removal', { count: st.plies_without_removal })}`));
  }

  function send(m) {
    from = null;
    to = null;
    removing = [];
    ctx.send(m);
  }

  return {
    update(v, o) {
      if (!view || v.version !== view.version) {
        from = null;
        to = null;
        removing = [];
      }
      view = v;
      opts = o;
      draw();
      // The last step's piece slides from its square (the state keeps the last move).
      if (o.animate) moving.start(v.version);
      const t = moving.elapsed(v.version);
      const last = t !== null && v.state.last && v.state.last.move;
      if (last && last.from && last.to) {
        const [ax, ay] = xy(last.from);
        const [bx, by] = xy(last.to);
        slide(svg.querySelector(`[data-sq="${last.to}"] .piece`), ax - bx, ay - by, t);
      }
    },
  };
}
