//! Accounts on top of guests: the account page (/account: keep my name with a password, change it,
//! sign out here or everywhere), the sign-in page (/signin: by name and password, from any
//! browser), and the "keep my name" offer a guest gets after a match.
//!
//! A change of identity (sign in, sign out) reloads the app: the WebSocket, the pages and the
//! caches all hold the old token or player, and a fresh start is the one way to drop them all.

import { identity, setPassword, signIn, signOut, accountError } from './api.js';
import { h, mount } from './dom.js';
import { profileHref } from './ratings.js';
import { renderWho } from './app.js';

const MIN = 8;
const MAX = 200;
/** The players (by id) who said "not now" to keeping their name, in this browser. */
const DISMISSED = 'plateau.keep-name-dismissed';

/** Back to the home page with the new identity (or none), everything reloaded. */
function restart() {
  location.assign('/');
}

function passwordField(id, label, autocomplete) {
  const input = h('input', { type: 'password', id, name: id, required: true, minlength: MIN, maxlength: MAX, autocomplete });
  return { input, row: h('div', { class: 'field' }, h('label', { for: id }, label), input) };
}

/**
 * A form that sets the password (twice, to catch a typo), for a guest keeping its name or an
 * account changing its password (`changing`: the current password is asked for too, so that a
 * browser left signed in is not enough to take the account). `done` runs after the server took it.
 */
function passwordForm({ id, submit, intro, done, changing = false }) {
  const current = changing ? passwordField(`${id}-current`, 'Current password', 'current-password') : null;
  const first = passwordField(`${id}-password`, 'New password', 'new-password');
  const again = passwordField(`${id}-again`, 'The same again', 'new-password');
  const err = h('p', { class: 'error', role: 'alert' });
  const note = h('p', { class: 'small muted' }, `${MIN} to ${MAX} characters. Long and unusual is best; it is never shown again.`);
  const button = h('button', { type: 'submit', class: 'primary', id: `${id}-submit` }, submit);
  return h('form', {
    id,
    class: 'account-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      if (first.input.value !== again.input.value) {
        err.textContent = 'The two passwords differ: type the same password twice.';
        return;
      }
      // The server counts characters after NFC, as people see them, not UTF-16 units.
      const n = [...first.input.value.normalize('NFC')].length;
      if (n < MIN || n > MAX) {
        err.textContent = `A password has ${MIN} to ${MAX} characters (this one has ${n}).`;
        return;
      }
      button.disabled = true;
      try {
        await setPassword(first.input.value, current ? current.input.value : undefined);
        if (current) current.input.value = '';
        first.input.value = '';
        again.input.value = '';
        done();
      } catch (ex) {
        err.textContent = accountError(ex);
      } finally {
        button.disabled = false;
      }
    },
  }, intro ? h('p', {}, intro) : null, current ? current.row : null, first.row, again.row, note, button, err);
}

/** /account: who I am, my password, signing out. */
export function accountPage(main) {
  const me = identity();
  const status = h('p', { role: 'status', id: 'account-status', class: 'ok' });
  const err = h('p', { class: 'error', role: 'alert', id: 'sign-out-error' });
  const out = (everywhere) => async () => {
    err.textContent = '';
    try {
      await signOut(everywhere);
      restart();
    } catch (ex) {
      err.textContent = `Not signed out: ${ex.message}`;
    }
  };
  // Signing out everywhere ends every other device's session too: asked once more, in the page.
  const sure = h('p', { id: 'sign-out-everywhere-ask', hidden: true },
    'Sign out on every device where this account is signed in, this one included? ',
    h('button', { type: 'button', class: 'danger', id: 'sign-out-everywhere-confirm', onclick: out(true) }, 'Yes, sign out everywhere'), ' ',
    h('button', { type: 'button', onclick: () => { sure.hidden = true; } }, 'Cancel'));
  const render = () => {
    const who = identity();
    const pw = who.account
      ? h('section', { class: 'card', 'aria-labelledby': 'pw-h' }, h('h2', { id: 'pw-h' }, 'Change my password'),
        passwordForm({ id: 'change-password', submit: 'Change password', changing: true, done: () => { status.textContent = 'Your password is changed. Every other device is signed out; this one stays signed in.'; } }))
      : h('section', { class: 'card', 'aria-labelledby': 'pw-h' }, h('h2', { id: 'pw-h' }, 'Keep my name'),
        passwordForm({
          id: 'sign-up',
          submit: 'Keep my name',
          intro: `You play as a guest: “${who.name}” lives only in this browser. Set a password to keep the name for yourself and sign in with it anywhere.`,
          done: () => {
            render();
            renderWho();
            status.textContent = `Done: “${who.name}” is yours. Sign in with it and this password on any device.`;
          },
        }));
    mount(main, h('div', { class: 'account', id: 'account' },
      h('section', { class: 'card', 'aria-labelledby': 'acct-h' },
        h('h1', { id: 'acct-h' }, who.name),
        h('p', { id: 'account-kind' }, who.account ? 'Your account: the name is yours, and you can sign in with it on any device.' : 'A guest: this name lives in this browser only.'),
        h('p', {}, h('a', { href: profileHref(who.id), 'data-nav': '', id: 'my-profile' }, 'My profile, ratings and matches'), ' · ',
          h('a', { href: '/signin', 'data-nav': '', id: 'signin-other' }, who.account ? 'Sign in to another account' : 'I have an account: sign in')),
        status),
      pw,
      h('section', { class: 'card', 'aria-labelledby': 'out-h' }, h('h2', { id: 'out-h' }, 'Sign out'),
        who.account
          ? h('p', { class: 'small muted' }, 'Signing out forgets you in this browser; sign in again with your name and password.')
          : h('p', { class: 'small muted' }, 'A guest that signs out cannot come back: keep your name first if you want to.'),
        h('div', { class: 'buttons' },
          h('button', { type: 'button', id: 'sign-out', onclick: out(false) }, 'Sign out'), ' ',
          who.account ? h('button', { type: 'button', id: 'sign-out-everywhere', onclick: () => { sure.hidden = false; } }, 'Sign out everywhere…') : null),
        sure,
        err)));
  };
  if (!me) {
    mount(main, h('p', {}, 'Not signed in. ', h('a', { href: '/signin', 'data-nav': '' }, 'Sign in')));
    return null;
  }
  render();
  return null;
}

