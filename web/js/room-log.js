//! The room's events in words, drawn from the room model: newest first, but one move's lines in
//! the order they happened; the recent ones again after a reload or a reconnect (they replace what
//! the list holds, which may be partial), and the end of the match. Capped so that a long match
//! does not grow the page without end.

import { h } from './dom.js';
import { describeEvent, resultText, sidesOf } from './events.js';
import { t } from './i18n.js';

const MAX_LOG = 200;

export function roomLog(model) {
  const list = h('ol', { class: 'log', id: 'events', 'aria-label': t('room-events'), 'aria-live': 'polite' });

  function line(text, cls = '') {
    if (!text) return;
    list.prepend(h('li', { class: cls }, text));
    while (list.children.length > MAX_LOG) list.lastChild.remove();
  }

  function lines(events) {
    for (const ev of [...events].reverse()) line(describeEvent(model.game(), ev, model.nameOf));
  }

  model.on('events', lines);
  model.on('recent', (f) => {
    list.replaceChildren();
    for (const { events } of f.events) lines(events);
  });
  // What happened to the draw offers (a decline), outside any version.
  model.on('draw', ({ events }) => lines(events));
  model.on('ended', (result) => line(t('log-match-over', { result: resultText(result, model.nameOf, sidesOf(model.st.view), model.endContext()) }), 'strong'));

  return { el: list };
}
