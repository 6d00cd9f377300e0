// Scanning rules shared by the scan intake (/scan) and the stock-take (/scanItems) screens
// (catalogue doc sections 2, 4, 5 and 9). Pure: timers are injected so tests drive them with fake time.

/** Section 9: the keyboard-wedge buffer clears after 500 ms of silence and every 3 s. */
export const SCAN_BUFFER_SILENCE_MS = 500;
export const SCAN_BUFFER_FLUSH_MS = 3000;
/** Section 9: the stock-take's hidden input is debounced 300 ms. */
export const STOCK_TAKE_DEBOUNCE_MS = 300;

/** The longest code a buffer keeps (a scanner never sends more; a held key cannot grow it forever). */
export const MAX_SCAN_CODE_LENGTH = 200;

export type TimerApi = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

// The domain has no DOM or Node types: the host's timers, typed as far as these rules use them.
const host = globalThis as unknown as {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (h: unknown) => void;
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (h: unknown) => void;
};
const globalTimers: TimerApi = {
  setTimeout: (fn, ms) => host.setTimeout(fn, ms),
  clearTimeout: (h) => host.clearTimeout(h),
  setInterval: (fn, ms) => host.setInterval(fn, ms),
  clearInterval: (h) => host.clearInterval(h),
};

export type WedgeBuffer = {
  /** One key of the wedge (KeyboardEvent.key): a printable character is kept, Enter ends the code. */
  key: (key: string) => void;
  /** What is buffered now (for tests and a live echo). */
  readonly pending: string;
  /** Stops the timers; later keys are ignored. */
  dispose: () => void;
};

/**
 * The keyboard-wedge buffer of scan intake: a scanner "types" a code and presses Enter. Enter hands
 * the buffered code (trimmed, non-empty) to `onCode`; 500 ms without a key drops a half-typed code
 * (a person pressing keys, not a scanner), and the buffer is also emptied every 3 s so stray keys
 * never join the next code.
 */
export function createWedgeBuffer(onCode: (code: string) => void, timers: TimerApi = globalTimers): WedgeBuffer {
  let buffer = '';
  let silence: unknown = null;
  let disposed = false;
  const interval = timers.setInterval(() => {
    buffer = '';
  }, SCAN_BUFFER_FLUSH_MS);

  const restartSilence = () => {
    if (silence !== null) timers.clearTimeout(silence);
    silence = timers.setTimeout(() => {
      buffer = '';
      silence = null;
    }, SCAN_BUFFER_SILENCE_MS);
  };

  return {
    key(key: string) {
      if (disposed) return;
      if (key === 'Enter') {
        const code = buffer.trim();
        buffer = '';
        if (silence !== null) timers.clearTimeout(silence);
        silence = null;
        if (code) onCode(code);
        return;
      }
      // Printable characters only: Shift, Tab, arrows and the like have longer names.
      if (key.length !== 1) return;
      if (buffer.length < MAX_SCAN_CODE_LENGTH) buffer += key;
      restartSilence();
    },
    get pending() {
      return buffer;
    },
    dispose() {
      disposed = true;
      buffer = '';
      if (silence !== null) timers.clearTimeout(silence);
      timers.clearInterval(interval);
    },
  };
}

/** Section 5: a stock-take code is non-empty after trimming. Null when there is nothing to look up. */
export function stockTakeCode(raw: string): string | null {
  const code = raw.trim();
  return code.length > 0 && code.length <= MAX_SCAN_CODE_LENGTH ? code : null;
}

/**
 * The stock-take's hidden input: each change restarts a 300 ms wait; when the input has been still
 * that long its trimmed value, if any, goes to `onCode`. `flush` hands it over at once (Enter).
 */
export function createDebouncedInput(onCode: (code: string) => void, timers: Pick<TimerApi, 'setTimeout' | 'clearTimeout'> = globalTimers) {
  let handle: unknown = null;
  let value = '';
  const fire = () => {
    handle = null;
    const code = stockTakeCode(value);
    value = '';
    if (code) onCode(code);
  };
  return {
    change(next: string) {
      value = next;
      if (handle !== null) timers.clearTimeout(handle);
      handle = timers.setTimeout(fire, STOCK_TAKE_DEBOUNCE_MS);
    },
    flush() {
      if (handle !== null) timers.clearTimeout(handle);
      fire();
    },
    cancel() {
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      value = '';
    },
  };
}

/** GTIN-8, -12 (UPC-A), -13 (EAN) and -14 lengths. */
const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit of a GTIN's first n-1 digits (weights 3,1,3,... from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a scanned code is a GTIN: 8, 12, 13 or 14 digits with a valid check digit. */
export function isGtin(code: string): boolean {
  const c = code.trim();
  if (!GTIN_LENGTHS.has(c.length) || !/^\d+$/.test(c)) return false;
  return gtinCheckDigit(c.slice(0, -1)) === Number(c[c.length - 1]);
}

/**
 * The GTIN in its 14-digit form (leading zeros), so a UPC-A scanned from a box and the EAN-13 typed in
 * the product's GTIN list compare equal. Null for a code that is not a GTIN.
 */
export function normaliseGtin(code: string): string | null {
  const c = code.trim();
  return isGtin(c) ? c.padStart(14, '0') : null;
}

/** Statuses of items that should be on the shelf: what a stock-take expects to find at a location. */
export const STOCK_TAKE_EXPECTED_STATUSES = ['Active', 'RequestPriceChange', 'RequestWithdrawal', 'WithdrawalDeclined'] as const;
/** Section 2: Over Scanned lists scanned items whose status is Sold or Paid. */
export const OVER_SCANNED_STATUSES = ['Sold', 'Paid'] as const;

export type StockTakeItem = { id: string; status: string; location: string | null };

export type StockTakeResult<T extends StockTakeItem> = {
  /** Expected at the location and not scanned. */
  missing: T[];
  /** Scanned items that are sold (Sold or Paid): they should have left the shop. */
  overScanned: T[];
  /** Scanned here, but recorded at another location (one tap moves them here). */
  misplaced: T[];
};

/**
 * The stock-take's result: `expected` are the items recorded at `location` when the count was run,
 * `scanned` every item scanned (at this location or not).
 */
export function computeStockTake<T extends StockTakeItem>(location: string, expected: readonly T[], scanned: readonly T[]): StockTakeResult<T> {
  const scannedIds = new Set(scanned.map((s) => s.id));
  const overScannedStatuses: readonly string[] = OVER_SCANNED_STATUSES;
  return {
    missing: expected.filter((e) => !scannedIds.has(e.id)),
    overScanned: scanned.filter((s) => overScannedStatuses.includes(s.status)),
    misplaced: scanned.filter((s) => s.location !== location && !overScannedStatuses.includes(s.status)),
  };
}

/**
 * Section 2: what a looked-up code does to the stock-take list. `added`: new and at the chosen
 * location; `duplicate`: already listed; `elsewhere`: the item is recorded at another location (shown
 * as misplaced, with the spec's 'No items found for this location.'); `unknown`: no item has the code.
 */
export function stockTakeOutcome(item: StockTakeItem | null, location: string, listedIds: ReadonlySet<string>): 'added' | 'duplicate' | 'elsewhere' | 'unknown' {
  if (!item) return 'unknown';
  if (listedIds.has(item.id)) return 'duplicate';
  return item.location === location ? 'added' : 'elsewhere';
}
