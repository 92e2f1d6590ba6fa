//! The end-of-match breakdown: one row per seat with its final score, whether it won, went out of
//! the game (eliminated, forfeited: resigned, out of time, left) and why, and what the game's own
//! state says of it (marbles pushed off, pieces left, pieces out: the game's `standing`); then
//! what the game adds (Triominos: each round's points, its `breakdownMore`).

import { h } from './dom.js';
import { forfeitWord, reasonText } from './events.js';
import { gameOf } from './games/index.js';
import { t } from './i18n.js';

/** What the state says of `seat` at the end, in words, or ''. */
function standing(game, st, seat) {
  return st && game && game.standing ? game.standing(st, seat) : '';
}

/**
 * The breakdown table (`#breakdown`). `result` is the match's result, `view` its last view (or
 * null), `seats` how many, `rounds` the `round_end` events seen (may be empty), `levelOf`
 * a bot seat's level in words (null for a person).
 */
export function breakdown({ game: id, result, view, seats, nameOf, rounds = [], levelOf = () => null }) {
  if (!result || result.reason === 'aborted') return null;
  const game = gameOf(id);
  const st = view && view.state;
  const scores = result.scores || (st && game && game.scores && game.scores(st)) || null;
  const forfeits = result.forfeited || [];
  const rows = [];
  for (let seat = 0; seat < seats; seat++) {
    const f = forfeits.find((x) => x.seat === seat);
    const won = result.winners.includes(seat);
    // The row names the seat already: its forfeit in a word ("resigned"), not "Ann resigned".
    const how = f ? forfeitWord(f.reason) : won ? (result.winners.length === seats ? t('breakdown-draw') : t('breakdown-won', { reason: reasonText(result.reason) })) : result.winners.length ? t('breakdown-lost') : t('breakdown-draw');
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
  if (game && game.breakdownMore) parts.push(...game.breakdownMore({ state: st, seats, nameOf, rounds }));
  return h('div', { class: 'breakdown-box', id: 'breakdown' }, parts);
}
