//! The client's entry point: identity (a first visit sees the welcome page, welcome.js, and picks a
//! display name there or signs in), the one
//! WebSocket connection and its status banner, and the router for / (home), /r/CODE (a room), /m/ID
//! (a finished or live match's history), /p/ID (a player's profile), /leaderboard/GAME, /help/GAME,
//! /t/ID (a tournament), /games (the player's matches under way), /signin, /account and /mod; and
//! on every page the bar of the player's games under way (games-bar.js) and the challenges made to
//! the player (challenges.js).

import { api, checkIdentity, identity, forgetIdentity, saveLanguage } from './api.js';
import { Connection } from './ws.js';
import { h, mount } from './dom.js';
import { homePage } from './home.js';
import { welcomePage, invitePage } from './welcome.js';
import { LANGUAGES, setUpLanguage, language, chooseLanguage, adoptLanguage, t, bannedText } from './i18n.js';
import { roomPage } from './room.js';
import { matchPage } from './match.js';
import { helpPage } from './help.js';
import { accountPage, signInPage } from './account.js';
import { profilePage, leaderboardPage } from './profile.js';
import { modPage } from './mod.js';
import { tournamentPage } from './tournaments.js';
import { gamesPage } from './games-page.js';
import { followGames } from './your-games.js';
import { startGamesBar, renderGamesBar } from './games-bar.js';
import { onChallengeFrame } from './challenges.js';

const main = document.getElementById('main');
const banner = document.getElementById('conn');
let connection = null;
let current = null;
let bannerTimer = null;

/** The shared connection (made on first use, once we have a token). */
export function conn() {
  if (!connection) {
    connection = new Connection(identity().token, showStatus);
    window.__plateau.conn = connection;
  }
  return connection;
}

function showStatus(state, info) {
  // Known to be offline (the check below looks until the server answers): the socket's own
  // retries would only write "connection lost" over it.
  if (offlineTimer && ['connecting', 'down', 'unavailable'].includes(state)) return;
  clearInterval(bannerTimer);
  document.body.dataset.conn = state;
  if (state === 'open') {
    banner.hidden = true;
    return;
  }
  if (state === 'connecting' && !banner.dataset.wasDown) {
    return;
  }
  banner.hidden = false;
  banner.dataset.wasDown = '1';
  if (state === 'auth_failed') {
    // An account's token ends when it signs out (here or everywhere): it signs in again; a guest's
    // identity is gone for good.
    const me = identity();
    if (me && me.account) {
      mount(banner, t('banner-signed-out'), ' ', h('button', { type: 'button', onclick: () => { forgetIdentity(); location.assign('/signin'); } }, t('banner-sign-in-again')));
    } else {
      mount(banner, t('banner-unknown-player'), ' ', h('button', { type: 'button', onclick: () => { forgetIdentity(); location.reload(); } }, t('banner-choose-name-again')));
    }
    return;
  }
  if (state === 'connecting') {
    mount(banner, t('banner-reconnecting'));
    return;
  }
  if (state === 'offline') {
    // No network at all (the page came from the service worker's shell): the connection retries
    // by itself, and at once when the browser is back online.
    mount(banner, t('banner-offline'));
    return;
  }
  if (state === 'banned') {
    // No retry: the server refuses this player until the ban ends (GET /players/me says until when).
    // Said to the player on every page, with the end when known.
    if (info && info.until) {
      mount(banner, bannedText(info.until));
      return;
    }
    mount(banner, t('banner-banned'));
    api('GET', '/players/me').catch((e) => {
      if (e.code === 'banned' && e.until) mount(banner, bannedText(e.until));
    });
    return;
  }
  const draw = () => {
    const secs = Math.max(0, Math.ceil((info.at - Date.now()) / 1000));
    const why = state === 'unavailable' ? t('banner-unavailable') : t('banner-lost');
    mount(
      banner,
      `${why} ${t('banner-reconnecting-in', { secs })} `,
      h('button', { type: 'button', onclick: () => connection.reconnectNow() }, t('banner-reconnect-now')),
    );
  };
  draw();
  bannerTimer = setInterval(draw, 1000);
}

/** Client-side navigation between the pages (links with data-nav, and history). */
export function navigate(path, replace = false) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  route();
}

export function renderWho() {
  const me = identity();
  const who = document.getElementById('whoami');
  if (!me) {
    mount(who, h('a', { href: '/signin', 'data-nav': '', id: 'signin-link' }, t('sign-in')));
    return;
  }
  // "Playing as" and "(guest)" are left out on a phone, where the header keeps to one line.
  mount(who, h('span', { class: 'wide-only' }, t('header-playing-as'), ' '), h('strong', {}, h('a', { href: `/p/${me.id}`, 'data-nav': '', id: 'me-name' }, me.name)), me.account ? '' : h('span', { class: 'muted small wide-only', id: 'guest-tag' }, ' ', t('header-guest')), ' · ',
    h('a', { href: '/account', 'data-nav': '', id: 'account-link' }, me.account ? t('header-account') : t('header-keep-name')),
    // Moderators and admins (GET /players/me says the role) reach their page from every page.
    me.role === 'moderator' || me.role === 'admin' ? [' · ', h('a', { href: '/mod', 'data-nav': '', id: 'mod-link' }, t('header-moderation'))] : null);
}

