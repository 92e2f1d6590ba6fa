//! What can be done in the room besides moving, drawn from the room model: the invite link (only
//! while a seated player waits for others; the rest get the spectator link), the host's start
//! (empty seats filled with bots, or in a rated room only once a person sits in every seat, since
//! the server refuses bots there), taking or giving up a seat, sitting again when the room closed
//! before its start, the link to the history at the end, and the match's own actions
//! (match-actions.js: resign, draw, rematch). It also sends the start that "Play against the
//! computer" asked for on the home page, once the room frame shows this page joined as its host.

import { api, publicBase } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { sidesOf } from './events.js';
import { matchActions } from './match-actions.js';
import { takePendingStart } from './bots.js';
import { t, errText } from './i18n.js';

export function roomActions(model, { say }) {
  const { st, code } = model;
  const share = h('div', { class: 'share' });
  const controls = h('div', { class: 'controls', id: 'room-controls' });
  const bar = matchActions({ room: code, send: model.send, go: (next) => navigate(`/r/${next}`), say });
  /** The "fill empty seats with bots" box, kept while the controls are drawn again. */
  let fillBots = false;

  model.on('room', startAgainstBots);
  model.on('draw', ({ offers }) => bar.offers(offers));
  model.on('rematch', (next) => bar.rematch(next));
  model.on('refused', () => bar.refused());
  model.on('change', ({ moved }) => {
    if (moved) bar.clearOffers();
    const r = st.room;
    if (!r) return;
    const my = model.mySeat();
    renderShare(r, my);
    renderControls(r, my);
    renderBar(my);
  });

  /** "Play against the computer" from the home page: once seated here, start with bots at its level. */
  function startAgainstBots(r) {
    if (r.status !== 'waiting' || r.host !== model.me.id || model.mySeat() === null) return;
    const asked = takePendingStart(code);
    if (asked) model.send({ type: 'start', room: code, bots: true, bot_level: asked.level });
  }

  const start = (frame) => model.send({ type: 'start', room: code, ...frame }) || say(t('not-connected'));

  function renderControls(r, my) {
    const items = [];
    if (r.status === 'abandoned' && !st.matchId) items.push(closedOffer(r));
    else if (st.role === 'spectator') items.push(h('p', { class: 'muted', id: 'watching' }, t('room-watching-you')));
    if (r.status === 'waiting') {
      const isHost = r.host === model.me.id;
      const free = model.freeSeat();
      if (isHost && r.rated) {
        items.push(
          h('div', { class: 'start' },
            h('p', { class: 'muted small', id: 'rated-start' }, free ? t('rated-start-waiting') : t('rated-start-ready')),
            h('button', { type: 'button', class: 'primary', id: 'start', disabled: free, onclick: () => start({}) }, t('start-match'))),
        );
      } else if (isHost) {
        const bots = h('input', { type: 'checkbox', id: 'fill-bots', checked: fillBots, onchange: (e) => { fillBots = e.target.checked; } });
        items.push(
          h('div', { class: 'start' },
            h('label', {}, bots, ' ', t('fill-bots')),
            h('button', { type: 'button', class: 'primary', id: 'start', onclick: () => (bots.checked || !model.freeSeat() ? start({ bots: bots.checked }) : say(t('start-seat-empty'))) }, t('start-match'))),
        );
      } else if (my !== null && !r.auto_start) {
        items.push(h('p', { class: 'muted' }, t('waiting-host-start')));
      }
      if (r.auto_start && !r.rated) {
        items.push(h('p', { class: 'muted small', id: 'auto-start-note' }, t('auto-start-note')));
      }
      if (my !== null) {
        items.push(h('button', { type: 'button', id: 'leave', onclick: () => model.giveUpSeat() }, t('give-up-seat')));
      } else if (free) {
        items.push(h('button', { type: 'button', id: 'take-seat', onclick: () => model.takeSeat() }, t('take-seat')));
      }
    }
    if (st.matchId && model.closed()) {
      items.push(h('p', {}, h('a', { href: `/m/${st.matchId}`, 'data-nav': '', id: 'history-link' }, t('history-link'))));
    }
    mount(controls, items);
  }

  /**
   * The invite (a seated player of a room still waiting: the link with the server's public address)
   * or, for the others, only the spectator link.
   */
  function renderShare(r, my) {
    const inviting = r.status === 'waiting' && my !== null;
    const watch = h('a', { href: `/r/${r.code}?watch`, class: 'small', id: 'watch-link' }, t('spectator-link'));
    if (!inviting) {
      mount(share, r.status === 'playing' ? [t('share-before'), ' ', watch, ' ', t('share-after')] : null);
      return;
    }
    // The code is kept in one piece: a long address breaks anywhere but inside it.
    const link = h('a', { href: `/r/${r.code}`, id: 'room-link' }, '/r/', h('span', { class: 'code' }, r.code));
    const copy = h('button', { type: 'button', class: 'small', id: 'copy-link', onclick: async () => {
      try {
        await navigator.clipboard.writeText(link.textContent);
        copy.textContent = t('copied');
      } catch {
        copy.textContent = t('copy-select');
      }
    } }, t('copy-link'));
    mount(share, h('span', { class: 'muted' }, r.visibility === 'private' ? t('invite-private') : t('invite-public'), ' '), link, ' ', copy, ' ', watch);
    publicBase().then((base) => {
      mount(link, `${base}/r/`, h('span', { class: 'code' }, r.code));
      link.dataset.ready = 'true';
    });
  }

  /** A room closed before its start (its last player left): sit again in a new one, or go home. */
  function closedOffer(r) {
    const again = h('button', { type: 'button', class: 'primary', id: 'sit-again', onclick: async () => {
      try {
        const room = await api('POST', '/rooms', { game: r.game, players: r.players, visibility: r.visibility, options: r.options || {}, clock: r.clock || null, seating: r.seating || undefined });
        navigate(`/r/${room.code}`);
      } catch (e) {
        say(errText(e));
      }
    } }, t('sit-again'));
    return h('div', { class: 'closed', id: 'room-closed' },
      h('p', {}, t('room-closed')),
      again, ' ', h('a', { href: '/', 'data-nav': '', class: 'button', id: 'new-room' }, t('create-another-room')));
  }

  /** Resign, draw and rematch, for the sides still in play: a side is out when all its seats forfeited. */
  function renderBar(my) {
    const over = model.over();
    const all = sidesOf(st.view) || Array.from({ length: model.players() }, (_, i) => [i]);
    const inPlay = all.filter((side) => !side.includes(my) && side.some((x) => !model.forfeitOf(x)));
    bar.update({
      running: !!st.view && !over && st.room.status === 'playing',
      finished: over && !!st.matchId,
      // A tournament's room (the only kind with a start deadline) has no rematch: the tournament
      // pairs its players.
      rematch: !st.room.start_by,
      seat: my,
      out: my !== null && !!model.forfeitOf(my),
      opponents: inPlay.flat().filter((x) => !model.forfeitOf(x)),
      sidesLeft: inPlay.length,
      nameOf: model.nameOf,
    });
  }

  return { share, controls, bar: bar.el, offer: bar.offer, destroy: () => bar.destroy() };
}
