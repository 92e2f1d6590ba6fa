//! The room page (/r/CODE): seats and who is connected, the host's start (optionally filling empty
//! seats with bots), chat, spectating, and the match itself: the view held from snapshots and
//! patches (a patch from another version asks for `sync`), moves sent with an id and resent after a
//! reconnect, the server's refusals shown while the board stays as it was, events and the result;
//! the clocks, resign, draw offers and rematch (clock.js, match-actions.js), the seats that forfeited,
//! and `leave` when the page goes away (another page of the app, or the tab closed). Names link to
//! profiles with their rating in the game beside them, bots show their level, a rated room starts
//! only with a person in every seat, and a guest is offered to keep its name after a match.

import { api, identity, publicBase } from './api.js';
import { h, mount } from './dom.js';
import { applyPatch } from './patch.js';
import { navigate } from './app.js';
import { setTurn, clearTurn, alertSettings } from './attention.js';
import { helpHref } from './help.js';
import { describeEvent, gameName, resultDetail, resultText, sidesOf, FORFEIT_TAGS } from './events.js';
import { clockStrip, clockText } from './clock.js';
import { matchActions } from './match-actions.js';
import { boardFor, seatColours as coloursOf, flipButton } from './boards/index.js';
import { breakdown } from './breakdown.js';
import { retryQuick } from './quick.js';
import { profileLink, ratingBadge, forgetRatings } from './ratings.js';
import { keepNamePrompt } from './account.js';
import { seatLevel, takePendingStart } from './bots.js';

const MAX_LOG = 200;
/** Events of a move that changed the board (the boards mark these as the last move). */
const MOVE_KINDS = new Set(['moved', 'crossed', 'added', 'exited', 'move', 'attack', 'exchange', 'pearls_lost', 'placed', 'line', 'removed', 'reentered']);