let followingGames = false;

/** Once the page has a player: its games are followed, for the bar on every page. */
function followMyGames() {
  if (followingGames || !identity()) return;
  followingGames = true;
  followGames(conn(), onChallengeFrame);
  startGamesBar();
}

async function route() {
  await showPage();
  followMyGames();
  renderGamesBar();
}

async function showPage() {
  if (current && current.destroy) current.destroy();
  current = null;
  const path = location.pathname;
  const m = path.match(/^\/m\/([0-9a-fA-F-]{36})\/?$/);
  if (m) {
    // A match's history is public: no name needed.
    current = await matchPage(main, m[1]);
    return;
  }
  const help = path.match(/^\/help\/([a-z-]+)\/?$/);
  if (help) {
    // The rules are for everyone: no name needed.
    current = await helpPage(main, help[1]);
    return;
  }
  const profile = path.match(/^\/p\/([0-9a-fA-F-]{36})\/?$/);
  if (profile) {
    // Profiles and leaderboards are public too.
    current = await profilePage(main, profile[1]);
    return;
  }
  const board = path.match(/^\/leaderboard\/([a-z-]+)\/?$/);
  if (board) {
    current = await leaderboardPage(main, board[1]);
    return;
  }
  if (path === '/signin') {
    current = signInPage(main);
    return;
  }
  const r = path.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  if (!identity()) {
    // A first visit: the page says what it is, and asks for a name only to act.
    current = r ? await invitePage(main, r[1].toUpperCase(), route) : welcomePage(main, route);
    return;
  }
  if (path === '/account') {
    current = accountPage(main);
    return;
  }
  if (path === '/mod') {
    current = await modPage(main);
    return;
  }
  if (path === '/games') {
    current = gamesPage(main);
    return;
  }
  if (r) {
    current = roomPage(main, r[1].toUpperCase(), conn());
    return;
  }
  const tournament = path.match(/^\/t\/([0-9a-fA-F-]{36})\/?$/);
  if (tournament) {
    current = tournamentPage(main, tournament[1].toLowerCase(), conn());
    return;
  }
  if (path !== '/') history.replaceState(null, '', '/');
  current = homePage(main);
}

window.__plateau = { navigate };

document.addEventListener('click', async (e) => {
  const a = e.target.closest('a[data-nav]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  // A page the person would lose something by leaving (a match they play) asks first.
  if (current && current.beforeLeaving && !(await current.beforeLeaving())) return;
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);

/**
 * The language chooser in the header: every language of the catalogue, those still being
 * translated said so (the browser's own language picks only complete ones).
 */
function renderLanguageChoice() {
  // On a phone the header keeps to one line: the languages go by their codes there ("EN").
  const narrow = window.matchMedia('(max-width: 820px)').matches;
  const select = h('select', { id: 'lang', 'aria-label': t('language'), onchange: async () => { await saveLanguage(select.value); chooseLanguage(select.value); } },
    LANGUAGES.map((l) => {
      const full = l.complete ? l.name : t('language-in-progress', { name: l.name });
      return h('option', { value: l.code, selected: l.code === language(), title: full }, narrow ? l.code.toUpperCase() : full);
    }));
  mount(document.getElementById('lang-choice'), select);
}

/** The page shell's own words (index.html): elements with `data-i18n` get their message. */
function translateStatic() {
  const loading = document.querySelector('[data-i18n="loading"]');
  if (loading) loading.textContent = t('loading');
}

/** Whether the server answers at all. */
async function reachable() {
  try {
    await fetch('/healthz', { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

let offlineTimer = null;
/** Says the page is offline, and looks every few seconds; once back, the connection goes again. */
function offline() {
  showStatus('offline');
  if (offlineTimer) return;
  offlineTimer = setInterval(async () => {
    if (!(await reachable())) return;
    clearInterval(offlineTimer);
    offlineTimer = null;
    if (connection) connection.reconnectNow();
    else showStatus('open');
  }, 2000);
}

/**
 * The service worker (web/sw.js): the app shell offline, and web push. A page the shell opened
 * without the network says so, and reconnects once the server answers again.
 */
function setUpOffline() {
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  window.addEventListener('offline', offline);
}

(async () => {
  setUpOffline();
  // The account's language (chosen on another device) counts before the browser's.
  const me = await checkIdentity();
  if (me) adoptLanguage(me.language);
  await setUpLanguage();
  renderLanguageChoice();
  translateStatic();
  renderWho();
  route();
  // Said once the catalogue is read (from the shell, offline).
  if (!(await reachable())) offline();
  // A banned player reads it on the first page, whichever it is (not only once a room connects).
  if (me && me.banned) showStatus('banned', me.banned);
})();
