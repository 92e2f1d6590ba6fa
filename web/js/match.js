//! The match page (/m/ID): players, result, the move list, a replay slider over every ply (each
//! position from /matches/{id}/state?ply=n, drawn by the game's board, read-only), and the fair-RNG
//! commitment, with the seed once the match has ended (checked against the commitment here when
//! the browser can hash).

import { api, games } from './api.js';
import { h, mount } from './dom.js';
import { t, errText, dateTime } from './i18n.js';
import { gameName, gameTitle, resultText, reasonText, sidesOf, forfeitWord } from './events.js';
import { clockText } from './clock.js';
import { flipButton } from './board.js';
import { gameOf, boardFor } from './games/index.js';
import { moveEvents } from './last-move.js';
import { moveList } from './move-list.js';
import { breakdown } from './breakdown.js';
import { optionLabel, valueLabel, appliesTo, serverWords } from './options.js';
import { profileLink, matchPlayerName } from './ratings.js';
import { seatLevel } from './bots.js';
import { icon } from './icons.js';

/** A match's status in words. */
function statusText(status) {
  switch (status) {
    case 'playing': return t('status-playing');
    case 'finished': return t('status-finished');
    case 'aborted': return t('status-aborted');
    case 'abandoned': return t('status-abandoned');
    default: return String(status);
  }
}

