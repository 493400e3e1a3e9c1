import { handleWebCallPost } from '@/server/voice/web-call';
import { alertBudgetReached } from '@/server/outbox/budget-alert';
import { otherMethods } from '@/server/http/endpoint';

// Voice demo: same-origin check -> rate limit -> configuration -> body -> hourly budget -> provider's create-web-call -> { access_token } | 4xx | 502 | 503.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  return handleWebCallPost(request, alertBudgetReached);
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
