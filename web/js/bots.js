//! Playing against the computer: the bot levels in words, and the home page's one-click form that
//! makes a private room, sits the player in it and starts the match with bots in the other seats.

import { api, games } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { gameName } from './events.js';
import { t, errText } from './i18n.js';

/** The contract's levels (`start`'s `bot_level`), weakest first; `easy` is the server's default. */
export const LEVELS = [
  ['random', () => t('bot-random'), () => t('bot-random-what')],
  ['easy', () => t('bot-easy'), () => t('bot-easy-what')],
  ['strong', () => t('bot-strong'), () => t('bot-strong-what')],
];
export const DEFAULT_LEVEL = 'easy';

/** "strong" -> "Strong bot", for the seats and the end breakdown. */
export function levelName(level) {
  const l = LEVELS.find(([id]) => id === level);
  return t('bot-level-name', { level: l ? l[1]() : level });
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
  const box = h('section', { class: 'card', 'aria-labelledby': 'bots-h', id: 'bots' }, h('h2', { id: 'bots-h' }, t('bots-heading')), h('p', { class: 'muted' }, t('welcome-loading-games')));
  build(box);
  return box;
}

async function build(box) {
  let catalog;
  try {
    catalog = await games();
  } catch (ex) {
    mount(box, h('h2', { id: 'bots-h' }, t('bots-heading')), h('p', { class: 'error' }, errText(ex)));
    return;
  }
  const gameSel = h('select', { id: 'bot-game', name: 'game' }, catalog.map((g) => h('option', { value: g.id }, gameName(g.id))));
  const playersSel = h('select', { id: 'bot-players', name: 'players' });
  const levels = h('fieldset', { class: 'vis bot-levels' }, h('legend', {}, t('bots-level')),
    LEVELS.map(([id, label, what]) => h('label', { title: what() }, h('input', { type: 'radio', name: 'bot-level', value: id, id: `bot-level-${id}`, checked: id === DEFAULT_LEVEL }), ` ${label()}`)));
  const err = h('p', { class: 'error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'play-bots' }, t('bots-play'));
  const refresh = () => {
    const g = catalog.find((x) => x.id === gameSel.value);
    const keep = playersSel.value;
    mount(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h('option', { value: n }, t('bots-you-and', { count: n - 1 })));
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
        err.textContent = errText(ex);
        button.disabled = false;
      }
    },
  },
  h('p', { class: 'muted small' }, t('bots-intro')),
  h('div', { class: 'grid2' }, h('div', {}, h('label', { for: 'bot-game' }, t('label-game')), gameSel), h('div', {}, h('label', { for: 'bot-players' }, t('label-players')), playersSel)),
  levels,
  button,
  err);
  mount(box, h('h2', { id: 'bots-h' }, t('bots-heading')), form);
}
