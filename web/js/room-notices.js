//! The room's notices, in the play bar above the board, where a player looks: a seat gone from a
//! match under way that has to act ("Bob left — forfeits in 1:45", ticking, with the claim buttons
//! once the others may claim the match), and for a few seconds what just happened outside the moves
//! (a draw declined, a seat forfeited: "Bob resigned"). The draw offered to this player comes from
//! match-actions.js and sits here too. The events list keeps them all for later.

import { h, mount } from './dom.js';
import { describeEvent } from './events.js';
import { t } from './i18n.js';

/** How long a passing notice stays. */
const FLASH_MS = 10000;
/** The events said as a passing notice, besides the event list. */
const FLASHED = new Set(['draw_declined', 'forfeited']);

export function roomNotices(model, { offer }) {
  const { st } = model;
  const away = h('div', { class: 'notices-away', id: 'notices-away' });
  const flash = h('p', { class: 'notice', id: 'notice', hidden: true });
  const el = h('div', { class: 'notices', id: 'notices', role: 'status', 'aria-live': 'polite' }, offer, away, flash);
  let flashTimer = null;

  function flashEvents(events) {
    const words = (events || []).filter((e) => FLASHED.has(e.kind)).map((e) => describeEvent(model.game(), e, model.nameOf)).filter(Boolean);
    if (!words.length) return;
    flash.textContent = words.join(' · ');
    flash.hidden = false;
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => {
      flash.hidden = true;
    }, FLASH_MS);
  }
  model.on('events', flashEvents);
  model.on('draw', ({ events }) => flashEvents(events));

  const claim = (result) => model.send({ type: 'claim', room: model.code, result });
  function render() {
    const r = st.room;
    if (!r) return;
    const my = model.mySeat();
    mount(away, r.seats.map((s) => absence(s, my, model.nameOf, claim)));
  }
  model.on('change', render);

  // The countdowns tick once a second; a claim that just became possible brings its buttons.
  const ticking = setInterval(() => {
    if (st.destroyed) {
      clearInterval(ticking);
      return;
    }
    for (const e of away.querySelectorAll('.away[data-deadline]')) e.textContent = awayText(e.dataset.kind, e.dataset.deadline);
    const my = model.mySeat();
    const claimable = away.querySelector('.away[data-kind="claim"]');
    if (claimable && my !== null && claimable.id !== `away-${my}` && Date.parse(claimable.dataset.deadline) <= Date.now() && !away.querySelector('#claim-win')) render();
  }, 1000);

  return {
    el,
    destroy() {
      clearInterval(ticking);
      clearTimeout(flashTimer);
    },
  };
}

/**
 * A seat gone that has to act: when the server forfeits it ("left — forfeits in 1:45"), or, in a
 * private room without a clock, when the others may claim the match, with the claim buttons once
 * they may (for a seated player of another seat).
 */
function absence(s, my, nameOf, claim) {
  const kind = s.forfeit_at ? 'forfeit' : s.claim_at ? 'claim' : null;
  if (!s.away_since || !kind) return null;
  const deadline = s.forfeit_at || s.claim_at;
  const items = [h('strong', {}, nameOf(s.seat)), ' ', h('span', { class: 'away', id: `away-${s.seat}`, dataset: { kind, deadline } }, awayText(kind, deadline))];
  if (kind === 'claim' && my !== null && my !== s.seat && Date.parse(deadline) <= Date.now()) {
    items.push(
      ' ',
      h('button', { type: 'button', id: 'claim-win', onclick: () => claim('win') }, t('claim-win')),
      ' ',
      h('button', { type: 'button', id: 'claim-draw', onclick: () => claim('draw') }, t('claim-draw')));
  }
  return h('p', { class: 'notice', dataset: { seat: s.seat } }, items);
}

/** "left — forfeits in 1:45", "left — you may claim in 0:30", "left — you may claim the match". */
function awayText(kind, deadline) {
  const left = Math.max(0, Math.ceil((Date.parse(deadline) - Date.now()) / 1000));
  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  if (kind === 'forfeit') return left ? t('away-forfeits-in', { clock }) : t('away-forfeits-now');
  return left ? t('away-claim-in', { clock }) : t('away-claim');
}
