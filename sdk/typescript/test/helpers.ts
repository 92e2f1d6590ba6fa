// What the tests share: the server under test (PLATEAU_URL, started by sdk/run.sh) and fresh
// accounts on it.
import { PlateauClient, type Scope } from "plateau-client";

export const url = process.env.PLATEAU_URL ?? "http://127.0.0.1:8080";
export const anonymous = new PlateauClient({ url });

let counter = 0;
/** A name no other test run takes (the database may be shared by several runs). */
export function uniqueName(prefix: string): string {
  return `${prefix}-${process.pid}-${++counter}`.slice(0, 32);
}

/** A guest: a player without a password, signed in by its session token. */
export async function guest(prefix = "ts-guest"): Promise<{ id: string; client: PlateauClient }> {
  const made = await anonymous.createPlayer(uniqueName(prefix));
  return { id: made.id, client: anonymous.withToken(made.token) };
}

/** An account with a password and a personal access token of these scopes. */
export async function account(prefix: string, scopes: Scope[]): Promise<{ id: string; token: string; client: PlateauClient }> {
  const { id, client: session } = await guest(prefix);
  await session.setPassword("a long password for the sdk tests");
  const { token } = await session.createToken("sdk tests", scopes);
  return { id, token, client: anonymous.withToken(token) };
}

/** A bot account, with a token of `read` and `bot:play`. */
export async function bot(prefix = "ts-bot"): Promise<{ id: string; token: string; client: PlateauClient }> {
  const made = await account(prefix, ["read", "bot:play"]);
  await made.client.upgradeToBot();
  return made;
}
