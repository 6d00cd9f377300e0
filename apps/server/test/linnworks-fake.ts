// A fake of the Linnworks API calls the order import uses, faithful to their documented shapes
// (docs/orders.md "Linnworks calls"): form posts (application/x-www-form-urlencoded, object values as
// JSON), AuthorizeByApplication answering a session whose Server the other calls go to, the session
// Token as the Authorization header, errors as a non-2xx status with { Code, Message }.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLine = { SKU: string; Title: string; PricePerUnit: number; Quantity?: number; IsService?: boolean; ChannelSKU?: string };
export type FakeOrder = {
  OrderId: string;
  NumOrderId: number;
  Processed: boolean;
  GeneralInfo: { Status: number; ReferenceNum: string; ReceivedDate: string; Source: string; SubSource: string; HoldOrCancel: boolean };
  CustomerInfo: { ChannelBuyerName: string; Address: { EmailAddress: string; FullName: string; PhoneNumber: string }; BillingAddress: { EmailAddress: string; FullName: string; PhoneNumber: string } };
  TotalsInfo: { Subtotal: number; PostageCost: number; Tax: number; TotalCharge: number; PaymentMethod: string; Currency: string };
  Items: (FakeLine & { RowId: string; ItemId: string; StockItemId: string; Quantity: number; IsService: boolean; ChannelSKU: string; ChannelTitle: string; CostIncTax: number })[];
};

let numOrderId = 200_000;

/** An order as Linnworks answers it (OpenOrder / OrderDetails), with the fields real answers carry around those the import reads. */
export function fakeOrder(opts: { lines: FakeLine[]; status?: number; processed?: boolean; receivedDaysAgo?: number; hold?: boolean; fullName?: string; email?: string; phone?: string }): FakeOrder {
  numOrderId += 1;
  const received = new Date(Date.now() - (opts.receivedDaysAgo ?? 0.1) * 86_400_000).toISOString();
  const address = { EmailAddress: opts.email ?? `buyer${numOrderId}@example.test`, FullName: opts.fullName ?? 'Jane van Dyke', PhoneNumber: opts.phone ?? '+44 20 7946 0000' };
  const total = opts.lines.reduce((sum, l) => sum + l.PricePerUnit * (l.Quantity ?? 1), 0);
  return {
    OrderId: crypto.randomUUID(),
    NumOrderId: numOrderId,
    Processed: opts.processed ?? false,
    GeneralInfo: { Status: opts.status ?? 1, ReferenceNum: `EBAY-${numOrderId}`, ReceivedDate: received, Source: 'EBAY', SubSource: 'EBAY0', HoldOrCancel: opts.hold ?? false },
    CustomerInfo: { ChannelBuyerName: 'jane_buyer', Address: address, BillingAddress: address },
    TotalsInfo: { Subtotal: total, PostageCost: 4.5, Tax: 0, TotalCharge: total + 4.5, PaymentMethod: 'PayPal', Currency: 'USD' },
    Items: opts.lines.map((l) => ({
      RowId: crypto.randomUUID(),
      ItemId: crypto.randomUUID(),
      StockItemId: crypto.randomUUID(),
      Quantity: 1,
      IsService: false,
      ChannelSKU: l.SKU,
      ChannelTitle: l.Title,
      CostIncTax: l.PricePerUnit * (l.Quantity ?? 1),
      ...l,
    })),
  };
}

export const CREDENTIALS = { applicationId: 'f2d6d944-b698-4776-bfc8-3d76c1d122c9', applicationSecret: '344ef882-043e-40c9-b2ab-e5be49226c68', token: 'eda49e47-ea27-40fe-a760-03433040e56a' };

export type FakeLinnworks = Awaited<ReturnType<typeof startFakeLinnworks>>;

