//! REST calls to /api/v1 and the guest identity kept in localStorage (the same player in every tab
//! and after a reload).

const KEY = 'plateau.identity';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The stored identity `{id, name, token}`, or null. */
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
    throw new ApiError(0, 'network', 'The server cannot be reached; check the connection.');
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
    throw new ApiError(res.status, err ? err.code : 'http', err ? err.message : `HTTP ${res.status}`);
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

/** Checks the stored token; drops it when the server no longer knows it. */
export async function checkIdentity() {
  const me = identity();
  if (!me) return null;
  try {
    const who = await api('GET', '/players/me');
    if (who.name !== me.name) saveIdentity({ ...me, name: who.name });
    return identity();
  } catch (e) {
    if (e.status === 401) {
      forgetIdentity();
      return null;
    }
    return me; // server down: keep the identity, the pages will say what fails
  }
}

let catalog = null;
/** `GET /api/v1/games`, fetched once. */
export async function games() {
  if (!catalog) catalog = await api('GET', '/games');
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
