//! Tournaments (docs/protocol.md, "Tournaments"): the home and welcome pages' card (the public ones,
//! running and upcoming, and on the home page a form to make one), a tournament's page /t/ID (followed over the WebSocket:
//! standings, rounds, join and withdraw, and a countdown that takes the player to each match as
//! soon as it is paired), and the way back from a tournament's match to its page.

import { api, games, identity } from './api.js';
import { h, mount } from './dom.js';
import { navigate } from './app.js';
import { gameName, gameTitle } from './events.js';
import { clockText } from './clock.js';
import { icon } from './icons.js';
import { t, errText, dateTime, num } from './i18n.js';

const KINDS = {
  arena: () => t('tournament-kind-arena'),
  swiss: () => t('tournament-kind-swiss'),
  round_robin: () => t('tournament-kind-round-robin'),
};
const STATUSES = {
  upcoming: () => t('tournament-upcoming'),
  running: () => t('tournament-running'),
  finished: () => t('tournament-finished'),
};
/** Seconds between a match being paired and the page going there. */
const COUNTDOWN = 3;
/** Seconds the room of a finished tournament match waits before going back to the standings. */
const BACK_AFTER = 5;
/** sessionStorage: the tournament match this tab was taken to ({room, tournament}). */
const RETURN_KEY = 'plateau.tournament-return';
/** sessionStorage: the rooms this tab was already taken to (not taken there twice). */
const VISITED_KEY = 'plateau.tournament-visited';

function visited() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(VISITED_KEY) || '[]'));
  } catch {
    return new Set();
  }
}

function markVisited(room) {
  const rooms = visited();
  rooms.add(room);
  sessionStorage.setItem(VISITED_KEY, JSON.stringify([...rooms]));
}

/**
 * A tournament in one line. A list counts the entrants still in; a tournament's page, whose table
 * lists everyone who entered, counts its rows (and says how many left), so both say the same.
 */
function summaryText(tn, standings = null) {
  const entrants = standings ? standings.length : tn.entrants;
  const text = t('tournament-summary', { kind: KINDS[tn.kind](), game: gameName(tn.game), players: tn.players, status: STATUSES[tn.status](), entrants });
  const left = standings ? standings.filter((s) => s.withdrawn).length : 0;
  return left ? `${text} ${t('tournament-left-count', { count: left })}` : text;
}

/** Whether an arena is past its end: it pairs nobody again, though its last matches may go on. */
function arenaOver(tn) {
  return tn.kind === 'arena' && !!tn.ends_at && Date.parse(tn.ends_at) <= Date.now();
}

/** What a kind of tournament means, in a line. */
const KIND_LINES = {
  arena: () => t('tournament-kind-arena-line'),
  swiss: () => t('tournament-kind-swiss-line'),
  round_robin: () => t('tournament-kind-round-robin-line'),
};

/** A `datetime-local` value (the machine's time zone) for `at`. */
function localInput(at) {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60000);
  return d.toISOString().slice(0, 16);
}

/**
 * The home page's card: public tournaments running and upcoming, and (`form`) making one; the
 * welcome page shows it without the form, to visitors who have no name yet.
 */
export function tournamentsCard({ form = true } = {}) {
  const list = h('ul', { class: 'list', id: 'tournaments' }, h('li', { class: 'muted' }, t('loading')));
  (async () => {
    try {
      const [running, upcoming] = await Promise.all([api('GET', '/tournaments?status=running'), api('GET', '/tournaments?status=upcoming')]);
      const all = [...running.tournaments, ...upcoming.tournaments];
      mount(list, all.length ? all.map((tn) => h('li', { dataset: { tournament: tn.id } },
        h('a', { href: `/t/${tn.id}`, 'data-nav': '' }, tn.name), ' ',
        h('span', { class: 'muted small' }, summaryText(tn), ' · ', dateTime(tn.starts_at)))) : h('li', { class: 'muted' }, t('tournaments-none')));
    } catch (e) {
      mount(list, h('li', { class: 'error' }, errText(e)));
    }
  })();
  return h('section', { class: 'card', 'aria-labelledby': 'tournaments-h' }, h('h2', { id: 'tournaments-h' }, t('tournaments-title')), list, form ? newTournament() : null);
}

