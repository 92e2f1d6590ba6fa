//! The end of the match in the room, drawn from the room model: won, lost or drawn (in words that
//! fit a player or a spectator), the link to the replay, the breakdown of the scores, and, since a
//! guest's first match is when its name starts to matter, the offer to keep that name.

import { h, mount } from './dom.js';
import { PAIR_RATED_LATELY, resultDetail, resultText, sidesOf } from './events.js';
import { changeText } from './ratings.js';
import { breakdown } from './breakdown.js';
import { keepNamePrompt } from './account.js';
import { seatLevel } from './bots.js';
import { t, num } from './i18n.js';

export function roomResult(model) {
  const { st } = model;
  const box = h('div', { class: 'result', id: 'result', hidden: true });
  const breakdownBox = h('div', { id: 'room-breakdown' });
  let keepName = null;

  model.on('change', ({ match }) => {
    if (match) render();
  });
  model.on('ended', () => {
    // A prompt still on the page (not answered yet, or done) is not offered twice.
    if (model.mySeat() === null || (keepName && keepName.isConnected)) return;
    keepName = keepNamePrompt();
    // After the result, the final board and the breakdown: the end of the match is read first.
    if (keepName) breakdownBox.after(keepName);
  });

  function render() {
    const res = model.result();
    if (!res) {
      box.hidden = true;
      mount(breakdownBox);
      return;
    }
    box.hidden = false;
    const my = model.mySeat();
    const won = my !== null && res.winners.includes(my);
    const agreed = res.reason === 'agreed_draw';
    // An aborted match is neither won nor drawn: the sentence says why it counts for nobody.
    const aborted = res.reason === 'aborted';
    // The box's colour follows the outcome for whoever reads it: a loss is not shown in a win's green.
    box.dataset.outcome = aborted || res.winners.length === 0 ? 'neutral' : my === null ? 'over' : won ? 'won' : 'lost';
    mount(
      box,
      aborted
        ? h('strong', { id: 'result-aborted' }, resultText(res, model.nameOf, sidesOf(st.view), model.endContext()))
        : [
          h('strong', {}, agreed ? t('draw-agreed') : res.winners.length === 0 ? t('draw') : my === null ? t('result-over') : won ? t('result-won') : t('result-lost')),
          agreed ? null : [' · ', res.winners.length === 0 ? resultDetail(res) : resultText(res, model.nameOf, sidesOf(st.view))],
        ],
      st.matchId ? [' · ', h('a', { href: `/m/${st.matchId}`, 'data-nav': '' }, t('result-replay'))] : null,
      st.rating && st.rating.reason === 'pair_rated_lately' ? h('p', { class: 'small muted', id: 'result-unrated' }, PAIR_RATED_LATELY()) : null,
      // Each seat's rating change, beside its name: "Rita 1662 (+162) · Rolf 1338 (−162)".
      st.rating && st.rating.changes && st.rating.changes.length
        ? h('p', { class: 'small', id: 'rating-changes' }, st.rating.changes.map((c, i) => [i ? ' · ' : '',
          h('span', { dataset: { seat: c.seat } }, `${model.nameOf(c.seat)} ${num(Math.round(c.after), { useGrouping: false })} (${changeText(c)})`)]))
        : null,
    );
    const levelOf = (seat) => seatLevel(st.room && st.room.seats[seat]);
    mount(breakdownBox, breakdown({ game: model.game(), result: res, view: st.view, seats: model.players(), nameOf: model.nameOf, rounds: st.rounds, levelOf }));
  }

  return { box, breakdownBox };
}
