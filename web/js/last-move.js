//! The last move of a replayed position, as the events a board marks it from. A live room gets the
//! move's events with its patch; the replay page only has the stored move (the state at a ply
//! carries no events), so the stored move is turned into the same shape here: the boards keep one
//! way of drawing the last-move marker and the slide of the pieces that moved. Pinuid and Triominos
//! keep their last move in the state and need nothing from here.

const ROWS = 'ABCDEFGHI';
/** Abalone's directions as (Δletter, Δnumber), as in its board. */
const DIRS = { E: [0, 1], NE: [1, 1], NW: [1, 0], W: [0, -1], SW: [-1, -1], SE: [-1, 0] };

/** The Abalone cell one step from `cell` towards `dir`, or null off the board. */
function abaloneStep(cell, dir) {
  const d = DIRS[dir];
  const i = ROWS.indexOf(String(cell)[0]);
  if (!d || i < 0) return null;
  const ni = i + d[0];
  const n = Number(String(cell).slice(1)) + d[1];
  const lo = ni > 4 ? ni - 3 : 1;
  const hi = ni < 4 ? ni + 5 : 9;
  return ni >= 0 && ni < 9 && n >= lo && n <= hi ? `${ROWS[ni]}${n}` : null;
}

/** Events standing for the stored move `mv` of `game` (what the boards read), or []. */
export function moveEvents(game, mv) {
  if (!mv || typeof mv !== 'object' || mv.hidden) return [];
  switch (game) {
    case 'abalone': {
      const marbles = (mv.marbles || []).map((c) => [c, abaloneStep(c, mv.dir)]).filter(([, b]) => b);
      return marbles.length ? [{ kind: 'moved', marbles, pushed: [] }] : [];
    }
    case 'trangouar':
      if (mv.action === 'move' && mv.path && mv.path.length) return [{ kind: 'move', cube: mv.cube, to: mv.path[mv.path.length - 1] }];
      if (mv.action === 'attack') return [{ kind: 'attack', cube: mv.cube, target: mv.target }];
      if (mv.action === 'exchange') return [{ kind: 'exchange', cube: mv.cube }];
      return [];
    case 'groups-of-three':
      if (mv.action === 'step') return [mv.to === 'C' ? { kind: 'exited', from: mv.from } : { kind: 'moved', from: mv.from, to: mv.to }];
      if (mv.action === 'cross') return [{ kind: 'crossed', from: mv.from, via: mv.via, to: mv.to }];
      if (mv.action === 'add') return [{ kind: 'added', at: mv.at }];
      return [];
    case 'triominos':
      return mv.action === 'place' ? [{ kind: 'placed' }] : [];
    default:
      return [];
  }
}