/** The form that makes a tournament: for players with a password (public ones for moderators). */
function newTournament() {
  const me = identity();
  const mayPublish = !!me && (me.role === 'moderator' || me.role === 'admin');
  if (!me || (!me.account && !mayPublish)) return h('p', { class: 'muted small' }, t('tournament-new-needs-account'));
  const name = h('input', { id: 'tournament-name', required: true, maxlength: 60, 'aria-label': t('tournament-name') });
  const kind = h('select', { id: 'tournament-kind', 'aria-label': t('tournament-kind') },
    Object.entries(KINDS).map(([k, label]) => h('option', { value: k }, label())));
  const game = h('select', { id: 'tournament-game', 'aria-label': t('tournament-game') });
  const players = h('select', { id: 'tournament-players', 'aria-label': t('tournament-players') }, [2, 3, 4].map((n) => h('option', { value: String(n) }, String(n))));
  const perMove = h('select', { id: 'tournament-clock', 'aria-label': t('tournament-clock') }, [30, 60, 120, 300].map((s) => h('option', { value: String(s), selected: s === 60 }, clockText({ kind: 'per_move', s }))));
  const length = h('input', { id: 'tournament-length', type: 'number', min: 1, max: 720, value: 3, 'aria-label': t('tournament-length') });
  const lengthLabel = h('span', {}, t('tournament-rounds'));
  const kindLine = h('p', { class: 'muted small', id: 'tournament-kind-line' }, KIND_LINES[kind.value]());
  kind.addEventListener('change', () => {
    mount(lengthLabel, kind.value === 'arena' ? t('tournament-minutes') : t('tournament-rounds'));
    mount(kindLine, KIND_LINES[kind.value]());
  });
  // Empty: pairing begins as soon as it is made.
  const startsAt = h('input', { id: 'tournament-starts', type: 'datetime-local', min: localInput(Date.now()), 'aria-label': t('tournament-starts-at') });
  const publish = h('input', { id: 'tournament-public', type: 'checkbox' });
  const err = h('p', { class: 'error', role: 'alert' });
  games().then((catalog) => mount(game, catalog.map((g) => h('option', { value: g.id }, gameName(g.id))))).catch(() => {});
  const form = h('form', {
    id: 'tournament-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      const body = {
        name: name.value.trim(), kind: kind.value, game: game.value, players: Number(players.value),
        clock: { kind: 'per_move', s: Number(perMove.value) }, visibility: publish.checked ? 'public' : 'private',
      };
      if (kind.value === 'swiss') body.rounds = Number(length.value);
      if (kind.value === 'arena') body.minutes = Number(length.value);
      if (startsAt.value) {
        const at = new Date(startsAt.value);
        if (Number.isNaN(at.getTime())) {
          err.textContent = t('tournament-starts-bad');
          return;
        }
        body.starts_at = at.toISOString();
      }
      try {
        const made = await api('POST', '/tournaments', body);
        navigate(`/t/${made.id}`);
      } catch (ex) {
        err.textContent = errText(ex);
      }
    },
  },
  h('label', {}, t('tournament-name'), ' ', name), ' ',
  h('label', {}, t('tournament-kind'), ' ', kind), kindLine,
  h('label', {}, t('tournament-game'), ' ', game), ' ',
  h('label', {}, t('tournament-players'), ' ', players), ' ',
  h('label', {}, t('tournament-clock'), ' ', perMove), ' ',
  h('label', { id: 'tournament-length-label' }, lengthLabel, ' ', length), ' ',
  h('label', {}, t('tournament-starts-at'), ' ', startsAt, ' ', h('span', { class: 'muted small' }, t('tournament-starts-at-empty'))), ' ',
  mayPublish ? h('label', {}, publish, ' ', t('tournament-public')) : null, ' ',
  h('button', { type: 'submit', id: 'tournament-create' }, t('tournament-create')),
  err);
  return h('details', { class: 'new-tournament' }, h('summary', {}, t('tournament-new')), form);
}

