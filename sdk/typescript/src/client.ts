// One client of a Plateau server as one player: the REST API (typed from the server's OpenAPI
// document, `api` for every route), the bot API's actions and NDJSON streams, and `connect()` for
// the WebSocket. Every refusal throws a PlateauError carrying the contract's code.

import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./openapi.js";
import { PlateauError } from "./errors.js";
import { ndjsonLines } from "./ndjson.js";
import { sleep } from "./backoff.js";
import { Connection, type ConnectOptions } from "./socket.js";
import type { BotEvent, MatchLine, Move } from "./frames.js";

type Schemas = components["schemas"];
export type Scope = Schemas["Scope"];

/** What openapi-fetch answers: the body, or the error body, and the response. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** How many times a request refused `429` is sent again, after the pause the server asks. */
export const RATE_LIMIT_RETRIES = 3;

/**
 * fetch, waiting out a `429 rate_limited` as its `Retry-After` says (a bot's moves spend the
 * player's frame budget, `frames_per_player`): a few times, then the refusal is the answer.
 */
async function fetchWaitingOutLimits(request: Request): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(attempt < RATE_LIMIT_RETRIES ? request.clone() : request);
    if (response.status !== 429 || attempt >= RATE_LIMIT_RETRIES) return response;
    const seconds = Number(response.headers.get("retry-after") ?? "1");
    await response.body?.cancel();
    await sleep(1000 * (Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0.05), 60) : 1));
  }
}

function unwrap<T>({ data, error, response }: Answer<T>): T {
  if (!response.ok) throw PlateauError.fromBody(response.status, error);
  return data as T;
}

export interface ClientOptions {
  /** The server's address, such as `http://127.0.0.1:8080`. */
  url: string;
  /** A session token or a personal access token; none for the calls anyone may make. */
  token?: string;
}

export class PlateauClient {
  readonly url: string;
  readonly token: string | undefined;
  /** Every REST route, typed: `client.api.GET("/api/v1/rooms/{code}", {params: {path: {code}}})`. */
  readonly api: Client<paths>;

  constructor({ url, token }: ClientOptions) {
    this.url = url.replace(/\/+$/, "");
    this.token = token;
    this.api = createClient<paths>({
      baseUrl: this.url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      fetch: fetchWaitingOutLimits,
    });
  }

  /** The same server, as the player of another token. */
  withToken(token: string): PlateauClient {
    return new PlateauClient({ url: this.url, token });
  }

  // --- Players and tokens ---------------------------------------------------------------------

  /** A new player (a guest until it sets a password); its token is shown this once. */
  async createPlayer(name: string): Promise<Schemas["PlayerCreated"]> {
    return unwrap(await this.api.POST("/api/v1/players", { body: { name } }));
  }

  async signIn(name: string, password: string): Promise<Schemas["PlayerCreated"]> {
    return unwrap(await this.api.POST("/api/v1/sessions", { body: { name, password } }));
  }

  async me(): Promise<Schemas["Me"]> {
    return unwrap(await this.api.GET("/api/v1/players/me"));
  }

  async setPassword(password: string, current?: string): Promise<void> {
    unwrap(await this.api.PUT("/api/v1/players/me/password", { body: { password, current } }));
  }

  /** A personal access token for a program (a session token only may make one). */
  async createToken(name: string, scopes: Scope[]): Promise<Schemas["TokenCreated"]> {
    return unwrap(await this.api.POST("/api/v1/players/me/tokens", { body: { name, scopes } }));
  }

  /** Makes this account a bot account, for good (a token with `bot:play`). */
  async upgradeToBot(): Promise<void> {
    unwrap(await this.api.POST("/api/v1/bot/account/upgrade"));
  }

  async games(): Promise<Schemas["GameSummary"][]> {
    return unwrap(await this.api.GET("/api/v1/games", { params: { query: {} } }));
  }

  // --- Challenges -----------------------------------------------------------------------------

  /** Challenges 1 to 3 players to a private room seating the caller: `{id, room}`. */
  async challenge(challenge: Schemas["NewChallenge"]): Promise<Schemas["ChallengeCreated"]> {
    return unwrap(await this.api.POST("/api/v1/challenges", { body: challenge }));
  }

  async acceptChallenge(id: string): Promise<Schemas["ChallengeInfo"]> {
    return unwrap(await this.api.POST("/api/v1/challenges/{id}/accept", { params: { path: { id } } }));
  }

  async declineChallenge(id: string, reason?: string): Promise<void> {
    const body = reason === undefined ? {} : { reason };
    unwrap(await this.api.POST("/api/v1/challenges/{id}/decline", { params: { path: { id } }, body }));
  }

  // --- The bot API's streams ------------------------------------------------------------------

  /** `GET /api/v1/stream/event`: what is under way, then what happens, until the loop stops. */
  async *events(signal?: AbortSignal): AsyncGenerator<BotEvent> {
    const answer = await this.api.GET("/api/v1/stream/event", { parseAs: "stream", signal });
    yield* ndjsonLines<BotEvent>(unwrap(answer) as ReadableStream<Uint8Array>);
  }

  /** `GET /api/v1/bot/match/{room}/stream`: `full`, a `state` per version, ..., `ended`. */
  async *matchStream(room: string, signal?: AbortSignal): AsyncGenerator<MatchLine> {
    const answer = await this.api.GET("/api/v1/bot/match/{room}/stream", {
      params: { path: { room } },
      parseAs: "stream",
      signal,
    });
    yield* ndjsonLines<MatchLine>(unwrap(answer) as ReadableStream<Uint8Array>);
  }

  // --- The bot API's actions: each answers the room's version after it -------------------------

  /** Plays `move` (chosen on the view at `version`); resolves once it is stored. */
  async move(room: string, move: Move, version: number, id?: string): Promise<number> {
    const body = { move: move as Record<string, unknown>, version, id };
    return unwrap(await this.api.POST("/api/v1/bot/match/{room}/move", { params: { path: { room } }, body })).version;
  }

  async resign(room: string): Promise<number> {
    return unwrap(await this.api.POST("/api/v1/bot/match/{room}/resign", { params: { path: { room } } })).version;
  }

  /** Offers a draw (or accepts the offers standing); `false` takes one's offer back. */
  async draw(room: string, offer: boolean): Promise<number> {
    return unwrap(await this.api.POST("/api/v1/bot/match/{room}/draw", { params: { path: { room } }, body: { offer } })).version;
  }

  async claim(room: string, result: "win" | "draw"): Promise<number> {
    return unwrap(await this.api.POST("/api/v1/bot/match/{room}/claim", { params: { path: { room } }, body: { result } })).version;
  }

  async chat(room: string, text: string): Promise<number> {
    return unwrap(await this.api.POST("/api/v1/bot/match/{room}/chat", { params: { path: { room } }, body: { text } })).version;
  }

  // --- The WebSocket --------------------------------------------------------------------------

  /** Opens the WebSocket and authenticates with this client's token. */
  async connect(options: ConnectOptions = {}): Promise<Connection> {
    if (!this.token) throw new Error("connect() needs a token");
    return Connection.open(this.url, this.token, options);
  }
}
