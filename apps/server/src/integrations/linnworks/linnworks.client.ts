// A small fetch client of Linnworks' documented HTTP API (docs/orders.md "Linnworks calls", with the
// pages each shape comes from). Only what the order import needs:
//   POST {LINNWORKS_API_URL}/api/Auth/AuthorizeByApplication   request={ApplicationId, ApplicationSecret, Token}
//        -> a session: Token (the Authorization header of every other call) and Server (their base URL)
//   POST {Server}/api/Orders/GetOpenOrders                     entriesPerPage, pageNumber, ...
//   POST {Server}/api/ProcessedOrders/SearchProcessedOrdersPaged from, to, dateType=RECEIVED, ...
//   POST {Server}/api/Orders/GetOrdersById                     pkOrderIds=[...]
// Every call is a form post (application/x-www-form-urlencoded; object values as JSON), as the API
// documentation shows them. An error is answered with a non-2xx status and `{ Code, Message }`.
import { cleanText } from '@backroom/domain';
import { z } from 'zod';

export type LinnworksCredentials = { applicationId: string; applicationSecret: string; token: string };

type LinnworksErrorKind = 'auth' | 'api' | 'timeout' | 'network' | 'response';

/** A call that did not succeed; `message` is fit to show to the shop (it never holds a credential). */
export class LinnworksError extends Error {
  readonly kind: LinnworksErrorKind;
  readonly status: number | null;
  constructor(kind: LinnworksErrorKind, message: string, status: number | null = null) {
    super(message);
    this.name = 'LinnworksError';
    this.kind = kind;
    this.status = status;
  }
}

// Answers are read loosely: the fields the import uses, the rest passes through unread.
const ZAddress = z.looseObject({ EmailAddress: z.string().nullish(), FullName: z.string().nullish(), PhoneNumber: z.string().nullish() });

const ZLinnworksOrderItem = z.looseObject({
    RowId: z.string().nullish(),
    ItemId: z.string().nullish(),
    SKU: z.string().nullish(),
    ChannelSKU: z.string().nullish(),
    ItemNumber: z.string().nullish(),
    Title: z.string().nullish(),
    ChannelTitle: z.string().nullish(),
    Quantity: z.number().nullish(),
    PricePerUnit: z.number().nullish(),
    IsService: z.boolean().nullish(),
  });
/** An order as Orders/GetOpenOrders (OpenOrder) and Orders/GetOrdersById (OrderDetails) answer it. */
const ZLinnworksOrder = z.looseObject({
    OrderId: z.string(),
    NumOrderId: z.number().nullish(),
    Processed: z.boolean().nullish(),
    GeneralInfo: z
      .looseObject({
        // 0 = UNPAID, 1 = PAID, 2 = RETURN, 3 = PENDING, 4 = RESEND
        Status: z.number().nullish(),
        ReferenceNum: z.string().nullish(),
        ReceivedDate: z.string().nullish(),
        Source: z.string().nullish(),
        SubSource: z.string().nullish(),
        HoldOrCancel: z.boolean().nullish(),
      })
      .nullish(),
    CustomerInfo: z.looseObject({ ChannelBuyerName: z.string().nullish(), Address: ZAddress.nullish(), BillingAddress: ZAddress.nullish() }).nullish(),
    TotalsInfo: z.looseObject({ TotalCharge: z.number().nullish(), Currency: z.string().nullish() }).nullish(),
    Items: z.array(ZLinnworksOrderItem).nullish(),
  });
export type LinnworksOrder = z.output<typeof ZLinnworksOrder>;

const ZSession = z.looseObject({ Token: z.string().min(1), Server: z.string().min(1) });
const pagedOf = <T extends z.ZodType>(row: T) =>
  z.looseObject({ PageNumber: z.number().nullish(), EntriesPerPage: z.number().nullish(), TotalEntries: z.number().nullish(), TotalPages: z.number().nullish(), Data: z.array(row).nullish() });
const ZProcessedOrderRow = z.looseObject({ pkOrderID: z.string(), dReceivedDate: z.string().nullish(), nOrderId: z.number().nullish() });
const ZError = z.looseObject({ Code: z.string().nullish(), Message: z.string().nullish() });

type LinnworksClientOptions = {
  /** Where AuthorizeByApplication is called (https://api.linnworks.net). */
  apiUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
};

/** The largest page the paged calls allow (SearchProcessedOrdersPaged: "Maximum 200"). */
const LINNWORKS_PAGE_SIZE = 200;
/** Orders asked for at once from GetOrdersById. */
export const LINNWORKS_IDS_PER_CALL = 100;

function formBody(params: Record<string, unknown>): string {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    body.set(key, typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value));
  }
  return body.toString();
}

