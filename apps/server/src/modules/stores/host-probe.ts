// How the server looks for a host's proof (docs/security.md, "A store's own hosts, once proven"): a
// DNS TXT record, then a file at the host's well-known path fetched through the outbound guard
// (http/outbound.ts). Injectable so tests run without a network.
import dns from 'node:dns';
import { hostProofFileUrl, hostProofRecordName, hostProofValue } from '@backroom/domain';
import type { AppContext } from '../../app-context.ts';
import { fetchPublicText, OutboundRefused, systemLookup, type OutboundLookup } from '../../http/outbound.ts';

export type HostProbe = {
  /** Node's resolver.resolveTxt: each record as its chunks */
  resolveTxt: (name: string) => Promise<string[][]>;
  /** resolves the host before the file is fetched; every address must be public */
  lookup: OutboundLookup;
  /** GET of the well-known file; defaults to the guarded fetch with `lookup` */
  fetchText?: (url: string, lookup: OutboundLookup) => Promise<{ status: number; text: string }>;
};

const TIMEOUT_MS = 5000;
/** The file holds one line; anything much longer is not a proof. */
const MAX_FILE_BYTES = 4096;

function systemProbe(): HostProbe {
  const resolver = new dns.promises.Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  return { resolveTxt: (name) => resolver.resolveTxt(name), lookup: systemLookup };
}

const probes = new WeakMap<AppContext, HostProbe>();
export const hostProbeOf = (ctx: AppContext): HostProbe => probes.get(ctx) ?? systemProbe();
/** Tests: a resolver double and a fetch double instead of the network. */
export const setHostProbe = (ctx: AppContext, probe: HostProbe) => void probes.set(ctx, probe);

type HostCheck = { proven: true; by: 'dns' | 'well-known' } | { proven: false; error: string };

const dnsMiss = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA' ? 'no TXT record' : `the DNS lookup failed${code ? ` (${code})` : ''}`;
};

/** Looks for `backroom-verify=<token>` in the host's TXT record, then in its well-known file. */
export async function checkHostProof(probe: HostProbe, host: string, token: string): Promise<HostCheck> {
  const expected = hostProofValue(token);
  let dnsError: string;
  try {
    const records = await probe.resolveTxt(hostProofRecordName(host));
    if (records.some((chunks) => chunks.join('') === expected)) return { proven: true, by: 'dns' };
    dnsError = records.length ? "the TXT record does not hold this store's value" : 'no TXT record';
  } catch (err) {
    dnsError = dnsMiss(err);
  }
  const url = hostProofFileUrl(host);
  let fileError: string;
  try {
    const fetchText = probe.fetchText ?? ((u, lookup) => fetchPublicText(u, { timeoutMs: TIMEOUT_MS, maxBytes: MAX_FILE_BYTES, lookup }));
    const res = await fetchText(url, probe.lookup);
    if (res.status === 200 && res.text.trim() === expected) return { proven: true, by: 'well-known' };
    fileError = res.status === 200 ? "the file does not hold this store's value" : `the file answered HTTP ${res.status}`;
  } catch (err) {
    fileError = err instanceof OutboundRefused ? err.message : 'the file could not be fetched';
  }
  return { proven: false, error: `DNS ${hostProofRecordName(host)}: ${dnsError}. ${url}: ${fileError}.`.slice(0, 500) };
}
