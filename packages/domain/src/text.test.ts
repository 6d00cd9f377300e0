import { describe, expect, it } from 'vitest';
import { cleanText } from './text.ts';

describe('cleanText', () => {
  it('on one line: each run of control characters and white space is one space', () => {
    expect(cleanText('  Bad\u0000\u0001 request\r\n\tfrom\u007f here ', { oneLine: true })).toBe('Bad request from here');
  });

  it('keeping lines: line breaks and tabs stay, NUL and other control characters go', () => {
    expect(cleanText('\u0000Hello\r\nworld\rand\ttab\u001b[31m\u007f\n', { oneLine: false })).toBe('Hello\nworld\nand\ttab[31m');
  });
});