/** A tournament's page, followed over the WebSocket for as long as it is open. */
export function tournamentPage(main, id, conn) {
  const key = `T:${id}`;
  let countdown = null;
  let going = null;
  let destroyed = false;
  /** What the page says of the player's next match: kept across frames, the countdown writes it. */
  const say = h('p', { id: 'tournament-next', role: 'status' });
  const root = h('div', { class: 'tournament', id: 'tournament', dataset: { status: 'loading' } }, h('p', { class: 'muted' }, t('loading')));
  mount(main, root);

  const act = (path) => async () => {
    try {
      await api('POST', `/tournaments/${id}/${path}`, {});
    } catch (e) {
      alert(errText(e));
    }
  };

  const stopCountdown = () => {
    clearInterval(countdown);
    countdown = null;
    going = null;
  };

  /** Takes the player to `room` after the countdown (once per room and tab). */
  const goSoon = (room, say) => {
    if (going === room) return;
    stopCountdown();
    going = room;
    let left = COUNTDOWN;
    const tick = () => {
      mount(say, t('tournament-going', { secs: left }));
      if (left <= 0) {
        stopCountdown();
        go(room);
        return;
      }
      left -= 1;
    };
    tick();
    countdown = setInterval(tick, 1000);
  };

  /** The tournament as last drawn: its match's room names it. */
  let shown = null;
  /** An arena under way is drawn again at its end, frame or not: its entrants read that it is over. */
  let endTimer = null;
  const watchArenaEnd = (tn, you) => {
    clearTimeout(endTimer);
    endTimer = null;
    if (tn.kind !== 'arena' || !tn.ends_at || arenaOver(tn) || tn.status === 'finished') return;
    const wait = Date.parse(tn.ends_at) - Date.now() + 250;
    // Timers past ~24 days fire at once: a long wait is checked again later instead.
    endTimer = setTimeout(() => { if (!destroyed) render(tn, you); }, Math.min(wait, 86400000));
  };
  const go = (room) => {
    markVisited(room);
    sessionStorage.setItem(RETURN_KEY, JSON.stringify({ room, tournament: id, name: shown && shown.name }));
    navigate(`/r/${room}`);
  };

  const render = (tn, you) => {
    shown = tn;
    root.dataset.status = tn.status;
    const names = new Map(tn.standings.map((s) => [s.entrant, s.player.name]));
    const seatName = (e) => (e === null ? t('tournament-bot') : names.get(e) || '?');
    const yourBox = h('section', { class: 'card', id: 'tournament-you' });
    const over = tn.status === 'finished' || arenaOver(tn);
    watchArenaEnd(tn, you);
    if (!you) {
      mount(yourBox, over ? h('p', { class: 'muted', id: 'tournament-over' }, t('tournament-over')) : h('button', { type: 'button', id: 'tournament-join', onclick: act('join') }, t('tournament-join')));
    } else if (you.withdrawn) {
      mount(yourBox, h('p', {}, t('tournament-you-left')), tn.status === 'finished' ? null : h('button', { type: 'button', id: 'tournament-join', onclick: act('join') }, t('tournament-join-again')));
    } else {
      if (you.next && tn.status !== 'finished') {
        if (!visited().has(you.next.room)) goSoon(you.next.room, say);
        else mount(say, t('tournament-match-ready'));
      } else {
        stopCountdown();
        // An arena past its end pairs nobody again: over for its entrants, though its last
        // matches may still be played.
        mount(say, over ? t('tournament-over') : t('tournament-waiting'));
      }
      mount(yourBox, h('p', {}, t('tournament-you-in')), say,
        you.next && tn.status !== 'finished' ? h('button', { type: 'button', id: 'tournament-go', onclick: () => go(you.next.room) }, t('tournament-go-now')) : null,
        over ? null : h('button', { type: 'button', id: 'tournament-withdraw', class: 'secondary', onclick: act('withdraw') }, t('tournament-withdraw')));
    }
    const points = (x) => num(x, { maximumFractionDigits: 1 });
    // Tie-breaks are a Swiss's and a round robin's: an arena ranks by points alone.
    const ties = tn.kind !== 'arena';
    const standings = h('table', { class: 'standings', id: 'standings' },
      h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, t('tournament-player')), h('th', {}, t('tournament-points')), ties ? [h('th', {}, t('tournament-buchholz')), h('th', {}, t('tournament-sonneborn-berger'))] : null, h('th', {}, t('tournament-played')))),
      h('tbody', {}, tn.standings.map((s) => h('tr', { class: s.withdrawn ? 'muted' : '', dataset: { entrant: String(s.entrant), player: s.player.id } },
        h('td', {}, String(s.rank)),
        h('td', {}, h('a', { href: `/p/${s.player.id}`, 'data-nav': '' }, s.player.name), s.fire ? h('span', { class: 'fire', title: t('tournament-fire') }, ' ', icon('flame')) : null, s.withdrawn ? h('span', { class: 'small' }, ' ', t('tournament-withdrawn')) : null),
        h('td', { class: 'points' }, points(s.points)), ties ? [h('td', {}, points(s.buchholz)), h('td', {}, points(s.sonneborn_berger))] : null, h('td', {}, String(s.played))))));
    const rounds = h('ol', { class: 'rounds', id: 'rounds', reversed: true }, [...tn.rounds_played].reverse().map((r) => h('li', {},
      h('h3', {}, t('tournament-round', { round: r.round })),
      h('ul', { class: 'list' }, r.pairings.map((p) => h('li', {},
        p.room ? h('a', { href: `/r/${p.room}`, 'data-nav': '' }, p.seats.map(seatName).join(' – ')) : h('span', {}, p.seats.length === 1 ? t('tournament-bye', { name: seatName(p.seats[0]) }) : p.seats.map(seatName).join(' – ')),
        ' ', h('span', { class: 'muted small' }, p.points ? p.points.map(points).join(' – ') : t('tournament-playing'))))))));
    const when = tn.kind === 'arena' && tn.ends_at ? t('tournament-arena-times', { start: dateTime(tn.starts_at), end: dateTime(tn.ends_at) })
      : t('tournament-starts', { start: dateTime(tn.starts_at) });
    mount(root,
      h('div', { class: 'card' },
        h('h1', {}, tn.name),
        h('p', { id: 'tournament-summary' }, summaryText(tn, tn.standings)),
        h('p', { class: 'muted small' }, gameTitle(tn.game, tn.options), ' · ', clockText(tn.clock), ' · ', when, tn.kind === 'swiss' ? [' · ', t('tournament-rounds-of', { rounds: tn.rounds })] : null, tn.rated ? [' · ', t('tournament-rated')] : null)),
      yourBox,
      h('section', { class: 'card' }, h('h2', {}, t('tournament-standings')), standings),
      h('section', { class: 'card' }, h('h2', {}, t('tournament-rounds-title')), tn.rounds_played.length ? rounds : h('p', { class: 'muted' }, t('tournament-not-paired'))));
  };

  conn.watch(key, (frame) => {
    if (destroyed) return;
    if (frame.type === 'tournament' && frame.tournament.id === id) render(frame.tournament, frame.you);
    else if (frame.type === 'error' && frame.code === 'not_found' && root.dataset.status === 'loading') {
      mount(root, h('div', { class: 'card narrow' }, h('h1', {}, t('tournament-not-found')), h('a', { href: '/', 'data-nav': '' }, t('back-home'))));
    }
  }, () => conn.send({ type: 'join', tournament: id }));

  return {
    destroy() {
      destroyed = true;
      clearTimeout(endTimer);
      stopCountdown();
      conn.send({ type: 'leave', tournament: id });
      conn.unwatch(key);
    },
  };
}