export async function startFakeLinnworks() {
  const state = {
    open: [] as FakeOrder[],
    processed: [] as FakeOrder[],
    sessions: new Set<string>(),
    /** every call, in order: path and form fields */
    calls: [] as { path: string; form: Record<string, string> }[],
    /** the next call to this path answers this error instead */
    failNext: new Map<string, { status: number; message: string }>(),
    /** calls to this path wait this long before answering */
    delayMs: new Map<string, number>(),
  };
  const error = (res: http.ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ Code: null, Message: message }));
  };
  const ok = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const paged = <T>(rows: T[], page: number, perPage: number) => ({
    PageNumber: page,
    EntriesPerPage: perPage,
    TotalEntries: rows.length,
    TotalPages: Math.ceil(rows.length / perPage),
    Data: rows.slice((page - 1) * perPage, page * perPage),
  });
  const webOrder = (o: FakeOrder) => ({
    pkOrderID: o.OrderId,
    nOrderId: o.NumOrderId,
    dReceivedDate: o.GeneralInfo.ReceivedDate,
    dProcessedOn: new Date().toISOString(),
    fTotalCharge: o.TotalsInfo.TotalCharge,
    cCurrency: o.TotalsInfo.Currency,
    Source: o.GeneralInfo.Source,
    ReferenceNum: o.GeneralInfo.ReferenceNum,
    cFullName: o.CustomerInfo.Address.FullName,
    cEmailAddress: o.CustomerInfo.Address.EmailAddress,
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return error(res, 415, 'Send a form post');
      const form = Object.fromEntries(new URLSearchParams(raw));
      state.calls.push({ path, form });
      const delay = state.delayMs.get(path);
      if (delay) await new Promise((r) => setTimeout(r, delay));
      if (res.destroyed) return;
      const fail = state.failNext.get(path);
      if (fail) {
        state.failNext.delete(path);
        return error(res, fail.status, fail.message);
      }
      if (path === '/api/Auth/AuthorizeByApplication') {
        let request: Record<string, string>;
        try {
          request = JSON.parse(form.request ?? '');
        } catch {
          return error(res, 400, 'request is required');
        }
        if (request.ApplicationId !== CREDENTIALS.applicationId || request.ApplicationSecret !== CREDENTIALS.applicationSecret || request.Token !== CREDENTIALS.token) {
          return error(res, 401, 'Invalid application or token');
        }
        const token = crypto.randomUUID();
        state.sessions.add(token);
        const { port } = server.address() as AddressInfo;
        return ok(res, { Id: crypto.randomUUID(), EntityId: crypto.randomUUID(), UserName: 'shop@example.test', Locality: 'EU', SuperAdmin: true, TTL: 1800, Token: token, Email: 'shop@example.test', Server: `http://127.0.0.1:${port}`, PushServer: '', Status: { State: 0, Reason: '' } });
      }
      if (!state.sessions.has(String(req.headers.authorization))) return error(res, 401, 'Authorization has been denied for this request.');
      if (path === '/api/Orders/GetOpenOrders') {
        const page = Number(form.pageNumber);
        const perPage = Number(form.entriesPerPage);
        if (!Number.isInteger(page) || !Number.isInteger(perPage) || perPage < 1) return error(res, 400, 'entriesPerPage and pageNumber are required');
        return ok(res, paged(state.open, page, perPage));
      }
      if (path === '/api/ProcessedOrders/SearchProcessedOrdersPaged') {
        const from = Date.parse(form.from ?? '');
        const to = Date.parse(form.to ?? '');
        const perPage = Number(form.numEntriesPerPage);
        if (form.dateType !== 'RECEIVED' || Number.isNaN(from) || Number.isNaN(to) || !(perPage >= 1 && perPage <= 200)) return error(res, 400, 'Invalid search');
        if (to - from > 92 * 86_400_000) return error(res, 400, 'Maximum range is 3 months');
        const rows = state.processed.filter((o) => Date.parse(o.GeneralInfo.ReceivedDate) >= from && Date.parse(o.GeneralInfo.ReceivedDate) <= to).map(webOrder);
        return ok(res, paged(rows, Number(form.pageNum), perPage));
      }
      if (path === '/api/Orders/GetOrdersById') {
        let ids: string[];
        try {
          ids = JSON.parse(form.pkOrderIds ?? '');
        } catch {
          return error(res, 400, 'pkOrderIds is required');
        }
        return ok(res, [...state.open, ...state.processed].filter((o) => ids.includes(o.OrderId)));
      }
      return error(res, 404, `No such method ${path}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** Ends every session (as a session past its TTL). */
    expireSessions: () => state.sessions.clear(),
    callsTo: (path: string) => state.calls.filter((c) => c.path === path),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
