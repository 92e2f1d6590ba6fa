//! The last move of a replayed position, as the events a board marks it from. A live room gets the
//! move's events with its patch; the replay page only has the stored move (the state at a ply
//! carries no events), so the game turns the stored move into the same shape (its `lastMove`): the
//! boards keep one way of drawing the last-move marker and the slide of the pieces that moved. A
//! game that keeps its last move in the state (Pinuid) needs nothing from here.

import { gameOf } from './games/index.js';

/** Events standing for the stored move `mv` of `game` (what the boards read), or []. */
export function moveEvents(game, mv) {
  if (!mv || typeof mv !== 'object' || mv.hidden) return [];
  const known = gameOf(game);
  return known && known.lastMove ? known.lastMove(mv) : [];
}
