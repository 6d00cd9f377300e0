/**
 * An answer already serialised (a list page put together from its rows' kept text), as the UTF-8 bytes
 * it is sent as: sent as it is, with the JSON content type, past the route's serialiser (http/read-cache.ts
 * sends and keeps it). Bytes, not a string: Fastify would measure a string's length in bytes and Node
 * encode it again to write it, two passes over 100 KB on every page (bench/README.md "The uncached list at
 * one connection").
 */
export class JsonText {
  constructor(readonly body: Buffer) {}

  /** The text of parts given as bytes, with `head` before them, `separator` between, and `tail` after. */
  static joined(head: string, parts: Buffer[], separator: string, tail: string): JsonText {
    const between = Buffer.from(separator);
    const all: Buffer[] = [Buffer.from(head)];
    parts.forEach((part, n) => {
      if (n > 0) all.push(between);
      all.push(part);
    });
    all.push(Buffer.from(tail));
    return new JsonText(Buffer.concat(all));
  }
}
