import { handleLeadPost } from '@/server/leads/intake';
import { otherMethods } from '@/server/http/endpoint';

// Lead intake: parse -> validate -> store (lead + outbox row, one transaction) -> 201 | 4xx | 303.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(
  request: Request,
  context: { params: Promise<{ form: string }> },
): Promise<Response> {
  const { form } = await context.params;
  return handleLeadPost(form, request);
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
