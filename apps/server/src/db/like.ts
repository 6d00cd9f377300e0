// LIKE and ILIKE patterns from user text. Postgres' default escape character is the backslash, so
// `%`, `_` and `\` typed by a user are matched literally, never as wildcards.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching `text` anywhere in a value. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
