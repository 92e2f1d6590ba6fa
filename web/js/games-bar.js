//! The bar under the header, on every page: while the player has a match under way elsewhere than
//! the page it is on, "Game in progress — Resume" (the game awaiting its move first), and how many
//! games await its move, leading to /games. One component for both (issue 49, point 6, and issue
//! 48, point 5), fed by your-games.js, so the bar and the count never disagree.

import { h, mount } from './dom.js';
import { gameTitle } from './events.js';
import { t } from './i18n.js';
import { yourGames, awaitingCount, onGames } from './your-games.js';
import { seatNames } from './games-page.js';

const bar = () => document.getElementById('games-bar');

/** The room the page shows, if it is a room's page. */
function roomHere() {
  const m = location.pathname.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  return m ? m[1].toUpperCase() : null;
}

/** Draws the bar for the page now shown (the router calls it after each page, the list at each change). */
export function renderGamesBar() {
  const el = bar();
  if (!el) return;
  const here = roomHere();
  const others = yourGames().filter((g) => g.room !== here);
  if (!others.length) {
    el.hidden = true;
    mount(el);
    return;
  }
  const next = others[0];
  const awaiting = awaitingCount();
  el.hidden = false;
  el.setAttribute('aria-label', t('games-title'));
  mount(
    el,
    h('span', { class: 'games-bar-what' },
      h('strong', {}, others.length > 1 ? t('games-bar-several', { count: others.length }) : t('games-bar-in-progress')),
      h('span', { class: 'wide-only muted-light' }, ' · ', gameTitle(next.game, next.options), ' · ', seatNames(next).join(', ')),
      ' — ',
      h('a', { href: `/r/${next.room}`, 'data-nav': '', id: 'games-bar-resume', class: 'games-bar-resume' }, t('games-bar-resume'))),
    h('a', { href: '/games', 'data-nav': '', id: 'games-count', class: awaiting ? 'games-count awaiting' : 'games-count' },
      awaiting ? t('games-await', { count: awaiting }) : t('games-title')),
  );
}

/** Keeps the bar up to date from now on. */
export function startGamesBar() {
  onGames(renderGamesBar);
  renderGamesBar();
}
