//! The room's seats, drawn from the room model: who sits where in which colours (names link to
//! profiles, with the rating in this game beside them), a bot's level, the host, "you", a seat that
//! forfeited and is played by the server, who is connected; and who starts, in words, because a
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
  // The countdowns of away seats ("forfeits in 1:45") tick here, once a second.
  const ticking = setInterval(() => {
    if (st.destroyed) {
      clearInterval(ticking);
      return;
    }
    for (const el of list.querySelectorAll('.away[data-deadline]')) el.textContent = awayText(el.dataset.kind, el.dataset.deadline);
    // A claim that just became possible: the seats are drawn again, with its buttons.
    const claimable = list.querySelector('.away[data-kind="claim"]');
    const my = model.mySeat();
    if (claimable && my !== null && claimable.id !== `away-${my}` && Date.parse(claimable.dataset.deadline) <= Date.now() && !list.querySelector('#claim-win')) render();
  }, 1000);
  const claim = (result) => model.send({ type: 'claim', room: model.code, result });

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
          absence(s, my, claim),
        );
      }),
    );
  }

  return { list, seatingNote };
}

/**
 * An away seat that has to act: when the server forfeits it ("left — forfeits in 1:45"), or, in a
 * private room without a clock, when the others may claim the match, with the claim buttons once
 * they may (for a seated player of another seat).
 */
function absence(s, my, claim) {
  const kind = s.forfeit_at ? 'forfeit' : s.claim_at ? 'claim' : null;
  if (!s.away_since || !kind) return null;
  const deadline = s.forfeit_at || s.claim_at;
  const items = [h('span', { class: 'tag away', id: `away-${s.seat}`, dataset: { kind, deadline } }, awayText(kind, deadline))];
  if (kind === 'claim' && my !== null && my !== s.seat && Date.parse(deadline) <= Date.now()) {
    items.push(
      h('button', { type: 'button', id: 'claim-win', onclick: () => claim('win') }, t('claim-win')),
      h('button', { type: 'button', id: 'claim-draw', onclick: () => claim('draw') }, t('claim-draw')));
  }
  return items;
}

/** "left — forfeits in 1:45", "left — you may claim in 0:30", "left — you may claim the match". */
function awayText(kind, deadline) {
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  if (kind === 'forfeit') return left ? t('away-forfeits-in', { clock }) : t('away-forfeits-now');
  return left ? t('away-claim-in', { clock }) : t('away-claim');
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
