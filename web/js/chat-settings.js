//! A player's own chat settings, kept in this browser: a room's chat muted (others' lines are not
//! shown there), and chat turned off in every match. Nothing is asked of the server: the others
//! still talk to each other, this player just does not see it.

const MUTED = 'plateau.chat-muted';
const OFF = 'plateau.chat-off';
/** Muted rooms are forgotten after this long: a room's code is not reused, and the list stays short. */
const KEEP_MS = 30 * 86400 * 1000;

function mutedRooms() {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED) || '{}');
    return all && typeof all === 'object' ? all : {};
  } catch {
    return {};
  }
}

/** Whether this player turned chat off in all their matches. */
export function chatOff() {
  return localStorage.getItem(OFF) === '1';
}

export function setChatOff(off) {
  if (off) localStorage.setItem(OFF, '1');
  else localStorage.removeItem(OFF);
}

/** Whether the chat of room `code` is muted for this player. */
export function roomMuted(code) {
  return code in mutedRooms();
}

export function setRoomMuted(code, muted) {
  const all = mutedRooms();
  const now = Date.now();
  for (const [c, at] of Object.entries(all)) if (now - at > KEEP_MS) delete all[c];
  if (muted) all[code] = now;
  else delete all[code];
  localStorage.setItem(MUTED, JSON.stringify(all));
}
