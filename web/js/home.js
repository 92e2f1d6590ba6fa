//! The home page: create a room (game, players, every catalog option with its default, private or
//! public, rated or not), play against the computer, the public lobby (polled every few seconds)
//! with the hosts' ratings, join by code, the leaderboards, and my live and finished matches.

import { api, games, identity } from './api.js';
import { h, mount, fmtTime, plural } from './dom.js';
import { navigate } from './app.js';
import { gameTitle, resultText } from './events.js';
import { HELP, helpHref } from './help.js';
import { optionLabel, optionHelp, valueLabel, isMore, appliesTo } from './options.js';
import { clockChooser } from './clock-form.js';
import { clockText } from './clock.js';
import { quickBox } from './quick.js';
import { botCard } from './bots.js';
import { playerName, profileLink } from './ratings.js';
import { leaderboardHref } from './profile.js';

const LOBBY_EVERY = 3000;


export function homePage(main) {
  const me = identity();
  const createBox = h('section', { class: 'card', 'aria-labelledby': 'create-h' }, h('h2', { id: 'create-h' }, 'New room'), h('p', { class: 'muted' }, 'Loading games…'));
  const lobbyList = h('ul', { class: 'list', id: 'lobby' }, h('li', { class: 'muted' }, 'Loading…'));
  const liveList = h('ul', { class: 'list', id: 'live-games' }, h('li', { class: 'muted' }, 'Loading…'));
  const codeInput = h('input', { id: 'join-code', name: 'code', required: true, maxlength: 16, placeholder: 'K7QX2M3A', autocapitalize: 'characters', 'aria-label': 'Room code' });
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
          joinErr.textContent = ex.status === 404 ? `There is no room ${code}.` : ex.message;
        }
      },
    },
    codeInput,
    h('button', { type: 'submit' }, 'Join'),
  );
  const mine = h('div', { id: 'my-matches' }, h('p', { class: 'muted' }, 'Loading…'));
  const boards = h('ul', { class: 'links', id: 'leaderboards' });
  games().then((catalog) => mount(boards, catalog.map((g) => h('li', {}, h('a', { href: leaderboardHref(g.id), 'data-nav': '' }, g.name))))).catch(() => {});

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
        h('h2', { id: 'lobby-h' }, 'Public rooms'),
        h('p', { class: 'muted small' }, 'Play now: a waiting room of your level, or a new one.'),
        quickBox(),
        h('p', { class: 'muted small' }, 'Rooms waiting for players; refreshed every few seconds.'),
        lobbyList,
        h('h3', { id: 'watch-h' }, 'Games to watch'),
        h('p', { class: 'muted small' }, 'Public matches being played now.'),
        liveList,
        h('h3', {}, 'Join by code'),
        joinForm,
        joinErr,
      ),
      h('section', { class: 'card', 'aria-labelledby': 'mine-h' }, h('h2', { id: 'mine-h' }, 'My matches'), mine),
      h('section', { class: 'card', 'aria-labelledby': 'boards-h' }, h('h2', { id: 'boards-h' }, 'Leaderboards'),
        h('p', { class: 'muted small' }, 'The best settled ratings in each game, from rated rooms.'), boards),
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
      else mount(liveList, h('li', { class: 'muted' }, 'The matches being played cannot be listed just now.'));
    } catch (ex) {
      if (!stopped) mount(lobbyList, h('li', { class: 'error' }, ex.message));
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
    mount(list, h('li', { class: 'muted' }, 'No public room is waiting. Create one!'));
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
        h('span', {}, h('strong', {}, gameTitle(r.game, r.options)), r.rated ? [' ', h('span', { class: 'tag rated' }, 'rated')] : null, ` · ${taken}/${r.players} seated · host `, host ? playerName(host.player, r.game) : '?', r.clock ? ` · ${clockText(r.clock)}` : ''),
        h('a', { href: `/r/${r.code}`, 'data-nav': '', class: 'button' }, 'Join'),
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
    mount(list, h('li', { class: 'muted' }, 'No public match is being played right now.'));
    return;
  }
  mount(list, shown.map((m) => h('li', { class: 'row', dataset: { code: m.room, match: m.id } },
    h('span', {}, h('strong', {}, gameTitle(m.game, m.options)), ' · ', names(m), ` · ${m.plies ? `${plural(m.plies, 'move')} played` : 'just started'}`, m.clock ? ` · ${clockText(m.clock)}` : ''),
    h('a', { href: `/r/${m.room}?watch`, class: 'button' }, 'Watch'))));
}

/** A match's players, each person's name linking to its profile (bots have none). */
function names(m) {
  return m.players.map((p, i) => [i ? ', ' : '', p.id ? profileLink(p) : p.name]);
}

