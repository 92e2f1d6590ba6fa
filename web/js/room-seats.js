//! The room's seats, drawn from the room model: who sits where in which colours (names link to
//! profiles, with the rating in this game beside them), a bot's level, the host, "you", a seat that
//! forfeited and is played by the server, who is connected (a seat gone that has to act is said
//! above the board: room-notices.js); and who starts, in words, because a
//! random draw may move everyone at the start.

import { h, mount } from './dom.js';
import { forfeitWord } from './events.js';
import { seatSwatch } from './board.js';
import { seatPaints } from './games/index.js';
import { icon } from './icons.js';
import { profileLink, ratingBadge, forgetRatings } from './ratings.js';
import { seatLevel } from './bots.js';
import { t } from './i18n.js';

export function roomSeats(model) {
  const { st } = model;
  const list = h('ul', { class: 'seats', id: 'seats', 'aria-label': t('room-seats') });
  const seatingNote = h('p', { class: 'muted small', id: 'seating' });

  // A rated match moved the ratings: the seats drawn next show the new ones.
  model.on('ended', () => forgetRatings());
  model.on('change', render);

  function render() {
    const r = st.room;
    if (!r) return;
    seatingNote.textContent = seatingText(r);
    const my = model.mySeat();
    mount(
      list,
      r.seats.map((s) => {
        const out = model.forfeitOf(s.seat);
        return h(
          'li',
          { class: `seat ${s.connected ? 'on' : 'off'} ${s.seat === my ? 'me' : ''}`, dataset: { seat: s.seat } },
          seatPaints(r.game, s.seat, r.players, r.options || {}).map(seatSwatch),
          h('span', { class: 'seat-no muted small' }, `${s.seat + 1}.`),
          h('span', { class: 'seat-name' }, s.player ? profileLink(s.player, model.nameOf(s.seat)) : s.bot ? model.nameOf(s.seat) : t('seat-empty')),
          s.player ? ratingBadge(s.player.id, r.game) : null,
          seatLevel(s) ? h('span', { class: 'tag bot-level', dataset: { level: s.bot_level } }, seatLevel(s)) : null,
          s.player && s.player.id === r.host ? h('span', { class: 'tag' }, t('seat-host')) : null,
          s.seat === my ? h('span', { class: 'tag' }, t('seat-you')) : null,
          out ? h('span', { class: 'tag out', dataset: { forfeit: out.reason } }, forfeitWord(out.reason)) : null,
          h('span', { class: 'conn-dot', title: s.connected ? t('seat-connected') : t('seat-not-connected') }, s.player || s.bot ? [icon(s.connected ? 'online' : 'away'), ' ', s.connected ? t('seat-connected') : t('seat-away')] : ''),
        );
      }),
    );
  }

  return { list, seatingNote };
}

/** Who starts, in words: before the start what will happen, after it where the draw put everyone. */
function seatingText(r) {
  const random = r.seating === 'random';
  // Seat 1 starts, then the others in seat order: in a rematch that is not the host (seats rotate).
  const first = r.seats[0] && r.seats[0].player ? r.seats[0].player.name : null;
  if (r.status === 'waiting') {
    if (random) return t('seating-random-waiting');
    return first ? t('seating-host-waiting', { first }) : t('seating-host-waiting-empty');
  }
  return random ? t('seating-random-started') : t('seating-host-started');
}
