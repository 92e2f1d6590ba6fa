//! "Notify me when it is my turn" (issue 48): this browser's web push subscription, made with the
//! server's VAPID key (`GET /api/v1/push/key`) through the service worker (web/sw.js) and kept by
//! the server (`PUT /api/v1/players/me/push`); turned off, it is forgotten there and unsubscribed
//! here. The service worker shows what the server pushes.

import { api } from './api.js';
import { h } from './dom.js';
import { t, errText } from './i18n.js';

/** Whether this browser can be pushed to at all (a service worker, the Push API, notifications). */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration() {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription() {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

function keyBytes(base64url) {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** Asks for notifications, subscribes, and has the server keep the subscription. */
export async function turnOn() {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error(t('notify-denied'));
  const reg = await registration();
  const { key } = await api('GET', '/push/key');
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  }
  await api('PUT', '/players/me/push', subscription.toJSON());
}

/** Has the server forget this browser's subscription, and unsubscribes it. */
export async function turnOff() {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api('DELETE', '/players/me/push', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** The checkbox "Notify me when it is my turn", showing and changing this browser's state. */
export function notifyToggle(id = 'notify-turns') {
  const box = h('input', { type: 'checkbox', id, disabled: true });
  const note = h('span', { class: 'small muted', id: `${id}-note`, role: 'status' });
  const el = h('p', { class: 'notify-toggle' }, h('label', { for: id }, box, ' ', t('notify-turns')), ' ', note);
  if (!pushSupported()) {
    note.textContent = t('notify-unsupported');
    return el;
  }
  currentSubscription().then((s) => {
    box.checked = Boolean(s) && Notification.permission === 'granted';
    box.disabled = false;
  }).catch(() => { box.disabled = false; });
  box.addEventListener('change', async () => {
    box.disabled = true;
    note.textContent = '';
    try {
      if (box.checked) await turnOn();
      else await turnOff();
      note.textContent = box.checked ? t('notify-on') : t('notify-off');
    } catch (ex) {
      box.checked = !box.checked;
      note.textContent = ex.message && !ex.code ? ex.message : errText(ex);
    }
    box.disabled = false;
  });
  return el;
}
