//! "How to play" (/help/GAME): each game's goal, turn and special words in plain language (from
//! docs/rules/; the game's `help`), with a picture of the board drawn by the game's own board code
//! from a start position (its `position`). Linked from the create form and from every room.

import { h, mount } from './dom.js';
import { gameName } from './events.js';
import { gameOf, boardFor } from './games/index.js';
import { t } from './i18n.js';

/** A game's one-line pitch (also shown in the create form and on the welcome page), or null. */
export function pitchOf(game) {
  const known = gameOf(game);
  return known && known.help ? known.help().pitch : null;
}

/** The address of a game's page. */
export const helpHref = (game) => `/help/${game}`;

/** The "How to play" page of `game`. */
export async function helpPage(main, game) {
  const known = gameOf(game);
  const help = known && known.help && known.help();
  if (!help) {
    mount(main, h('div', { class: 'card narrow' }, h('h1', {}, t('help-no-game')), h('p', {}, t('help-no-page')), h('a', { href: '/', 'data-nav': '' }, t('home'))));
    return null;
  }
  const picture = h('div', { class: 'board-box help-board', id: 'help-board' });
  mount(main, h('article', { class: 'help', id: 'help', dataset: { game } },
    h('div', { class: 'room-head' }, h('h1', {}, t('how-to-play', { game: gameName(game) })),
      h('span', {}, h('a', { href: `/leaderboard/${game}`, 'data-nav': '', id: 'help-leaderboard' }, t('leaderboard-of', { game: gameName(game) })), ' · ', h('a', { href: '/', 'data-nav': '' }, t('back-home')))),
    h('div', { class: 'help-grid' },
      h('section', { class: 'card' },
        h('p', { class: 'pitch' }, help.pitch),
        h('h2', {}, t('help-goal')), h('p', {}, help.goal),
        h('h2', {}, t('help-turn')), h('ol', {}, help.turn.map((step) => h('li', {}, step))),
        h('h2', {}, t('help-words')), h('dl', { class: 'terms' }, help.terms.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
        h('p', { class: 'small muted' }, t('help-no-need'))),
      h('section', { class: 'card' }, h('h2', {}, t('help-board')), picture))));
  const view = known.position;
  const board = await boardFor(game, picture, { send() {}, nameOf: (s) => t('player-n', { n: s + 1 }), players: () => 2, hint() {} });
  board.update(view, { interactive: false, lastEvents: [] });
  return null;
}
