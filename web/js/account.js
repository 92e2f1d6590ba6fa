//! Accounts on top of guests: the account page (/account: keep my name with a password, change it,
//! sign out here or everywhere), the sign-in page (/signin: by name and password, from any
//! browser), and the "keep my name" offer a guest gets after a match.
//!
//! A change of identity (sign in, sign out) reloads the app: the WebSocket, the pages and the
//! caches all hold the old token or player, and a fresh start is the one way to drop them all.

import { identity, setPassword, signIn, signOut, accountError, closeAccount, downloadMyData, myBlocks, setBlocked } from './api.js';
import { h, mount } from './dom.js';
import { profileHref } from './ratings.js';
import { renderWho } from './app.js';
import { t, errText } from './i18n.js';
import { notifyToggle } from './notify.js';

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
  const current = changing ? passwordField(`${id}-current`, t('pw-current'), 'current-password') : null;
  const first = passwordField(`${id}-password`, t('pw-new'), 'new-password');
  const again = passwordField(`${id}-again`, t('pw-again'), 'new-password');
  const err = h('p', { class: 'error', role: 'alert' });
  const note = h('p', { class: 'small muted' }, t('pw-note', { min: MIN, max: MAX }));
  const button = h('button', { type: 'submit', class: 'primary', id: `${id}-submit` }, submit);
  return h('form', {
    id,
    class: 'account-form',
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      if (first.input.value !== again.input.value) {
        err.textContent = t('pw-differ');
        return;
      }
      // The server counts characters after NFC, as people see them, not UTF-16 units.
      const n = [...first.input.value.normalize('NFC')].length;
      if (n < MIN || n > MAX) {
        err.textContent = t('pw-length', { min: MIN, max: MAX, count: n });
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
      err.textContent = t('not-signed-out', { why: errText(ex) });
    }
  };
  // Signing out everywhere ends every other device's session too: asked once more, in the page.
  const sure = h('p', { id: 'sign-out-everywhere-ask', hidden: true },
    t('sign-out-everywhere-ask'), ' ',
    h('button', { type: 'button', class: 'danger', id: 'sign-out-everywhere-confirm', onclick: out(true) }, t('sign-out-everywhere-yes')), ' ',
    h('button', { type: 'button', onclick: () => { sure.hidden = true; } }, t('cancel')));
  const render = () => {
    const who = identity();
    const pw = who.account
      ? h('section', { class: 'card', 'aria-labelledby': 'pw-h' }, h('h2', { id: 'pw-h' }, t('pw-change-heading')),
        passwordForm({ id: 'change-password', submit: t('pw-change'), changing: true, done: () => { status.textContent = t('pw-changed'); } }))
      : h('section', { class: 'card', 'aria-labelledby': 'pw-h' }, h('h2', { id: 'pw-h' }, t('header-keep-name')),
        passwordForm({
          id: 'sign-up',
          submit: t('header-keep-name'),
          intro: t('keep-intro-account', { name: who.name }),
          done: () => {
            render();
            renderWho();
            status.textContent = t('keep-done', { name: who.name });
          },
        }));
    mount(main, h('div', { class: 'account', id: 'account' },
      h('section', { class: 'card', 'aria-labelledby': 'acct-h' },
        h('h1', { id: 'acct-h' }, who.name),
        h('p', { id: 'account-kind' }, who.account ? t('account-kind-account') : t('account-kind-guest')),
        h('p', {}, h('a', { href: profileHref(who.id), 'data-nav': '', id: 'my-profile' }, t('my-profile')), ' · ',
          h('a', { href: '/signin', 'data-nav': '', id: 'signin-other' }, who.account ? t('signin-other') : t('signin-have-account'))),
        status),
      pw,
      h('section', { class: 'card', 'aria-labelledby': 'out-h' }, h('h2', { id: 'out-h' }, t('sign-out')),
        who.account
          ? h('p', { class: 'small muted' }, t('sign-out-account-note'))
          : h('p', { class: 'small muted' }, t('sign-out-guest-note')),
        h('div', { class: 'buttons' },
          h('button', { type: 'button', id: 'sign-out', onclick: out(false) }, t('sign-out')), ' ',
          who.account ? h('button', { type: 'button', id: 'sign-out-everywhere', onclick: () => { sure.hidden = false; } }, t('sign-out-everywhere')) : null),
        sure,
        err),
      h('section', { class: 'card', 'aria-labelledby': 'notify-h' },
        h('h2', { id: 'notify-h' }, t('notify-heading')),
        h('p', { class: 'small muted' }, t('notify-intro')),
        notifyToggle()),
      blocksCard(),
      dataCard(who)));
  };
  if (!me) {
    mount(main, h('p', {}, t('not-signed-in'), ' ', h('a', { href: '/signin', 'data-nav': '' }, t('sign-in'))));
    return null;
  }
  render();
  return null;
}

