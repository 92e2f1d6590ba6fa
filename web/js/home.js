//! The home page: create a room (game, players, every catalog option with its default, private or
//! public, rated or not), play against the computer, the public lobby (polled every few seconds)
//! with the hosts' ratings, join by code, tournaments, the leaderboards, and my live and finished
//! matches.

import { api, games, identity } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { gameName, gameTitle, resultText } from './events.js';
import { gameFields } from './game-form.js';
import { clockChooser } from './clock-form.js';
import { clockText } from './clock.js';
import { quickBox } from './quick.js';
import { botCard } from './bots.js';
import { tournamentsCard } from './tournaments.js';
import { playerName, profileLink, matchPlayerName } from './ratings.js';
import { leaderboardHref } from './profile.js';
import { t, errText, dateTime } from './i18n.js';

const LOBBY_EVERY = 3000;


export function homePage(main) {
  const me = identity();
  const createBox = h('section', { class: 'card', 'aria-labelledby': 'create-h' }, h('h2', { id: 'create-h' }, t('home-new-room')), h('p', { class: 'muted' }, t('welcome-loading-games')));
  const lobbyList = h('ul', { class: 'list', id: 'lobby' }, h('li', { class: 'muted' }, t('loading')));
  const liveList = h('ul', { class: 'list', id: 'live-games' }, h('li', { class: 'muted' }, t('loading')));
  const codeInput = h('input', { id: 'join-code', name: 'code', required: true, maxlength: 16, placeholder: 'K7QX2M3A', autocapitalize: 'characters', 'aria-label': t('home-room-code') });
  const joinErr = h('p', { class: 'error', role: 'alert' });
  const joinForm = h(
    'form',
    {
      class: 'inline',
      id: 'join-form',
      onsubmit: async (e) => {
        e.preventDefault();
        const code = codeInput.value.trim().toUpperCase();
        joinErr.textContent = '';
        try {
          await api('GET', `/rooms/${encodeURIComponent(code)}`);
          navigate(`/r/${code}`);
        } catch (ex) {
          joinErr.textContent = ex.status === 404 ? t('no-room', { code }) : errText(ex);
        }
      },
    },
    codeInput,
    h('button', { type: 'submit' }, t('home-join')),
  );
  const mine = h('div', { id: 'my-matches' }, h('p', { class: 'muted' }, t('loading')));
  const boards = h('ul', { class: 'links', id: 'leaderboards' });
  games().then((catalog) => mount(boards, catalog.map((g) => h('li', {}, h('a', { href: leaderboardHref(g.id), 'data-nav': '' }, gameName(g.id)))))).catch(() => {});

  mount(
    main,
    h(
      'div',
      { class: 'home' },
      createBox,
      botCard(),
      h(
        'section',
        { class: 'card lobby-card', 'aria-labelledby': 'lobby-h' },
        h('h2', { id: 'lobby-h' }, t('welcome-public-rooms')),
        h('p', { class: 'muted small' }, t('welcome-play-now-intro')),
        quickBox(),
        h('p', { class: 'muted small' }, t('welcome-lobby-intro')),
        lobbyList,
        h('h3', { id: 'watch-h' }, t('home-watch')),
        h('p', { class: 'muted small' }, t('home-watch-intro')),
        liveList,
        h('h3', {}, t('home-join-by-code')),
        joinForm,
        joinErr,
      ),
      tournamentsCard(),
      h('section', { class: 'card', 'aria-labelledby': 'mine-h' }, h('h2', { id: 'mine-h' }, t('home-my-matches')), mine),
      h('section', { class: 'card', 'aria-labelledby': 'boards-h' }, h('h2', { id: 'boards-h' }, t('home-leaderboards')),
        h('p', { class: 'muted small' }, t('home-leaderboards-intro')), boards),
    ),
  );

  buildCreate(createBox);
  let stopped = false;
  let timer = null;
  const poll = async () => {
    try {
      // The games to watch are a second list: if they cannot be had, the lobby still shows.
      const [rooms, live] = await Promise.all([api('GET', '/rooms'), api('GET', '/matches?status=playing&limit=20').catch(() => null)]);
      if (stopped) return;
      renderLobby(lobbyList, rooms);
      if (live) renderLive(liveList, live.matches, me.id);
      else mount(liveList, h('li', { class: 'muted' }, t('home-watch-unavailable')));
    } catch (ex) {
      if (!stopped) mount(lobbyList, h('li', { class: 'error' }, errText(ex)));
    }
    if (!stopped) timer = setTimeout(poll, LOBBY_EVERY);
  };
  poll();
  loadMine(mine, me.id);
  return {
    destroy() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The public rooms waiting, each with its Join link (also on the welcome page). */
export function renderLobby(list, rooms) {
  if (!rooms.length) {
    mount(list, h('li', { class: 'muted' }, t('lobby-empty')));
    return;
  }
  mount(
    list,
    rooms.map((r) => {
      const taken = r.seats.filter((s) => s.player || s.bot).length;
      const host = r.seats.find((s) => s.player && s.player.id === r.host);
      return h(
        'li',
        { class: 'row', dataset: { code: r.code } },
        h('span', {}, h('strong', {}, gameTitle(r.game, r.options)), r.rated ? [' ', h('span', { class: 'tag rated' }, t('tag-rated'))] : null, ` · ${t('lobby-seated', { taken, players: r.players })} · ${t('lobby-host')} `, host ? playerName(host.player, r.game) : '?', r.clock ? ` · ${clockText(r.clock)}` : ''),
        h('a', { href: `/r/${r.code}`, 'data-nav': '', class: 'button' }, t('home-join')),
      );
    }),
  );
}

/**
 * Public matches under way, to watch: a match's `room` is only given for public rooms (and to a
 * private room's own players, whose matches are under "My matches" already, so they are left out).
 */
function renderLive(list, matches, myId) {
  const shown = matches.filter((m) => m.room && !m.players.some((p) => p.id === myId));
  if (!shown.length) {
    mount(list, h('li', { class: 'muted' }, t('watch-empty')));
    return;
  }
  mount(list, shown.map((m) => h('li', { class: 'row', dataset: { code: m.room, match: m.id } },
    h('span', {}, h('strong', {}, gameTitle(m.game, m.options)), ' · ', names(m), ` · ${m.plies ? t('watch-moves-played', { count: m.plies }) : t('watch-just-started')}`, m.clock ? ` · ${clockText(m.clock)}` : ''),
    h('a', { href: `/r/${m.room}?watch`, class: 'button' }, t('watch-button')))));
}

/** A match's players, each person's name linking to its profile (bots have none). */
function names(m) {
  return m.players.map((p, i) => [i ? ', ' : '', p.id ? profileLink(p) : matchPlayerName(p, i, m.players)]);
}

async function loadMine(box, playerId) {
  try {
    const page = await api('GET', `/matches?player=${encodeURIComponent(playerId)}&limit=50`);
    const live = page.matches.filter((m) => m.status === 'playing');
    const done = page.matches.filter((m) => m.status !== 'playing');
    const item = (m) => {
      const link = m.status === 'playing' && m.room ? h('a', { href: `/r/${m.room}`, 'data-nav': '' }, t('mine-resume')) : h('a', { href: `/m/${m.id}`, 'data-nav': '' }, t('mine-replay'));
      return h(
        'li',
        { class: 'row' },
        h('span', {}, h('strong', {}, gameTitle(m.game, m.options)), ' · ', names(m), ` · ${t('moves-count', { count: m.plies })} · `, m.result ? resultText(m.result, (s) => matchPlayerName(m.players[s], s, m.players)) : dateTime(m.started_at)),
        link,
      );
    };
    mount(
      box,
      h('h3', {}, t('mine-live')),
      live.length ? h('ul', { class: 'list', id: 'live-matches' }, live.map(item)) : h('p', { class: 'muted' }, t('mine-none')),
      h('h3', {}, t('mine-finished')),
      done.length ? h('ul', { class: 'list', id: 'finished-matches' }, done.map(item)) : h('p', { class: 'muted' }, t('mine-none-yet')),
    );
  } catch (ex) {
    mount(box, h('p', { class: 'error' }, errText(ex)));
  }
}

async function buildCreate(box) {
  let catalog;
  try {
    catalog = await games();
  } catch (ex) {
    mount(box, h('h2', {}, t('home-new-room')), h('p', { class: 'error' }, errText(ex)));
    return;
  }
  const fields = gameFields(catalog);
  const { gameSel, playersSel, optionsBox, about } = fields;
  const visPrivate = h('input', { type: 'radio', name: 'visibility', value: 'private', id: 'vis-private', checked: true });
  const visPublic = h('input', { type: 'radio', name: 'visibility', value: 'public', id: 'vis-public' });
  const err = h('p', { class: 'error', role: 'alert' });
  // What a rated room means is said once it is ticked (the form stays short on a laptop's screen).
  // A rated room needs a clock (the server refuses one without): ticking Rated turns "No clock"
  // off, and moves a clock left at none to Rapid 15+10, which the note then says (clock-form.js).
  const ratedClock = h('span', { id: 'rated-clock' });
  const ratedNote = h('p', { class: 'muted small', id: 'rated-note', hidden: true },
    t('create-rated-note'), ' ',
    t('create-rated-note-clock'),
    ratedClock);
  const clock = clockChooser();
  const rated = h('input', {
    type: 'checkbox',
    id: 'rated',
    name: 'rated',
    onchange: () => {
      ratedNote.hidden = !rated.checked;
      const set = clock.fitToRated(rated.checked);
      if (set) ratedClock.textContent = ` ${t('create-clock-now', { clock: set })}`;
      else if (!rated.checked) ratedClock.textContent = '';
    },
  });
  // Start by itself: the match begins once a person sits in every seat, without the host's Start.
  const autoStart = h('input', { type: 'checkbox', id: 'auto-start', name: 'auto_start' });
  // Who starts: the server's default (random in public, the host in private) until chosen here.
  const seating = h('select', { id: 'seating', name: 'seating' },
    h('option', { value: 'host_first' }, t('create-host-first')),
    h('option', { value: 'random' }, t('create-random')));
  let seatingChosen = false;
  const followVisibility = () => {
    if (!seatingChosen) seating.value = visPublic.checked ? 'random' : 'host_first';
  };
  seating.addEventListener('change', () => { seatingChosen = true; });
  visPrivate.addEventListener('change', followVisibility);
  visPublic.addEventListener('change', followVisibility);
  followVisibility();

  const form = h(
    'form',
    {
      id: 'create-form',
      onsubmit: async (e) => {
        e.preventDefault();
        err.textContent = '';
        const options = fields.options();
        try {
          const clockSent = clock.read();
          // Never sent: the form turns "No clock" off while Rated is ticked.
          if (rated.checked && !clockSent) throw new Error(t('rated-needs-clock'));
          const room = await api('POST', '/rooms', {
            game: gameSel.value,
            players: Number(playersSel.value),
            visibility: visPublic.checked ? 'public' : 'private',
            options,
            clock: clockSent,
            seating: seating.value,
            rated: rated.checked,
            auto_start: autoStart.checked,
          });
          navigate(`/r/${room.code}`);
        } catch (ex) {
          err.textContent = errText(ex);
        }
      },
    },
    h('div', { class: 'grid2' }, h('div', {}, h('label', { for: 'game' }, t('label-game')), gameSel), h('div', {}, h('label', { for: 'players' }, t('label-players')), playersSel)),
    about,
    optionsBox,
    h('div', { class: 'grid2 clock-vis' },
      clock.field,
      h('fieldset', { class: 'vis' }, h('legend', {}, t('create-who-can-join')), h('label', {}, visPrivate, ' ', t('create-private')), h('label', {}, visPublic, ' ', t('create-public')))),
    clock.custom,
    h('div', { class: 'seating-field', title: t('create-seating-title') },
      h('label', { for: 'seating' }, t('create-who-starts')), seating),
    ratedNote,
    // Rated and "Start when full" come before the button, which ends the form (on a laptop the
    // button leads their row, style.css, so that Create stays on its first screen).
    h('div', { class: 'create-row' },
      h('label', { class: 'rated-toggle', title: t('create-rated-title') }, rated, ' ', t('label-rated')),
      h('label', { class: 'rated-toggle auto-start-toggle', title: t('create-auto-start-title') }, autoStart, ' ', t('create-auto-start')),
      h('button', { type: 'submit', class: 'primary', id: 'create' }, t('create-room'))),
    err,
  );
  mount(box, h('h2', { id: 'create-h' }, t('home-new-room')), form);
}
