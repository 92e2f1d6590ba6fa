//! What a seated player can do to a match besides moving: resign (after a confirmation), offer,
//! accept or take back a draw (offers come in the `draw` frame, not in the view), and, once the
//! match is over, ask for a rematch (the `rematch` frame names the new room: whoever asked goes
//! there at once, the others get a "Rematch: join" button that asks too, so that their seats rotate).

import { h, mount, ask, dropDialog } from './dom.js';
import { t } from './i18n.js';

/**
 * The actions bar of a room (`el`), and the draw offered to this player (`offer`). `send(frame)` sends to the server (false when disconnected), `go(code)`
 * opens another room, `say(text)` shows a message. `update(s)` redraws it from what the room page
 * knows: `{ running, finished, rematch (false: none offered), seat (mine or null), out (my seat forfeited), opponents (the seats
 * of the other sides still in play), sidesLeft (how many of those sides), nameOf }`.
 */
export function matchActions({ room, send, go, say }) {
  const el = h('div', { class: 'match-actions', id: 'match-actions' });
  /** A draw offered to this player, with Accept and Decline: where the eye is, above the board. */
  const offer = h('div', { class: 'match-actions notice', id: 'draw-offered', hidden: true });
  const st = { offers: [], asked: false, next: null, last: null };

  const frame = (f) => {
    if (!send(f)) say(t('not-connected-try-again'));
  };

  function confirmResign(s) {
    const text = s.sidesLeft > 1
      ? t('resign-lose-seat')
      : t('resign-lose', { names: s.opponents.map(s.nameOf).join(' & '), count: s.opponents.length });
    ask({ name: 'resign', question: t('resign-question'), text, cancel: t('resign-keep-playing'), confirm: t('resign') }).then((yes) => {
      if (yes) frame({ type: 'resign', room });
    });
  }

  /** The draw buttons of the bar, and the offer made to this player (`offered`: shown at the top). */
  function draw(s, offered) {
    const mine = s.seat !== null && st.offers.includes(s.seat);
    const theirs = st.offers.filter((x) => x !== s.seat);
    const items = [];
    if (mine) {
      items.push(h('span', { class: 'muted', id: 'draw-status' }, theirs.length ? t('draw-offered-waiting') : t('draw-you-offered')));
      items.push(h('button', { type: 'button', id: 'draw-withdraw', onclick: () => frame({ type: 'draw', room, offer: false }) }, t('draw-take-back')));
    } else if (theirs.length) {
      offered.push(h('span', { class: 'draw-offer', id: 'draw-status' }, t('draw-they-offer', { names: theirs.map(s.nameOf).join(' & '), count: theirs.length })));
      offered.push(h('button', { type: 'button', class: 'primary', id: 'draw-accept', onclick: () => frame({ type: 'draw', room, offer: true }) }, t('draw-accept')));
      // Declining clears every offer standing; the offerers are told (a `draw_declined` event).
      offered.push(h('button', { type: 'button', id: 'draw-decline', onclick: () => frame({ type: 'draw', room, offer: false }) }, t('draw-decline')));
    } else {
      items.push(h('button', { type: 'button', id: 'draw-offer', onclick: () => frame({ type: 'draw', room, offer: true }) }, t('draw-offer')));
    }
    return items;
  }

  function update(s) {
    st.last = s;
    if (!s) return;
    const items = [];
    const offered = [];
    if (s.running && s.seat !== null && !s.out) {
      items.push(...draw(s, offered));
      items.push(h('button', { type: 'button', class: 'danger', id: 'resign', onclick: () => confirmResign(s) }, t('resign')));
    } else if (s.running && s.seat === null && st.offers.length) {
      // A spectator sees the offers too.
      items.push(h('span', { class: 'muted', id: 'draw-status' }, t('draw-spectator', { names: st.offers.map(s.nameOf).join(' & ') })));
    }
    if (s.finished && s.rematch !== false) {
      if (s.seat !== null && st.next && !st.asked) {
        items.push(h('span', { class: 'draw-offer' }, t('rematch-ready')));
        items.push(h('button', { type: 'button', class: 'primary', id: 'rematch-join', onclick: () => askRematch() }, t('rematch-join')));
      } else if (s.seat !== null) {
        items.push(h('button', { type: 'button', class: 'primary', id: 'rematch', disabled: st.asked, onclick: () => askRematch() }, st.asked ? t('rematch-setting-up') : t('rematch')));
      } else if (st.next) {
        items.push(h('a', { href: `/r/${st.next}?watch`, 'data-nav': '', class: 'button', id: 'rematch-watch' }, t('rematch-watch')));
      }
    }
    mount(el, items);
    el.hidden = !items.length;
    mount(offer, offered);
    offer.hidden = !offered.length;
  }

  function askRematch() {
    if (!send({ type: 'rematch', room })) {
      say(t('not-connected-try-again'));
      return;
    }
    st.asked = true;
    update(st.last);
  }

  return {
    el,
    offer,
    update,
    /** The `draw` frame: the seats offering now. */
    offers(seats) {
      st.offers = seats || [];
      update(st.last);
    },
    /** A move was played: the server cleared every offer. */
    clearOffers() {
      if (!st.offers.length) return;
      st.offers = [];
      update(st.last);
    },
    /** The `rematch` frame: the new room; whoever asked goes there. */
    rematch(next) {
      st.next = next;
      if (st.asked) go(next);
      else update(st.last);
    },
    /** A refusal of the server to one of these frames (they carry no id). */
    refused() {
      if (st.asked && !st.next) {
        st.asked = false;
        update(st.last);
      }
    },
    destroy() {
      dropDialog('resign');
    },
  };
}
