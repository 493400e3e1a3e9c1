import { handleChatPost } from '@/server/chat/handle-chat';
import { alertBudgetReached } from '@/server/outbox/budget-alert';
import { otherMethods } from '@/server/http/endpoint';

// The chat widget's proxy: origin -> rate limit -> parse -> validate -> hourly budget -> webhook -> { output } | a JSON-lines stream | 4xx | 502.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  return handleChatPost(request, alertBudgetReached);
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
