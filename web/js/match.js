//! The match page (/m/ID): players, result, the move list, a replay slider over every ply (each
//! position from /matches/{id}/state?ply=n, drawn by the game's board, read-only), and the fair-RNG
//! commitment, with the seed once the match has ended (checked against the commitment here when
//! the browser can hash).

import { api, games } from './api.js';
import { h, mount, fmtTime, plural } from './dom.js';
import { gameName, gameTitle, resultText, reasonText, sidesOf, forfeitWord } from './events.js';
import { clockText } from './clock.js';
import { boardFor, flipButton } from './boards/index.js';
import { moveEvents } from './last-move.js';
import { moveList } from './move-list.js';
import { breakdown } from './breakdown.js';
import { optionLabel, valueLabel, appliesTo } from './options.js';
import { profileLink } from './ratings.js';
import { seatLevel } from './bots.js';
import { icon } from './icons.js';

/** What chance does in each game, for the heading of the seed panel. */
const CHANCE = { triominos: 'Fair shuffle', trangouar: 'Fair coin flips', 'groups-of-three': 'Fair dice', pinuid: 'Fair randomness' };

export async function matchPage(main, id) {
  mount(main, h('p', { class: 'muted' }, 'Loading the match…'));
  let m;
  try {
    m = await api('GET', `/matches/${id}`);
    // Moves come in pages (1,000 at most): follow them to the last.
    while (m.next_from_ply != null) {
      const page = await api('GET', `/matches/${id}?from_ply=${m.next_from_ply}`);
      m.moves.push(...page.moves);
      m.next_from_ply = page.next_from_ply;
    }
  } catch (e) {
    mount(main, h('div', { class: 'card narrow' }, h('h1', {}, 'Match not found'), h('p', {}, e.status === 404 ? 'This match does not exist: check the link.' : e.message), h('a', { href: '/', 'data-nav': '' }, 'Home')));
    return null;
  }
  const nameOf = (seat) => (m.players[seat] ? m.players[seat].name : `Seat ${seat + 1}`);
  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const slider = h('input', { type: 'range', min: 0, max: m.plies, value: m.plies, id: 'ply', 'aria-label': 'Move' });
  const plyLabel = h('output', { for: 'ply', id: 'ply-label' });
  const rng = h('div', { class: 'rng', id: 'rng' });
  const optionsList = h('ul', { class: 'small', id: 'match-options' });
  games().then((catalog) => {
    const specs = (catalog.find((g) => g.id === m.game) || { options: {} }).options;
    mount(optionsList, Object.entries(m.options || {}).filter(([k]) => appliesTo(k, m.players.length)).map(([k, v]) => {
      const spec = specs[k] || {};
      const shown = v === null ? 'no limit' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : spec.type === 'enum' ? valueLabel(spec, v) : String(v);
      return h('li', {}, `${optionLabel(k, spec, m.game)}: ${shown}`);
    }));
  }).catch(() => {});
  let board = null;
  let destroyed = false;
  let want = m.plies;
  let shown = null;
  let loading = false;
  const flip = flipButton(boardBox, () => m.game);
  flip.sync();
  const byPly = new Map(m.moves.map((mv) => [mv.ply, mv]));
  const moves = moveList({ id: 'moves', game: () => m.game, nameOf, onPick: (ply) => setPly(ply) });
  moves.add(m.moves);
  const breakdownBox = h('div', { id: 'match-breakdown' });

  const setPly = async (n) => {
    want = n;
    slider.value = String(n);
    plyLabel.textContent = n === 0 ? `Start · ${plural(m.plies, 'move')} in all` : `Move ${n} of ${m.plies}`;
    moves.mark(n);
    if (loading) return;
    loading = true;
    try {
      while (!destroyed) {
        const target = want;
        const state = await api('GET', `/matches/${id}/state?ply=${target}`);
        if (destroyed) return;
        if (!board) {
          board = await boardFor(state.view.game, boardBox, { send() {}, nameOf, players: () => m.players.length, hint() {} });
          // The teams (Abalone with 4) are in the game's state: the result says them once known.
          const resultLine = document.getElementById('match-result');
          if (m.result && sidesOf(state.view) && resultLine) resultLine.textContent = resultText(m.result, nameOf, sidesOf(state.view));
        }
        // The last move marked, and slid in when stepping forward by one.
        const animate = shown !== null && target === shown + 1;
        board.update(state.view, { interactive: false, lastEvents: moveEvents(m.game, byPly.get(target) && byPly.get(target).move), animate });
        shown = target;
        boardBox.dataset.ply = String(target);
        if (target === m.plies && m.result && !breakdownBox.firstChild) {
          const b = breakdown({ game: m.game, result: m.result, view: state.view, seats: m.players.length, nameOf, levelOf: (seat) => seatLevel(m.players[seat]) });
          if (b) breakdownBox.append(b);
        }
        if (want === target) break;
      }
    } catch (e) {
      boardBox.append(h('p', { class: 'error' }, e.message));
    } finally {
      loading = false;
    }
  };
  slider.addEventListener('input', () => setPly(Number(slider.value)));

  // Arrow keys step through the replay: ← → one ply, Home and End the first and last (the slider
  // does the same by itself when it has the focus; text fields keep their keys).
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.target === slider || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
    const to = { ArrowLeft: want - 1, ArrowRight: want + 1, Home: 0, End: m.plies }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    setPly(Math.max(0, Math.min(m.plies, to)));
  };
  document.addEventListener('keydown', onKey);

  const status = m.status === 'playing' ? 'in play' : m.status;
  mount(
    main,
    h('div', { class: 'match', id: 'match', dataset: { status: m.status } },
      h('div', { class: 'room-head' },
        h('h1', {}, `${gameTitle(m.game, m.options)} · match`),
        h('p', { class: 'muted' }, `${m.room ? `Room ${m.room}` : 'A private room'} · started ${fmtTime(m.started_at)}${m.ended_at ? ` · ended ${fmtTime(m.ended_at)}` : ''} · ${status}${m.clock ? ` · clock: ${clockText(m.clock)}` : ''}`)),
      h('div', { class: 'room-grid' },
        h('section', { class: 'play' },
          h('p', { class: 'result', id: 'match-result' }, m.result ? resultText(m.result, nameOf) : m.status === 'playing' && m.room ? h('a', { href: `/r/${m.room}`, 'data-nav': '' }, 'Live now: watch or play in the room') : m.status === 'playing' ? 'Being played now.' : 'No result.'),
          h('div', { class: 'replay' },
            h('button', { type: 'button', onclick: () => setPly(Math.max(0, want - 1)), 'aria-label': 'Previous move', id: 'prev' }, icon('prev')),
            slider,
            h('button', { type: 'button', onclick: () => setPly(Math.min(m.plies, want + 1)), 'aria-label': 'Next move', id: 'next' }, icon('next')),
            plyLabel, flip.el),
          h('p', { class: 'small muted keys-hint' }, 'Keys: ← → step, Home and End go to the start and the end.'),
          boardBox,
          breakdownBox),
        h('aside', { class: 'side' },
          h('section', { class: 'card' }, h('h2', {}, 'Players'), h('ul', { class: 'seats', id: 'players' }, m.players.map((p) => h('li', { class: 'seat' },
            p.id ? profileLink(p) : p.name, p.bot ? h('span', { class: 'tag bot-level' }, seatLevel(p) || 'bot') : null, m.result && m.result.winners.includes(p.seat) ? h('span', { class: 'tag' }, 'winner') : null,
            forfeitTag(m, p.seat),
            m.result && m.result.scores ? h('span', { class: 'muted' }, ` ${m.result.scores[p.seat]}`) : null)))),
          h('section', { class: 'card' }, h('h2', {}, `Moves (${m.plies}, by turn)`), moves.el),
          h('section', { class: 'card' }, h('h2', {}, CHANCE[m.game] || 'Match seed'), CHANCE[m.game] ? null : h('p', { class: 'small muted' }, `${gameName(m.game)} has no luck in it; the seed is kept for every match all the same.`), rng),
          m.options && Object.keys(m.options).length ? h('section', { class: 'card' }, h('h2', {}, 'Options'), optionsList) : null,
        ))),
  );

  const commit = h('code', { class: 'hash', id: 'commitment' }, m.rng.commitment);
  const items = [h('p', { class: 'small' }, 'Commitment (SHA-256 of the seed, published at the start): '), commit];
  if (m.rng.seed) {
    const check = h('p', { class: 'small', id: 'seed-check' }, 'Checking…');
    items.push(h('p', { class: 'small' }, 'Seed (revealed at the end): '), h('code', { class: 'hash', id: 'seed' }, m.rng.seed), check);
    verify(m.rng.seed, m.rng.commitment).then((ok) => {
      if (ok === null) check.textContent = 'This browser cannot hash here; check with: echo -n SEED | xxd -r -p | sha256sum';
      else mount(check, icon(ok ? 'check' : 'cross'), ok ? ' The seed matches the commitment.' : ' The seed does NOT match the commitment.');
      check.className = ok === false ? 'error small' : 'small';
    });
  } else {
    items.push(h('p', { class: 'small muted' }, 'The seed is revealed when the match ends.'));
  }
  mount(rng, items);
  if (m.result) rng.append(h('p', { class: 'small muted' }, `Ended: ${reasonText(m.result.reason)}.`));
  setPly(m.plies);
  return {
    destroy() {
      destroyed = true;
      document.removeEventListener('keydown', onKey);
    },
  };
}

/** "resigned", "out of time" or "left" beside a player who forfeited. */
function forfeitTag(m, seat) {
  const f = (m.forfeited || (m.result && m.result.forfeited) || []).find((x) => x.seat === seat);
  return f ? h('span', { class: 'tag out' }, forfeitWord(f.reason)) : null;
}

async function verify(seedHex, commitment) {
  if (!crypto.subtle) return null;
  try {
    const bytes = new Uint8Array(seedHex.match(/../g).map((b) => parseInt(b, 16)));
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    return hex === commitment.toLowerCase();
  } catch {
    return null;
  }
}