async function loadMine(box, playerId) {
  try {
    const page = await api('GET', `/matches?player=${encodeURIComponent(playerId)}&limit=50`);
    const live = page.matches.filter((m) => m.status === 'playing');
    const done = page.matches.filter((m) => m.status !== 'playing');
    const item = (m) => {
      const link = m.status === 'playing' && m.room ? h('a', { href: `/r/${m.room}`, 'data-nav': '' }, 'Resume') : h('a', { href: `/m/${m.id}`, 'data-nav': '' }, 'Replay');
      return h(
        'li',
        { class: 'row' },
        h('span', {}, h('strong', {}, gameTitle(m.game, m.options)), ' · ', names(m), ` · ${plural(m.plies, 'move')} · `, m.result ? resultText(m.result, (s) => (m.players[s] ? m.players[s].name : `Seat ${s + 1}`)) : fmtTime(m.started_at)),
        link,
      );
    };
    mount(
      box,
      h('h3', {}, 'Live'),
      live.length ? h('ul', { class: 'list', id: 'live-matches' }, live.map(item)) : h('p', { class: 'muted' }, 'None.'),
      h('h3', {}, 'Finished'),
      done.length ? h('ul', { class: 'list', id: 'finished-matches' }, done.map(item)) : h('p', { class: 'muted' }, 'None yet.'),
    );
  } catch (ex) {
    mount(box, h('p', { class: 'error' }, ex.message));
  }
}

