//! The room's chat, fed by the room model: lines as they come, this player's own marked, the recent
//! ones again after a reload or a reconnect (they replace what the list holds), and the form to
//! say something; a message that could not be sent stays in the box.

import { h } from './dom.js';

export function roomChat(model, { say }) {
  const list = h('ol', { class: 'chat', id: 'chat-list', 'aria-live': 'polite' });
  const input = h('input', { id: 'chat-text', maxlength: 500, placeholder: 'Say something', 'aria-label': 'Chat message', autocomplete: 'off' });
  const form = h(
    'form',
    {
      class: 'inline',
      id: 'chat-form',
      onsubmit: (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        if (model.send({ type: 'chat', room: model.code, text })) input.value = '';
        else say('Not connected: the message was not sent.');
      },
    },
    input,
    h('button', { type: 'submit' }, 'Send'),
  );

  function line(l) {
    const mine = l.player.id === model.me.id;
    list.append(h('li', { class: mine ? 'mine' : '' }, h('strong', {}, l.player.name), ': ', l.text));
    list.scrollTop = list.scrollHeight;
  }

  model.on('chat', line);
  model.on('recent', (f) => {
    list.replaceChildren();
    for (const l of f.chat) line(l);
  });

  return { list, form };
}
