//! "How to play" (/help/GAME): each game's goal, turn and special words in plain language (from
//! docs/rules/), with a picture of the board drawn by the game's own board code from a start
//! position. Linked from the create form and from every room.

import { h, mount } from './dom.js';
import { gameName } from './events.js';
import { boardFor } from './boards/index.js';
import { POSITIONS } from './help-positions.js';
import { t } from './i18n.js';

/** Per game: a one-line pitch (also shown in the create form), the goal, the turn, and terms. */
export const HELP = {
  abalone: {
    get pitch() { return t('help-abalone-pitch'); },
    get goal() { return t('help-abalone-goal'); },
    get turn() { return [t('help-abalone-turn-1'), t('help-abalone-turn-2'), t('help-abalone-turn-3')]; },
    get terms() {
      return [
        [t('help-abalone-term-1'), t('help-abalone-term-1-what')],
        [t('help-abalone-term-2'), t('help-abalone-term-2-what')],
        [t('help-abalone-term-3'), t('help-abalone-term-3-what')],
      ];
    },
  },
  pinuid: {
    get pitch() { return t('help-pinuid-pitch'); },
    get goal() { return t('help-pinuid-goal'); },
    get turn() { return [t('help-pinuid-turn-1'), t('help-pinuid-turn-2'), t('help-pinuid-turn-3')]; },
    get terms() {
      return [
        [t('help-pinuid-term-1'), t('help-pinuid-term-1-what')],
        [t('help-pinuid-term-2'), t('help-pinuid-term-2-what')],
        [t('help-pinuid-term-3'), t('help-pinuid-term-3-what')],
      ];
    },
  },
  trangouar: {
    get pitch() { return t('help-trangouar-pitch'); },
    get goal() { return t('help-trangouar-goal'); },
    get turn() { return [t('help-trangouar-turn-1'), t('help-trangouar-turn-2'), t('help-trangouar-turn-3')]; },
    get terms() {
      return [
        [t('help-trangouar-term-1'), t('help-trangouar-term-1-what')],
        [t('help-trangouar-term-2'), t('help-trangouar-term-2-what')],
        [t('help-trangouar-term-3'), t('help-trangouar-term-3-what')],
        [t('help-trangouar-term-4'), t('help-trangouar-term-4-what')],
      ];
    },
  },
  triominos: {
    get pitch() { return t('help-triominos-pitch'); },
    get goal() { return t('help-triominos-goal'); },
    get turn() { return [t('help-triominos-turn-1'), t('help-triominos-turn-2'), t('help-triominos-turn-3')]; },
    get terms() {
      return [
        [t('help-triominos-term-1'), t('help-triominos-term-1-what')],
        [t('help-triominos-term-2'), t('help-triominos-term-2-what')],
        [t('help-triominos-term-3'), t('help-triominos-term-3-what')],
        [t('help-triominos-term-4'), t('help-triominos-term-4-what')],
      ];
    },
  },
  'groups-of-three': {
    get pitch() { return t('help-groups-of-three-pitch'); },
    get goal() { return t('help-groups-of-three-goal'); },
    get turn() { return [t('help-groups-of-three-turn-1'), t('help-groups-of-three-turn-2'), t('help-groups-of-three-turn-3')]; },
    get terms() {
      return [
        [t('help-groups-of-three-term-1'), t('help-groups-of-three-term-1-what')],
        [t('help-groups-of-three-term-2'), t('help-groups-of-three-term-2-what')],
        [t('help-groups-of-three-term-3'), t('help-groups-of-three-term-3-what')],
      ];
    },
  },
};


/** The address of a game's page. */
export const helpHref = (game) => `/help/${game}`;

/** The "How to play" page of `game`. */
export async function helpPage(main, game) {
  const help = HELP[game];
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
  const view = POSITIONS[game];
  const board = await boardFor(game, picture, { send() {}, nameOf: (s) => t('player-n', { n: s + 1 }), players: () => 2, hint() {} });
  board.update(view, { interactive: false, lastEvents: [] });
  return null;
}
