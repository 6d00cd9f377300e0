import {
  fileResponses,
  hasArea,
  responses,
  ZAddConsignerFields,
  ZConsigner,
  ZConsignerBankLog,
  ZConsignerDeleted,
  ZConsignerInvite,
  ZConsignerInviteAccept,
  ZConsignerInviteAccepted,
  ZConsignerInviteQuery,
  ZConsignerList,
  ZConsignerMessage,
  ZConsignerPasswordBody,
  ZConsignerReport,
  ZConsignerReportQuery,
  ZConsignersQuery,
  ZConsignerUpdate,
  ZConsignerUpdateResult,
  ZConsignerVerifyBody,
  ZPayoutRecalculation,
  ZPayoutRecalculationQuery,
  ZRecordIdParams,
  ZStatement,
  ZStatementQuery,
  ZEmailStatementsBody,
  ZEmailStatementsStarted,
} from '@backroom/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { getIdentity, lookupActor, requireActor, requireStaff, requireStaffAreaOrConsigner, requireStore } from '../../auth/actor.ts';
import { CSV_RESPONSES, sendCsv } from '../../http/csv.ts';
import { AppError, forbidden } from '../../http/errors.ts';
import {
  consignerReport,
  createConsignerFromAdmin,
  deleteConsigner,
  exportConsigners,
  getBankLog,
  getConsigner,
  listConsigners,
  previewPayoutRecalculation,
  sendPasswordReset,
  sendVerification,
  updateConsigner,
  updatePassword,
} from './consigners.service.ts';
import { acceptConsignerInvite, getConsignerInvite } from './consigner-invites.ts';
import { exportStatement, getStatement, statementPdfOf } from './consigner-statements.ts';
import { emailMonthStatements, registerStatementEmailJob } from './statement-emails.ts';
import { asSystem } from '../../db/row-security.ts';

const tags = ['consigners'];
const PDF_RESPONSES = fileResponses('application/pdf');