export function roomPage(main, code, conn) {
  const me = identity();
  const wantWatch = new URLSearchParams(location.search).has('watch');
  const st = {
    room: null,
    view: null,
    version: 0,
    syncing: false,
    role: null,
    pending: null,
    lastEvents: [],
    /** The events the board marks the last move from: the last patch that moved something. */
    markEvents: [],
    result: null,
    matchId: null,
    board: null,
    boardGame: null,
    destroyed: false,
    /** Seats that forfeited: `{seat, reason}`, from the events, the result, or the match's summary. */
    forfeits: [],
    /** Triominos' `round_end` events seen (live or in the recent log), for the end breakdown. */
    rounds: [],
    /** The next board update slides the pieces of the move just made (a patch that moved the ply). */
    animateNext: false,
  };

  // ---- layout ----
  const title = h('h1', { class: 'room-title' });
  const helpLink = h('a', { class: 'help-link', id: 'help-link', target: '_blank', rel: 'noopener' }, 'How to play');
  const share = h('div', { class: 'share' });
  const seats = h('ul', { class: 'seats', id: 'seats', 'aria-label': 'Seats' });
  const controls = h('div', { class: 'controls', id: 'room-controls' });
  const turn = h('p', { class: 'turn', id: 'turn', role: 'status', 'aria-live': 'polite' });
  const last = h('p', { class: 'last muted', id: 'last-move' });
  const message = h('p', { class: 'message', id: 'message', role: 'alert' });
  const resultBox = h('div', { class: 'result', id: 'result', hidden: true });
  const clockSetting = h('p', { class: 'clock-setting muted small', id: 'clock-setting' });
  const seatingNote = h('p', { class: 'muted small', id: 'seating' });
  const watchers = h('span', { class: 'watchers muted', id: 'spectators' });
  const breakdownBox = h('div', { id: 'room-breakdown' });
  const clocksBox = h('ul', { class: 'clocks', id: 'clocks', 'aria-label': 'Clocks', hidden: true });
  const boardBox = h('div', { class: 'board-box', id: 'board' }, h('p', { class: 'muted waiting-note' }, 'The match has not started yet.'));
  const actionsBox = h('div', { class: 'actions-box' });
  const flip = flipButton(boardBox, () => (st.room && st.room.game) || '');
  const log = h('ol', { class: 'log', id: 'events', 'aria-label': 'Events', 'aria-live': 'polite' });
  const chatList = h('ol', { class: 'chat', id: 'chat-list', 'aria-live': 'polite' });
  const chatInput = h('input', { id: 'chat-text', maxlength: 500, placeholder: 'Say something', 'aria-label': 'Chat message', autocomplete: 'off' });
  const chatForm = h(
    'form',
    {
      class: 'inline',
      id: 'chat-form',
      onsubmit: (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        if (conn.send({ type: 'chat', room: code, text })) chatInput.value = '';
        else say('Not connected: the message was not sent.');
      },
    },
    chatInput,
    h('button', { type: 'submit' }, 'Send'),
  );
  const root = h(
    'div',
    { class: 'room', id: 'room', dataset: { room: code, version: '0', ply: '', status: 'loading' } },
    h('div', { class: 'room-head' }, h('div', { class: 'room-title-row' }, title, helpLink, clockSetting, watchers), share),
    h(
      'div',
      { class: 'room-grid' },
      h('section', { class: 'play', 'aria-label': 'Board' }, turn, clocksBox, h('div', { class: 'play-tools' }, actionsBox, flip.el), last, message, resultBox, boardBox, breakdownBox),
      h(
        'aside',
        { class: 'side' },
        h('section', { class: 'card' }, h('h2', {}, 'Seats'), seats, seatingNote, controls, alertSettings()),
        h('section', { class: 'card' }, h('h2', {}, 'Events'), log),
        h('section', { class: 'card' }, h('h2', {}, 'Chat'), chatList, chatForm),
      ),
    ),
  );
  mount(main, root);

  function say(text, kind = 'error') {
    message.textContent = text;
    message.dataset.kind = kind;
  }

  const clocks = clockStrip(clocksBox, {
    nameOf: (seat) => nameOf(seat),
    setting: () => st.room && st.room.clock,
    forfeit: (seat) => {
      const f = forfeitOf(seat);
      return f && { reason: f.reason, tag: FORFEIT_TAGS[f.reason] || 'out' };
    },
  });
  const actions = matchActions({ room: code, send: (f) => conn.send(f), go: (next) => navigate(`/r/${next}`), say });
  actionsBox.append(actions.el);

  function nameOf(seat) {
    const s = st.room && st.room.seats[seat];
    if (!s) return `Seat ${seat + 1}`;
    if (s.player) {
      // Two players may share a name: then each gets its seat number.
      const twin = st.room.seats.some((o) => o !== s && o.player && o.player.name === s.player.name);
      return twin ? `${s.player.name} (seat ${seat + 1})` : s.player.name;
    }
    if (s.bot) return `Bot ${seat + 1}`;
    return `Seat ${seat + 1}`;
  }

  /** "Play against the computer" from the home page: once seated here, start with bots at its level. */
  function startAgainstBots() {
    const r = st.room;
    if (r.status !== 'waiting' || r.host !== me.id || mySeat() === null) return;
    const asked = takePendingStart(code);
    if (asked) conn.send({ type: 'start', room: code, bots: true, bot_level: asked.level });
  }

  /** A bot seat's level (shown in the end breakdown), or null. */
  function levelOf(seat) {
    return seatLevel(st.room && st.room.seats[seat]);
  }

  /** A guest who just played in a match: the offer to keep its name with a password (once). */
  function offerKeepName() {
    if (mySeat() === null || root.querySelector('#keep-name')) return;
    const prompt = keepNamePrompt();
    if (prompt) resultBox.after(prompt);
  }

  function mySeat() {
    if (st.view && st.view.you) return st.view.you.seat;
    if (!st.room) return null;
    const s = st.room.seats.find((x) => x.player && x.player.id === me.id);
    return s ? s.seat : null;
  }

  function chatLine(line) {
    const mine = line.player.id === me.id;
    chatList.append(h('li', { class: mine ? 'mine' : '' }, h('strong', {}, line.player.name), ': ', line.text));
    chatList.scrollTop = chatList.scrollHeight;
  }

  function logLine(text, cls = '') {
    if (!text) return;
    log.prepend(h('li', { class: cls }, text));
    while (log.children.length > MAX_LOG) log.lastChild.remove();
  }

  // ---- connection ----
  function join() {
    st.syncing = true;
    conn.send({ type: 'join', room: code, as: st.role });
    if (st.pending) conn.send(st.pending.frame); // resent with the same id: never played twice
  }

  function onFrame(f) {
    if (st.destroyed) return;
    switch (f.type) {
      case 'room':
        st.room = f.room;
        if (f.room.match && !st.matchId) st.matchId = f.room.match;
        renderInfo();
        startAgainstBots();
        break;
      case 'snapshot':
        st.syncing = false;
        st.view = f.view;
        st.version = f.version;
        if (f.view.result) st.result = f.view.result;
        newClock();
        loadForfeits();
        renderAll();
        break;
      case 'patch':
        if (st.syncing) return;
        if (!st.view || f.from !== st.version) {
          sync();
          return;
        }
        const plyBefore = st.view.ply;
        try {
          st.view = applyPatch(st.view, f.ops);
          st.version = f.version;
        } catch (e) {
          sync();
          return;
        }
        st.lastEvents = f.events || [];
        // A patch that only ends a turn or rolls dice keeps the previous move marked on the board.
        if (st.lastEvents.some((e) => MOVE_KINDS.has(e.kind))) {
          st.markEvents = st.lastEvents;
          st.animateNext = st.view.ply !== plyBefore;
        }
        noteRounds(st.lastEvents);
        // Newest first in the log, but one move's lines in the order they happened.
        for (const ev of [...st.lastEvents].reverse()) logLine(describeEvent(st.view.game, ev, nameOf));
        for (const ev of st.lastEvents) {
          if (ev.kind === 'forfeited' && !st.forfeits.some((x) => x.seat === ev.seat)) st.forfeits.push({ seat: ev.seat, reason: ev.reason });
        }
        // Any accepted move clears every draw offer (the server says so too).
        if (st.view.ply !== plyBefore) actions.clearOffers();
        if (st.view.result) st.result = st.view.result;
        newClock();
        renderAll();
        break;
      case 'ack':
        if (st.pending && st.pending.id === f.id) {
          st.pending = null;
          renderAll();
        }
        break;
      case 'error':
        onError(f);
        break;
      case 'chat':
        chatLine(f);
        break;
      case 'recent':
        // After a join or a sync: the room's last chat lines and events, so that a reload (or a
        // reconnect) brings them back. They replace what the page holds, which may be partial.
        chatList.replaceChildren();
        for (const line of f.chat) chatLine(line);
        log.replaceChildren();
        for (const { events } of f.events) {
          noteRounds(events);
          for (const ev of [...events].reverse()) logLine(describeEvent(st.view ? st.view.game : st.room && st.room.game, ev, nameOf));
        }
        // The last move's marker comes back too, when the newest events are those of this view.
        {
          const newest = f.events[f.events.length - 1];
          if (newest && st.view && newest.version === st.version) st.lastEvents = newest.events;
          const moved = [...f.events].reverse().find((x) => x.events.some((e) => MOVE_KINDS.has(e.kind)));
          if (moved) st.markEvents = moved.events;
          renderAll();
        }
        break;
      case 'ended':
        st.result = f.result;
        st.matchId = f.match;
        for (const x of f.result.forfeited || []) if (!forfeitOf(x.seat)) st.forfeits.push(x);
        logLine(`Match over: ${resultText(f.result, nameOf, sidesOf(st.view))}`, 'strong');
        // The ratings moved (a rated match): the seats show the new ones.
        forgetRatings();
        renderAll();
        offerKeepName();
        break;
      case 'draw':
        actions.offers(f.offers);
        break;
      case 'rematch':
        actions.rematch(f.next);
        break;
    }
  }

  function onError(f) {
    if (f.id) {
      if (!st.pending || st.pending.id !== f.id) return;
      st.pending = null;
      say(`Move refused (${f.code.replace(/_/g, ' ')}): ${f.message}`);
      if (f.code === 'stale_version') sync();
      renderAll();
      return;
    }
    if (f.code === 'room_full' && st.role === 'player') {
      if (retryQuick(code)) return;
      st.role = 'spectator';
      say(`${f.message}. You are watching.`, 'info');
      join();
      return;
    }
    if (f.code === 'unknown_room') {
      say(`There is no room ${code}.`);
      return;
    }
    if (f.code === 'conflict' && !st.view) {
      // A join refused because the room closed meanwhile (its last player left): the room frame
      // saying so may not reach a connection that is no longer in the room, so ask for the room.
      api('GET', `/rooms/${encodeURIComponent(code)}`).then((room) => {
        if (st.destroyed) return;
        st.room = room;
        renderInfo();
      }).catch(() => {});
    }
    actions.refused();
    say(f.message);
  }

  function sync() {
    st.syncing = true;
    conn.send({ type: 'sync', room: code });
  }

  function sendMove(move) {
    if (!st.view || st.pending) return;
    const id = (crypto.randomUUID && crypto.randomUUID()) || `${Date.now()}-${Math.random()}`;
    const frame = { type: 'move', room: code, id, version: st.version, move };
    st.pending = { id, frame, version: st.version };
    say('');
    if (!conn.send(frame)) say('Not connected: the move will be sent when the connection is back.', 'info');
    renderAll();
  }

  // ---- rendering ----
  function renderInfo() {
    const r = st.room;
    if (!r) return;
    root.dataset.status = r.status;
    title.textContent = `${gameName(r.game)} · room ${r.code}`;
    if (r.rated) title.append(' ', h('span', { class: 'tag rated', id: 'rated-tag', title: 'Every seat is a person; the ratings change at the end.' }, 'rated'));
    clockSetting.textContent = `Clock: ${clockText(r.clock)}`;
    const n = r.spectators || 0;
    watchers.textContent = n ? `👁 ${n} watching` : 'nobody watching';
    watchers.dataset.count = String(n);
    seatingNote.textContent = seatingText(r);
    flip.sync();
    helpLink.href = helpHref(r.game);
    helpLink.textContent = `How to play ${gameName(r.game)}`;
    const my = mySeat();
    renderShare(r, my);
    mount(
      seats,
      r.seats.map((s) =>
        h(
          'li',
          { class: `seat ${s.connected ? 'on' : 'off'} ${s.seat === my ? 'me' : ''}`, dataset: { seat: s.seat } },
          seatColours(r, s.seat).map((c) => h('span', { class: 'swatch', 'aria-hidden': 'true', style: `background:${c}` })),
          h('span', { class: 'seat-no muted small' }, `${s.seat + 1}.`),
          h('span', { class: 'seat-name' }, s.player ? profileLink(s.player, nameOf(s.seat)) : s.bot ? nameOf(s.seat) : 'empty'),
          s.player ? ratingBadge(s.player.id, r.game) : null,
          seatLevel(s) ? h('span', { class: 'tag bot-level', dataset: { level: s.bot_level } }, seatLevel(s)) : null,
          s.player && s.player.id === r.host ? h('span', { class: 'tag' }, 'host') : null,
          s.seat === my ? h('span', { class: 'tag' }, 'you') : null,
          forfeitOf(s.seat) ? h('span', { class: 'tag out', dataset: { forfeit: forfeitOf(s.seat).reason } }, FORFEIT_TAGS[forfeitOf(s.seat).reason] || 'out') : null,
          h('span', { class: 'conn-dot', title: s.connected ? 'connected' : 'not connected' }, s.player || s.bot ? (s.connected ? '● connected' : '○ away') : ''),
        ),
      ),
    );
    const items = [];
    if (r.status === 'abandoned' && !st.matchId) items.push(closedOffer(r));
    else if (st.role === 'spectator') items.push(h('p', { class: 'muted', id: 'watching' }, 'You are watching this room.'));
    if (r.status === 'waiting') {
      const isHost = r.host === me.id;
      const free = r.seats.some((s) => !s.player && !s.bot);
      if (isHost && r.rated) {
        // The server refuses bots in a rated room: no box to tick, and the button waits for people.
        items.push(
          h('div', { class: 'start' },
            h('p', { class: 'muted small', id: 'rated-start' }, free ? 'A rated match starts once a person sits in every seat.' : 'Every seat has a person: the match can start.'),
            h('button', { type: 'button', class: 'primary', id: 'start', disabled: free, onclick: () => conn.send({ type: 'start', room: code }) || say('Not connected.') }, 'Start the match')),
        );
      } else if (isHost) {
        const bots = h('input', { type: 'checkbox', id: 'fill-bots', checked: !!st.fillBots, onchange: (e) => { st.fillBots = e.target.checked; } });
        items.push(
          h('div', { class: 'start' },
            h('label', {}, bots, ' fill empty seats with bots'),
            h('button', { type: 'button', class: 'primary', id: 'start', onclick: () => conn.send({ type: 'start', room: code, bots: bots.checked }) || say('Not connected.') }, 'Start the match')),
        );
      } else if (my !== null) {
        items.push(h('p', { class: 'muted' }, 'Waiting for the host to start.'));
      }
      if (my !== null) {
        items.push(h('button', { type: 'button', id: 'leave', onclick: () => {
          conn.send({ type: 'leave', room: code });
          st.role = 'spectator';
          conn.send({ type: 'join', room: code, as: 'spectator' });
        } }, 'Give up my seat'));
      } else if (free) {
        items.push(h('button', { type: 'button', id: 'take-seat', onclick: () => {
          st.role = 'player';
          join();
        } }, 'Take a seat'));
      }
    }
    if (st.matchId && ['finished', 'abandoned', 'aborted'].includes(r.status)) {
      items.push(h('p', {}, h('a', { href: `/m/${st.matchId}`, 'data-nav': '', id: 'history-link' }, 'Match history and replay')));
    }
    mount(controls, items);
    renderTurn();
    renderPlay();
  }

  /**
   * The invite (a seated player of a room still waiting: the link with the server's public address)
   * or, for the others, only the spectator link.
   */
  function renderShare(r, my) {
    const inviting = r.status === 'waiting' && my !== null;
    const watch = h('a', { href: `/r/${r.code}?watch`, class: 'small', id: 'watch-link' }, 'spectator link');
    if (!inviting) {
      mount(share, r.status === 'playing' ? ['Share the ', watch, ' to let friends watch.'] : null);
      return;
    }
    const link = h('a', { href: `/r/${r.code}`, id: 'room-link' }, `/r/${r.code}`);
    const copy = h('button', { type: 'button', class: 'small', id: 'copy-link', onclick: async () => {
      try {
        await navigator.clipboard.writeText(link.textContent);
        copy.textContent = 'Copied';
      } catch {
        copy.textContent = 'Select the link to copy it';
      }
    } }, 'Copy link');
    mount(share, h('span', { class: 'muted' }, r.visibility === 'private' ? 'Private room. Invite with: ' : 'Public room: '), link, ' ', copy, ' ', watch);
    publicBase().then((base) => {
      link.textContent = `${base}/r/${r.code}`;
      link.dataset.ready = 'true';
    });
  }

  /** A room closed before its start (its last player left): sit again in a new one, or go home. */
  function closedOffer(r) {
    const again = h('button', { type: 'button', class: 'primary', id: 'sit-again', onclick: async () => {
      try {
        const room = await api('POST', '/rooms', { game: r.game, players: r.players, visibility: r.visibility, options: r.options || {}, clock: r.clock || null, seating: r.seating || undefined });
        navigate(`/r/${room.code}`);
      } catch (e) {
        say(e.message);
      }
    } }, 'Sit again (same game, new room)');
    return h('div', { class: 'closed', id: 'room-closed' },
      h('p', {}, 'This room was closed: everyone left before the start.'),
      again, ' ', h('a', { href: '/', 'data-nav': '', class: 'button', id: 'new-room' }, 'Create another room'));
  }

  /** Who starts, in words: before the start what will happen, after it where the draw put everyone. */
  function seatingText(r) {
    const random = r.seating === 'random';
    if (r.status === 'waiting') return random ? 'Who starts: drawn at random when the match starts (seats may change).' : 'Who starts: the host, then the others in seat order.';
    return random ? 'Seats were drawn at random at the start; the list shows where everyone sits.' : 'The host took the first seat; the others sit in the order they joined.';
  }

  /** Keeps Triominos' round ends for the breakdown. */
  function noteRounds(events) {
    for (const ev of events || []) if (ev.kind === 'round_end' && !st.rounds.some((r) => r.round === ev.round)) st.rounds.push(ev);
  }

  /** The colours a seat plays (two each in Groups-of-Three with 2 players). */
  function seatColours(r, seat) {
    return coloursOf(r.game, seat, r.players, r.options || {});
  }

  function renderTurn() {
    const v = st.view;
    root.dataset.version = String(st.version);
    root.dataset.ply = v ? String(v.ply) : '';
    if (!v) {
      turn.textContent = st.room && st.room.status === 'waiting' ? 'Waiting for players.' : '';
      root.dataset.myTurn = 'false';
      return;
    }
    const mine = canAct(v);
    root.dataset.myTurn = String(mine && !st.pending);
    setTurn(mine && !st.pending && !st.result, gameName(v.game));
    turn.classList.toggle('mine', mine);
    const out = v.you && forfeitOf(v.you.seat);
    if (st.result || v.result) {
      turn.textContent = 'The match is over.';
    } else if (out) {
      turn.textContent = `You are out of the match (${FORFEIT_TAGS[out.reason] || 'out'}); the server plays your seat.`;
    } else if (st.pending) {
      turn.textContent = 'Sending your move…';
    } else if (mine) {
      const others = v.to_move.filter((s) => s !== v.you.seat);
      turn.textContent = others.length ? `Your turn (with ${others.map(nameOf).join(', ')})` : 'Your turn';
    } else {
      turn.textContent = `Waiting for ${v.to_move.map(nameOf).join(', ') || 'nobody'}`;
    }
  }

  function renderResult() {
    const res = st.result || (st.view && st.view.result);
    if (!res) {
      resultBox.hidden = true;
      mount(breakdownBox);
      return;
    }
    resultBox.hidden = false;
    const my = mySeat();
    const won = my !== null && res.winners.includes(my);
    const agreed = res.reason === 'agreed_draw';
    mount(
      resultBox,
      h('strong', {}, agreed ? 'Draw agreed' : res.winners.length === 0 ? 'Draw' : my === null ? 'Match over' : won ? 'You won!' : 'You lost'),
      agreed ? null : [' · ', res.winners.length === 0 ? resultDetail(res) : resultText(res, nameOf, sidesOf(st.view))],
      st.matchId ? [' · ', h('a', { href: `/m/${st.matchId}`, 'data-nav': '' }, 'replay')] : null,
    );
    const game = (st.view && st.view.game) || (st.room && st.room.game);
    const seatsN = st.room ? st.room.players : st.view ? st.view.to_move.length : 0;
    mount(breakdownBox, breakdown({ game, result: res, view: st.view, seats: seatsN, nameOf, rounds: st.rounds, levelOf }));
  }

  /**
   * Whether the viewer may move now: legal moves listed, and its seat not forfeited (the server
   * plays a forfeited seat from then on, even while the view still lists moves for it).
   */
  function canAct(v) {
    return !!(v && v.you && v.you.legal && v.you.legal.length) && !forfeitOf(v.you.seat);
  }

  function forfeitOf(seat) {
    return st.forfeits.find((f) => f.seat === seat) || null;
  }

  /**
   * The forfeits so far: the result lists them at the end; during a match they are not in the
   * view, so a page that arrives late (or reloads) reads them from the match's summary.
   */
  async function loadForfeits() {
    const res = st.result || (st.view && st.view.result);
    if (res) {
      st.forfeits = [...(res.forfeited || [])];
      return;
    }
    if (!st.matchId) return;
    try {
      const m = await api('GET', `/matches/${st.matchId}`);
      if (st.destroyed || !m.forfeited) return;
      for (const f of m.forfeited) if (!forfeitOf(f.seat)) st.forfeits.push(f);
      renderInfo();
    } catch {
      // Not worth a message: the seats just show no forfeit until the next event.
    }
  }

  /** New clock figures: only with a new view (a redraw for another reason must not restart them). */
  function newClock() {
    clocks.set((st.view && st.view.clock) || null);
  }

  /** The actions bar from the view, the room and the forfeits; the clocks stop at the end. */
  function renderPlay() {
    const v = st.view;
    const over = !!(st.result || (v && v.result)) || (st.room && ['finished', 'abandoned', 'aborted'].includes(st.room.status));
    if (over) clocks.stop();
    const my = mySeat();
    const count = st.room ? st.room.players : 0;
    const all = sidesOf(v) || Array.from({ length: count }, (_, i) => [i]);
    // The other sides still in play: a side is out when all of its seats forfeited.
    const inPlay = all.filter((side) => !side.includes(my) && side.some((x) => !forfeitOf(x)));
    actions.update({
      running: !!v && !over && (!st.room || st.room.status === 'playing'),
      finished: over && !!st.matchId,
      seat: my,
      out: my !== null && !!forfeitOf(my),
      opponents: inPlay.flat().filter((x) => !forfeitOf(x)),
      sidesLeft: inPlay.length,
      nameOf,
    });
  }

  async function renderAll() {
    renderInfo();
    renderResult();
    const v = st.view;
    if (!v) return;
    if (!st.boardPromise || st.boardGame !== v.game) {
      st.boardGame = v.game;
      mount(boardBox);
      st.boardPromise = boardFor(v.game, boardBox, {
        send: sendMove,
        nameOf,
        players: () => (st.room ? st.room.players : v.to_move.length),
        options: () => (st.room && st.room.options) || {},
        hint: (t) => say(t, 'info'),
      });
    }
    st.board = await st.boardPromise;
    if (st.destroyed || !st.view) return;
    const latest = st.lastEvents.map((e) => describeEvent(st.view.game, e, nameOf)).filter(Boolean);
    last.textContent = latest.length ? `Last: ${latest.join(' · ')}` : '';
    const now = st.view;
    const animate = st.animateNext;
    st.animateNext = false;
    st.board.update(now, {
      interactive: canAct(now) && !st.pending && !st.result,
      lastEvents: st.markEvents,
      animate,
    });
    fitBoard();
    renderTurn();
  }

  /**
   * On a wide screen the board takes what is left of the window under the status and controls,
   * so that the whole board is on the first screen with them; on a phone it takes the width.
   */
  function fitBoard() {
    const svg = boardBox.querySelector('svg.board-svg');
    if (!svg) return;
    if (window.innerWidth <= 820) {
      svg.style.maxHeight = '';
      return;
    }
    const top = svg.getBoundingClientRect().top + window.scrollY;
    svg.style.maxHeight = `${Math.max(280, window.innerHeight - top - 16)}px`;
  }
  window.addEventListener('resize', fitBoard);

  // ---- start ----
  (async () => {
    try {
      st.room = await api('GET', `/rooms/${encodeURIComponent(code)}`);
    } catch (e) {
      mount(main, h('div', { class: 'card narrow' }, h('h1', {}, 'Room not found'), h('p', {}, e.status === 404 ? `There is no room ${code}.` : e.message), h('a', { href: '/', 'data-nav': '' }, 'Back home')));
      return;
    }
    if (st.destroyed) return;
    const seated = st.room.seats.some((s) => s.player && s.player.id === me.id);
    const free = st.room.status === 'waiting' && st.room.seats.some((s) => !s.player && !s.bot);
    // Sent here by "Play now", and the last seat went to someone else meanwhile: pair again.
    if (!seated && !free && !wantWatch && retryQuick(code)) return;
    st.role = seated || (free && !wantWatch) ? 'player' : 'spectator';
    st.matchId = st.room.match;
    renderInfo();
    conn.watch(code, onFrame, join);
  })();

  /**
   * Tells the server that this page no longer looks at the room, so that a player who walked away
   * counts as gone (the abandonment rule) instead of being kept present by a connection open on
   * another page. A seated player of a room still waiting is the exception: there `leave` gives up
   * the seat (and closes the room of a lone host), which a reload must not do; a closed tab drops
   * the connection anyway.
   */
  function leaveRoom() {
    if (st.left) return;
    st.left = true;
    const keepSeat = st.room && st.room.status === 'waiting' && mySeat() !== null;
    if (!keepSeat) conn.send({ type: 'leave', room: code });
  }
  const onPageHide = () => leaveRoom();
  /** Back from the browser's page cache: in the room again. */
  const onPageShow = (e) => {
    if (!e.persisted || !st.left || st.destroyed) return;
    st.left = false;
    join();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);

  const page = {
    destroy() {
      leaveRoom();
      st.destroyed = true;
      window.removeEventListener('resize', fitBoard);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      clearTurn();
      conn.unwatch(code);
      clocks.destroy();
      actions.destroy();
      if (st.board && st.board.destroy) st.board.destroy();
    },
    sendMove,
    state: st,
  };
  window.__plateau.page = page;
  return page;
}

