//! The games this client knows, listed once: each is its folder, `games/<id>/`, whose `index.js`
//! says all the client knows of the game, and whose `board.js` draws it (loaded when first drawn:
//! its `create(el, ctx)`, see room-board.js). The rest of the client asks here, by game id, and
//! holds no game's own knowledge.
//!
//! What a game's `index.js` exports (all but `name` and `seatPaints` may be left out):
//! - `name()`: the game's name in the page's language; `variantName(options)`: the variant its
//!   options pick when players name it as a game of its own ("Quatro"), else nothing;
//! - `seatPaints(seat, players, options)`: what stands for a seat (see `palette` in board.js);
//! - `reasons`: the words for the results' reasons the game gives (`{six_ejected: () => …}`);
//! - `eventText(ev, {who, nameOf, reason})`: an event in words (null: not worth a line; undefined:
//!   unknown, said by its fields); `moveText(mv)`: a stored move, shortly;
//! - `lastMove(mv)`: a stored move as the events its board marks the last move from;
//! - `standing(state, seat)`: what the end's state says of a seat; `scores(state)`: the scores the
//!   state keeps, for a result without them; `breakdownMore({state, seats, nameOf, rounds})`: more
//!   of the end-of-match breakdown;
//! - `help()`: `{pitch, goal, turn, terms}` for the How to play page; `position`: the view its
//!   board is drawn from there and on the welcome page;
//! - `chance(options, players)`: what its luck is, over the seed on the match page (null: none in
//!   this variant);
//! - `fitForm`: by option name, a function `(field, players)` that makes the create form's field
//!   of that option follow the player count, beyond what the catalog's `players` says.

import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { plainPaints } from '../board.js';

/** Every game's id, which is its folder's name. */
const IDS = [
  'abalone',
  'triominos',
  'pinuid',
  'trangouar',
  'groups-of-three',
];

const GAMES = new Map(await Promise.all(IDS.map(async (id) => [id, await import(`./${id}/index.js`)])));

/** What the client knows of game `id`, or null for a game it does not know. */
export function gameOf(id) {
  return GAMES.get(id) || null;
}

/** Every game this client knows. */
export function knownGames() {
  return [...GAMES.values()];
}

/** Loads and makes the board of `game` in `el`. */
export async function boardFor(game, el, ctx) {
  if (!gameOf(game)) {
    mount(el, h('p', { class: 'error' }, t('board-cannot-draw', { game })));
    return { update() {} };
  }
  const board = await import(`./${game}/board.js`);
  return board.create(el, ctx);
}

/**
 * What stands for `seat` on the board of `game`: for each of its colours the paint, the word for it
 * and the mark that tells it apart without colour (a seat of Groups-of-Three plays two colours
 * with 2 players). A game this client does not know gets the plain palette.
 */
export function seatPaints(game, seat, players, options = {}) {
  const known = gameOf(game);
  return known ? known.seatPaints(seat, players, options) : plainPaints(seat);
}
