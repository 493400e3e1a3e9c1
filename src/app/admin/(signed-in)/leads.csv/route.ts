import { exportLeads } from '@/server/admin/export';

// The inbox's CSV download (a form post from the inbox; src/server/admin/export.ts).
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return exportLeads(request);
}
