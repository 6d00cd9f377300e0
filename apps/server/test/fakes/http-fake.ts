// A local HTTP server for a fake of an outside API: JSON in and out, every request recorded, and
// switches a test flips to make the next answers fail, hang, or be lost after the work is done.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; json: unknown };
/** `raw`: a body sent as it is (a file, XML), instead of `body` as JSON; set its content-type in `headers`. */
export type FakeAnswer = { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };
export type Handler = (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

/** What the next matching requests meet instead of (or after) the normal handling. */
export type Fault =
  /** answer this instead, without doing the work */
  | { kind: 'answer'; answer: FakeAnswer }
  /** never answer (the client's timeout fires) */
  | { kind: 'hang' }
  /** do the work, then drop the connection before answering: the client cannot know it happened */
  | { kind: 'lose-answer' };

export type HttpFake = {
  url: string;
  requests: RecordedRequest[];
  /** Queues faults for the next requests whose `METHOD path` starts with `match`. */
  fail: (match: string, ...faults: Fault[]) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startHttpFake(handler: Handler, opts: { port?: number; host?: string } = {}): Promise<HttpFake> {
  const requests: RecordedRequest[] = [];
  let faults: { match: string; fault: Fault }[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = body ? JSON.parse(body) : null;
      } catch {
        json = null;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, json };
      requests.push(recorded);
      const key = `${recorded.method} ${recorded.path}`;
      const index = faults.findIndex((f) => key.startsWith(f.match));
      const fault = index >= 0 ? faults.splice(index, 1)[0].fault : null;
      if (fault?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      const answer = fault?.kind === 'answer' ? fault.answer : await handler(recorded);
      if (fault?.kind === 'lose-answer') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (match, ...list) => {
      faults.push(...list.map((fault) => ({ match, fault })));
    },
    reset: () => {
      faults = [];
      requests.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const header = (req: RecordedRequest, name: string) => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
