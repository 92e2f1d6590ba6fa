//! The room's play area, drawn from the room model: whose turn it is (and the "your turn" alert of
//! attention.js), the clocks, the board of the game with the last move marked and slid in, the
//! "Last:" line, Flip board, and the board sized to the window. The board lights up only what the
//! view lists as legal, and only while no move of this page waits for its answer. `lookAt(ply)`
//! shows an earlier position instead (from the move list), read-only, until "Back to the game".

import { h, mount } from './dom.js';
import { api } from './api.js';
import { moveEvents } from './last-move.js';
import { setTurn, clearTurn } from './attention.js';
import { describeEvent, gameName, forfeitWord } from './events.js';
import { movedSomething } from './room-model.js';
import { clockStrip } from './clock.js';
import { flipButton } from './board.js';
import { boardFor } from './games/index.js';
import { t, errText } from './i18n.js';

export function roomBoard(model, { say, onLook = () => {} }) {
  const { st } = model;
  const turn = h('p', { class: 'turn', id: 'turn', role: 'status', 'aria-live': 'polite' });
  const last = h('p', { class: 'last muted', id: 'last-move' });
  const clocksBox = h('ul', { class: 'clocks', id: 'clocks', 'aria-label': t('room-clocks'), hidden: true });
  const box = h('div', { class: 'board-box', id: 'board' }, h('p', { class: 'muted waiting-note' }, t('room-not-started')));
  const flip = flipButton(box, () => (st.room && st.room.game) || '');
  const clocks = clockStrip(clocksBox, {
    nameOf: model.nameOf,
    setting: () => st.room && st.room.clock,
    forfeit: (seat) => {
      const f = model.forfeitOf(seat);
      return f && { reason: f.reason, tag: forfeitWord(f.reason) };
    },
  });
  let board = null;
  let boardPromise = null;
  let boardGame = null;
  /** The earlier position shown instead of the game (`{ply, view, move}`), or null. */
  let looking = null;
  const backButton = h('button', { type: 'button', class: 'small', id: 'back-to-game', onclick: () => backToGame() }, t('room-back-to-game'));
  const lookBar = h('p', { class: 'looking', id: 'looking-back', role: 'status', hidden: true });

  model.on('change', ({ match, view }) => {
    // Only a new view brings new clock figures: a redraw for another reason must not restart them.
    if (view) clocks.set((st.view && st.view.clock) || null);
    if (st.room) {
      flip.sync();
      renderTurn();
      if (model.over()) clocks.stop();
    }
    if (match) renderBoard();
  });

  function renderTurn() {
    const v = st.view;
    if (!v) {
      turn.textContent = st.room && st.room.status === 'waiting' ? waitingText(st.room, model.me.id) : '';
      return;
    }
    const mine = model.canAct();
    setTurn(mine && !st.pending && !st.result, gameName(v.game));
    turn.classList.toggle('mine', mine);
    const out = v.you && model.forfeitOf(v.you.seat);
    if (st.result || v.result) {
      turn.textContent = t('turn-over');
    } else if (out) {
      turn.textContent = t('turn-out', { why: forfeitWord(out.reason) });
    } else if (st.pending) {
      turn.textContent = t('turn-sending');
    } else if (mine) {
      const others = v.to_move.filter((s) => s !== v.you.seat);
      turn.textContent = others.length ? t('turn-yours-with', { names: others.map(model.nameOf).join(', ') }) : t('turn-yours');
    } else {
      turn.textContent = v.to_move.length ? t('turn-waiting-for', { names: v.to_move.map(model.nameOf).join(', ') }) : t('turn-waiting-nobody');
    }
  }

  async function renderBoard() {
    const v = st.view;
    if (!v) return;
    if (!boardPromise || boardGame !== v.game) {
      boardGame = v.game;
      mount(box);
      boardPromise = boardFor(v.game, box, {
        send: model.sendMove,
        nameOf: model.nameOf,
        players: model.players,
        options: () => (st.room && st.room.options) || {},
        hint: (text) => say(text, 'info'),
      });
    }
    board = await boardPromise;
    if (st.destroyed || !st.view) return;
    if (looking) {
      showLooking();
      renderTurn();
      return;
    }
    const latest = st.lastEvents.map((e) => describeEvent(st.view.game, e, model.nameOf)).filter(Boolean);
    // "Last move:" only for a move; a resignation or an agreed draw is said as it is.
    const said = latest.join(' · ');
    last.textContent = !latest.length ? '' : movedSomething(st.lastEvents) ? t('last-move', { events: said }) : said;
    board.update(st.view, {
      interactive: model.canAct() && !st.pending && !st.result,
      lastEvents: st.markEvents,
      animate: model.takeSlide(),
    });
    fit();
    renderTurn();
  }

  /**
   * Shows the position after `ply` (read from the match's history, as a spectator sees it: no
   * rack), read-only, with the move that made it marked; the last ply is the game itself.
   */
  async function lookAt(ply) {
    if (!st.matchId || !st.view) return;
    if (ply >= st.view.ply) {
      backToGame();
      return;
    }
    try {
      const state = await api('GET', `/matches/${st.matchId}/state?ply=${ply}`);
      if (st.destroyed) return;
      // The move that made it, from the list of moves the frames brought (room-model.js).
      const record = ply > 0 ? st.moves[ply - 1] : null;
      const move = record && record.ply === ply ? record.move : null;
      looking = { ply, view: state.view, move };
      onLook(ply);
      await renderBoard();
    } catch (e) {
      say(e.status === 404 ? t('position-unreadable') : errText(e));
    }
  }

  function backToGame() {
    if (!looking) return;
    looking = null;
    lookBar.hidden = true;
    onLook(null);
    renderBoard();
  }

  function showLooking() {
    const now = st.view.ply;
    mount(lookBar, looking.ply === 0 ? t('looking-start', { now }) : t('looking-move', { ply: looking.ply, now }), ' ', backButton);
    lookBar.hidden = false;
    board.update(looking.view, { interactive: false, lastEvents: moveEvents(st.view.game, looking.move), animate: false });
    fit();
  }

  /** Escape goes back to the game from an earlier position. */
  const onKey = (e) => {
    if (e.key === 'Escape' && looking) backToGame();
  };
  document.addEventListener('keydown', onKey);

  /**
   * On a wide screen the board takes what is left of the window under the status and controls,
   * so that the whole board is on the first screen with them; on a phone it takes the width.
   */
  function fit() {
    const svg = box.querySelector('svg.board-svg');
    if (!svg) return;
    if (window.innerWidth <= 820) {
      svg.style.maxHeight = '';
      return;
    }
    const top = svg.getBoundingClientRect().top + window.scrollY;
    svg.style.maxHeight = `${Math.max(280, window.innerHeight - top - 16)}px`;
  }
  window.addEventListener('resize', fit);
  /** The bar above the board grows and shrinks (clocks shown, a notice): the board follows it. */
  let barWatch = null;
  function fitUnder(bar) {
    barWatch = new ResizeObserver(() => fit());
    barWatch.observe(bar);
  }

  return {
    turn,
    clocks: clocksBox,
    flip: flip.el,
    last,
    box,
    lookBar,
    lookAt,
    fitUnder,
    destroy() {
      if (barWatch) barWatch.disconnect();
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', fit);
      clearTurn();
      clocks.destroy();
      if (board && board.destroy) board.destroy();
    },
  };
}

/** What a room that has not started waits for, as it is: a free seat, its players coming in (a
 *  room that starts by itself), or its host's Start (the host's own, said to the host). */
function waitingText(room, me) {
  if (room.seats.some((s) => !s.player && !s.bot)) return t('waiting-players');
  if (room.auto_start) return t('waiting-everyone-in');
  return room.host === me ? t('waiting-you-start') : t('waiting-host');
}
