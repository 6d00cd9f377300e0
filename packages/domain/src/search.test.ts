import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_WORDS, searchWords } from './search.ts';

describe('searchWords', () => {
  it('splits on any whitespace, lower-cased, without empty words', () => {
    expect(searchWords('  Jordan\tCHICAGO\n 1  ')).toEqual(['jordan', 'chicago', '1']);
  });

  it('gives no words for nothing or blanks', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords(' \t ')).toEqual([]);
  });

  it('keeps LIKE wildcards as they are (escaping is the query builder’s job)', () => {
    expect(searchWords('50% a_b')).toEqual(['50%', 'a_b']);
  });

  it('drops repeated words, then keeps the first SEARCH_MAX_WORDS', () => {
    expect(searchWords('nike Nike NIKE air')).toEqual(['nike', 'air']);
    const many = Array.from({ length: SEARCH_MAX_WORDS + 3 }, (_, n) => `w${n}`).join(' ');
    expect(searchWords(many)).toEqual(Array.from({ length: SEARCH_MAX_WORDS }, (_, n) => `w${n}`));
    expect(SEARCH_MAX_WORDS).toBe(8);
  });
});
