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
    pitch: 'Push your opponent’s marbles off a hexagonal board. Pure strategy, no luck.',
    goal: 'Be the first to push six of the other side’s marbles off the board (with 3 or 4 players, six of anyone’s; with 4, in two teams).',
    turn: [
      'On your turn, move one, two or three of your marbles that stand in a straight line, one step in one of the six directions.',
      'A line of your marbles can push a smaller line of the opponent’s along that line (3 push 2 or 1, 2 push 1), if the space behind them is free or off the board.',
      'A marble pushed over the edge is out for good.',
    ],
    terms: [
      ['Column move', 'the marbles move along their own line, the front one first; only this move can push.'],
      ['Broadside move', 'the marbles move sideways together; every space they move into must be empty.'],
      ['In the client', 'tap your marbles (up to three in a line), then one of the yellow arrows; the arrow shows the way they will go on your screen.'],
    ],
  },
  pinuid: {
    pitch: 'Get rid of your own pieces by lining up exactly three of them. Diagonal steps only.',
    goal: 'Be the first to have only two pieces left on the board (in Quatro, with 3 or 4 players, the last one not eliminated also wins).',
    turn: [
      'On your turn, step one of your pieces one square diagonally, forwards or backwards, onto an empty square. No jumping, no capturing.',
      'If your step makes a line of exactly three of your own pieces, across or up and down (not diagonally, not four or more), you remove one piece of that line from the board. That is progress: you want to lose pieces.',
      'A piece never changes its square colour. If all your pieces stand on one colour you can never make a line again: in Classic you bring one back on your back row; in Quatro you are out.',
    ],
    terms: [
      ['Line', 'exactly three of one player’s pieces side by side in a row or a column.'],
      ['Back row', 'the edge row nearest you (Classic only).'],
      ['Highlights', 'the yellow ring marks pieces that can move; blue squares show the last move’s start and end.'],
    ],
  },
  trangouar: {
    pitch: 'Armies of cubes carrying pearls: red to move, black to attack, white to defend. Set up in secret, then fight.',
    goal: 'Be the last player who still has a living cube.',
    turn: [
      'Setup, in secret and at the same time: put 3 to 9 cubes in your corner zone and share exactly 27 pearls among them, at least one per cube and at most 3 of each colour per cube. Then every army is shown.',
      'Then, on each turn, do one thing: nothing; recolour the pearls of one cube (same number of pearls); move one cube exactly as many steps as it has red pearls, along the lines, through empty points only; or attack an enemy cube next to yours.',
      'In an attack the attacker flips one coin per black pearl and counts black faces; the defender flips one per white pearl and counts white faces. The side with fewer loses a pearl of its choice (a tie: nothing happens).',
    ],
    terms: [
      ['Red pearl', 'movement: a cube moves exactly as many steps as it has red pearls.'],
      ['Black pearl', 'attack: one coin per black pearl when this cube attacks.'],
      ['White pearl', 'defence: one coin per white pearl when this cube is attacked.'],
      ['Corpse', 'a cube with no pearl left. It belongs to nobody, never moves and blocks the way; a cube walled in by corpses and the edge dies too.'],
    ],
  },
  triominos: {
    pitch: 'Triangular dominoes: match the numbers at the corners, score points, empty your rack first.',
    goal: 'Score the most points over the rounds (or reach the target score). A round ends when someone has placed all their tiles, or when nobody can play.',
    turn: [
      'Place one tile from your rack so that every corner that touches the board shows the same number as the tiles it touches. You score the sum of the tile’s three numbers, plus bonuses for closing a hexagon or a bridge.',
      'If you cannot (or do not want to) place, draw a tile: 5 points off each time, up to three times, and you may place after any draw. Three draws and still no tile: 10 more points off and your turn ends.',
      'The first tile of a round is the opener: the highest triple, which scores 10 extra (0-0-0 scores 40). Emptying your rack first scores 25 plus what the others still hold.',
    ],
    terms: [
      ['Rack', 'your tiles; nobody else sees them.'],
      ['Hexagon', 'your tile is the sixth around one point: +50 (two at once +60, three +70).'],
      ['Bridge', 'your tile touches the board by one side and by the opposite corner only: +40.'],
      ['In the client', 'pick a tile in your rack, tap a green place, turn it with Rotate if you like, then Place.'],
    ],
  },
  'groups-of-three': {
    pitch: 'A race with dice: bring all ten of your pieces into play and out through the centre square.',
    goal: 'Be the first to bring all ten pieces of your colour into play and out through the centre (with 2 players each plays two colours, and must finish both).',
    turn: [
      'Roll two dice: their sum is the number of moves this turn, and you must use them while you can.',
      'A move takes one of your pieces across one border line into a neighbouring empty space. A piece that steps into the centre square leaves the board for good.',
      'When one of your pieces arrives in a group of three and exactly one of the group’s other two spaces is taken (by anyone), you may add a piece from your reserve into the empty one. Adding costs no move.',
    ],
    terms: [
      ['Group of three', 'three spaces split by a T-shaped line; the twelve groups form the outer band of the board.'],
      ['Transit space', 'one of the four grey triangles: a piece may pass through but may not stop there (crossing costs two moves).'],
      ['Reserve', 'your pieces not yet on the board: 7 at the start, 3 on the board.'],
    ],
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
    h('div', { class: 'room-head' }, h('h1', {}, `How to play ${gameName(game)}`),
      h('span', {}, h('a', { href: `/leaderboard/${game}`, 'data-nav': '', id: 'help-leaderboard' }, `${gameName(game)} leaderboard`), ' · ', h('a', { href: '/', 'data-nav': '' }, 'Back home'))),
    h('div', { class: 'help-grid' },
      h('section', { class: 'card' },
        h('p', { class: 'pitch' }, help.pitch),
        h('h2', {}, 'Goal'), h('p', {}, help.goal),
        h('h2', {}, 'A turn'), h('ol', {}, help.turn.map((t) => h('li', {}, t))),
        h('h2', {}, 'Words'), h('dl', { class: 'terms' }, help.terms.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
        h('p', { class: 'small muted' }, 'You need not learn every detail before you play: the server knows the full rules, and only the moves they allow can be made.')),
      h('section', { class: 'card' }, h('h2', {}, 'The board'), picture))));
  const view = POSITIONS[game];
  const names = ['Player 1', 'Player 2'];
  const board = await boardFor(game, picture, { send() {}, nameOf: (s) => names[s] || `Player ${s + 1}`, players: () => 2, hint() {} });
  board.update(view, { interactive: false, lastEvents: [] });
  return null;
}
