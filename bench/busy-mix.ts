// The busy hour's load (docs/scaling.md "Several server processes", bench/README.md "The busy hour"), for a bench to run beside what it measures:
// CONNECTIONS readers asking varied list and search URLs (pages, sorts, status filters, search
// terms), as many people on different screens would, while items' prices are changed EDITS times a
// second through the API. bench/first-load.ts (BENCH_BUSY=1) loads pages in the browser under it.
import http from 'node:http';
import autocannon from 'autocannon';

const LIST_SORTS = ['newestUpdated', 'lowestPrice', 'highestPrice', 'newestCreated'];
const LIST_STATUSES = ['', '&status=Active', '&status=Pending', '&status=Sold'];
const SEARCH_TERMS = ['nike', 'jordan', 'adidas', 'yeezy', 'dunk', 'air', 'max', 'low', 'high', 'boost'];

/** The k-th URL of the mix: a list page (80 variants) or a product search (10 terms), in turn. */
export const busyUrl = (k: number) =>
  k % 2 === 0
    ? `/api/inventories/paginatedInventories?pageSize=50&currentPage=${1 + (k % 5)}&sortOption=${LIST_SORTS[k % 4]}${LIST_STATUSES[Math.floor(k / 4) % 4]}`
    : `/api/products?search=${SEARCH_TERMS[k % SEARCH_TERMS.length]}`;

export type BusyFigures = { rps: number; p99: number; errors: number; edits: number; editP50: number; editP99: number; editErrors: number };

/** One request to the server at `port`, with the demo's Host unless `headers` name another (fetch may not set Host); shared by the benches. */
export function request(port: number, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { host: 'localhost', ...opts.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * `n` requests of `url` one after another at one kept-alive connection (after `warmup` more), each one's
 * wall clock as the client sees it (bench/api-load.ts --one, bench/busy-ab.ts --one).
 */
export async function timesAtOneConnection(port: number, token: string, url: string, n: number, warmup = 0): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get({ host: '127.0.0.1', port, path: url, agent, headers: { host: 'localhost', authorization: `Bearer ${token}` } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: HTTP ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  try {
    for (let k = 0; k < warmup; k += 1) await once();
    const times: number[] = [];
    for (let k = 0; k < n; k += 1) times.push(await once());
    return times;
  } finally {
    agent.destroy();
  }
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

/**
 * Starts the mix on the server at `port` for the demo owner's bearer `token`; `stop()` ends it and
 * answers its figures (readers' req/s and p99, the edits' p50 and p99).
 */
export async function startBusyMix(port: number, token: string, opts: { connections?: number; editsPerSecond?: number } = {}) {
  const headers: Record<string, string> = { host: 'localhost', authorization: `Bearer ${token}` };
  const list = JSON.parse((await request(port, '/api/inventories/paginatedInventories?pageSize=200&status=Active', { headers })).body) as { data: { rows: { id: string; price: number | null }[] } };
  const items = list.data.rows.filter((r) => r.price !== null).slice(0, 50);
  if (!items.length) throw new Error('busy mix: no Active item with a price to edit');
  let k = 0;
  let readers!: autocannon.Instance;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    readers = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: opts.connections ?? 50,
        duration: 3600,
        // as a browser asks: compressed answers
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
        timeout: 30,
        requests: [{ setupRequest: (req) => ({ ...req, path: busyUrl((k += 1)) }) }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  const editTimes: number[] = [];
  let editErrors = 0;
  let n = 0;
  const running: Promise<void>[] = [];
  // one PUT of a price every 1/editsPerSecond s, whatever the previous ones are doing
  const timer = setInterval(
    () => {
      const item = items[(n += 1) % items.length];
      const started = performance.now();
      const body = JSON.stringify({ price: (item.price ?? 0) + (n % 7) });
      running.push(
        request(port, `/api/inventories/${item.id}`, { method: 'PUT', headers: { ...headers, origin: 'http://localhost', 'content-type': 'application/json' }, body }).then(
          (res) => void (res.status === 200 ? editTimes.push(performance.now() - started) : (editErrors += 1)),
          () => void (editErrors += 1),
        ),
      );
    },
    1000 / (opts.editsPerSecond ?? 10),
  );
  return {
    async stop(): Promise<BusyFigures> {
      clearInterval(timer);
      readers.stop();
      const result = await done;
      await Promise.all(running);
      const sorted = [...editTimes].sort((a, b) => a - b);
      return {
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
        edits: editTimes.length,
        editP50: percentile(sorted, 50),
        editP99: percentile(sorted, 99),
        editErrors,
      };
    },
  };
}
