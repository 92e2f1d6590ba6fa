//! REST calls to /api/v1 and the guest identity kept in localStorage (the same player in every tab
//! and after a reload).

import { t, language, errText, bannedText } from './i18n.js';

const KEY = 'plateau.identity';

export class ApiError extends Error {
  constructor(status, code, message, retryAfter = null, until = null) {
    super(message);
    this.status = status;
    this.code = code;
    /** When a ban or a mute ends (`until` of a `banned` or `muted` error), or null. */
    this.until = until;
    /** Seconds to wait before trying again (a 429's `Retry-After`), or null. */
    this.retryAfter = retryAfter;
  }
}

/**
 * The stored identity `{id, name, token, account?}`, or null. `account` is true once this browser
 * knows the player has a password (set here, or signed in with it): the server does not say, and
 * it is only used to stop offering to keep the name.
 */
export function identity() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || 'null');
    return v && v.token && v.id ? v : null;
  } catch {
    return null;
  }
}

export function saveIdentity(v) {
  localStorage.setItem(KEY, JSON.stringify(v));
}

export function forgetIdentity() {
  localStorage.removeItem(KEY);
}

/** A JSON request; the token goes along when we have one. Errors become ApiError with the server's message. */
export async function api(method, path, body) {
  const headers = { Accept: 'application/json' };
  const me = identity();
  if (me) headers.Authorization = `Bearer ${me.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(`/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'network', t('error-network'));
  }
  noteServerTime(res.headers.get('Date'));
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = data && data.error;
    const wait = Number(res.headers.get('Retry-After'));
    throw new ApiError(res.status, err ? err.code : 'http', err ? err.message : `HTTP ${res.status}`, Number.isFinite(wait) && wait > 0 ? wait : null, (err && err.until) || null);
  }
  return data;
}

let skew = null;
/**
 * How far this machine's clock is ahead of the server's, in ms, from the `Date` of the last answer
 * (whole seconds: taken as the middle of its second); null before any answer. Clocks use it to
 * count down figures taken a while ago (a reconnect) from when they were taken.
 */
export function serverSkew() {
  return skew;
}

function noteServerTime(date) {
  const at = Date.parse(date || '');
  if (Number.isFinite(at)) skew = Date.now() - (at + 500);
}

/** Makes a guest player and keeps its token. */
export async function register(name) {
  const created = await api('POST', '/players', { name });
  saveIdentity(created);
  return created;
}

/**
 * Sets or changes the player's password; from then on its name is reserved and it may sign in
 * anywhere. Changing one needs the `current` password; every other device is signed out.
 */
export async function setPassword(password, current) {
  await api('PUT', '/players/me/password', current === undefined ? { password } : { current, password });
  const me = identity();
  if (me) saveIdentity({ ...me, account: true });
}

/** Signs in by name and password: a new token, kept as this browser's identity (replacing a guest's). */
export async function signIn(name, password) {
  const who = await api('POST', '/sessions', { name, password });
  saveIdentity({ ...who, account: true });
  return who;
}

/**
 * Signs out this browser (`everywhere`: every device) and forgets the identity. The identity is
 * forgotten even when the server cannot be told, except for a network failure (the token would
 * stay valid on the server while the person believes it is gone).
 */
export async function signOut(everywhere = false) {
  try {
    await api('DELETE', everywhere ? '/sessions' : '/sessions/current');
  } catch (e) {
    if (e.status !== 401) throw e;
  }
  forgetIdentity();
}

/**
 * Keeps `code` as the player's language on the server when it has an account (every device it
 * signs in on then speaks it); a guest's choice stays in this browser. A failure keeps it local.
 */
export async function saveLanguage(code) {
  const me = identity();
  if (!me || !me.account) return;
  await api('PUT', '/players/me/language', { language: code }).catch(() => {});
  saveIdentity({ ...me, language: code });
}

/** Closes this browser's account (`password` for one that has one), then forgets it here. */
export async function closeAccount(password) {
  await api('DELETE', '/players/me', password ? { password } : {});
  forgetIdentity();
}

/**
 * Everything the server holds about this browser's player (`GET /players/me/export`, NDJSON), as
 * a file the browser downloads.
 */
export async function downloadMyData() {
  const me = identity();
  const res = await fetch('/api/v1/players/me/export', { headers: { Authorization: `Bearer ${me.token}` } });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new ApiError(res.status, body.error?.code || 'http', body.error?.message || `HTTP ${res.status}`);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: `plateau-${me.name}.ndjson` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The players this browser's player blocks: `[{player: {id, name}, since}]`. */
export async function myBlocks() {
  return (await api('GET', '/players/me/blocks')).blocks;
}

/** Blocks player `id` (`on`), or lifts the block. */
export async function setBlocked(id, on) {
  await api(on ? 'PUT' : 'DELETE', `/players/me/blocks/${encodeURIComponent(id)}`);
}

/**
 * A person's words for a failed account call, with what to do for 401/409/429; `signingIn` for
 * `POST /sessions` (where 401 is a wrong name or password), else a call with this browser's token
 * (where 401 is a token that was signed out).
 */
export function accountError(e, signingIn = false) {
  if (e.status === 401 && signingIn) return t('account-error-wrong');
  if (e.status === 401) return t('account-error-signed-out');
  // A 403 is a wrong current password, unless it is the ban (403 `banned`): then it says so.
  if (e.code === 'banned') return bannedText(e.until);
  if (e.status === 403) return t('account-error-not-current');
  if (e.status === 409) return t('account-error-name-kept');
  if (e.status === 429) {
    return e.retryAfter ? t('account-error-too-many-wait', { wait: waitText(e.retryAfter) }) : t('account-error-too-many');
  }
  return errText(e);
}

/** 75 -> "2 minutes", 30 -> "30 seconds", 7200 -> "2 hours". */
export function waitText(secs) {
  if (secs < 90) return t('wait-seconds', { count: secs });
  if (secs < 90 * 60) return t('wait-minutes', { count: Math.ceil(secs / 60) });
  return t('wait-hours', { count: Math.ceil(secs / 3600) });
}

/** Checks the stored token; drops it when the server no longer knows it. */
export async function checkIdentity() {
  const me = identity();
  if (!me) return null;
  try {
    const who = await api('GET', '/players/me');
    const language = who.language || null;
    if (who.name !== me.name || who.role !== me.role || language !== (me.language || null)) {
      saveIdentity({ ...me, name: who.name, role: who.role, language });
    }
    return identity();
  } catch (e) {
    if (e.status === 401) {
      forgetIdentity();
      return null;
    }
    // Banned for now: the identity stays (the ban ends), and the page says so (`banned.until`).
    if (e.code === 'banned') return { ...me, banned: { until: e.until } };
    return me; // server down: keep the identity, the pages will say what fails
  }
}

let catalog = null;
/** `GET /api/v1/games` with the game's words in the page's language (`words`), fetched once. */
export async function games() {
  if (!catalog) catalog = await api('GET', `/games?lang=${encodeURIComponent(language())}`);
  return catalog;
}

let server = null;
/** `GET /api/v1/server`, fetched once; an older server without it counts as "nothing configured". */
export async function serverInfo() {
  if (!server) server = api('GET', '/server').catch(() => ({ public_url: null }));
  return server;
}

/** Where people reach this server: `--public-url` when the server has one, else this page's origin. */
export async function publicBase() {
  const info = await serverInfo();
  return info.public_url || location.origin;
}
