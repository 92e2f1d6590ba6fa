// The WebSocket's frames and the bot API's stream lines, as docs/protocol.md describes them
// ("WebSocket", "The bot API"). The REST types they carry (RoomInfo, MatchResult...) are the
// generated ones, so both stay one contract.

import type { components } from "./openapi.js";

type Schemas = components["schemas"];
export type RoomInfo = Schemas["RoomInfo"];
export type PlayerRef = Schemas["PlayerRef"];
export type MatchResult = Schemas["MatchResult"];
export type RatingOutcome = Schemas["RatingOutcome"];
export type ClockSetting = Schemas["ClockSetting"];
export type SeatInfo = Schemas["SeatInfo"];
export type TournamentDetail = Schemas["TournamentDetail"];
export type BotLevel = Schemas["BotLevel"];
export type ChallengeInfo = Schemas["ChallengeInfo"];
/** A move as the match's history lists it; `patch` and `recent` carry them too (an addition). */
export type MoveRecord = Schemas["MoveRecord"];

/** A move in the game's canonical JSON (as `you.legal` lists it), or its short notation. */
export type Move = unknown;
/** A game event: `kind`, and `seat` where someone acted (docs/protocol.md, "The games"). */
export type GameEvent = { kind: string; seat?: number; [field: string]: unknown };

export interface ClockView {
  remaining_ms: number[];
  running: number[];
  at: string;
}

/** What one recipient sees of a room's match. */
export interface View {
  game: string;
  version: number;
  ply: number;
  to_move: number[];
  status: Schemas["RoomStatus"];
  result: MatchResult | null;
  clock: ClockView | null;
  /** Null for a spectator; `legal` only while the recipient has to act. */
  you: { seat: number; legal?: Move[] } | null;
  /** The game's own state, with `private` for the recipient's hidden information. */
  state: Record<string, unknown>;
}

/** An RFC 6902 operation. */
export interface PatchOp {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  value?: unknown;
  from?: string;
}

export type ClientFrame =
  | { type: "auth"; token: string; legal?: "full" | "short" }
  | { type: "join"; room: string; as: "player" | "spectator" }
  | { type: "join"; tournament: string }
  | { type: "leave"; room: string }
  | { type: "leave"; tournament: string }
  | { type: "start"; room: string; bots?: boolean; bot_level?: BotLevel }
  | { type: "move"; room: string; id: string; version: number; move: Move }
  | { type: "sync"; room: string }
  | { type: "chat"; room: string; text: string }
  | { type: "resign"; room: string }
  | { type: "claim"; room: string; result: "win" | "draw" }
  | { type: "draw"; room: string; offer: boolean }
  | { type: "rematch"; room: string }
  | { type: "ping" };

export interface ChatLine {
  id: number;
  player: PlayerRef;
  text: string;
  at: string;
}

export type ServerFrame =
  | { type: "welcome"; player: PlayerRef; legal?: "full" | "short"; short_legal?: string[] }
  | { type: "room"; room: RoomInfo }
  | { type: "tournament"; tournament: TournamentDetail; you: unknown }
  | { type: "snapshot"; room: string; version: number; view: View }
  | { type: "patch"; room: string; from: number; version: number; ops: PatchOp[]; events: GameEvent[]; moves?: MoveRecord[] }
  | { type: "ack"; id: string; version: number; room: string }
  | { type: "error"; id: string | null; code: string; message: string; room?: string; until?: string }
  | ({ type: "chat"; room: string } & ChatLine)
  | { type: "chat_deleted"; room: string; id: number }
  | { type: "ended"; room: string; match: string; result: MatchResult; rating?: RatingOutcome }
  | { type: "draw"; room: string; offers: number[]; events?: GameEvent[] }
  | { type: "rematch"; room: string; next: string }
  | { type: "recent"; room: string; chat: ChatLine[]; events: { version: number; events: GameEvent[] }[]; moves?: MoveRecord[] }
  | { type: "pong" };

/** A line of `GET /api/v1/bot/match/{room}/stream`. */
export type MatchLine =
  | {
      type: "full";
      room: string;
      game: string;
      players: (PlayerRef | null)[];
      options: Record<string, unknown>;
      clock: ClockSetting | null;
      rated: boolean;
      seats: SeatInfo[];
      you: number;
      version: number;
      view: View;
    }
  | { type: "state"; version: number; view: View; clocks: ClockView | null; events: GameEvent[] }
  | ({ type: "chat" } & ChatLine)
  | { type: "draw"; offers: number[] }
  | { type: "ended"; match: string; result: MatchResult; rating?: RatingOutcome }
  | { type: "error"; code: string; message: string };

/** A line of `GET /api/v1/stream/event`. */
export type BotEvent =
  | { type: "challenge"; challenge: ChallengeInfo }
  | { type: "challengeDeclined"; id: string; room: string; by: PlayerRef; reason?: string | null }
  | { type: "challengeCanceled"; id: string; room: string; reason: string }
  | { type: "matchStart"; room: string; game: string; match: string }
  | { type: "matchFinish"; room: string; game: string; match: string; result: MatchResult };
