//! The list of a match's moves, numbered by turn (a turn: the consecutive moves of one seat; with
//! two players both sides' turns share a number, as players write a game), each move a button to
//! the position after it. Shared by the history page (match.js) and the room
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
 * An `<ol id=id>` of rows of turns; `add(moves)` appends moves in order (a move of the seat of the
 * last turn joins that turn), `mark(ply)` marks the move shown (none for 0), `onPick(ply)` runs
 * when a move is chosen. With two players a row is numbered and holds both sides' turns, as
 * players write a game (`1. e1e2 a9a8`); with more, a row is one turn, named (`1. Ann: …`).
 * Each turn is a `.turn` list (with its seat), each move an `li[data-ply]` in it.
 */
export function moveList({ id, game, nameOf, players, onPick }) {
  const el = h('ol', { class: 'moves', id, start: 1, 'aria-label': t('room-moves') });
  let lastTurn = null;
  let lastRow = null;

  function item(mv) {
    return h('li', { dataset: { ply: mv.ply } },
      h('button', { type: 'button', class: 'linklike', onclick: () => onPick(mv.ply), title: t('move-n', { n: mv.ply }), 'aria-label': t('move-n-of', { n: mv.ply, who: nameOf(mv.seat), move: moveText(game(), mv.move) }) }, moveText(game(), mv.move)));
  }

  function add(moves) {
    const duel = players() === 2;
    for (const turn of turns(moves)) {
      if (lastTurn && Number(lastTurn.dataset.seat) === turn.seat) {
        lastTurn.append(...turn.moves.map(item));
        continue;
      }
      lastTurn = h('ul', { class: 'turn turn-moves', dataset: { seat: turn.seat } }, turn.moves.map(item));
      if (duel && lastRow && lastRow.querySelectorAll('.turn').length < 2) {
        lastRow.append(' ', lastTurn);
        continue;
      }
      const k = el.children.length + 1;
      lastRow = h('li', { class: 'row', dataset: { row: k } },
        h('span', { class: 'turn-head' }, duel ? `${k}.` : t('turn-head', { k, who: nameOf(turn.seat) }), ' '),
        lastTurn);
      el.append(lastRow);
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