/** /signin: a name and a password make a new identity in this browser. */
export function signInPage(main) {
  const me = identity();
  const name = h('input', { id: 'signin-name', name: 'username', required: true, maxlength: 32, autocomplete: 'username' });
  const pw = h('input', { type: 'password', id: 'signin-password', name: 'password', required: true, autocomplete: 'current-password' });
  const err = h('p', { class: 'error', role: 'alert', id: 'signin-error' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'signin-submit' }, 'Sign in');
  const form = h('form', {
    class: 'card narrow',
    id: 'signin-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      button.disabled = true;
      try {
        await signIn(name.value.trim(), pw.value);
        restart();
      } catch (ex) {
        err.textContent = accountError(ex, true);
        button.disabled = false;
      }
    },
  },
  h('h1', {}, 'Sign in'),
  h('p', {}, 'With the name and password of your account, on any device.'),
  me && !me.account ? h('p', { class: 'small muted', id: 'signin-replaces' }, `This browser plays as the guest “${me.name}”; signing in replaces it here.`) : null,
  h('label', { for: 'signin-name' }, 'Name'), name,
  h('label', { for: 'signin-password' }, 'Password'), pw,
  button,
  err,
  h('p', { class: 'small' }, me ? h('a', { href: '/', 'data-nav': '' }, 'Back home') : h('a', { href: '/', id: 'as-guest' }, 'Play as a guest instead')));
  mount(main, form);
  name.focus();
  return null;
}

function dismissed(id) {
  try {
    return JSON.parse(localStorage.getItem(DISMISSED) || '[]').includes(id);
  } catch {
    return false;
  }
}

function dismiss(id) {
  let ids = [];
  try {
    ids = JSON.parse(localStorage.getItem(DISMISSED) || '[]');
  } catch {
    ids = [];
  }
  if (!ids.includes(id)) ids.push(id);
  localStorage.setItem(DISMISSED, JSON.stringify(ids));
}

/**
 * The offer to keep the name, for a guest at the end of a match (`#keep-name`), or null when the
 * player has a password or said "not now" before (in this browser).
 */
export function keepNamePrompt() {
  const me = identity();
  if (!me || me.account || dismissed(me.id)) return null;
  const box = h('aside', { class: 'card keep-name', id: 'keep-name', 'aria-labelledby': 'keep-name-h' });
  const close = () => box.remove();
  mount(box,
    h('h2', { id: 'keep-name-h' }, `Keep the name “${me.name}”?`),
    passwordForm({
      id: 'keep-name-form',
      submit: 'Keep my name',
      intro: 'You play as a guest, known only to this browser. With a password the name is yours: nobody else can take it, and you can sign in on any device with your ratings and matches.',
      done: () => {
        renderWho();
        mount(box, h('p', { class: 'ok', role: 'status', id: 'keep-name-done' }, `“${me.name}” is yours now. Sign in with it on any device.`));
      },
    }),
    h('button', { type: 'button', id: 'keep-name-dismiss', onclick: () => { dismiss(me.id); close(); } }, 'Not now'));
  return box;
}