async function buildCreate(box) {
  let catalog;
  try {
    catalog = await games();
  } catch (ex) {
    mount(box, h('h2', {}, 'New room'), h('p', { class: 'error' }, ex.message));
    return;
  }
  const gameSel = h('select', { id: 'game', name: 'game' }, catalog.map((g) => h('option', { value: g.id }, g.name)));
  const playersSel = h('select', { id: 'players', name: 'players' });
  const optionsBox = h('fieldset', { class: 'options', id: 'options' });
  const about = h('p', { class: 'game-pitch small', id: 'game-pitch' });
  const visPrivate = h('input', { type: 'radio', name: 'visibility', value: 'private', id: 'vis-private', checked: true });
  const visPublic = h('input', { type: 'radio', name: 'visibility', value: 'public', id: 'vis-public' });
  const err = h('p', { class: 'error', role: 'alert' });
  // What a rated room means is said once it is ticked (the form stays short on a laptop's screen).
  // A rated room needs a clock (the server refuses one without): ticking Rated turns "No clock"
  // off, and moves a clock left at none to Rapid 15+10, which the note then says (clock-form.js).
  const ratedClock = h('span', { id: 'rated-clock' });
  const ratedNote = h('p', { class: 'muted small', id: 'rated-note', hidden: true },
    'Rated: the result changes the players’ ratings in this game. A rated match needs a person in every seat: no bots, it starts once the room is full. ',
    'A rated match needs a clock, so “No clock” is off while Rated is ticked; a match ended before every player has moved counts for nobody.',
    ratedClock);
  const clock = clockChooser();
  const rated = h('input', {
    type: 'checkbox',
    id: 'rated',
    name: 'rated',
    onchange: () => {
      ratedNote.hidden = !rated.checked;
      const set = clock.fitToRated(rated.checked);
      if (set) ratedClock.textContent = ` The clock is now ${set}.`;
      else if (!rated.checked) ratedClock.textContent = '';
    },
  });
  // Start by itself: the match begins once a person sits in every seat, without the host's Start.
  const autoStart = h('input', { type: 'checkbox', id: 'auto-start', name: 'auto_start' });
  // Who starts: the server's default (random in public, the host in private) until chosen here.
  const seating = h('select', { id: 'seating', name: 'seating' },
    h('option', { value: 'host_first' }, 'Host first'),
    h('option', { value: 'random' }, 'Drawn at random'));
  let seatingChosen = false;
  const followVisibility = () => {
    if (!seatingChosen) seating.value = visPublic.checked ? 'random' : 'host_first';
  };
  seating.addEventListener('change', () => { seatingChosen = true; });
  visPrivate.addEventListener('change', followVisibility);
  visPublic.addEventListener('change', followVisibility);
  followVisibility();
  let readers = [];

  const refresh = () => {
    const g = catalog.find((x) => x.id === gameSel.value);
    const keep = playersSel.value;
    mount(playersSel);
    for (let n = g.min_players; n <= g.max_players; n++) playersSel.append(h('option', { value: n }, `${n} players`));
    if (keep && Number(keep) >= g.min_players && Number(keep) <= g.max_players) playersSel.value = keep;
    readers = [];
    const help = HELP[g.id];
    mount(about, help ? `${help.pitch} ` : '', h('a', { href: helpHref(g.id), id: 'create-help', target: '_blank', rel: 'noopener' }, `How to play ${g.name}`));
    const more = h('details', { class: 'more', id: 'more-options' }, h('summary', {}, 'More options (house rules)'));
    mount(optionsBox, h('legend', {}, 'Options'));
    const names = Object.keys(g.options);
    if (!names.length) optionsBox.append(h('p', { class: 'muted' }, 'This game has no options.'));
    for (const name of names) {
      const spec = g.options[name];
      const id = `opt-${name}`;
      const label = h('label', { for: id }, optionLabel(name, spec, g.id));
      const helpText = h('small', { class: 'muted help' }, optionHelp(name, spec, g.id));
      let field;
      let read;
      if (spec.type === 'enum') {
        const values = spec.values.map((v) => (v && typeof v === 'object' ? v.value : v));
        field = h('select', { id, name }, values.map((v) => h('option', { value: v, selected: v === spec.default }, valueLabel(spec, v))));
        read = () => field.value;
      } else if (spec.type === 'boolean') {
        field = h('input', { type: 'checkbox', id, name, checked: spec.default === true });
        read = () => field.checked;
      } else {
        field = h('input', { type: 'number', id, name, min: spec.min, max: spec.max, step: 1, value: spec.default ?? '', placeholder: spec.nullable ? 'no limit' : '' });
        read = () => {
          const v = field.value.trim();
          if (v === '') return spec.nullable ? null : spec.default;
          return Number(v);
        };
      }
      readers.push([name, read]);
      const row = h('div', { class: `opt opt-${spec.type}` }, spec.type === 'boolean' ? [field, label] : [label, field], helpText);
      (isMore(name, spec, g.id) ? more : optionsBox).append(row);
    }
    if (more.children.length > 1) optionsBox.append(more);
    linkPlayers();
  };
  /**
   * Options that only make sense with some player counts follow the count: Pinuid's variant
   * (Classic for 2, Quatro for 3 or 4), Abalone's start position (2 players only).
   */
  const linkPlayers = () => {
    const n = Number(playersSel.value);
    const variant = optionsBox.querySelector('#opt-variant');
    if (gameSel.value === 'pinuid' && variant) {
      for (const o of variant.options) o.disabled = (o.value === 'classic') !== (n === 2);
      if (variant.selectedOptions[0] && variant.selectedOptions[0].disabled) variant.value = n === 2 ? 'classic' : 'quatro';
    }
    // Options for one player count only (the server refuses them changed for another count):
    // shown for that count, else hidden and back at their default.
    for (const field of optionsBox.querySelectorAll('.opt [name]')) {
      const name = field.name;
      const row = field.closest('.opt');
      row.hidden = !appliesTo(name, n);
      if (row.hidden) {
        const spec = catalog.find((x) => x.id === gameSel.value).options[name];
        if (field.type === 'checkbox') field.checked = spec.default === true;
        else field.value = spec.default;
      }
    }
    const layout = optionsBox.querySelector('#opt-layout');
    if (gameSel.value === 'abalone' && layout) {
      layout.disabled = n !== 2;
      if (n !== 2) layout.value = 'standard';
    }
  };
  playersSel.addEventListener('change', linkPlayers);
  gameSel.addEventListener('change', refresh);
  refresh();

  const form = h(
    'form',
    {
      id: 'create-form',
      onsubmit: async (e) => {
        e.preventDefault();
        err.textContent = '';
        const options = {};
        for (const [name, read] of readers) options[name] = read();
        try {
          const clockSent = clock.read();
          // Never sent: the form turns "No clock" off while Rated is ticked.
          if (rated.checked && !clockSent) throw new Error('A rated match needs a clock: pick one.');
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
          err.textContent = ex.message;
        }
      },
    },
    h('div', { class: 'grid2' }, h('div', {}, h('label', { for: 'game' }, 'Game'), gameSel), h('div', {}, h('label', { for: 'players' }, 'Players'), playersSel)),
    about,
    optionsBox,
    h('div', { class: 'grid2 clock-vis' },
      clock.field,
      h('fieldset', { class: 'vis' }, h('legend', {}, 'Who can join'), h('label', {}, visPrivate, ' Private (by link)'), h('label', {}, visPublic, ' Public (lobby)'))),
    clock.custom,
    h('div', { class: 'seating-field', title: 'Host first: you take the first seat and the others sit as they join. Drawn at random: the seats are drawn when the match starts.' },
      h('label', { for: 'seating' }, 'Who starts'), seating),
    ratedNote,
    // Rated sits beside the button: the form stays short enough for Create to be on a laptop's first screen.
    h('div', { class: 'create-row' },
      h('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create room'),
      h('label', { class: 'rated-toggle', title: 'The result changes the players’ ratings in this game' }, rated, ' Rated'),
      h('label', { class: 'rated-toggle auto-start-toggle', title: 'The match begins as soon as a person sits in every seat: no Start button to wait for' }, autoStart, ' Start when full')),
    err,
  );
  mount(box, h('h2', { id: 'create-h' }, 'New room'), form);
}
