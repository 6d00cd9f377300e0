/**
 * An answer already serialised (a list page put together from its rows' kept text): sent as it is, with
 * the JSON content type, past the route's serialiser (http/read-cache.ts sends and keeps it).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
