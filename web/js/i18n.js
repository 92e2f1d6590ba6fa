//! The client's words, from one Fluent catalogue per language (`/i18n/LANG.ftl`, formatted by the
//! vendored `@fluent/bundle`: plurals by `Intl.PluralRules`, numbers and dates by `Intl`). A
//! translator adds a language with one file and no code change: the server lists the catalogues
//! (`/i18n/languages.json`: each one's code, its own name from its `language-name` message, and
//! whether it has every message of English).
//!
//! The language: the one chosen in the header (kept in this browser), else the first of the
//! browser's languages spoken here, else English. Only languages whose catalogue is complete are
//! picked by themselves (`complete`): a half-translated page is worse than an English one.
//!
//! `t(id, args)` gives a message; a message missing from the language falls back to English, and
//! one missing from both shows its id (the catalogue test in web/tests/ keeps that from landing).

import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/index.js';

/**
 * The languages of the catalogue: code, own name, and whether every message is translated. English
 * alone until [`setUpLanguage`] has read the server's list.
 */
export let LANGUAGES = [{ code: 'en', name: 'English', complete: true }];

const KEY = 'plateau.lang';
let current = 'en';
let bundles = [];

/**
 * The language chosen here (any of the catalogue, complete or not: the person asked for it), else
 * the browser's first complete one, else English.
 */
export function wantedLanguage(stored = localStorage.getItem(KEY), browser = navigator.languages || [], languages = LANGUAGES) {
  if (stored && languages.some((l) => l.code === stored)) return stored;
  const offered = languages.filter((l) => l.complete).map((l) => l.code);
  for (const tag of browser) {
    const primary = String(tag).split('-')[0].toLowerCase();
    if (offered.includes(primary)) return primary;
  }
  return 'en';
}

async function bundleOf(code) {
  const res = await fetch(`/i18n/${code}.ftl`);
  if (!res.ok) throw new Error(`no catalogue for ${code}`);
  const bundle = new FluentBundle(code, { useIsolating: false });
  bundle.addResource(new FluentResource(await res.text()));
  return bundle;
}

/** Loads the catalogue of the wanted language (and English behind it); call once before drawing. */
export async function setUpLanguage() {
  try {
    const res = await fetch('/i18n/languages.json');
    if (res.ok) LANGUAGES = await res.json();
  } catch {
    // Unreachable: English alone.
  }
  current = wantedLanguage();
  const codes = current === 'en' ? ['en'] : [current, 'en'];
  try {
    bundles = await Promise.all(codes.map(bundleOf));
  } catch {
    // Without a catalogue the ids would show: English from the server is the better fallback.
    current = 'en';
    bundles = await Promise.all(['en'].map(bundleOf)).catch(() => []);
  }
  document.documentElement.lang = current;
}

/** The language the page speaks. */
export function language() {
  return current;
}

/**
 * Takes `code` as this browser's language unless one was chosen here: the language an account
 * carries from another device (a choice made in this browser wins).
 */
export function adoptLanguage(code) {
  // Checked against the catalogue's languages when the page's language is picked.
  if (code && !localStorage.getItem(KEY)) localStorage.setItem(KEY, code);
}

/** Keeps `code` as this browser's language and reloads the page in it. */
export function chooseLanguage(code) {
  localStorage.setItem(KEY, code);
  location.reload();
}

/** The message `id` with `args` (numbers plural-aware: `{ $count }`), in the page's language. */
export function t(id, args = {}) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message && message.value) return bundle.formatPattern(message.value, args);
  }
  return id;
}

/** A number in the page's language ("1,532" in English, "1 532" in French). */
export function num(n, options = {}) {
  return Number(n).toLocaleString(current, options);
}

/** A date and time in the page's language. */
export function dateTime(iso, options = undefined) {
  if (!iso) return '';
  return new Date(iso).toLocaleString(current, options);
}

/** A date in the page's language. */
export function dateOnly(iso, options = undefined) {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(current, options);
}

/**
 * The words for an error the server answered with `code` (docs/protocol.md: the codes are stable,
 * the server's `message` is English). In English the server's own message is shown (it names the
 * field or the rule); in any other language this client's words for the code.
 */
/** A ban, said to the banned player: by a moderator, until when (or for good, or for now). */
export function bannedText(until) {
  if (until) return t('you-banned-until', { until: dateTime(until) });
  return t('error-banned');
}

export function errorText(code, message) {
  if (current === 'en' && message && code !== 'banned') return message;
  switch (code) {
    case 'bad_request': return t('error-bad-request');
    case 'unauthorized': return t('error-unauthorized');
    case 'forbidden': return t('error-forbidden');
    case 'not_found': return t('error-not-found');
    case 'conflict': return t('error-conflict');
    case 'payload_too_large': return t('error-payload-too-large');
    case 'rate_limited': return t('error-rate-limited');
    case 'internal': return t('error-internal');
    case 'banned': return bannedText(null);
    case 'network': return t('error-network');
    case 'not_joined': return t('error-not-joined');
    case 'not_seated': return t('error-not-seated');
    case 'not_your_turn': return t('error-not-your-turn');
    case 'stale_version': return t('error-stale-version');
    case 'illegal_move': return t('error-illegal-move');
    case 'room_full': return t('error-room-full');
    case 'unknown_room': return t('error-unknown-room');
    case 'muted': return t('error-muted');
    default: return message || t('error-other', { code: String(code || '') });
  }
}

/** An Error (an `ApiError` with its `code`, or one of this client's, already in words) in words. */
export function errText(e) {
  if (e && e.code === 'banned') return bannedText(e.until);
  if (e && e.code && e.code !== 'http') return errorText(e.code, e.message);
  return (e && e.message) || t('error-other', { code: '' });
}
