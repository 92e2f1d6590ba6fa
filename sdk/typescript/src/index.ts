// plateau-client: a typed client of Plateau, the board-game server (docs/protocol.md, docs/bots.md).
export { PlateauClient, type ClientOptions, type Scope } from "./client.js";
export { Connection, Room, type ConnectOptions } from "./socket.js";
export { PlateauError, type ErrorCode } from "./errors.js";
export { ndjsonLines } from "./ndjson.js";
export { rejoinPauseMs } from "./backoff.js";
export type * from "./frames.js";
export type { components, paths, operations } from "./openapi.js";
