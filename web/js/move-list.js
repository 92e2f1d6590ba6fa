//! The list of a match's moves, numbered by turn (a turn: the consecutive moves of one seat), each
//! move a button to the position after it. Shared by the history page (match.js) and the room
//! (room-moves.js), which adds moves as they are played.

import { h } from './dom.js';
import { moveText } from './events.js';
import { t } from './i18n.js';

/** The moves grouped into turns: a turn is the consecutive moves of one seat. */
export function turns(list) {
  const out = [];
  for (const mv of list) {
    const cur = out[out.length - 1];
    if (cur && cur.seat === mv.seat) cur.moves.push(mv);
    else out.push({ seat: mv.seat, moves: [mv] });
  }
  return out;
}

/**
 * An `<ol id=id>` of turns; `add(moves)` appends moves in order (a move of the seat of the last
 * turn joins that turn), `mark(ply)` marks the move shown (none for 0), `onPick(ply)` runs when a
 * move is chosen.
 */
export function moveList({ id, game, nameOf, onPick }) {
  const el = h('ol', { class: 'moves', id, start: 1, 'aria-label': t('room-moves') });
  let lastTurn = null;

  function item(mv) {
    return h('li', { dataset: { ply: mv.ply } },
      h('button', { type: 'button', class: 'linklike', onclick: () => onPick(mv.ply), title: t('move-n', { n: mv.ply }), 'aria-label': t('move-n-of', { n: mv.ply, who: nameOf(mv.seat), move: moveText(game(), mv.move) }) }, moveText(game(), mv.move)));
  }

  function add(moves) {
    for (const turn of turns(moves)) {
      if (lastTurn && Number(lastTurn.dataset.seat) === turn.seat) {
        lastTurn.querySelector('.turn-moves').append(...turn.moves.map(item));
        continue;
      }
      const k = el.children.length + 1;
      lastTurn = h('li', { class: 'turn', dataset: { seat: turn.seat, turn: k } },
        h('span', { class: 'turn-head' }, t('turn-head', { k, who: nameOf(turn.seat) }), ' '),
        h('ul', { class: 'turn-moves' }, turn.moves.map(item)));
      el.append(lastTurn);
    }
  }

  function mark(ply) {
    for (const li of el.querySelectorAll('li[data-ply]')) {
      const on = Number(li.dataset.ply) === ply;
      li.classList.toggle('current', on);
      if (on) li.querySelector('button').setAttribute('aria-current', 'step');
      else li.querySelector('button').removeAttribute('aria-current');
    }
  }

  return { el, add, mark, count: () => el.querySelectorAll('li[data-ply]').length };
}
