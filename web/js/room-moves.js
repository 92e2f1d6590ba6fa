//! The room's move list, drawn from the room model: every move of the match so far, numbered by
//! turn (as the history page shows them), in one scroll area that keeps the last move in view, read from `GET /matches/{id}` as the ply moves on (the
//! frames carry views and events, not the moves). Choosing a move shows the position after it on
//! the board (room-board.js `lookAt`); the last move, or "Back to the game", returns to the game.

import { t } from './i18n.js';
import { h } from './dom.js';
import { api } from './api.js';
import { moveList } from './move-list.js';

export function roomMoves(model, { lookAt }) {
  const { st } = model;
  const list = moveList({ id: 'room-moves', game: model.game, nameOf: model.nameOf, players: model.players, onPick: (ply) => lookAt(ply) });
  const empty = h('p', { class: 'muted small', id: 'room-moves-empty' }, t('no-move-yet'));
  const el = h('div', { class: 'room-moves' }, empty, list.el);
  /** The match whose moves the list holds, and whether a page of them is being read. */
  let listed = null;
  let reading = false;
  /** An earlier move is shown on the board: the list stays where it is. */
  let looking = false;

  async function catchUp() {
    if (reading || !st.matchId || !st.view) return;
    if (listed !== st.matchId) {
      listed = st.matchId;
      list.el.replaceChildren();
    }
    reading = true;
    try {
      // Pages of moves from the first one not listed, until the list reaches the view's ply.
      while (!st.destroyed && listed === st.matchId && list.count() < st.view.ply) {
        const page = await api('GET', `/matches/${st.matchId}?from_ply=${list.count() + 1}`);
        if (st.destroyed || listed !== st.matchId) break;
        const fresh = page.moves.filter((mv) => mv.ply > list.count());
        if (!fresh.length) break;
        list.add(fresh);
        // The list follows the game: its last move in view, unless an earlier one is looked at.
        if (!looking) el.scrollTop = el.scrollHeight;
      }
    } catch {
      // The list is a convenience: a failed read is tried again at the next move.
    } finally {
      reading = false;
      empty.hidden = list.count() > 0;
    }
  }

  model.on('change', ({ view }) => {
    if (view) catchUp();
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
