import { getStoreHandle } from './storage';

/** An `{ error }` answer from the server, with its HTTP status and optional machine code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** The whole error answer, for the few refusals that carry more than a message (e.g. a sale key reused: the recorded sale). */
  readonly payload: unknown;

  constructor(message: string, status: number, code?: string, payload?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.payload = payload;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** GET and DELETE send fields as a query (spec 7). */
  query?: Query;
  /** Other methods send JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Headers every call to our own server carries: the store picked on /storeSignup, if any. */
export function storeHeaders(): Record<string, string> {
  const handle = getStoreHandle();
  return handle ? { 'x-store-handle': handle } : {};
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * Calls the Backroom server and unwraps `{ data }`. An `{ error }` answer (or a non-2xx status)
 * throws an ApiError carrying the server's message, so callers can show it as is.
 */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...storeHeaders() };
  let body: string | undefined;
  if (method !== 'GET' && method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('Could not reach the server. Check your connection and try again.', 0);
  }
  const text = await response.text();
  let payload: unknown = undefined;
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }
  const envelope = (payload ?? {}) as { data?: unknown; error?: unknown; code?: unknown };
  if (!response.ok || envelope.error !== undefined) {
    const message =
      typeof envelope.error === 'string' && envelope.error
        ? envelope.error
        : response.statusText || `Request failed (${response.status})`;
    throw new ApiError(message, response.status, typeof envelope.code === 'string' ? envelope.code : undefined, payload);
  }
  return envelope.data as T;
}

/**
 * Downloads a CSV answer of the API as `fileName`: GET with query fields, or POST with a JSON body
 * (the spec's export calls take both). An `{ error }` answer throws an ApiError with its message.
 */
export async function downloadCsv(path: string, fileName: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<void> {
  await downloadFile(path, fileName, { ...options, accept: 'text/csv' });
}

/** Downloads a file answer of the API (a CSV, a PDF) as `fileName`, as downloadCsv does. */
export async function downloadFile(path: string, fileName: string, options: { method?: 'GET' | 'POST'; body?: unknown; accept: string }): Promise<void> {
  const method = options.method ?? 'GET';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: { Accept: options.accept, ...storeHeaders(), ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined,
  });
  if (!response.ok) {
    let message = response.statusText || `Request failed (${response.status})`;
    try {
      const body = (await response.json()) as { error?: string };
      if (body.error) message = body.error;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(message, response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the object URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}
