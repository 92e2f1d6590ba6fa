// The WebSocket (docs/protocol.md, "WebSocket"): one connection authenticates, joins rooms, and
// keeps each room's view by applying the RFC 6902 patches the server sends, asking a `snapshot`
// with `sync` whenever a patch does not start from the version held. After a drop it connects
// again, joins its rooms again (a snapshot each) and sends again the moves not yet acknowledged,
// with their ids: a move the server had stored is acknowledged again, never played twice. A `join`
// answered "the room is moving to another server" is tried again after a growing pause.

import jsonPatch from "fast-json-patch";
import { PlateauError } from "./errors.js";
import { rejoinPauseMs, sleep } from "./backoff.js";
import type { BotLevel, ClientFrame, Move, PlayerRef, RoomInfo, ServerFrame, View } from "./frames.js";

type Ended = Extract<ServerFrame, { type: "ended" }>;
type Role = "player" | "spectator";

/** The WHATWG WebSocket's shape, which browsers, Node 22 and the `ws` package share. */
interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: any) => void): void;
}
type SocketConstructor = new (url: string) => SocketLike;

export interface ConnectOptions {
  /** `you.legal` in the games' short notation where they have one (default `full`). */
  legal?: "full" | "short";
  /** Connect again after a drop (default true). 4001 (token unknown) and 4003 (banned) end it. */
  reconnect?: boolean;
  /** The WebSocket class; default the platform's, else the `ws` package's. */
  WebSocket?: SocketConstructor;
}

/** Close codes after which connecting again is pointless. */
const FINAL_CLOSE_CODES = new Set([4001, 4003]);

