//! A game is one place in the client (no browser needed): each game the server runs
//! (games/src/<game>/, the folders with words files) has its folder web/js/games/<id>/, listed once
//! in web/js/games/index.js, whose module says everything the client knows of it; no other client
//! file names a game; and the create form's option words come from the catalog alone (no `opt-`
//! message in the client's catalogues).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useCatalogue } from './catalogue.js';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const GAMES_SRC = join(WEB, '..', 'games', 'src');

await useCatalogue('en');
const { gameOf, knownGames } = await import('../js/games/index.js');

/**
 * The server's games, by id: the folders of games/src with a rules module and words files
 * (`groups_of_three`); `shared_options` has words (the options every game takes) but no rules.
 */
const SERVER_GAMES = readdirSync(GAMES_SRC, { withFileTypes: true })
  .filter((e) => e.isDirectory() && ['words.en.json', 'mod.rs'].every((f) => existsSync(join(GAMES_SRC, e.name, f))))
  .map((e) => e.name.replace(/_/g, '-'))
  .sort();

/** Every .js file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.js') ? [path] : [];
  });
}

test('every game the server runs has its folder in the client, with its module', async () => {
  assert.ok(SERVER_GAMES.length >= 5, SERVER_GAMES.join(' '));
  for (const id of SERVER_GAMES) {
    const game = gameOf(id);
    assert.ok(game, `${id}: web/js/games/${id}/index.js`);
    assert.equal(typeof game.name(), 'string');
    assert.notEqual(game.name(), id, `${id}: its name in words`);
    assert.equal(typeof (await import(`../js/games/${id}/board.js`)).create, 'function', `${id}: its board draws`);
    const paints = game.seatPaints(0, 2, {});
    assert.ok(paints.length >= 1 && paints.every((p) => /^#[0-9a-f]{6}$/.test(p.colour) && p.name && p.mark), `${id}: seat paints`);
    const help = game.help();
    for (const part of ['pitch', 'goal']) assert.ok(help[part].length > 20, `${id}: help ${part}`);
    assert.ok(help.turn.length && help.terms.length, `${id}: help turn and terms`);
    assert.equal(game.position.game, id, `${id}: its help position`);
    for (const fn of ['eventText', 'moveText', 'standing']) assert.equal(typeof game[fn], 'function', `${id}: ${fn}`);
  }
  assert.deepEqual(knownGames().length, SERVER_GAMES.length, 'no game the server does not run');
});

test('no client file but a game\'s own names it, but the one list of games', () => {
  const own = join(WEB, 'js', 'games');
  const named = [];
  for (const file of sources(join(WEB, 'js'))) {
    const where = relative(own, file);
    // A game's own folder, and the list (web/js/games/index.js), may name games.
    if (!where.startsWith('..') && (where.includes('/') || where === 'index.js')) continue;
    const text = readFileSync(file, 'utf8');
    for (const id of SERVER_GAMES) {
      if (new RegExp(`['"\`]${id}['"\`]`).test(text)) named.push(`${relative(WEB, file)}: ${id}`);
    }
  }
  assert.deepEqual(named, []);
});

test('the option words come from the catalog, not from the client\'s catalogues', () => {
  for (const file of readdirSync(join(WEB, 'i18n')).filter((f) => f.endsWith('.ftl'))) {
    const ids = [...readFileSync(join(WEB, 'i18n', file), 'utf8').matchAll(/^(opt-[a-z0-9-]+) =/gm)].map((m) => m[1]);
    assert.deepEqual(ids, [], file);
  }
  const options = readFileSync(join(WEB, 'js', 'options.js'), 'utf8');
  assert.doesNotMatch(options, /\bt\('/, 'options.js says no option in its own words');
});
