import 'server-only';
import { CSRF_FIELD } from '@/lib/csrf';
import { parseBody } from '@/server/http/body';
import { isRefusal, refuse, refusalResponse, runEndpoint } from '@/server/http/endpoint';
import { csvLines, leadQueryParams, parseLeadQuery } from '@/server/leads/queries';
import { recordAudit } from '@/server/audit';
import { isForeignRequest } from './request-check';
import { csrfTokenMatches, currentOperator, signInPath } from './session';

/**
 * POST /admin/leads.csv: the inbox's current filter as CSV, streamed. A post with every change's
 * checks, since it writes the audit log; a GET gets 405, so no link on another site starts one.
 */

const MAX_BODY_BYTES = 8 * 1024;
const CSV_CHUNK_CHARS = 64 * 1024;

export function exportLeads(request: Request): Promise<Response> {
  return runEndpoint<{ status: 200; kind: 'export'; response: Response }>(
    {
      name: 'admin.export',
      respond: (done) => done.response,
      // A browser whose session ended goes to sign in and back; other refusals are JSON.
      refusalResponse: (refusal) =>
        refusal.refused === 'unauthorized'
          ? new Response(null, {
              status: 303,
              headers: { Location: signInPath('/admin'), 'Cache-Control': 'no-store' },
            })
          : refusalResponse(refusal),
      decide: async (req, logFields) => {
        if (isForeignRequest(req.headers, req.url)) return refuse('forbidden');
        const parsed = await parseBody(req, { limit: MAX_BODY_BYTES, forms: true });
        if (isRefusal(parsed)) return parsed;
        const who = await currentOperator(req.headers);
        if (!who) return refuse('unauthorized');
        logFields.operator_id = who.operator.id;
        if (!csrfTokenMatches(who.session, parsed.body[CSRF_FIELD]))
          return refuse('forbidden', {
            message: 'The anti-forgery token is missing or wrong. Reload the inbox and try again.',
          });
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        const { query, problems } = parseLeadQuery(
          Object.fromEntries(
            ['form', 'status', 'stage', 'delivery', 'from', 'to', 'q'].map((name) => [
              name,
              text(parsed.body[name]),
            ]),
          ),
        );
        if (problems.length > 0) return refuse('bad_request', { message: problems.join('; ') });
        await recordAudit(who.operator.email, 'leads_exported', null, {
          filter: leadQueryParams(query).toString(),
        });
        const lines = csvLines(query);
        const encoder = new TextEncoder();
        // Pulled as the client reads, about 64 KB at a time: a slow download holds one chunk and
        // one database batch, never the whole export.
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            let chunk = '';
            while (chunk.length < CSV_CHUNK_CHARS) {
              const next = await lines.next();
              if (next.done) {
                if (chunk) controller.enqueue(encoder.encode(chunk));
                controller.close();
                return;
              }
              chunk += next.value;
            }
            controller.enqueue(encoder.encode(chunk));
          },
          async cancel() {
            await lines.return(undefined);
          },
        });
        const day = new Date().toISOString().slice(0, 10);
        const response = new Response(stream, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
            'Cache-Control': 'private, no-store',
          },
        });
        return { status: 200, kind: 'export', response };
      },
    },
    request,
  );
}
