import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  computeStockTake,
  createDebouncedInput,
  createWedgeBuffer,
  gtinCheckDigit,
  isGtin,
  normaliseGtin,
  SCAN_BUFFER_FLUSH_MS,
  SCAN_BUFFER_SILENCE_MS,
  STOCK_TAKE_DEBOUNCE_MS,
  stockTakeCode,
  stockTakeOutcome,
} from './scanning.ts';

const type = (buffer: { key: (k: string) => void }, text: string, gapMs = 0) => {
  for (const ch of text) {
    buffer.key(ch);
    if (gapMs) vi.advanceTimersByTime(gapMs);
  }
};

describe('the keyboard-wedge buffer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over a code when Enter ends it, trimmed', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    type(buffer, ' AB12CD ', 5);
    buffer.key('Enter');
    expect(codes).toEqual(['AB12CD']);
    expect(buffer.pending).toBe('');
    buffer.dispose();
  });

  it('ignores Enter with nothing buffered and keys that are not characters', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    buffer.key('Enter');
    buffer.key('Shift');
    type(buffer, 'X1');
    buffer.key('Tab');
    buffer.key('Enter');
    expect(codes).toEqual(['X1']);
    buffer.dispose();
  });

  it('drops a half-typed code after 500 ms of silence', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    type(buffer, 'STRAY');
    vi.advanceTimersByTime(SCAN_BUFFER_SILENCE_MS - 1);
    expect(buffer.pending).toBe('STRAY');
    vi.advanceTimersByTime(1);
    expect(buffer.pending).toBe('');
    type(buffer, 'CODE1');
    buffer.key('Enter');
    expect(codes).toEqual(['CODE1']);
    buffer.dispose();
  });

  it('keeps a code typed at scanner speed (keys 20 ms apart) whole', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    type(buffer, 'ABCDEFGHJK', 20);
    buffer.key('Enter');
    expect(codes).toEqual(['ABCDEFGHJK']);
    buffer.dispose();
  });

  it('clears the buffer every 3 s even while keys keep coming', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    // A key every 400 ms never lets the silence timer fire; the 3 s flush still empties the buffer.
    let seenClear = false;
    for (let i = 0; i < 10; i++) {
      buffer.key('Z');
      const before = buffer.pending.length;
      vi.advanceTimersByTime(400);
      if (buffer.pending.length < before) seenClear = true;
    }
    expect(seenClear).toBe(true);
    expect(buffer.pending.length).toBeLessThan(SCAN_BUFFER_FLUSH_MS / 400);
    buffer.dispose();
  });

  it('does nothing after dispose, and leaves no timers behind', () => {
    const codes: string[] = [];
    const buffer = createWedgeBuffer((c) => codes.push(c));
    buffer.key('A');
    buffer.dispose();
    buffer.key('B');
    buffer.key('Enter');
    expect(codes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the stock-take input', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over the trimmed value once the input was still for 300 ms', () => {
    const codes: string[] = [];
    const input = createDebouncedInput((c) => codes.push(c));
    input.change('A');
    vi.advanceTimersByTime(100);
    input.change('AB ');
    vi.advanceTimersByTime(STOCK_TAKE_DEBOUNCE_MS - 1);
    expect(codes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(codes).toEqual(['AB']);
  });

  it('never hands over a blank value; flush hands over at once', () => {
    const codes: string[] = [];
    const input = createDebouncedInput((c) => codes.push(c));
    input.change('   ');
    vi.advanceTimersByTime(STOCK_TAKE_DEBOUNCE_MS);
    input.change('Q7');
    input.flush();
    vi.advanceTimersByTime(STOCK_TAKE_DEBOUNCE_MS);
    expect(codes).toEqual(['Q7']);
  });

  it('stockTakeCode trims and refuses empty codes', () => {
    expect(stockTakeCode('  ab ')).toBe('ab');
    expect(stockTakeCode(' \t ')).toBeNull();
    expect(stockTakeCode('x'.repeat(201))).toBeNull();
  });
});

describe('GTIN recognition', () => {
  it('checks the GS1 check digit', () => {
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(isGtin('4006381333931')).toBe(true); // EAN-13
    expect(isGtin('036000291452')).toBe(true); // UPC-A
    expect(isGtin('96385074')).toBe(true); // EAN-8
    expect(isGtin('00036000291452')).toBe(true); // GTIN-14
    expect(isGtin('4006381333932')).toBe(false);
    expect(isGtin('ABCDEFGHJKLMN')).toBe(false);
    expect(isGtin('12345')).toBe(false);
  });

  it('normalises to 14 digits so UPC-A and EAN-13 forms compare equal', () => {
    expect(normaliseGtin('036000291452')).toBe('00036000291452');
    expect(normaliseGtin('0036000291452')).toBe('00036000291452');
    expect(normaliseGtin('AB12')).toBeNull();
  });
});

describe('the stock-take result', () => {
  const item = (id: string, status: string, location: string | null) => ({ id, status, location });
  const expected = [item('a', 'Active', 'Shop'), item('b', 'Active', 'Shop'), item('c', 'RequestPriceChange', 'Shop')];

  it('lists missing, over-scanned and misplaced items', () => {
    const scanned = [item('a', 'Active', 'Shop'), item('s', 'Sold', 'Shop'), item('p', 'Paid', 'Shop'), item('m', 'Active', 'Warehouse')];
    const result = computeStockTake('Shop', expected, scanned);
    expect(result.missing.map((i) => i.id)).toEqual(['b', 'c']);
    expect(result.overScanned.map((i) => i.id)).toEqual(['s', 'p']);
    expect(result.misplaced.map((i) => i.id)).toEqual(['m']);
  });

  it('a full count has nothing missing', () => {
    const result = computeStockTake('Shop', expected, expected);
    expect(result).toEqual({ missing: [], overScanned: [], misplaced: [] });
  });

  it('decides what a scanned code does to the list', () => {
    const listed = new Set(['a']);
    expect(stockTakeOutcome(null, 'Shop', listed)).toBe('unknown');
    expect(stockTakeOutcome(item('a', 'Active', 'Shop'), 'Shop', listed)).toBe('duplicate');
    expect(stockTakeOutcome(item('b', 'Active', 'Shop'), 'Shop', listed)).toBe('added');
    expect(stockTakeOutcome(item('s', 'Sold', 'Shop'), 'Shop', listed)).toBe('added');
    expect(stockTakeOutcome(item('m', 'Active', 'Back'), 'Shop', listed)).toBe('elsewhere');
  });
});
