//! A first visit, before any name: the home page says what Plateau is, shows the five games (each
//! board drawn by the game's own board code from an example position, the players it takes, a
//! one-line pitch), the public rooms waiting now and *Play now*, and keeps the name field right
//! there; an invite link (/r/CODE) opens "Alice invites you to Abalone (2 players)" with the name
//! field. A name is asked for only to act: choosing one plays on with what was asked.

import { api, games, register, waitText } from './api.js';
import { h, mount } from './dom.js';
import { gameTitle } from './events.js';
import { HELP, helpHref } from './help.js';
import { POSITIONS } from './help-positions.js';
import { boardFor } from './boards/index.js';
import { quickBox } from './quick.js';
import { renderLobby } from './home.js';
import { renderWho } from './app.js';

const LOBBY_EVERY = 3000;

/**
 * The name form (`#name-form`, `#name`): registers a guest, then runs `then`, unless an action
 * waits for the name (`ask()`, from *Play now*): that action goes on instead.
 */
function nameForm(then, { heading, intro }) {
  const input = h('input', { id: 'name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname', placeholder: 'e.g. Alice' });
  const err = h('p', { class: 'error', role: 'alert' });
  const note = h('p', { class: 'small', id: 'name-needed', hidden: true }, 'Choose a name first: the match starts right after.');
  let waiting = null;
  const form = h(
    'form',
    {
      class: 'card name-card',
      id: 'name-form',
      onsubmit: async (e) => {
        e.preventDefault();
        err.textContent = '';
        try {
          await register(input.value.trim());
          renderWho();
          if (waiting) waiting();
          else then();
        } catch (ex) {
          if (ex.status === 409) err.textContent = `“${input.value.trim()}” belongs to an account: choose another name, or sign in if it is yours.`;
          else if (ex.status === 429) err.textContent = `Too many new players from this connection just now. Try again in ${waitText(ex.retryAfter || 60)}.`;
          else err.textContent = ex.message;
        }
      },
    },
    h('h2', {}, heading),
    intro ? h('p', {}, intro) : null,
    note,
    h('label', { for: 'name' }, 'Your display name'),
    h('div', { class: 'inline name-row' }, input, h('button', { type: 'submit', class: 'primary' }, 'Start playing')),
    err,
    h('p', { class: 'small muted' }, 'Kept in this browser, so a reload or another tab is the same player. Have an account? ',
      h('a', { href: '/signin', 'data-nav': '', id: 'to-signin' }, 'Sign in')),
  );
  /** Resolves once a name is chosen, after bringing the form into view. */
  const ask = () => new Promise((resolve) => {
    waiting = resolve;
    note.hidden = false;
    form.scrollIntoView({ block: 'center' });
    input.focus();
  });
  return { form, input, ask };
}

/** One game's card: its board at an example position, its name, players and pitch. */
function gameCard(game) {
  const picture = h('div', { class: 'game-picture', 'aria-hidden': 'true' });
  const players = game.min_players === game.max_players ? `${game.min_players} players` : `${game.min_players} to ${game.max_players} players`;
  const card = h('li', { class: 'game-card', dataset: { game: game.id } },
    picture,
    h('h3', {}, game.name),
    h('p', { class: 'small muted game-players' }, players),
    h('p', { class: 'small' }, HELP[game.id] ? HELP[game.id].pitch : ''),
    h('a', { href: helpHref(game.id), 'data-nav': '', class: 'small' }, `How to play ${game.name}`));
  const position = POSITIONS[game.id];
  if (position) {
    const names = ['Player 1', 'Player 2'];
    boardFor(game.id, picture, { send() {}, nameOf: (s) => names[s] || `Player ${s + 1}`, players: () => 2, hint() {} })
      .then((board) => {
        board.update(position, { interactive: false, lastEvents: [] });
        // A picture, not a board to play on: no controls, and no ids that the room page's board owns.
        for (const el of picture.querySelectorAll('[id]')) el.removeAttribute('id');
      })
      .catch(() => mount(picture));
  }
  return card;
}

/** The home page for a visitor without a name; `then` goes on once one is chosen. */
export function welcomePage(main, then) {
  const name = nameForm(then, { heading: 'Play now, or make a room for friends', intro: 'Pick a name: no account, no e-mail.' });
  const gameList = h('ul', { class: 'game-cards', id: 'game-cards' }, h('li', { class: 'muted' }, 'Loading games…'));
  const lobbyList = h('ul', { class: 'list', id: 'lobby' }, h('li', { class: 'muted' }, 'Loading…'));
  mount(
    main,
    h('div', { class: 'welcome', id: 'welcome' },
      h('section', { class: 'welcome-intro', 'aria-labelledby': 'welcome-h' },
        h('h1', { id: 'welcome-h' }, 'Board games with friends far away, or with anyone'),
        h('p', {}, 'Plateau plays five board games in the browser, for 2 to 4 players: send a private room’s link to friends, or meet other players in the public rooms. ',
          // On a phone the first sentence is enough to go on: the name field and Play now stay on the first screen.
          h('span', { class: 'wide-only' }, 'The server knows the rules, rolls every die and keeps every move, so nobody can cheat and a match goes on after a reload.'))),
      name.form,
      h('section', { class: 'card', 'aria-labelledby': 'welcome-lobby-h' },
        h('h2', { id: 'welcome-lobby-h' }, 'Public rooms'),
        h('p', { class: 'muted small' }, 'Play now: a waiting room of your level, or a new one.'),
        quickBox({ beforePlay: name.ask }),
        h('p', { class: 'muted small' }, 'Rooms waiting for players; refreshed every few seconds.'),
        lobbyList),
      h('section', { class: 'card', 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, 'The games'), gameList)),
  );
  games().then((catalog) => mount(gameList, catalog.map(gameCard))).catch((ex) => mount(gameList, h('li', { class: 'error' }, ex.message)));

  let stopped = false;
  let timer = null;
  const poll = async () => {
    try {
      const rooms = await api('GET', '/rooms');
      if (!stopped) renderLobby(lobbyList, rooms);
    } catch (ex) {
      if (!stopped) mount(lobbyList, h('li', { class: 'error' }, ex.message));
    }
    if (!stopped) timer = setTimeout(poll, LOBBY_EVERY);
  };
  poll();
  return {
    destroy() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * An invite link opened without a name: who invites to what, and the name field; `then` opens the
 * room once a name is chosen. A room that cannot be read still gets the name field.
 */
export async function invitePage(main, code, then) {
  let room = null;
  try {
    room = await api('GET', `/rooms/${encodeURIComponent(code)}`);
  } catch {
    room = null;
  }
  const host = room && room.seats.find((s) => s.player && s.player.id === room.host);
  const what = room ? `${gameTitle(room.game, room.options)} (${room.players} players)` : null;
  const heading = !room ? `Join room ${code}` : host ? `${host.player.name} invites you to ${what}` : `You are invited to ${what}`;
  const intro = room && HELP[room.game] ? HELP[room.game].pitch : null;
  const name = nameForm(then, { heading, intro });
  name.form.id = 'name-form';
  name.form.classList.add('narrow', 'invite');
  name.form.dataset.room = code;
  if (room) name.form.append(h('p', { class: 'small' }, h('a', { href: helpHref(room.game), 'data-nav': '', id: 'invite-help' }, `How to play ${gameTitle(room.game, room.options)}`)));
  mount(main, name.form);
  name.input.focus();
  return null;
}
