//! The end-of-match breakdown: one row per seat with its final score, whether it won, went out of
//! the game (eliminated, forfeited: resigned, out of time, left) and why, and what the game's own
//! state says of it (marbles pushed off, pieces left, pieces out); for Triominos each round's
//! points, from the view's `past_rounds` (in the room and in a replay from history), and from the
//! `round_end` events the page saw when the view has no `past_rounds` (an older server's).

import { h } from './dom.js';
import { forfeitText, reasonText } from './events.js';
import { groupColourName } from './boards/index.js';
import { t } from './i18n.js';

/** What the state says of `seat` at the end, in words, or ''. */
function standing(game, st, seat) {
  if (!st) return '';
  switch (game) {
    case 'abalone':
      return Array.isArray(st.ejected) ? t('standing-pushed-off', { count: st.ejected[seat] }) : '';
    case 'pinuid': {
      const left = Array.isArray(st.pieces) ? t('standing-pieces-left', { count: st.pieces[seat] }) : '';
      const out = st.eliminated && st.eliminated[seat];
      return out ? (left ? `${t('standing-eliminated')}, ${left}` : t('standing-eliminated')) : left;
    }
    case 'trangouar':
      return Array.isArray(st.eliminated) && st.eliminated.includes(seat) ? t('standing-army-destroyed') : '';
    case 'groups-of-three':
      return (st.colours || []).filter((c) => c.seat === seat).map((c) => t('standing-colour-out', { colour: groupColourName(c.name), count: c.exited })).join(', ');
    case 'triominos':
      return Array.isArray(st.racks) ? t('standing-tiles-left', { count: st.racks[seat] }) : '';
    default:
      return '';
  }
}

/**
 * The breakdown table (`#breakdown`). `result` is the match's result, `view` its last view (or
 * null), `seats` how many, `rounds` the Triominos `round_end` events seen (may be empty), `levelOf`
 * a bot seat's level in words (null for a person).
 */
export function breakdown({ game, result, view, seats, nameOf, rounds = [], levelOf = () => null }) {
  if (!result || result.reason === 'aborted') return null;
  const st = view && view.state;
  const scores = result.scores || (game === 'triominos' && st && st.scores) || null;
  const forfeits = result.forfeited || [];
  const rows = [];
  for (let seat = 0; seat < seats; seat++) {
    const f = forfeits.find((x) => x.seat === seat);
    const won = result.winners.includes(seat);
    const how = f ? forfeitText(f, nameOf) : won ? (result.winners.length === seats ? t('breakdown-draw') : t('breakdown-won', { reason: reasonText(result.reason) })) : result.winners.length ? t('breakdown-lost') : t('breakdown-draw');
    rows.push(h('tr', { class: won ? 'won' : f ? 'out' : '', dataset: { seat } },
      h('th', { scope: 'row' }, nameOf(seat), levelOf(seat) ? [' ', h('span', { class: 'tag bot-level' }, levelOf(seat))] : null),
      scores ? h('td', { class: 'num' }, String(scores[seat])) : null,
      h('td', {}, how),
      h('td', { class: 'muted' }, standing(game, st, seat))));
  }
  const table = h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('leaderboard-player')), scores ? h('th', { scope: 'col' }, t('breakdown-score')) : null, h('th', { scope: 'col' }, t('breakdown-result')), h('th', { scope: 'col' }, t('breakdown-at-end')))),
    h('tbody', {}, rows));
  const parts = [h('h3', {}, t('breakdown-heading')), table];
  const past = st && Array.isArray(st.past_rounds) ? st.past_rounds : [];
  const seen = [...new Map([...rounds, ...past].map((r) => [r.round, r])).values()].sort((a, b) => a.round - b.round);
  if (game === 'triominos' && (seen.length || (st && st.round))) {
    parts.push(h('h3', {}, st && st.round ? t('breakdown-rounds-played', { count: st.round }) : t('breakdown-rounds')));
    if (seen.length) {
      parts.push(h('table', { class: 'breakdown rounds', id: 'round-scores' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('breakdown-round')), Array.from({ length: seats }, (_, s) => h('th', { scope: 'col' }, nameOf(s))), h('th', { scope: 'col' }, t('breakdown-how-ended')))),
        h('tbody', {}, seen.map((r) => h('tr', {},
          h('th', { scope: 'row' }, String(r.round)),
          Array.from({ length: seats }, (_, s) => h('td', { class: 'num' }, `${r.round_points && r.round_points[s] > 0 ? '+' : ''}${r.round_points ? r.round_points[s] : '?'}`)),
          h('td', {}, r.reason === 'went_out' && r.winners && r.winners.length ? t('round-went-out', { names: r.winners.map(nameOf).join(' & '), count: r.winners.length }) : r.winners && r.winners.length ? t('round-blocked-least', { names: r.winners.map(nameOf).join(' & '), count: r.winners.length }) : t('round-blocked')))))));
    }
  }
  return h('div', { class: 'breakdown-box', id: 'breakdown' }, parts);
}
