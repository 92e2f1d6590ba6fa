// The bot API's streams are NDJSON (one JSON object a line, an empty line every 6 s to keep the
// connection open): this reads one as an async iterable of its objects, skipping the empty lines.

export async function* ndjsonLines<T = unknown>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = pending.indexOf("\n")) >= 0) {
        const line = pending.slice(0, end).trim();
        pending = pending.slice(end + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
    if (pending.trim()) yield JSON.parse(pending) as T;
  } finally {
    // Leaving the loop early (break, an exception) closes the connection.
    await reader.cancel().catch(() => {});
  }
}
