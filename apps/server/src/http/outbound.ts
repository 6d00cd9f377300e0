// Requests the server sends to an address a store chose (docs/security.md, "Outbound requests"): the
// one guard for them. The name is resolved first and every address must be public (no loopback,
// private, link-local, shared, multicast or reserved range); the connection then goes to the address
// that was checked (no second lookup a DNS answer could change in between), on the default port only,
// without following redirects, within a deadline and a size limit.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (tests pass a double; no network). */
export type OutboundLookup = (hostname: string) => Promise<ResolvedAddress[]>;

/** A request the guard would not send, or that did not finish: the message says why, for the user. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 (would reach an IPv4 address unchecked)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/** Whether the server may connect to `address` on a store's behalf: a public unicast address only. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  // an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is checked as the IPv4 address it is
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1], 'ipv4');
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const systemLookup: OutboundLookup = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** A lookup that answers the address already checked (with `all`, as a list: Node 20 asks so). */
function pinnedLookup(pinned: ResolvedAddress): net.LookupFunction {
  return (_name, options, cb) => {
    if (options.all) (cb as unknown as (err: null, all: dns.LookupAddress[]) => void)(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  };
}

type PublicFetchOptions = { timeoutMs: number; maxBytes: number; lookup?: OutboundLookup };

/**
 * GET `url` (http or https, default port) from a public address and read its body as text. Throws
 * OutboundRefused for a refused address, a timeout, a body over `maxBytes` or a network failure; any
 * HTTP status is returned (a redirect is not followed).
 */
export async function fetchPublicText(url: string, opts: PublicFetchOptions): Promise<{ status: number; text: string }> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundRefused('Not a web address');
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new OutboundRefused('Only http and https addresses are fetched');
  if (target.port !== '' || target.username || target.password) throw new OutboundRefused('Only the default port is fetched, without user names');
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  const within = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => {
        const onAbort = () => reject(new OutboundRefused(`No answer within ${Math.round(opts.timeoutMs / 1000)} s`));
        if (deadline.aborted) onAbort();
        else deadline.addEventListener('abort', onAbort, { once: true });
      }),
    ]);

  let addresses: ResolvedAddress[];
  if (net.isIP(hostname)) addresses = [{ address: hostname, family: net.isIP(hostname) === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await within((opts.lookup ?? systemLookup)(hostname));
    } catch (err) {
      if (err instanceof OutboundRefused) throw err;
      throw new OutboundRefused(`${hostname} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefused(`${hostname} could not be resolved`);
  if (!addresses.every((a) => isPublicAddress(a.address))) throw new OutboundRefused(`${hostname} resolves to a private or local address`);
  const pinned = addresses[0];

  const client = target.protocol === 'https:' ? https : http;
  return within(
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = client.request(
        target,
        {
          method: 'GET',
          headers: { 'user-agent': 'Backroom host check', accept: 'text/plain' },
          signal: deadline,
          // connect to the address checked above, whatever the resolver would answer now
          lookup: pinnedLookup(pinned),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > opts.maxBytes) {
              req.destroy();
              reject(new OutboundRefused(`The answer is larger than ${opts.maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => reject(new OutboundRefused(`${hostname} did not finish its answer`)));
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => reject(new OutboundRefused(err.code === 'ABORT_ERR' ? 'No answer in time' : `${hostname} could not be reached (${err.code ?? 'network error'})`)));
      req.end();
    }),
  );
}
