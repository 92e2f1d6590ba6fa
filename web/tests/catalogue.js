//! For the tests without a browser: the globals web/js/i18n.js reads (localStorage, navigator, the
//! page's <html>) and `fetch` of the catalogues from web/i18n/, then the catalogue of `lang` loaded,
//! so that the client's modules speak as in a page. Import it first: `await useCatalogue('en')`.

import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function useCatalogue(lang = 'en') {
  const store = new Map([['plateau.lang', lang]]);
  globalThis.localStorage ??= { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v), removeItem: (k) => store.delete(k) };
  globalThis.navigator ??= { languages: [lang] };
  globalThis.document ??= { documentElement: {} };
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    const m = /^\/i18n\/([a-z-]+)\.ftl$/.exec(String(url));
    if (!m) return realFetch(url);
    return { ok: true, text: async () => readFileSync(join(WEB, 'i18n', `${m[1]}.ftl`), 'utf8') };
  };
  const { setUpLanguage } = await import('../js/i18n.js');
  await setUpLanguage();
}
