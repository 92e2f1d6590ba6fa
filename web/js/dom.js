//! Tiny DOM and SVG helpers shared by the pages and the boards (no framework).

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Makes an HTML element: h('div', {class: 'x', onclick: f}, child, 'text', ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** Makes an SVG element the same way. */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** Replaces the children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * Makes an SVG element act as a button: focusable, labelled, Enter/Space and click call `action`.
 * `kind` is 'select' (choosing a piece) or 'target' (a destination or a final choice); tests and
 * styles read it from data-act.
 */
export function actionable(el, label, kind, action) {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-label', label);
  el.dataset.act = kind;
  el.classList.add('act', `act-${kind}`);
  el.addEventListener('click', (e) => {
    e.preventDefault();
    action();
  });
  el.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  });
  const title = s('title', {}, label);
  el.prepend(title);
  return el;
}

/** Keeps keyboard focus on the element with the same `data-key` after a board is redrawn. */
export function refocus(root, key) {
  if (!key) return;
  const el = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (el && el.tabIndex >= 0 && !el.disabled) el.focus({ preventScroll: true });
}

export function focusedKey(root) {
  const a = document.activeElement;
  return a && root.contains(a) ? a.dataset.key : null;
}

/**
 * Asks a yes-or-no question in a modal dialog (`<dialog id=NAME-dialog>`, its buttons `NAME-cancel`
 * and `NAME-confirm`); resolves true when the person confirmed. The dialog stays in the page, closed, for
 * the next question (its owner removes it, see `dropDialog`).
 */
export function ask({ name, question, text, cancel, confirm, danger = true }) {
  let dialog = document.getElementById(`${name}-dialog`);
  if (!dialog) {
    dialog = h('dialog', { class: 'confirm', id: `${name}-dialog`, 'aria-labelledby': `${name}-q` });
    document.body.append(dialog);
  }
  mount(dialog,
    h('form', { method: 'dialog' },
      h('p', { id: `${name}-q` }, h('strong', {}, question)),
      h('p', {}, text),
      h('div', { class: 'dialog-buttons' },
        h('button', { value: 'cancel', id: `${name}-cancel`, autofocus: true }, cancel),
        h('button', { value: 'confirm', class: danger ? 'danger' : 'primary', id: `${name}-confirm` }, confirm))));
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.onclose = () => resolve(dialog.returnValue === 'confirm');
    dialog.showModal();
  });
}

/** Closes and removes the dialog `name` of [`ask`], if there is one (its page goes away). */
export function dropDialog(name) {
  const dialog = document.getElementById(`${name}-dialog`);
  if (!dialog) return;
  if (dialog.open) dialog.close();
  dialog.remove();
}
