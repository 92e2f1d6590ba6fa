//! The room page (/r/CODE): lays out the room's views (room-head, room-actions, room-seats,
//! room-board, room-result, room-moves, room-log, room-chat), each drawn from the room's model (room-model.js),
//! and wires the model to the connection. The page itself keeps only what belongs to the page: the
//! message line every part may write to, the data attributes that say where the room is, the first
//! read of the room, and `leave` when the page goes away (another page of the app, or `pagehide`),
//! so that a player who walked away counts as gone.

import { api, identity } from './api.js';
import { h, mount, ask, dropDialog } from './dom.js';
import { alertSettings } from './attention.js';
import { retryQuick } from './quick.js';
import { roomModel } from './room-model.js';
import { roomHead } from './room-head.js';
import { roomActions } from './room-actions.js';
import { roomSeats } from './room-seats.js';
import { roomResult } from './room-result.js';
import { roomBoard } from './room-board.js';
import { roomLog } from './room-log.js';
import { roomMoves } from './room-moves.js';
import { roomChat } from './room-chat.js';
import { roomNotices } from './room-notices.js';
import { roomNotify } from './room-notify.js';
import { tournamentReturn } from './tournaments.js';
import { t, errText } from './i18n.js';

export function roomPage(main, code, conn) {
  const wantWatch = new URLSearchParams(location.search).has('watch');
  const model = roomModel({ code, me: identity(), send: (f) => conn.send(f), api, pairAgain: retryQuick });

  const message = h('p', { class: 'message', id: 'message', role: 'alert' });
  function say(text, kind = 'error') {
    message.textContent = text;
    message.dataset.kind = kind;
  }
  model.on('say', ({ text, kind }) => say(text, kind));

  const head = roomHead(model);
  const actions = roomActions(model, { say });
  const seats = roomSeats(model);
  const result = roomResult(model);
  const backToTournament = tournamentReturn(code);
  // The move list and the board: choosing a move shows its position, and the list marks it.
  let moves = null;
  const board = roomBoard(model, { say, onLook: (ply) => moves && moves.showing(ply) });
  moves = roomMoves(model, { lookAt: board.lookAt });
  const log = roomLog(model);
  const chat = roomChat(model, { say });
  const notices = roomNotices(model, { offer: actions.offer });
  const notify = roomNotify(model);

  // The play area opens with one compact bar (the game, whose turn, the clocks, the notices and
  // the result),
  // then the whole board, then what can be done; the room's heading and the rest come after it on
  // a phone once the match is under way (style.css), so that the board is on the first screen.
  const playBar = h('div', { class: 'play-bar', id: 'play-bar' }, h('p', { class: 'play-line' }, head.short, board.turn), board.clocks, notices.el, message, result.box);
  const root = h(
    'div',
    { class: 'room', id: 'room', dataset: { room: code, version: '0', ply: '', status: 'loading' } },
    h(
      'div',
      { class: 'room-grid' },
      h('div', { class: 'room-head' }, head.el, actions.share),
      h('section', { class: 'play', 'aria-label': t('room-board') }, playBar, board.lookBar, board.box, h('div', { class: 'play-tools' }, h('div', { class: 'actions-box' }, actions.bar), board.flip), board.last, backToTournament.el, result.breakdownBox),
      h(
        'aside',
        { class: 'side' },
        h('section', { class: 'card' }, h('h2', {}, t('room-seats')), seats.list, seats.seatingNote, actions.controls, alertSettings(), notify.el),
        h('section', { class: 'card' }, h('h2', {}, t('room-moves')), moves.el),
        h('section', { class: 'card' }, h('h2', {}, t('room-events')), log.el),
        h('section', { class: 'card' }, h('h2', {}, t('room-chat')), chat.list, chat.form),
      ),
    ),
  );
  mount(main, root);
  board.fitUnder(playBar);

  // Where the room is, readable from outside the page (the browser tests wait on these).
  model.on('change', () => {
    const { room, view, version, pending } = model.st;
    if (room) root.dataset.status = room.status;
    if (room) backToTournament.update(room.status);
    root.dataset.version = String(version);
    root.dataset.ply = view ? String(view.ply) : '';
    root.dataset.myTurn = String(model.canAct() && !pending);
  });

  (async () => {
    let room;
    try {
      room = await api('GET', `/rooms/${encodeURIComponent(code)}`);
    } catch (e) {
      mount(main, h('div', { class: 'card narrow' }, h('h1', {}, t('room-not-found')), h('p', {}, e.status === 404 ? t('no-room', { code }) : errText(e)), h('a', { href: '/', 'data-nav': '' }, t('back-home'))));
      return;
    }
    if (model.st.destroyed || !model.open(room, { watch: wantWatch })) return;
    conn.watch(code, model.onFrame, model.join);
  })();

  const onPageHide = () => model.leave();
  /** Back from the browser's page cache: in the room again. */
  const onPageShow = (e) => {
    if (e.persisted) model.comeBack();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);

  /**
   * A player leaving a match under way by a link of the app is warned first: away from the room
   * they count as gone (the server forfeits them, or the others may claim the match).
   */
  const beforeLeaving = () => {
    const my = model.mySeat();
    const room = model.st.room;
    if (!room || room.status !== 'playing' || my === null || model.over() || model.forfeitOf(my) || model.st.role !== 'player') return true;
    const ruling = room.visibility === 'private' && !room.clock
      ? t('leave-claim')
      : t('leave-forfeit');
    return ask({
      name: 'leave',
      question: t('leave-question'),
      text: t('leave-text', { ruling }),
      cancel: t('leave-stay'),
      confirm: t('leave-confirm'),
    });
  };

  const page = {
    beforeLeaving,
    destroy() {
      dropDialog('leave');
      model.destroy();
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      conn.unwatch(code);
      board.destroy();
      actions.destroy();
      notices.destroy();
    },
    sendMove: model.sendMove,
    state: model.st,
  };
  window.__plateau.page = page;
  return page;
}