async function socketClass(given?: SocketConstructor): Promise<SocketConstructor> {
  if (given) return given;
  const platform = (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  if (platform) return platform;
  return (await import("ws")).default as unknown as SocketConstructor;
}

interface Pending<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

interface PendingMove extends Pending<number> {
  frame: Extract<ClientFrame, { type: "move" }>;
}

export class Connection {
  /** The player the token signs in. */
  player!: PlayerRef;
  /** The games whose `you.legal` comes in short notation on this connection. */
  shortLegal: string[] = [];
  readonly rooms = new Map<string, Room>();
  private socket!: SocketLike;
  private readonly listeners = new Set<(frame: ServerFrame) => void>();
  private readonly moves = new Map<string, PendingMove>();
  private closedByUs = false;
  private closeListeners = new Set<(code: number, reason: string) => void>();

  private constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly options: ConnectOptions,
    private readonly Socket: SocketConstructor,
  ) {}

  static async open(url: string, token: string, options: ConnectOptions = {}): Promise<Connection> {
    const socketUrl = url.replace(/^http/, "ws").replace(/\/+$/, "") + "/api/v1/ws";
    const connection = new Connection(socketUrl, token, options, await socketClass(options.WebSocket));
    await connection.authenticate();
    return connection;
  }

  /** Every server frame, as it comes (after the connection has handled it). */
  onFrame(listener: (frame: ServerFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told when the connection ends for good (closed by us, refused, or not to reconnect). */
  onClose(listener: (code: number, reason: string) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  send(frame: ClientFrame): void {
    // A frame sent while the socket is down is lost; what matters is sent again on reconnect.
    if (this.socket.readyState === 1) this.socket.send(JSON.stringify(frame));
  }

  /** Joins a room; resolves once the server has answered with the room (and its view, if playing). */
  async join(code: string, as: Role = "player"): Promise<Room> {
    const key = code.toUpperCase();
    let room = this.rooms.get(key);
    if (!room) {
      room = new Room(this, key, as);
      this.rooms.set(key, room);
    }
    await room.joinAgain();
    return room;
  }

  /** Closes the connection for good. */
  close(): void {
    this.closedByUs = true;
    this.socket.close(1000);
  }

  /** Drops the connection as a network failure would, to see it come back (tests). */
  drop(): void {
    this.socket.close(4000, "dropped by the client");
  }

  /** Sends a move frame; resolves with the acknowledged version (internal use of Room). */
  sendMove(frame: Extract<ClientFrame, { type: "move" }>): Promise<number> {
    return new Promise((resolve, reject) => {
      this.moves.set(frame.id, { frame, resolve, reject });
      this.send(frame);
    });
  }

  private authenticate(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new this.Socket(this.url);
      this.socket = socket;
      let welcomed = false;
      socket.addEventListener("open", () => {
        const auth: ClientFrame = { type: "auth", token: this.token };
        if (this.options.legal) auth.legal = this.options.legal;
        socket.send(JSON.stringify(auth));
      });
      socket.addEventListener("message", (event: { data: unknown }) => {
        const frame = JSON.parse(String(event.data)) as ServerFrame;
        if (!welcomed && frame.type === "welcome") {
          welcomed = true;
          this.player = frame.player;
          this.shortLegal = frame.short_legal ?? [];
          resolve();
          return;
        }
        this.handle(frame);
      });
      socket.addEventListener("error", () => {});
      socket.addEventListener("close", (event: { code: number; reason: string }) => {
        if (socket !== this.socket) return;
        if (!welcomed) {
          reject(new PlateauError(0, "closed", `the WebSocket closed with ${event.code} ${event.reason ?? ""}`));
          return;
        }
        void this.dropped(event.code, String(event.reason ?? ""));
      });
    });
  }

  /** After a drop: connect again until it works, then join every room again. */
  private async dropped(code: number, reason: string): Promise<void> {
    if (this.closedByUs || this.options.reconnect === false || FINAL_CLOSE_CODES.has(code)) {
      this.ended(code, reason);
      return;
    }
    for (let attempt = 0; ; attempt++) {
      await sleep(rejoinPauseMs(attempt));
      if (this.closedByUs) return this.ended(code, reason);
      try {
        await this.authenticate();
        break;
      } catch (error) {
        const code = (error as PlateauError).message.match(/closed with (\d+)/)?.[1];
        if (code && FINAL_CLOSE_CODES.has(Number(code))) return this.ended(Number(code), reason);
      }
    }
    // The joins first: a move overtaking its room's join would be refused `not_joined`.
    for (const room of this.rooms.values()) room.sendJoin();
    for (const move of this.moves.values()) this.send(move.frame);
  }

  private ended(code: number, reason: string): void {
    const error = new PlateauError(0, "closed", `the connection ended (${code} ${reason})`);
    for (const move of this.moves.values()) move.reject(error);
    this.moves.clear();
    for (const room of this.rooms.values()) room.connectionEnded(error);
    for (const listener of this.closeListeners) listener(code, reason);
  }

  private handle(frame: ServerFrame): void {
    if (frame.type === "ack") {
      const move = this.moves.get(frame.id);
      this.moves.delete(frame.id);
      move?.resolve(frame.version);
    } else if (frame.type === "error" && frame.id && this.moves.has(frame.id)) {
      this.moveRefused(frame);
    } else if (frame.type === "room") {
      this.rooms.get(frame.room.code)?.handle(frame);
    } else if ("room" in frame && typeof frame.room === "string") {
      this.rooms.get(frame.room.toUpperCase())?.handle(frame);
    }
    for (const listener of this.listeners) listener(frame);
  }

  private moveRefused(frame: Extract<ServerFrame, { type: "error" }>): void {
    const move = this.moves.get(frame.id!)!;
    const room = frame.room ? this.rooms.get(frame.room.toUpperCase()) : undefined;
    if ((frame.code === "internal" || frame.code === "not_joined") && room) {
      // The room is moving (or the database is away), or the connection came back and the move
      // overtook the join: join it again, then send the move again with its id.
      room.joinAgain().then(
        () => this.send(move.frame),
        (error: Error) => {
          this.moves.delete(frame.id!);
          move.reject(error);
        },
      );
      return;
    }
    this.moves.delete(frame.id!);
    move.reject(new PlateauError(0, frame.code, frame.message, frame));
  }
}

/** One room joined on a connection: its info, the view held, the legal moves. */
export class Room {
  info: RoomInfo | null = null;
  /** The view at `version`, kept up to date by the patches; null before the match. */
  view: View | null = null;
  /** Set once the match has ended. */
  ended: Ended | null = null;
  private syncing = false;
  private joining: Pending<void>[] = [];
  private rejoinAttempt = 0;
  private readonly listeners = new Set<(room: Room, frame: ServerFrame) => void>();

  constructor(
    private readonly connection: Connection,
    readonly code: string,
    readonly role: Role,
  ) {}

  get version(): number {
    return this.view?.version ?? 0;
  }

  /** The seat of the connection's player, null for a spectator or before the match. */
  get seat(): number | null {
    return this.view?.you?.seat ?? null;
  }

  /** Every move the player may send now (empty when it has nothing to do). */
  get legal(): Move[] {
    return this.view?.you?.legal ?? [];
  }

  /** Told of every frame of this room, after the room has applied it. */
  onChange(listener: (room: Room, frame: ServerFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once `ready(room)` holds (checked now and at each frame of the room). */
  waitFor(ready: (room: Room) => boolean, timeoutMs = 30_000): Promise<void> {
    if (ready(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`room ${this.code}: still waiting after ${timeoutMs} ms`));
      }, timeoutMs);
      const stop = this.onChange(() => {
        if (!ready(this)) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
  }

  /** Plays a move chosen on the view held; resolves with the version after it. */
  move(move: Move, version = this.version): Promise<number> {
    const id = globalThis.crypto.randomUUID();
    return this.connection.sendMove({ type: "move", room: this.code, id, version, move });
  }

  start(options: { bots?: boolean; bot_level?: BotLevel } = {}): void {
    this.connection.send({ type: "start", room: this.code, ...options });
  }

  chat(text: string): void {
    this.connection.send({ type: "chat", room: this.code, text });
  }

  resign(): void {
    this.connection.send({ type: "resign", room: this.code });
  }

  draw(offer: boolean): void {
    this.connection.send({ type: "draw", room: this.code, offer });
  }

  claim(result: "win" | "draw"): void {
    this.connection.send({ type: "claim", room: this.code, result });
  }

  rematch(): void {
    this.connection.send({ type: "rematch", room: this.code });
  }

  /** Asks the whole view again (a `snapshot`). */
  sync(): void {
    this.syncing = true;
    this.connection.send({ type: "sync", room: this.code });
  }

  leave(): void {
    this.connection.send({ type: "leave", room: this.code });
    this.connection.rooms.delete(this.code);
  }

  /** Sends `join`; resolves at the `room` frame that answers it. */
  joinAgain(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.joining.push({ resolve, reject });
      if (this.joining.length === 1) this.sendJoin();
    });
  }

  /** @internal */
  connectionEnded(error: Error): void {
    for (const waiting of this.joining.splice(0)) waiting.reject(error);
  }

  /** @internal Sends `join` (again), whether or not one is awaited. */
  sendJoin(): void {
    this.syncing = true; // the snapshot that follows a join replaces the view
    this.connection.send({ type: "join", room: this.code, as: this.role });
  }

  /** @internal */
  handle(frame: ServerFrame): void {
    switch (frame.type) {
      case "room":
        this.info = frame.room;
        this.rejoinAttempt = 0;
        if (frame.room.status === "waiting") this.syncing = false;
        for (const waiting of this.joining.splice(0)) waiting.resolve();
        break;
      case "snapshot":
        this.view = frame.view;
        this.syncing = false;
        break;
      case "patch":
        if (this.syncing) break;
        if (this.view && frame.from === this.view.version) {
          this.view = jsonPatch.applyPatch(this.view, frame.ops as jsonPatch.Operation[], false, false)
            .newDocument as View;
        } else {
          this.sync(); // a patch missed: the whole view again
        }
        break;
      case "ended":
        this.ended = frame;
        break;
      case "error":
        this.refused(frame);
        break;
    }
    for (const listener of this.listeners) listener(this, frame);
  }

  private refused(frame: Extract<ServerFrame, { type: "error" }>): void {
    if (this.joining.length === 0) return;
    if (frame.code === "internal" && !frame.id) {
      // "The room is moving to another server; try again in a few seconds."
      const pause = rejoinPauseMs(this.rejoinAttempt++);
      setTimeout(() => this.sendJoin(), pause);
      return;
    }
    const error = new PlateauError(0, frame.code, frame.message, frame);
    for (const waiting of this.joining.splice(0)) waiting.reject(error);
  }
}