/**
 * In a room this tab was taken to from a tournament: once its match is over, a link back to the
 * standings, followed by itself after a few seconds. `el` goes in the page; `update(status)` on
 * every change of the room.
 */
export function tournamentReturn(code) {
  const el = h('p', { class: 'tournament-back', id: 'tournament-back', hidden: true });
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(RETURN_KEY) || 'null');
  } catch {
    saved = null;
  }
  const mine = saved && saved.room === code ? saved : null;
  let timer = null;
  return {
    el,
    update(status) {
      if (!mine || timer) return;
      if (!['finished', 'aborted', 'abandoned'].includes(status)) {
        // While it is played: whose match this is, and the way to the tournament.
        el.hidden = false;
        mount(el, t('tournament-match-of', { name: mine.name || t('tournament-this') }), ' ', h('a', { href: `/t/${mine.tournament}`, 'data-nav': '', id: 'tournament-link' }, t('tournament-see')));
        return;
      }
      const back = () => {
        sessionStorage.removeItem(RETURN_KEY);
        navigate(`/t/${mine.tournament}`);
      };
      el.hidden = false;
      mount(el, t('tournament-back-soon', { secs: BACK_AFTER }), ' ', h('a', { href: `/t/${mine.tournament}`, 'data-nav': '' }, t('tournament-back')));
      timer = setTimeout(() => {
        if (location.pathname === `/r/${code}`) back();
      }, BACK_AFTER * 1000);
    },
  };
}
