//! A first visit, before any name: the home page says what Plateau is, shows the five games (each
//! board drawn by the game's own board code from an example position, the players it takes, a
//! one-line pitch), the public rooms waiting now and *Play now*, and keeps the name field right
//! there; an invite link (/r/CODE) opens "Alice invites you to Abalone (2 players)" with the name
//! field. A name is asked for only to act: choosing one plays on with what was asked.

import { api, games, register, waitText } from './api.js';
import { h, mount } from './dom.js';
import { gameName, gameTitle } from './events.js';
import { pitchOf, helpHref } from './help.js';
import { gameOf, boardFor } from './games/index.js';
import { quickBox } from './quick.js';
import { renderLobby } from './home.js';
import { renderWho } from './app.js';
import { t } from './i18n.js';
import { tournamentsCard } from './tournaments.js';

const LOBBY_EVERY = 3000;

/**
 * The name form (`#name-form`, `#name`): registers a guest, then runs `then`, unless an action
 * waits for the name (`ask()`, from *Play now*): that action goes on instead.
 */
function nameForm(then, { heading, intro }) {
  const input = h('input', { id: 'name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname', placeholder: t('name-placeholder') });
  const err = h('p', { class: 'error', role: 'alert' });
  const note = h('p', { class: 'small', id: 'name-needed', hidden: true }, t('name-needed'));
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
          if (ex.status === 409) err.textContent = t('name-taken', { name: input.value.trim() });
          else if (ex.status === 429) err.textContent = t('too-many-players', { wait: waitText(ex.retryAfter || 60) });
          else err.textContent = ex.message;
        }
      },
    },
    h('h2', {}, heading),
    intro ? h('p', {}, intro) : null,
    note,
    h('label', { for: 'name' }, t('name-label')),
    h('div', { class: 'inline name-row' }, input, h('button', { type: 'submit', class: 'primary' }, t('name-submit'))),
    err,
    h('p', { class: 'small muted' }, t('name-kept'), ' ',
      h('a', { href: '/signin', 'data-nav': '', id: 'to-signin' }, t('sign-in'))),
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
  const players = game.min_players === game.max_players ? t('game-players', { min: game.min_players }) : t('game-players-range', { min: game.min_players, max: game.max_players });
  const card = h('li', { class: 'game-card', dataset: { game: game.id } },
    picture,
    h('h3', {}, gameName(game.id)),
    h('p', { class: 'small muted game-players' }, players),
    h('p', { class: 'small' }, pitchOf(game.id) || ''),
    h('a', { href: helpHref(game.id), 'data-nav': '', class: 'small' }, t('how-to-play', { game: gameName(game.id) })));
  const known = gameOf(game.id);
  const position = known && known.position;
  if (position) {
    boardFor(game.id, picture, { send() {}, nameOf: (s) => t('player-n', { n: s + 1 }), players: () => 2, hint() {} })
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
  const name = nameForm(then, { heading: t('welcome-name-heading'), intro: t('welcome-name-intro') });
  const gameList = h('ul', { class: 'game-cards', id: 'game-cards' }, h('li', { class: 'muted' }, t('welcome-loading-games')));
  const lobbyList = h('ul', { class: 'list', id: 'lobby' }, h('li', { class: 'muted' }, t('loading')));
  // Back here from closing an account (account.js): said once, first.
  const closed = sessionStorage.getItem('plateau.closed');
  sessionStorage.removeItem('plateau.closed');
  mount(
    main,
    h('div', { class: 'welcome', id: 'welcome' },
      closed ? h('p', { class: 'notice', id: 'account-closed', role: 'status' }, t('account-closed-done', { name: closed })) : null,
      h('section', { class: 'welcome-intro', 'aria-labelledby': 'welcome-h' },
        h('h1', { id: 'welcome-h' }, t('welcome-title')),
        h('p', {}, t('welcome-pitch'), ' ',
          // On a phone the first sentence is enough to go on: the name field and Play now stay on the first screen.
          h('span', { class: 'wide-only' }, t('welcome-pitch-more')))),
      name.form,
      h('section', { class: 'card', 'aria-labelledby': 'welcome-lobby-h' },
        h('h2', { id: 'welcome-lobby-h' }, t('welcome-public-rooms')),
        h('p', { class: 'muted small' }, t('welcome-play-now-intro')),
        quickBox({ beforePlay: name.ask }),
        h('p', { class: 'muted small' }, t('welcome-lobby-intro')),
        lobbyList),
      tournamentsCard({ form: false }),
      h('section', { class: 'card', 'aria-labelledby': 'games-h' }, h('h2', { id: 'games-h' }, t('welcome-games')), gameList)),
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
  const game = room && gameTitle(room.game, room.options);
  const heading = !room ? t('invite-join', { code }) : host ? t('invite-from', { host: host.player.name, game, players: room.players }) : t('invite-anonymous', { game, players: room.players });
  const intro = room ? pitchOf(room.game) : null;
  const name = nameForm(then, { heading, intro });
  name.form.id = 'name-form';
  name.form.classList.add('narrow', 'invite');
  name.form.dataset.room = code;
  if (room) name.form.append(h('p', { class: 'small' }, h('a', { href: helpHref(room.game), 'data-nav': '', id: 'invite-help' }, t('how-to-play', { game }))));
  mount(main, name.form);
  name.input.focus();
  return null;
}
