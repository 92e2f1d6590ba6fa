//! /games: the player's matches under way, live (your-games.js): those awaiting its move first,
//! each with its game, the other players, whose move it is, the player's time left (counting down
//! while it is its move) and the last move's time, and a link to its room.

import { h, mount } from './dom.js';
import { gameTitle } from './events.js';
import { t, dateTime } from './i18n.js';
import { fmtLeft } from './clock.js';
import { matchPlayerName } from './ratings.js';
import { yourGames, gamesKnown, onGames, timeLeft } from './your-games.js';

/** A game's seats as a match's players are named (bots in the page's language). */
function players(g) {
  return g.seats.map((s) => (s.player ? { seat: s.seat, id: s.player.id, name: s.player.name, bot: !!s.player.bot } : { seat: s.seat, id: null, name: '', bot: s.bot }));
}

/** The names of the other players of `g`. */
export function seatNames(g) {
  const all = players(g);
  return all.filter((p) => p.seat !== g.you).map((p) => matchPlayerName(p, p.seat, all));
}

function whoseMove(g) {
  if (g.your_turn) return h('strong', { class: 'your-move' }, t('games-your-move'));
  const all = players(g);
  const names = g.to_move.map((s) => matchPlayerName(all[s], s, all));
  return names.length ? t('games-their-move', { names: names.join(', ') }) : '';
}

function row(g) {
  const left = timeLeft(g);
  return h('li', { class: g.your_turn ? 'row your-turn' : 'row', dataset: { room: g.room } },
    h('span', {},
      h('strong', {}, gameTitle(g.game, g.options)), ' · ', t('games-against', { names: seatNames(g).join(', ') }),
      h('br'),
      whoseMove(g),
      left == null ? '' : [' · ', h('span', { class: 'games-left', dataset: { left: '' } }, t('games-time-left', { time: fmtLeft(left) }))],
      g.last_move_at ? h('span', { class: 'muted small' }, ' · ', g.version > 1 ? t('games-last-move', { when: dateTime(g.last_move_at) }) : t('games-started', { when: dateTime(g.last_move_at) })) : ''),
    h('a', { href: `/r/${g.room}`, 'data-nav': '', class: 'button' }, g.your_turn ? t('games-play') : t('games-open')));
}

export function gamesPage(main) {
  const list = h('ul', { class: 'list', id: 'your-games' });
  const draw = () => {
    const games = yourGames();
    if (!gamesKnown()) mount(list, h('li', { class: 'muted' }, t('loading')));
    else if (!games.length) mount(list, h('li', { class: 'muted', id: 'no-games' }, t('games-empty'), ' ', h('a', { href: '/', 'data-nav': '' }, t('games-find-one'))));
    else mount(list, games.map(row));
  };
  mount(main, h('section', { class: 'card', 'aria-labelledby': 'games-h' }, h('h1', { id: 'games-h' }, t('games-title')), list));
  draw();
  const stop = onGames(draw);
  // The player's own clock counts down while it is its move.
  const ticker = setInterval(() => {
    for (const g of yourGames()) {
      const left = timeLeft(g);
      const el = left != null && g.your_turn && list.querySelector(`li[data-room="${g.room}"] .games-left`);
      if (el) el.textContent = t('games-time-left', { time: fmtLeft(left) });
    }
  }, 1000);
  return {
    destroy() {
      stop();
      clearInterval(ticker);
    },
  };
}
