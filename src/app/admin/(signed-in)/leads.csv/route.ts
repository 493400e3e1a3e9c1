import { exportLeads } from '@/server/admin/export';

// The inbox's CSV download (a form post from the inbox; src/server/admin/export.ts).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return exportLeads(request);
}

/** The download's address opened or pasted: the inbox with the same filters, and its button. */
export function GET(request: Request): Response {
  const { search } = new URL(request.url);
  return new Response(null, {
    status: 303,
    headers: { Location: `/admin${search}`, 'Cache-Control': 'no-store' },
  });
}
