//! Telling a player it is their turn when they look elsewhere: the tab's title and a badge on its
//! icon (always while it is their turn), and, only if they switched them on (off by default), a
//! short sound and a browser notification when the turn comes while the tab is in the background.
//! The browser asks for the notification permission once, when the player ticks the box.

import { h } from './dom.js';
import { t } from './i18n.js';

const KEYS = { sound: 'plateau.alert.sound', notify: 'plateau.alert.notify' };
const ICONS = { normal: '/favicon.svg', turn: '/favicon-turn.svg' };
const BASE_TITLE = 'Plateau';

const enabled = (what) => localStorage.getItem(KEYS[what]) === 'on';

let mine = false;

/** Title, icon and (when switched on and the tab is hidden) sound and notification for a turn. */
export function setTurn(isMine, where) {
  const arrived = isMine && !mine;
  mine = isMine;
  document.title = isMine ? `● ${t('turn-yours')} · ${where} · ${BASE_TITLE}` : where ? `${where} · ${BASE_TITLE}` : BASE_TITLE;
  icon().href = isMine ? ICONS.turn : ICONS.normal;
  document.body.dataset.yourTurn = String(isMine);
  if (!arrived || !document.hidden) return;
  if (enabled('sound')) beep();
  if (enabled('notify') && 'Notification' in window && Notification.permission === 'granted') {
    const n = new Notification(t('turn-yours'), { body: where, tag: 'plateau-turn', icon: ICONS.turn });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  }
}

/** Back to the plain title and icon (leaving a room). */
export function clearTurn() {
  mine = false;
  document.title = BASE_TITLE;
  icon().href = ICONS.normal;
  delete document.body.dataset.yourTurn;
}

function icon() {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) {
    link = h('link', { rel: 'icon', type: 'image/svg+xml' });
    document.head.append(link);
  }
  return link;
}

let audio = null;
/** Two short tones (Web Audio: no sound file to load). */
function beep() {
  try {
    audio = audio || new AudioContext();
    const now = audio.currentTime;
    for (const [at, freq] of [[0, 660], [0.16, 880]]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.15, now + at);
      gain.gain.exponentialRampToValueAtTime(0.001, now + at + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.15);
    }
  } catch {
    // No audio here: the title and the icon still say it.
  }
}

/** The two switches, for the room's side panel. */
export function alertSettings() {
  const sound = h('input', { type: 'checkbox', id: 'alert-sound', checked: enabled('sound'), onchange: (e) => {
    localStorage.setItem(KEYS.sound, e.target.checked ? 'on' : 'off');
  } });
  const note = h('small', { class: 'muted', id: 'alert-note' });
  const notify = h('input', { type: 'checkbox', id: 'alert-notify', checked: enabled('notify'), onchange: async (e) => {
    if (!e.target.checked) {
      localStorage.setItem(KEYS.notify, 'off');
      return;
    }
    if (!('Notification' in window)) {
      e.target.checked = false;
      note.textContent = t('alerts-no-notifications');
      return;
    }
    const answer = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    const ok = answer === 'granted';
    e.target.checked = ok;
    localStorage.setItem(KEYS.notify, ok ? 'on' : 'off');
    note.textContent = ok ? '' : t('alerts-refused');
  } });
  return h('details', { class: 'alerts', id: 'alerts' },
    h('summary', {}, t('alerts')),
    h('p', { class: 'small muted' }, t('alerts-intro')),
    h('label', {}, sound, ' ', t('alerts-sound')),
    h('label', {}, notify, ' ', t('alerts-notify')),
    note);
}
