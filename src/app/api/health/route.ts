import { healthReport } from '@/server/health';
import { otherMethods } from '@/server/http/endpoint';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const report = await healthReport();
  return Response.json(report, {
    status: report.ok ? 200 : 503,
    headers: { 'Cache-Control': 'no-store' },
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