/** Sends a PDF as a file download (its bytes skip the response serializer, as sendCsv's text does). */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`).send(pdf);
}

/** Consigners (people doc sections 2 and 7; docs/people.md "Consigners"). Staff need Consigners access unless said otherwise. */
export const consignersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    registerStatementEmailJob(ctx);
    app.get('/api/consigners', { schema: { tags, summary: 'A page of the consigners list, searched', querystring: ZConsignersQuery, response: responses(ZConsignerList) } }, async (request) => {
      await requireStaff(ctx, request, 'Consigners');
      return { data: await listConsigners(ctx, requireStore(request), request.query) };
    });

    app.get(
      '/api/consigners/export',
      { schema: { tags, summary: 'consigners.csv of the searched consigners (bank columns for Admins only)', querystring: ZConsignersQuery.pick({ search: true }), response: CSV_RESPONSES } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Consigners');
        return sendCsv(reply, 'consigners.csv', exportConsigners(ctx, requireStore(request), actor, request.query));
      },
    );

    app.get(
      '/api/consigners/consignerReport',
      { schema: { tags, summary: 'Total sold, paid and pending of a consigner (a consigner: their own)', querystring: ZConsignerReportQuery, response: responses(ZConsignerReport) } },
      async (request) => {
        const actor = await requireActor(ctx, request);
        if (actor.kind === 'employee' && !hasArea(actor.accessControls, 'Consigners') && !hasArea(actor.accessControls, 'Orders')) {
          throw forbidden('You need Consigners or Orders access for this');
        }
        return { data: await consignerReport(ctx, requireStore(request), actor, request.query) };
      },
    );

    app.post(
      '/api/consigners/createFromAdmin',
      { schema: { tags, summary: 'Add a consigner (no sign-in account yet)', body: ZAddConsignerFields, response: responses(ZConsigner, 201) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Consigners');
        return reply.status(201).send({ data: await createConsignerFromAdmin(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.post('/api/consigners/deleteConsigner/:id', { schema: { tags, summary: 'Delete (or archive) a consigner', params: ZRecordIdParams, response: responses(ZConsignerDeleted) } }, async (request) => {
      await requireStaff(ctx, request, 'Consigners');
      return { data: await deleteConsigner(ctx, requireStore(request), request.params.id) };
    });

    // For a signed-in user of this store before the e-mail gate (the verify screen's user is not past
    // it): a consigner for their own address, staff with Consigners access for any consigner's. The
    // answer is the same whether or not the address has an account.
    app.post(
      '/api/consigners/verify',
      { schema: { tags, summary: "Resend a consigner account's verification e-mail", body: ZConsignerVerifyBody, response: responses(ZConsignerMessage) } },
      async (request) => {
        const store = requireStore(request);
        const identity = await getIdentity(ctx, request);
        if (!identity) throw new AppError('UNAUTHORIZED', 'Not signed in');
        const found = await lookupActor(ctx, request, store, identity);
        if (found.status === 'wrong-store') throw forbidden('This account belongs to another store', 'WRONG_STORE');
        if (found.status === 'none') throw forbidden('No account for this user', 'NO_ACCOUNT');
        return { data: await sendVerification(ctx, store, found.actor, request.body.email, request.ip) };
      },
    );

    app.put(
      '/api/consigners/updatePassword',
      { schema: { tags, summary: "Set a consigner's password (Admin with Consigners) or change one's own", body: ZConsignerPasswordBody, response: responses(ZConsignerMessage) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
        return { data: await updatePassword(ctx, requireStore(request), actor, request, request.body) };
      },
    );

    app.get('/api/consigners/:id', { schema: { tags, summary: 'A consigner (bank details for Admins and the consigner only)', params: ZRecordIdParams, response: responses(ZConsigner) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
      return { data: await getConsigner(ctx, requireStore(request), actor, request.params.id) };
    });

    app.put(
      '/api/consigners/:id',
      { schema: { tags, summary: 'Change a consigner (a consigner: their own profile)', params: ZRecordIdParams, body: ZConsignerUpdate, response: responses(ZConsignerUpdateResult) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
        return { data: await updateConsigner(ctx, requireStore(request), actor, request.params.id, request.body) };
      },
    );

    app.get(
      '/api/consigners/:id/payoutRecalculation',
      {
        schema: {
          tags,
          summary: "Preview: how re-pricing the consigner's unsold items with another type or VAT setting changes payouts",
          params: ZRecordIdParams,
          querystring: ZPayoutRecalculationQuery,
          response: responses(ZPayoutRecalculation),
        },
      },
      async (request) => {
        await requireStaff(ctx, request, 'Consigners');
        return { data: await previewPayoutRecalculation(ctx, requireStore(request), request.params.id, request.query) };
      },
    );

    app.get('/api/consigners/:id/bankLog', { schema: { tags, summary: 'Changes of the payout details (masked)', params: ZRecordIdParams, response: responses(ZConsignerBankLog) } }, async (request) => {
      const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
      return { data: await getBankLog(ctx, requireStore(request), actor, request.params.id) };
    });

    // Statements (docs/consigner-account.md "Statements"): read-only, from the ledger; a consigner reads their own.
    app.get(
      '/api/consigners/:id/statements',
      { schema: { tags, summary: "A consigner's statement of a month (month=YYYY-MM) or year (year=YYYY)", params: ZRecordIdParams, querystring: ZStatementQuery, response: responses(ZStatement) } },
      async (request) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
        return { data: await getStatement(ctx, requireStore(request), actor, request.params.id, request.query) };
      },
    );
    app.get(
      '/api/consigners/:id/statements/export',
      { schema: { tags, summary: 'statement-YYYY-MM.csv (or statement-YYYY.csv) of a consigner', params: ZRecordIdParams, querystring: ZStatementQuery, response: CSV_RESPONSES } },
      async (request, reply) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
        const { filename, csv } = await exportStatement(ctx, requireStore(request), actor, request.params.id, request.query);
        return sendCsv(reply, filename, csv);
      },
    );
    app.get(
      '/api/consigners/:id/statements/pdf',
      { schema: { tags, summary: 'statement-YYYY-MM.pdf (or statement-YYYY.pdf) of a consigner', params: ZRecordIdParams, querystring: ZStatementQuery, response: PDF_RESPONSES } },
      async (request, reply) => {
        const actor = await requireStaffAreaOrConsigner(ctx, request, 'Consigners');
        const { filename, pdf } = await statementPdfOf(ctx, requireStore(request), actor, request.params.id, request.query);
        return sendPdf(reply, filename, pdf);
      },
    );

    // A month's statements e-mailed to every consigner who wants payout e-mails (a background job).
    app.post(
      '/api/consigners/emailStatements',
      { schema: { tags, summary: "E-mail every consigner their statement of a month (a background job: GET /api/jobs/{id})", body: ZEmailStatementsBody, response: responses(ZEmailStatementsStarted, 202) } },
      async (request, reply) => {
        const actor = await requireStaff(ctx, request, 'Consigners');
        return reply.code(202).send({ data: await emailMonthStatements(ctx, requireStore(request), actor, request.body) });
      },
    );

    app.post('/api/consigners/:id/sendPasswordReset', { schema: { tags, summary: 'E-mail the consigner a password reset link', params: ZRecordIdParams, response: responses(ZConsignerMessage) } }, async (request) => {
      await requireStaff(ctx, request, 'Consigners');
      return { data: await sendPasswordReset(ctx, requireStore(request), request.params.id, request.ip) };
    });

    // The invitation of a person who already had a sign-in when staff added them (docs/security.md
    // "Identity model"): read with its token; accepted only by that person, signed in and verified.
    app.get(
      '/open/consigners/invite/:id',
      { schema: { tags, summary: 'A consigner invitation (with its token)', params: ZRecordIdParams, querystring: ZConsignerInviteQuery, response: responses(ZConsignerInvite) } },
      // read and accepted by the invitation's token, on whichever store's host: a named cross-store path
      async (request) => ({ data: await asSystem(() => getConsignerInvite(ctx, request.params.id, request.query.token)) }),
    );
    app.put(
      '/open/consigners/accept/:id',
      { schema: { tags, summary: 'Accept a consigner invitation as the signed-in, verified invited address', params: ZRecordIdParams, body: ZConsignerInviteAccept, response: responses(ZConsignerInviteAccepted) } },
      async (request) => {
        const identity = await getIdentity(ctx, request);
        return { data: await asSystem(() => acceptConsignerInvite(ctx, request.params.id, request.body.token, identity)) };
      },
    );
  };
