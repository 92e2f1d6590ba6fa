//! The room's heading, drawn from the room model: what is played here (game, room code, "rated"),
//! under which clock, how many watch, and where to learn the game, so that a newcomer (a friend
//! sent the link, or a spectator) knows what the page is before looking at the board.

import { h, mount } from './dom.js';
import { icon } from './icons.js';
import { gameName, gameTitle } from './events.js';
import { clockText } from './clock.js';
import { helpHref } from './help.js';
import { t } from './i18n.js';

export function roomHead(model) {
  const title = h('h1', { class: 'room-title' });
  const helpLink = h('a', { class: 'help-link', id: 'help-link', target: '_blank', rel: 'noopener' }, t('room-how-to-play'));
  const clockSetting = h('p', { class: 'clock-setting muted small', id: 'clock-setting' });
  const watchers = h('span', { class: 'watchers muted', id: 'spectators' });
  /** The game's name alone, for the play bar above the board (style.css shows it on a phone). */
  const short = h('span', { class: 'play-game', id: 'play-game' });

  model.on('change', () => {
    const r = model.st.room;
    if (!r) return;
    title.textContent = t('room-title', { game: gameTitle(r.game, r.options), code: r.code });
    short.textContent = gameTitle(r.game, r.options);
    if (r.rated) title.append(' ', h('span', { class: 'tag rated', id: 'rated-tag', title: t('room-rated-title') }, t('tag-rated')));
    clockSetting.textContent = t('room-clock', { clock: clockText(r.clock) });
    const n = r.spectators || 0;
    if (n) mount(watchers, icon('eye'), ` ${t('room-watching', { count: n })}`);
    else watchers.textContent = t('room-nobody-watching');
    watchers.dataset.count = String(n);
    helpLink.href = helpHref(r.game);
    helpLink.textContent = t('how-to-play', { game: gameName(r.game) });
  });

  return { el: h('div', { class: 'room-title-row' }, title, helpLink, clockSetting, watchers), short };
}
