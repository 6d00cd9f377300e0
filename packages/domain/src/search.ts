// The words of a search box. Every search that matches "each word somewhere" (products, inventory
// lists, submitted products) splits its text here, so all of them agree on what a word is.

/**
 * At most this many words count; more are ignored (the search only gets broader). Each word is one
 * more substring test per row, so the cap bounds a query's cost; 8 still takes a whole pasted title
 * ("Nike Air Jordan 1 Retro High OG Chicago").
 */
export const SEARCH_MAX_WORDS = 8;

/** Lower-cased, whitespace-separated words of a search, without repeats, at most SEARCH_MAX_WORDS. */
export function searchWords(search: string | null | undefined): string[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}