/** The players I block, each with a button to lift the block (blocking is done from their names). */
function blocksCard() {
  const list = h('ul', { id: 'blocks-list', class: 'list' }, h('li', { class: 'muted' }, t('loading')));
  const show = async () => {
    try {
      const blocks = await myBlocks();
      if (!blocks.length) {
        mount(list, h('li', { class: 'muted', id: 'blocks-none' }, t('blocks-none')));
        return;
      }
      mount(list, ...blocks.map((b) => h('li', { 'data-player': b.player.id },
        h('a', { href: profileHref(b.player.id), 'data-nav': '' }, b.player.name), ' ',
        h('button', {
          type: 'button',
          class: 'unblock',
          onclick: async () => {
            await setBlocked(b.player.id, false);
            show();
          },
        }, t('unblock')))));
    } catch (ex) {
      mount(list, h('li', { class: 'error' }, errText(ex)));
    }
  };
  show();
  return h('section', { class: 'card', 'aria-labelledby': 'blocks-h' },
    h('h2', { id: 'blocks-h' }, t('blocks-heading')),
    h('p', { class: 'small muted' }, t('blocks-intro')),
    list);
}

/** My data: download everything the server holds about me; close the account (asked twice). */
function dataCard(who) {
  const err = h('p', { class: 'error', role: 'alert', id: 'data-error' });
  const password = who.account ? passwordField('close-password', t('signin-password'), 'current-password') : null;
  const ask = h('form', {
    id: 'close-ask',
    hidden: true,
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = '';
      try {
        await closeAccount(password ? password.input.value : undefined);
        // The first page says it was done (welcome.js): a guest's account closes without a trace.
        sessionStorage.setItem('plateau.closed', who.name);
        restart();
      } catch (ex) {
        err.textContent = accountError(ex);
      }
    },
  },
  h('p', {}, t('close-ask', { name: who.name })),
  password ? password.row : null,
  h('div', { class: 'buttons' },
    h('button', { type: 'submit', class: 'danger', id: 'close-confirm' }, t('close-yes')), ' ',
    h('button', { type: 'button', onclick: () => { ask.hidden = true; } }, t('cancel'))));
  return h('section', { class: 'card', 'aria-labelledby': 'data-h' },
    h('h2', { id: 'data-h' }, t('data-heading')),
    h('p', { class: 'small muted' }, t('data-intro')),
    h('div', { class: 'buttons' },
      h('button', {
        type: 'button',
        id: 'download-data',
        onclick: async () => {
          err.textContent = '';
          try {
            await downloadMyData();
          } catch (ex) {
            err.textContent = errText(ex);
          }
        },
      }, t('data-download')), ' ',
      h('button', { type: 'button', class: 'danger', id: 'close-account', onclick: () => { ask.hidden = false; } }, t('close-account'))),
    ask,
    err);
}

/** /signin: a name and a password make a new identity in this browser. */
export function signInPage(main) {
  const me = identity();
  const name = h('input', { id: 'signin-name', name: 'username', required: true, maxlength: 32, autocomplete: 'username' });
  const pw = h('input', { type: 'password', id: 'signin-password', name: 'password', required: true, autocomplete: 'current-password' });
  const err = h('p', { class: 'error', role: 'alert', id: 'signin-error' });
  const button = h('button', { type: 'submit', class: 'primary', id: 'signin-submit' }, t('sign-in'));
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
  h('h1', {}, t('sign-in')),
  h('p', {}, t('signin-intro')),
  me && !me.account ? h('p', { class: 'small muted', id: 'signin-replaces' }, t('signin-replaces', { name: me.name })) : null,
  h('label', { for: 'signin-name' }, t('signin-name')), name,
  h('label', { for: 'signin-password' }, t('signin-password')), pw,
  button,
  err,
  h('p', { class: 'small' }, me ? h('a', { href: '/', 'data-nav': '' }, t('back-home')) : h('a', { href: '/', id: 'as-guest' }, t('signin-as-guest'))));
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
    h('h2', { id: 'keep-name-h' }, t('keep-question', { name: me.name })),
    passwordForm({
      id: 'keep-name-form',
      submit: t('header-keep-name'),
      intro: t('keep-intro-offer'),
      done: () => {
        renderWho();
        mount(box, h('p', { class: 'ok', role: 'status', id: 'keep-name-done' }, t('keep-done-offer', { name: me.name })));
      },
    }),
    h('button', { type: 'button', id: 'keep-name-dismiss', onclick: () => { dismiss(me.id); close(); } }, t('not-now')));
  return box;
}
