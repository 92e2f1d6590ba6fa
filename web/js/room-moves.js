//! The room's move list, drawn from the room model: every move of the match so far, numbered by
//! turn (as the history page shows them), in one scroll area that keeps the last move in view. The
//! moves come with the frames (`st.moves`, kept by room-model.js from each `patch` and `recent`),
//! not from a read of the history at each move. Choosing a move shows the position after it on the
//! board (room-board.js `lookAt`); the last move, or "Back to the game", returns to the game.

import { t } from './i18n.js';
import { h } from './dom.js';
import { moveList } from './move-list.js';

export function roomMoves(model, { lookAt }) {
  const { st } = model;
  const list = moveList({ id: 'room-moves', game: model.game, nameOf: model.nameOf, players: model.players, onPick: (ply) => lookAt(ply) });
  const empty = h('p', { class: 'muted small', id: 'room-moves-empty' }, t('no-move-yet'));
  const el = h('div', { class: 'room-moves' }, empty, list.el);
  /** An earlier move is shown on the board: the list stays where it is. */
  let looking = false;

  model.on('moves', (moves) => {
    const fresh = moves.slice(list.count());
    if (!fresh.length) return;
    list.add(fresh);
    empty.hidden = true;
    // The list follows the game: its last move in view, unless an earlier one is looked at.
    if (!looking) el.scrollTop = el.scrollHeight;
  });

  return {
    el,
    /** Marks the move whose position the board shows (`null`: the game as it is now). */
    showing(ply) {
      looking = ply !== null;
      list.mark(ply === null ? -1 : ply);
    },
  };
}
