//! The room's chat, fed by the room model: lines as they come, this player's own marked, the recent
//! ones again after a reload or a reconnect (they replace what the list holds), and the form to
//! say something; a message that could not be sent stays in the box. The player may mute this
//! room's chat, or turn chat off in all their matches (chat-settings.js): others' lines are then
//! held back, counted, and shown if the player turns the chat back on.

import { h, mount } from './dom.js';
import { t } from './i18n.js';
import { chatOff, setChatOff, roomMuted, setRoomMuted } from './chat-settings.js';
import { reportButton, blockButton } from './report.js';
import { botBadge } from './ratings.js';

/** Lines kept for showing again (the server's recent lines are fewer). */
const MAX_LINES = 200;

export function roomChat(model, { say }) {
  const list = h('ol', { class: 'chat', id: 'chat-list', 'aria-live': 'polite' });
  /** A block just made from a line: said, with Undo. */
  const blockNote = h('p', { class: 'notice', id: 'block-note', role: 'status', hidden: true });
  const input = h('input', { id: 'chat-text', maxlength: 500, placeholder: t('chat-placeholder'), 'aria-label': t('chat-message'), autocomplete: 'off' });
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
        else say(t('chat-not-connected'));
      },
    },
    input,
    h('button', { type: 'submit' }, t('chat-send')),
  );
  const hiddenNote = h('p', { class: 'muted small', id: 'chat-hidden', hidden: true });
  const mute = h('input', { type: 'checkbox', id: 'chat-mute', checked: roomMuted(model.code), onchange: () => { setRoomMuted(model.code, mute.checked); redraw(); } });
  const off = h('input', { type: 'checkbox', id: 'chat-off', checked: chatOff(), onchange: () => { setChatOff(off.checked); redraw(); } });
  const settings = h('div', { class: 'chat-settings small' },
    h('label', {}, mute, ' ', t('chat-mute-room')),
    h('label', {}, off, ' ', t('chat-off-all')));
  /** Every line of the room, shown or not, so that turning the chat back on shows them. */
  let lines = [];

  const silenced = () => mute.checked || off.checked;

  /** Players blocked from this page: their lines go at once (the server holds back the next ones). */
  const blocked = new Set();

  function show(l) {
    if (blocked.has(l.player.id)) return;
    const mine = l.player.id === model.me.id;
    // Another player's line can be reported from where it was said, with the room (its recent
    // lines go along), or its author blocked.
    const report = mine ? null : reportButton(l.player, { room: model.code, reason: 'chat' });
    const block = mine ? null : blockButton(l.player, {
      done: (on, undo) => {
        if (on) blocked.add(l.player.id);
        else blocked.delete(l.player.id);
        redraw();
        // The line is gone with its button: the block is confirmed here, with its Undo.
        mount(blockNote, on ? [t('block-done-name', { name: l.player.name }), ' ', h('button', { type: 'button', class: 'small', id: 'block-undo', onclick: () => undo() }, t('block-undo'))] : []);
        blockNote.hidden = !on;
      },
    });
    list.append(h('li', { class: mine ? 'mine' : '', dataset: { line: l.id ?? '' } }, h('strong', {}, l.player.name, l.player.bot ? [' ', botBadge()] : null), t('said'), ' ', l.text, report ? [' ', report] : null, block ? [' ', block] : null));
    list.scrollTop = list.scrollHeight;
  }

  function redraw() {
    list.replaceChildren();
    const quiet = silenced();
    let held = 0;
    for (const l of lines) {
      if (quiet && l.player.id !== model.me.id) held++;
      else show(l);
    }
    form.hidden = off.checked;
    hiddenNote.hidden = !quiet;
    hiddenNote.textContent = off.checked
      ? (held ? t('chat-off-held', { count: held }) : t('chat-off-note'))
      : (held ? t('chat-muted-held', { count: held }) : t('chat-muted-note'));
  }

  model.on('chat', (l) => {
    lines.push(l);
    if (lines.length > MAX_LINES) lines.shift();
    if (silenced() && l.player.id !== model.me.id) redraw();
    else show(l);
  });
  model.on('chat_deleted', (id) => {
    lines = lines.filter((l) => l.id !== id);
    redraw();
  });
  model.on('recent', (f) => {
    lines = [...f.chat];
    redraw();
  });
  redraw();

  return { list: h('div', {}, settings, hiddenNote, blockNote, list), form };
}
