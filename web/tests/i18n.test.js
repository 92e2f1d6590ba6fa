//! The client's catalogues (web/i18n/*.ftl), without a browser: every language has exactly the
//! messages of English, every message the code asks for exists and every message is asked for by
//! the code, every message formats in every language with its arguments; and the language a page
//! speaks (chosen, else the browser's if complete, else English).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/index.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
globalThis.localStorage = { getItem: () => null };
globalThis.navigator = { languages: [] };
const { wantedLanguage } = await import('../js/i18n.js');
/** Every catalogue in web/i18n, as the server lists them (`/i18n/languages.json`): all complete. */
const LANGUAGES = readdirSync(join(WEB, 'i18n')).filter((f) => f.endsWith('.ftl')).map((f) => ({ code: f.slice(0, -4), complete: true }));

function bundle(code) {
  const b = new FluentBundle(code, { useIsolating: false });
  const resource = new FluentResource(readFileSync(join(WEB, 'i18n', `${code}.ftl`), 'utf8'));
  const errors = b.addResource(resource);
  assert.deepEqual(errors, [], `${code}.ftl parses`);
  b.ids = resource.body.map((m) => m.id).sort();
  return b;
}
const ids = (b) => b.ids;

/** Every `t('id'` in the client's modules. */
function usedIds() {
  const used = new Set();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith('.js')) for (const m of readFileSync(join(dir, e.name), 'utf8').matchAll(/\bt\('([a-z0-9-]+)'/g)) used.add(m[1]);
    }
  };
  walk(join(WEB, 'js'));
  return used;
}

test('every language has exactly the messages of English', () => {
  const en = ids(bundle('en'));
  for (const { code } of LANGUAGES) assert.deepEqual(ids(bundle(code)), en, `${code}.ftl against en.ftl`);
});

test('the code asks only for messages that exist, and for every one of them', () => {
  const en = new Set(ids(bundle('en')));
  // `language-name` is read by the server, which lists the languages (`/i18n/languages.json`), and
  // so are the words of web push (`push-*-title`, `push-*-body`: server/src/push/notices.rs).
  const byServer = ['turn', 'challenge', 'paired', 'ended'].flatMap((k) => [`push-${k}-title`, `push-${k}-body`]);
  const used = new Set([...usedIds(), 'language-name', ...byServer]);
  assert.deepEqual([...used].filter((id) => !en.has(id)), [], 'asked for but missing from en.ftl');
  assert.deepEqual([...en].filter((id) => !used.has(id)), [], 'in en.ftl but never asked for');
});

test('every message formats in every language, plurals included', () => {
  // Every variable any message names, given once as 1 and once as 2 (both plural forms) and once as a word.
  const names = new Set();
  for (const { code } of LANGUAGES) {
    for (const m of readFileSync(join(WEB, 'i18n', `${code}.ftl`), 'utf8').matchAll(/\{\s*\$([a-z_]+)/g)) names.add(m[1]);
  }
  const argsOf = (v) => Object.fromEntries([...names].map((k) => [k, v]));
  for (const { code } of LANGUAGES) {
    const b = bundle(code);
    for (const id of ids(b)) {
      for (const args of [argsOf(1), argsOf(2), argsOf('Alice')]) {
        const errors = [];
        const text = b.formatPattern(b.getMessage(id).value, args, errors);
        assert.deepEqual(errors, [], `${code}: ${id}`);
        assert.ok(text.trim().length > 0 && !text.includes('{'), `${code}: ${id} = ${text}`);
      }
    }
  }
  const fr = bundle('fr');
  assert.equal(fr.formatPattern(fr.getMessage('game-players').value, { min: 1 }), '1 joueur');
  assert.equal(fr.formatPattern(fr.getMessage('game-players').value, { min: 2 }), '2 joueurs');
});

test('the page speaks the chosen language, else the browser\'s if complete, else English', () => {
  const want = (stored, browser) => wantedLanguage(stored, browser, LANGUAGES);
  assert.equal(want(null, ['de-DE', 'en-GB']), 'en');
  assert.equal(want('fr', ['en-GB']), 'fr', 'a choice is kept');
  assert.equal(want(null, ['fr-FR', 'en']), 'fr', 'a French browser gets French');
  assert.equal(want(null, ['fr-CA']), 'fr');
  assert.equal(want(null, ['de-DE', 'fr', 'en']), 'fr', 'the first language spoken here');
  assert.equal(want('en', ['fr-FR']), 'en', 'a choice is kept over the browser');
  assert.equal(want('xx', []), 'en');
  // A catalogue still being translated is offered but never picked by the browser's language.
  const partial = [{ code: 'en', complete: true }, { code: 'de', complete: false }];
  assert.equal(wantedLanguage(null, ['de-DE'], partial), 'en');
  assert.equal(wantedLanguage('de', ['de-DE'], partial), 'de', 'a choice of it is kept');
});
