//! The client's words, from one Fluent catalogue per language (`/i18n/LANG.ftl`, formatted by the
//! vendored `@fluent/bundle`: plurals by `Intl.PluralRules`, numbers and dates by `Intl`). A
//! translator adds a language with one file and its line in [`LANGUAGES`], no code change.
//!
//! The language: the one chosen in the header (kept in this browser), else the first of the
//! browser's languages spoken here, else English. Only languages whose catalogue is complete are
//! offered (`complete`): a half-translated page is worse than an English one.
//!
//! `t(id, args)` gives a message; a message missing from the language falls back to English, and
//! one missing from both shows its id (the catalogue test in web/tests/ keeps that from landing).

import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/index.js';

/** The languages of the catalogue: code, own name, and whether every message is translated. */
export const LANGUAGES = [
  { code: 'en', name: 'English', complete: true },
  { code: 'fr', name: 'Français', complete: false },
];

const KEY = 'plateau.lang';
let current = 'en';
let bundles = [];

/**
 * The language chosen here (any of the catalogue, complete or not: the person asked for it), else
 * the browser's first complete one, else English.
 */
export function wantedLanguage(stored = localStorage.getItem(KEY), browser = navigator.languages || []) {
  if (stored && LANGUAGES.some((l) => l.code === stored)) return stored;
  const offered = LANGUAGES.filter((l) => l.complete).map((l) => l.code);
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