/**
 * The session's server must be Linnworks' own (a host under linnworks.net) or the sign-in address's
 * host: the session token is never sent anywhere else.
 */
function trustedServer(server: string, apiUrl: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new LinnworksError('response', 'Linnworks answered the sign-in with a server address that is not a URL');
  }
  const api = new URL(apiUrl);
  const linnworks = url.protocol === 'https:' && (url.hostname === 'linnworks.net' || url.hostname.endsWith('.linnworks.net'));
  if (!linnworks && url.host !== api.host) throw new LinnworksError('response', `Linnworks answered the sign-in with an unexpected server (${url.host})`);
  return url.origin;
}

export function createLinnworksClient(credentials: LinnworksCredentials, options: LinnworksClientOptions) {
  const doFetch = options.fetch ?? fetch;
  let session: { token: string; server: string } | null = null;

  async function post(url: string, params: Record<string, unknown>, token: string | null): Promise<unknown> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
          ...(token ? { Authorization: token } : {}),
        },
        body: formBody(params),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new LinnworksError('timeout', `Linnworks did not answer within ${Math.round(options.timeoutMs / 1000)} s`);
      }
      throw new LinnworksError('network', 'Linnworks could not be reached');
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new LinnworksError('timeout', `Linnworks did not finish its answer within ${Math.round(options.timeoutMs / 1000)} s`);
    }
    let payload: unknown = null;
    try {
      payload = text ? JSON.parse(text) : null;
    } catch {
      payload = null;
    }
    if (!response.ok) {
      const error = ZError.safeParse(payload);
      // what Linnworks said, as one short line of text (it is shown to the shop)
      const said = error.success && error.data.Message ? cleanText(error.data.Message, { oneLine: true }).slice(0, 300) : '';
      const message = said || `HTTP ${response.status}`;
      throw new LinnworksError(response.status === 401 ? 'auth' : 'api', `Linnworks refused the request: ${message}`, response.status);
    }
    return payload;
  }

  async function authorize() {
    const answer = await post(
      `${options.apiUrl.replace(/\/+$/, '')}/api/Auth/AuthorizeByApplication`,
      { request: { ApplicationId: credentials.applicationId, ApplicationSecret: credentials.applicationSecret, Token: credentials.token } },
      null,
    ).catch((err: unknown) => {
      if (err instanceof LinnworksError && (err.kind === 'api' || err.kind === 'auth')) throw new LinnworksError('auth', err.message.replace('refused the request', 'refused the credentials'), err.status);
      throw err;
    });
    const parsed = ZSession.safeParse(answer);
    if (!parsed.success) throw new LinnworksError('response', 'Linnworks answered the sign-in without a session');
    session = { token: parsed.data.Token, server: trustedServer(parsed.data.Server, options.apiUrl) };
    return session;
  }

  /** One API call with the session; a session that has expired (401) is renewed once. */
  async function call<T extends z.ZodType>(path: string, params: Record<string, unknown>, shape: T): Promise<z.output<T>> {
    for (let attempt = 0; ; attempt++) {
      const s = session ?? (await authorize());
      try {
        const answer = await post(`${s.server}/api/${path}`, params, s.token);
        const parsed = shape.safeParse(answer);
        if (!parsed.success) throw new LinnworksError('response', `Linnworks answered ${path} in an unexpected shape`);
        return parsed.data;
      } catch (err) {
        if (err instanceof LinnworksError && err.kind === 'auth' && attempt === 0) {
          session = null;
          continue;
        }
        throw err;
      }
    }
  }

  return {
    authorize,
    /** Orders/GetOpenOrders: one page of the open orders, with their items. */
    openOrders: (pageNumber: number, entriesPerPage = LINNWORKS_PAGE_SIZE) =>
      call('Orders/GetOpenOrders', { entriesPerPage, pageNumber }, pagedOf(ZLinnworksOrder)),
    /** ProcessedOrders/SearchProcessedOrdersPaged: processed orders received in [from, to] (at most 3 months apart). */
    processedOrders: (from: Date, to: Date, pageNum: number, numEntriesPerPage = LINNWORKS_PAGE_SIZE) =>
      call(
        'ProcessedOrders/SearchProcessedOrdersPaged',
        { from, to, dateType: 'RECEIVED', searchField: '', exactMatch: false, searchTerm: '', pageNum, numEntriesPerPage },
        pagedOf(ZProcessedOrderRow),
      ),
    /** Orders/GetOrdersById: open or processed orders with their items. */
    ordersById: (pkOrderIds: string[]) => call('Orders/GetOrdersById', { pkOrderIds }, z.array(ZLinnworksOrder)),
  };
}

export type LinnworksClient = ReturnType<typeof createLinnworksClient>;