export async function matchPage(main, id) {
  mount(main, h('p', { class: 'muted' }, t('match-loading')));
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
    mount(main, h('div', { class: 'card narrow' }, h('h1', {}, t('match-not-found')), h('p', {}, e.status === 404 ? t('match-not-found-text') : errText(e)), h('a', { href: '/', 'data-nav': '' }, t('home'))));
    return null;
  }
  const nameOf = (seat) => matchPlayerName(m.players[seat], seat, m.players);
  const boardBox = h('div', { class: 'board-box', id: 'board' });
  const slider = h('input', { type: 'range', min: 0, max: m.plies, value: m.plies, id: 'ply', 'aria-label': t('match-move') });
  const plyLabel = h('output', { for: 'ply', id: 'ply-label' });
  const rng = h('div', { class: 'rng', id: 'rng' });
  const optionsList = h('ul', { class: 'small', id: 'match-options' });
  games().then((catalog) => {
    const g = catalog.find((x) => x.id === m.game) || { options: {} };
    const specs = g.options;
    mount(optionsList, Object.entries(m.options || {}).filter(([k]) => appliesTo(specs[k] || {}, m.players.length)).map(([k, v]) => {
      const spec = specs[k] || {};
      const server = serverWords(g, k);
      const shown = v === null ? t('create-no-limit') : typeof v === 'boolean' ? (v ? t('yes') : t('no')) : spec.type === 'enum' ? valueLabel(spec, v, server) : String(v);
      return h('li', {}, t('option-value', { option: optionLabel(k, spec, server), value: shown }));
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
  // A move tapped in the list: its position, and the board brought back into view (on a phone the
  // list is far below it).
  const pick = (ply) => {
    setPly(ply);
    const r = boardBox.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) boardBox.scrollIntoView({ block: 'start' });
  };
  const moves = moveList({ id: 'moves', game: () => m.game, nameOf, players: () => m.players.length, onPick: pick });
  moves.add(m.moves);
  const breakdownBox = h('div', { id: 'match-breakdown' });

  const setPly = async (n) => {
    want = n;
    slider.value = String(n);
    plyLabel.textContent = n === 0 ? t('replay-start', { count: m.plies }) : t('replay-move', { n, count: m.plies });
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
      boardBox.append(h('p', { class: 'error' }, errText(e)));
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

  const status = statusText(m.status);
  // What chance does in the game, for the heading of the seed panel.
  const game = gameOf(m.game);
  const chance = game && game.chance ? game.chance(m.options || {}, m.players.length) : null;
  mount(
    main,
    h('div', { class: 'match', id: 'match', dataset: { status: m.status } },
      h('div', { class: 'room-head' },
        h('h1', {}, t('match-title', { game: gameTitle(m.game, m.options) })),
        h('p', { class: 'muted' }, [m.room ? t('match-room', { code: m.room }) : t('match-private-room'), t('match-started', { at: dateTime(m.started_at) }), m.ended_at ? t('match-ended', { at: dateTime(m.ended_at) }) : null, status, m.clock ? t('match-clock', { clock: clockText(m.clock) }) : null].filter(Boolean).join(' · '))),
      h('div', { class: 'room-grid' },
        h('section', { class: 'play' },
          h('p', { class: 'result', id: 'match-result' }, m.result ? resultText(m.result, nameOf) : m.status === 'playing' && m.room ? h('a', { href: `/r/${m.room}`, 'data-nav': '' }, t('match-live')) : m.status === 'playing' ? t('match-being-played') : t('match-no-result')),
          h('div', { class: 'replay' },
            // First, previous, next, last: the keys' steps, for fingers.
            h('button', { type: 'button', onclick: () => setPly(0), 'aria-label': t('replay-first'), title: t('replay-first'), id: 'first' }, icon('first')),
            h('button', { type: 'button', onclick: () => setPly(Math.max(0, want - 1)), 'aria-label': t('replay-previous'), title: t('replay-previous'), id: 'prev' }, icon('prev')),
            slider,
            h('button', { type: 'button', onclick: () => setPly(Math.min(m.plies, want + 1)), 'aria-label': t('replay-next'), title: t('replay-next'), id: 'next' }, icon('next')),
            h('button', { type: 'button', onclick: () => setPly(m.plies), 'aria-label': t('replay-last'), title: t('replay-last'), id: 'last' }, icon('last')),
            plyLabel, flip.el),
          h('p', { class: 'small muted keys-hint' }, t('replay-keys')),
          boardBox,
          breakdownBox),
        h('aside', { class: 'side' },
          h('section', { class: 'card' }, h('h2', {}, t('label-players')), h('ul', { class: 'seats', id: 'players' }, m.players.map((p) => h('li', { class: 'seat' },
            p.id ? profileLink(p) : matchPlayerName(p, p.seat, m.players), p.bot ? h('span', { class: 'tag bot-level' }, seatLevel(p) || t('tag-bot')) : null, m.result && m.result.winners.includes(p.seat) ? h('span', { class: 'tag' }, t('tag-winner')) : null,
            forfeitTag(m, p.seat),
            m.result && m.result.scores ? h('span', { class: 'muted' }, ` ${m.result.scores[p.seat]}`) : null)))),
          h('section', { class: 'card' }, h('h2', {}, t('match-moves', { count: m.plies })), moves.el),
          // A game without luck keeps its seed too, folded away: its hashes say nothing to a player.
          chance
            ? h('section', { class: 'card', id: 'chance' }, h('h2', {}, chance), rng)
            : h('section', { class: 'card', id: 'chance' }, h('details', {}, h('summary', {}, t('chance-seed')), h('p', { class: 'small muted' }, t('chance-none', { game: gameName(m.game) })), rng)),
          m.options && Object.keys(m.options).length ? h('section', { class: 'card' }, h('h2', {}, t('create-options')), optionsList) : null,
        ))),
  );

  const commit = h('code', { class: 'hash', id: 'commitment' }, m.rng.commitment);
  const items = [h('p', { class: 'small' }, t('rng-commitment'), ' '), commit];
  if (m.rng.seed) {
    const check = h('p', { class: 'small', id: 'seed-check' }, t('rng-checking'));
    items.push(h('p', { class: 'small' }, t('rng-seed'), ' '), h('code', { class: 'hash', id: 'seed' }, m.rng.seed), check);
    verify(m.rng.seed, m.rng.commitment).then((ok) => {
      if (ok === null) check.textContent = t('rng-cannot-hash');
      else mount(check, icon(ok ? 'check' : 'cross'), ' ', ok ? t('rng-matches') : t('rng-does-not-match'));
      check.className = ok === false ? 'error small' : 'small';
    });
  } else {
    items.push(h('p', { class: 'small muted' }, t('rng-later')));
  }
  mount(rng, items);
  if (m.result) rng.append(h('p', { class: 'small muted' }, t('rng-ended', { reason: reasonText(m.result.reason) })));
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
