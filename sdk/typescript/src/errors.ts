// A refusal by the server, over REST or the WebSocket, with the contract's error code
// (docs/protocol.md, "Errors"): programs branch on `code`, people read `message`.

import type { components } from "./openapi.js";

export type ErrorCode = components["schemas"]["ErrorCode"];

export class PlateauError extends Error {
  /** The HTTP status; 0 for an `error` frame of the WebSocket. */
  readonly status: number;
  readonly code: ErrorCode | string;
  /** The whole `error` object: `limit` and `retry_after_s` of a 429, `scope`, `until`... */
  readonly detail: Record<string, unknown>;

  constructor(status: number, code: string, message: string, detail: Record<string, unknown> = {}) {
    super(`${code}: ${message}`);
    this.name = "PlateauError";
    this.status = status;
    this.code = code;
    this.detail = detail;
  }

  /** From an answer's `{"error": {...}}` body (or whatever came instead). */
  static fromBody(status: number, body: unknown): PlateauError {
    const error = (body as { error?: Record<string, unknown> } | undefined)?.error;
    if (error && typeof error.code === "string") {
      return new PlateauError(status, error.code, String(error.message ?? ""), error);
    }
    return new PlateauError(status, status >= 500 ? "internal" : "unexpected", `HTTP ${status}`, {});
  }
}
