// The pauses between tries of a `join` the server answered "the room is moving to another
// server" (docs/protocol.md, "Several nodes"): 250 ms, doubling to 4 s at most, each give or take
// a quarter so that a room's players do not all come back at once.

export const FIRST_PAUSE_MS = 250;
export const LONGEST_PAUSE_MS = 4000;

/** The pause before try `attempt` + 1 (attempt 0 is the first refusal). */
export function rejoinPauseMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_PAUSE_MS * 2 ** Math.min(attempt, 16), LONGEST_PAUSE_MS);
  return Math.round(base * (0.75 + 0.5 * random()));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
