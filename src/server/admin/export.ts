import 'server-only';
import { CSRF_FIELD } from '@/lib/csrf';
import { parseBody, wantsHtmlRedirect } from '@/server/http/body';
import { isRefusal, refuse, refusalResponse, runEndpoint } from '@/server/http/endpoint';
import { csvLines, leadQueryParams, parseLeadQuery, problemsText } from '@/server/leads/queries';
import { recordAudit } from '@/server/audit';
import { setFlash } from './flash';
import { isForeignRequest } from './request-check';
import { csrfTokenMatches, currentOperator, signInPath } from './session';

/**
 * POST /admin/leads.csv: the inbox's current filter as CSV, streamed. A post with every change's
 * checks, since it writes the audit log; a GET gets 405, so no link on another site starts one.
 */

const MAX_BODY_BYTES = 8 * 1024;
const CSV_CHUNK_CHARS = 64 * 1024;
const FILTER_FIELDS = ['form', 'status', 'stage', 'delivery', 'from', 'to', 'q'] as const;

/** Back to the inbox with the filter as posted: its page says what is wrong with a filter. */
const backToInbox = (filter: Record<string, string | undefined>) =>
  new Response(null, {
    status: 303,
    headers: {
      Location: `/admin?${new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]),
      )}`,
      'Cache-Control': 'no-store',
    },
  });

export function exportLeads(request: Request): Promise<Response> {
  return runEndpoint<{ status: 200 | 303; kind: 'export' | 'back'; response: Response }>(
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
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        const filter = Object.fromEntries(
          FILTER_FIELDS.map((name) => [name, text(parsed.body[name])]),
        );
        // The inbox's own form (a browser) goes back to the inbox with the reason; others get JSON.
        const browser = wantsHtmlRedirect(req.headers);
        if (!csrfTokenMatches(who.session, parsed.body[CSRF_FIELD])) {
          if (!browser)
            return refuse('forbidden', {
              message:
                'The anti-forgery token is missing or wrong. Reload the inbox and try again.',
            });
          await setFlash({ code: 'bad_token' });
          return { status: 303, kind: 'back', response: backToInbox(filter) };
        }
        const { query, problems } = parseLeadQuery(filter);
        if (problems.length > 0)
          return browser
            ? { status: 303, kind: 'back', response: backToInbox(filter) }
            : refuse('bad_request', { message: problemsText(problems) });
        const lines = csvLines(query);
        // The first batch is read before the answer starts: a database that does not answer is
        // then a 503 with its message, not a download cut short.
        const first = await lines.next();
        // The filter without the search text, which may be a person's name or address.
        await recordAudit(who.operator.email, 'leads_exported', null, {
          filter: leadQueryParams({ ...query, q: undefined }).toString(),
          ...(query.q && { searched: true }),
        });
        const encoder = new TextEncoder();
        let pending = first.done ? '' : first.value;
        // Pulled as the client reads, about 64 KB at a time: a slow download holds one chunk and
        // one database batch, never the whole export.
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            let chunk = pending;
            pending = '';
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
