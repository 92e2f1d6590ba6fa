//! Playing against the computer: the bot levels in words, and the home page's one-click form that
//! makes a private room, sits the player in it and starts the match with bots in the other seats.

import { api, games } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';

/** The contract's levels (`start`'s `bot_level`), weakest first; `easy` is the server's default. */
export const LEVELS = [
  ['random', 'Random', 'plays any legal move'],
  ['easy', 'Easy', 'thinks a little'],
  ['strong', 'Strong', 'thinks ten times longer'],
];
export const DEFAULT_LEVEL = 'easy';

/** "strong" -> "Strong bot", for the seats and the end breakdown. */
export function levelName(level) {
  const l = LEVELS.find(([id]) => id === level);
  return `${l ? l[1] : level} bot`;
}

/** The level of a seat (RoomInfo's seat, or a match's player) in words when it is a bot, else null. */
export function seatLevel(seat) {
  return seat && seat.bot && seat.bot_level ? levelName(seat.bot_level) : null;
}

/**
 * The start the form asked for, `{code, level}`: the form makes the room and goes to it, and the
 * room page sends `start` once its connection has joined the room (a `start` before the `join`
 * would be refused).
 */
let pendingStart = null;

/** The start the form asked for, for room `code` (taken once), or null. */
export function takePendingStart(code) {
  if (!pendingStart || pendingStart.code !== code) return null;
  const p = pendingStart;
  pendingStart = null;
  return p;
}

/** The "Play against the computer" card of the home page. */
export function botCard() {
  const box = h('section', { class: 'card', 'aria-labelledby': 'bots-h', id: 'bots' }, h('h2', { id: 'bots-h' }, 'Play against the computer'), h('p', { class: 'muted' }, 'Loading games…'));
  build(box);
  return box;
}

async function build(box) {
  let catalog;
  try {
    catalog = await games();
  } catch (ex) {
    mount(box, h('h2', { id: 'bots-h' }, 'Play against the computer'), h('p', { class: 'error' }, ex.message));
    return;
  }
  const gameSel = h('select', { id: 'bot-game', name: 'game' }, catalog.map((g) => h('option', { value: g.id }, g.name)));
  const playersSel = h('select', { id: 'bot-players', name: 'players' });
  const levels = h('fieldset', { class: 'vis bot-levels' }, h('legend', {}, 'Level'),
    LEVELS.map(([id, label, what]) => h('label', { title: what }, h('input', { type: 'radio', name: 'bot-level', value: id, id: `bot-level-${id}`, checked: id === DEFAULT_LEVEL }), ` ${label}`)));
  const err = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'play-bots' }, 'Play');
  const refresh = () => {
    const g = catalog.find((x) => x.id === gameSel.value);
    const keep = playersSel.value;
    mount(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h('option', { value: n }, `You + ${n - 1} ${n === 2 ? 'bot' : 'bots'}`));
    if (keep && Number(keep) >= g.min_players && Number(keep) <= g.max_players) playersSel.value = keep;
  };
  gameSel.addEventListener('change', refresh);
  refresh();
  const form = h('form', {
    id: 'bot-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      button.disabled = true;
      try {
        // Private, unrated, the host first: the person plays seat 1 (the room's own options are
        // the game's defaults; the full form above has the rest).
        const room = await api('POST', '/rooms', { game: gameSel.value, players: Number(playersSel.value), visibility: 'private', seating: 'host_first' });
        pendingStart = { code: room.code, level: levels.querySelector('input:checked').value };
        navigate(`/r/${room.code}`);
      } catch (ex) {
        err.textContent = ex.message;
        button.disabled = false;
      }
    },
  },
  h('p', { class: 'muted small' }, 'A private room with the computer in every other seat, started at once.'),
  h('div', { class: 'grid2' }, h('div', {}, h('label', { for: 'bot-game' }, 'Game'), gameSel), h('div', {}, h('label', { for: 'bot-players' }, 'Players'), playersSel)),
  levels,
  button,
  err);
  mount(box, h('h2', { id: 'bots-h' }, 'Play against the computer'), form);
}
