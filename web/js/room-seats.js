//! The room's seats, drawn from the room model: who sits where in which colours (names link to
//! profiles, with the rating in this game beside them), a bot's level, the host, "you", a seat that
//! forfeited and is played by the server, who is connected; and who starts, in words, because a
//! random draw may move everyone at the start.

import { h, mount } from './dom.js';
import { forfeitWord } from './events.js';
import { seatColours } from './boards/index.js';
import { profileLink, ratingBadge, forgetRatings } from './ratings.js';
import { seatLevel } from './bots.js';

export function roomSeats(model) {
  const { st } = model;
  const list = h('ul', { class: 'seats', id: 'seats', 'aria-label': 'Seats' });
  const seatingNote = h('p', { class: 'muted small', id: 'seating' });

  // A rated match moved the ratings: the seats drawn next show the new ones.
  model.on('ended', () => forgetRatings());

  model.on('change', () => {
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
          seatColours(r.game, s.seat, r.players, r.options || {}).map((c) => h('span', { class: 'swatch', 'aria-hidden': 'true', style: `background:${c}` })),
          h('span', { class: 'seat-no muted small' }, `${s.seat + 1}.`),
          h('span', { class: 'seat-name' }, s.player ? profileLink(s.player, model.nameOf(s.seat)) : s.bot ? model.nameOf(s.seat) : 'empty'),
          s.player ? ratingBadge(s.player.id, r.game) : null,
          seatLevel(s) ? h('span', { class: 'tag bot-level', dataset: { level: s.bot_level } }, seatLevel(s)) : null,
          s.player && s.player.id === r.host ? h('span', { class: 'tag' }, 'host') : null,
          s.seat === my ? h('span', { class: 'tag' }, 'you') : null,
          out ? h('span', { class: 'tag out', dataset: { forfeit: out.reason } }, forfeitWord(out.reason)) : null,
          h('span', { class: 'conn-dot', title: s.connected ? 'connected' : 'not connected' }, s.player || s.bot ? (s.connected ? '● connected' : '○ away') : ''),
        );
      }),
    );
  });

  return { list, seatingNote };
}

/** Who starts, in words: before the start what will happen, after it where the draw put everyone. */
function seatingText(r) {
  const random = r.seating === 'random';
  if (r.status === 'waiting') return random ? 'Who starts: drawn at random when the match starts (seats may change).' : 'Who starts: the host, then the others in seat order.';
  return random ? 'Seats were drawn at random at the start; the list shows where everyone sits.' : 'The host took the first seat; the others sit in the order they joined.';
}
