//! The room's heading, drawn from the room model: what is played here (game, room code, "rated"),
//! under which clock, how many watch, and where to learn the game, so that a newcomer (a friend
//! sent the link, or a spectator) knows what the page is before looking at the board.

import { h, mount } from './dom.js';
import { icon } from './icons.js';
import { gameName, gameTitle } from './events.js';
import { clockText } from './clock.js';
import { helpHref } from './help.js';

export function roomHead(model) {
  const title = h('h1', { class: 'room-title' });
  const helpLink = h('a', { class: 'help-link', id: 'help-link', target: '_blank', rel: 'noopener' }, 'How to play');
  const clockSetting = h('p', { class: 'clock-setting muted small', id: 'clock-setting' });
  const watchers = h('span', { class: 'watchers muted', id: 'spectators' });

  model.on('change', () => {
    const r = model.st.room;
    if (!r) return;
    title.textContent = `${gameTitle(r.game, r.options)} · room ${r.code}`;
    if (r.rated) title.append(' ', h('span', { class: 'tag rated', id: 'rated-tag', title: 'Every seat is a person; the ratings change at the end.' }, 'rated'));
    clockSetting.textContent = `Clock: ${clockText(r.clock)}`;
    const n = r.spectators || 0;
    if (n) mount(watchers, icon('eye'), ` ${n} watching`);
    else watchers.textContent = 'nobody watching';
    watchers.dataset.count = String(n);
    helpLink.href = helpHref(r.game);
    helpLink.textContent = `How to play ${gameName(r.game)}`;
  });

  return { el: h('div', { class: 'room-title-row' }, title, helpLink, clockSetting, watchers) };
}
