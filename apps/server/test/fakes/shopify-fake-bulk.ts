// The fake shop's bulk imports (docs/storefront-sync.md "Bulk first sync"), as Shopify documents them
// (shopify.dev/docs/api/usage/bulk-operations/imports):
//
// - `stagedUploadsCreate(input: [{resource: BULK_MUTATION_VARIABLES, filename, mimeType, httpMethod: POST}])`
//   answers a target: the url of the storage bucket and the form parameters to send with the file
//   (`key` among them: the `stagedUploadPath` to give bulkOperationRunMutation);
// - the upload is a multipart/form-data POST to that url, every parameter first and the file last;
//   the bucket answers 201 (success_action_status) and refuses a form whose parameters differ from the
//   ones issued (400, as a signed policy would);
// - `bulkOperationRunMutation(mutation, stagedUploadPath)` checks the mutation (one mutation field,
//   valid against the schema), the file (it exists, every line a JSON object) and that no other bulk
//   mutation of this shop is running (one at a time: OPERATION_IN_PROGRESS), then answers the
//   operation CREATED and runs it later, line by line, through the fake shop's own resolvers
//   (RUNNING, objectCount growing), to COMPLETED with `url`: a JSONL file of one line per input line,
//   `{"data": {...}, "__lineNumber": n}` (or `"errors"` for a line whose variables do not fit). A line
//   Shopify refuses keeps its `userErrors` in its data (a partial failure); the others are applied.
// - `bulkOperation(id:)`, `node(id:)` and the deprecated `currentBulkOperation(type: MUTATION)` read it.
// Bulk operations are not charged against the cost bucket (only the calls that start and read them).
import { randomUUID } from 'node:crypto';
import { getVariableValues, GraphQLError, Kind, parse, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { FakeAnswer, RecordedRequest } from './http-fake.ts';

/** Where stagedUploadsCreate sends the file and where a result is read from (Shopify's Google Cloud Storage hosts). */
export const STAGED_UPLOAD_HOST = 'shopify-staged-uploads.storage.googleapis.com';
export const RESULT_HOST = 'storage.googleapis.com';
const RESULT_BUCKET = 'shopify-tiers-assets-prod-us-east1';
/** Shopify's limit on a bulk mutation's variables file. */
export const MAX_STAGED_FILE_BYTES = 100 * 1024 * 1024;

export type FakeBulkOperation = {
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED';
  type: 'MUTATION';
  query: string;
  createdAt: string;
  completedAt: string | null;
  objectCount: number;
  errorCode: string | null;
  /** The result file's key (served at https://storage.googleapis.com/{bucket}/{key}). */
  resultKey: string | null;
  fileSize: number | null;
  lines: Record<string, unknown>[];
  results: string[];
};

type BulkDeps = {
  schema: GraphQLSchema;
  now: () => Date;
  nextId: (type: string) => string;
  /** Runs one line's mutation through the fake shop (its resolvers, no cost charged). */
  runLine: (document: DocumentNode, operationName: string | undefined, variables: Record<string, unknown>) => ExecutionResult;
};

export type FakeBulk = ReturnType<typeof createFakeBulk>;

export function createFakeBulk(deps: BulkDeps) {
  const iso = () => deps.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
  /** Form parameters issued per key, and the files uploaded per key. */
  const issued = new Map<string, Record<string, string>>();
  const files = new Map<string, string>();
  const operations = new Map<string, FakeBulkOperation>();
  const results = new Map<string, string>();
  let held = false;
  let waiting: (() => void)[] = [];
  /** How many lines run between two yields to the event loop (Shopify's workers run beside everything else). */
  let linesPerTick = 50;

  function operationObj(op: FakeBulkOperation) {
    return {
      __typename: 'BulkOperation',
      id: op.id,
      status: op.status,
      type: op.type,
      query: op.query,
      createdAt: op.createdAt,
      completedAt: op.completedAt,
      errorCode: op.errorCode,
      objectCount: String(op.objectCount),
      rootObjectCount: String(op.objectCount),
      fileSize: op.fileSize === null ? null : String(op.fileSize),
      url: op.resultKey ? `https://${RESULT_HOST}/${RESULT_BUCKET}/${op.resultKey}?GoogleAccessId=fake&Expires=4102444800&Signature=fake` : null,
      partialDataUrl: null,
    };
  }

  function stagedUploadsCreate(args: { input: { resource: string; filename: string; mimeType: string; httpMethod?: string | null; fileSize?: unknown }[] }) {
    const stagedTargets = [];
    for (const [i, input] of args.input.entries()) {
      if (input.resource !== 'BULK_MUTATION_VARIABLES') throw new GraphQLError(`The fake does not model staged uploads of ${input.resource}`);
      if ((input.httpMethod ?? 'PUT') !== 'POST') throw new GraphQLError('The fake models the POST form upload of bulk mutation variables only (httpMethod: POST)');
      if (!input.filename.trim()) return { stagedTargets: null, userErrors: [{ field: ['input', String(i), 'filename'], message: "Filename can't be blank" }] };
      const key = `tmp/548380009/bulk/${randomUUID()}/${input.filename}`;
      const parameters: Record<string, string> = {
        'Content-Type': input.mimeType,
        success_action_status: '201',
        acl: 'private',
        key,
        'x-goog-date': deps.now().toISOString().replace(/[-:]|\.\d{3}/g, ''),
        'x-goog-credential': 'merchant-assets@shopify-tiers.iam.gserviceaccount.com/20261128/auto/storage/goog4_request',
        'x-goog-algorithm': 'GOOG4-RSA-SHA256',
        'x-goog-signature': randomUUID().replace(/-/g, ''),
        policy: Buffer.from(JSON.stringify({ key, 'content-type': input.mimeType })).toString('base64'),
      };
      issued.set(key, parameters);
      stagedTargets.push({
        __typename: 'StagedMediaUploadTarget',
        url: `https://${STAGED_UPLOAD_HOST}/`,
        resourceUrl: null,
        parameters: Object.entries(parameters).map(([name, value]) => ({ __typename: 'StagedUploadParameter', name, value })),
      });
    }
    return { stagedTargets, userErrors: [] };
  }

  const gcsError = (status: number, code: string, message: string): FakeAnswer => ({
    status,
    raw: `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    headers: { 'content-type': 'application/xml; charset=UTF-8' },
  });

  /** The storage bucket's form upload (POST / on the staged upload host). */
  async function upload(req: RecordedRequest): Promise<FakeAnswer> {
    const type = String(req.headers['content-type'] ?? '');
    if (!type.startsWith('multipart/form-data')) return gcsError(400, 'InvalidArgument', 'POST requires multipart/form-data.');
    const form = await new Request('http://upload.invalid/', { method: 'POST', headers: { 'content-type': type }, body: req.body }).formData();
    const names: string[] = [];
    form.forEach((_value, name) => names.push(name));
    if (names.at(-1) !== 'file') return gcsError(400, 'InvalidArgument', 'The file must be the last field of the form.');
    const key = String(form.get('key') ?? '');
    const expected = issued.get(key);
    if (!expected) return gcsError(403, 'AccessDenied', 'Invalid according to Policy: Policy Condition failed: ["eq", "$key", ...]');
    for (const [name, value] of Object.entries(expected)) {
      if (form.get(name) !== value) return gcsError(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${value}"]`);
    }
    const file = form.get('file');
    const text = typeof file === 'string' ? file : file ? await file.text() : '';
    if (Buffer.byteLength(text) > MAX_STAGED_FILE_BYTES) return gcsError(400, 'EntityTooLarge', 'Your proposed upload is larger than the maximum object size specified in your Policy Document.');
    files.set(key, text);
    issued.delete(key);
    return {
      status: 201,
      raw: `<?xml version="1.0" encoding="UTF-8"?><PostResponse><Location>https://${STAGED_UPLOAD_HOST}/${encodeURIComponent(key)}</Location><Bucket>shopify-staged-uploads</Bucket><Key>${key}</Key><ETag>"${randomUUID().replace(/-/g, '')}"</ETag></PostResponse>`,
      headers: { 'content-type': 'application/xml; charset=UTF-8' },
    };
  }

  /** A result file (GET /{bucket}/{key} on the storage host). */
  function download(req: RecordedRequest): FakeAnswer {
    const path = new URL(req.path, 'http://x').pathname;
    const key = decodeURIComponent(path.slice(`/${RESULT_BUCKET}/`.length));
    const text = results.get(key);
    if (text === undefined) return gcsError(404, 'NoSuchKey', 'The specified key does not exist.');
    return { status: 200, raw: text, headers: { 'content-type': 'application/jsonl' } };
  }

  const userError = (field: string[] | null, message: string, code: string) => ({ bulkOperation: null, userErrors: [{ field, message, code }] });

  function bulkOperationRunMutation(args: { mutation: string; stagedUploadPath: string; clientIdentifier?: string | null }) {
    const running = [...operations.values()].find((o) => o.status === 'CREATED' || o.status === 'RUNNING');
    if (running) return userError(null, `A bulk mutation operation for this app and shop is already in progress: ${running.id}.`, 'OPERATION_IN_PROGRESS');
    let document: DocumentNode;
    try {
      document = parse(args.mutation);
    } catch (err) {
      return userError(['mutation'], `Invalid mutation: ${(err as GraphQLError).message}`, 'INVALID_MUTATION');
    }
    const operations_ = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const operation = operations_[0];
    if (operations_.length !== 1 || operation.operation !== 'mutation') return userError(['mutation'], 'Invalid mutation: the document must hold one mutation.', 'INVALID_MUTATION');
    const fields = operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD);
    if (fields.length !== 1) return userError(['mutation'], 'Invalid mutation: a bulk mutation runs exactly one mutation field.', 'INVALID_MUTATION');
    if (fields[0].kind === Kind.FIELD && fields[0].name.value.startsWith('bulkOperation')) return userError(['mutation'], 'Invalid mutation: bulk operations cannot be nested.', 'INVALID_MUTATION');
    const invalid = validate(deps.schema, document);
    if (invalid.length) return userError(['mutation'], `Invalid mutation: ${invalid.map((e) => e.message).join('; ')}`, 'INVALID_MUTATION');
    const text = files.get(args.stagedUploadPath);
    if (text === undefined) return userError(['stagedUploadPath'], 'The JSONL file could not be found. Try uploading the file again, and check that you have entered the URL correctly for the stagedUploadPath mutation argument.', 'NO_SUCH_FILE');
    const lines: Record<string, unknown>[] = [];
    for (const [n, raw] of text.split('\n').entries()) {
      if (!raw.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return userError(['stagedUploadPath'], `Failed to parse the JSONL file: line ${n + 1} is not valid JSON.`, 'INVALID_STAGED_UPLOAD_FILE');
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) return userError(['stagedUploadPath'], `Failed to parse the JSONL file: line ${n + 1} is not a JSON object.`, 'INVALID_STAGED_UPLOAD_FILE');
      lines.push(value as Record<string, unknown>);
    }
    const op: FakeBulkOperation = {
      id: deps.nextId('BulkOperation'),
      status: 'CREATED',
      type: 'MUTATION',
      query: args.mutation,
      createdAt: iso(),
      completedAt: null,
      objectCount: 0,
      errorCode: null,
      resultKey: null,
      fileSize: null,
      lines,
      results: [],
    };
    operations.set(op.id, op);
    setTimeout(() => void run(op, document, operation), 0);
    return { bulkOperation: operationObj(op), userErrors: [] };
  }

  async function run(op: FakeBulkOperation, document: DocumentNode, operation: OperationDefinitionNode) {
    while (held) await new Promise<void>((resolve) => waiting.push(resolve));
    op.status = 'RUNNING';
    for (const [n, variables] of op.lines.entries()) {
      if (held) while (held) await new Promise<void>((resolve) => waiting.push(resolve));
      const coerced = getVariableValues(deps.schema, operation.variableDefinitions ?? [], variables);
      if (coerced.errors) {
        op.results.push(JSON.stringify({ errors: coerced.errors.map((e) => ({ message: e.message })), __lineNumber: n }));
      } else {
        const result = deps.runLine(document, operation.name?.value, variables);
        op.results.push(JSON.stringify({ ...(result.errors?.length ? { errors: result.errors.map((e) => ({ message: e.message, path: e.path })) } : {}), data: result.data ?? null, __lineNumber: n }));
      }
      op.objectCount = n + 1;
      if ((n + 1) % linesPerTick === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const key = `bulk-operation-outputs/${randomUUID()}-final`;
    const text = op.results.length ? `${op.results.join('\n')}\n` : '';
    results.set(key, text);
    op.resultKey = op.results.length ? key : null;
    op.fileSize = op.results.length ? Buffer.byteLength(text) : null;
    op.status = 'COMPLETED';
    op.completedAt = iso();
  }

  const operationById = (id: string) => {
    const op = operations.get(id);
    return op ? operationObj(op) : null;
  };

  return {
    operations,
    files,
    /** Resolvers of the root fields, merged into the fake shop's. */
    root: {
      stagedUploadsCreate: (args: Parameters<typeof stagedUploadsCreate>[0]) => stagedUploadsCreate(args),
      bulkOperationRunMutation: (args: Parameters<typeof bulkOperationRunMutation>[0]) => bulkOperationRunMutation(args),
      bulkOperation: (args: { id: string }) => operationById(args.id),
      currentBulkOperation: (args: { type?: string }) => {
        if ((args.type ?? 'QUERY') !== 'MUTATION') return null;
        const last = [...operations.values()].at(-1);
        return last ? operationObj(last) : null;
      },
    },
    /** A BulkOperation for node(id:). */
    node: operationById,
    /** The storage hosts' requests (upload, result download); null: not theirs. */
    http: async (req: RecordedRequest): Promise<FakeAnswer | null> => {
      const path = new URL(req.path, 'http://x').pathname;
      if (req.method === 'POST' && path === '/') return upload(req);
      if (req.method === 'GET' && path.startsWith(`/${RESULT_BUCKET}/`)) return download(req);
      return null;
    },
    /** Keeps every bulk operation where it is (CREATED or RUNNING) until release(): a test acts meanwhile. */
    hold: () => {
      held = true;
    },
    release: () => {
      held = false;
      const list = waiting;
      waiting = [];
      for (const resolve of list) resolve();
    },
    /** How many lines run between two yields to the event loop. */
    setPace: (lines: number) => {
      linesPerTick = Math.max(1, lines);
    },
    reset: () => {
      issued.clear();
      files.clear();
      operations.clear();
      results.clear();
      held = false;
      const list = waiting;
      waiting = [];
      for (const resolve of list) resolve();
    },
  };
}
