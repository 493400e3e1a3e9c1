import { handleAdminGet, handleAdminPost } from '@/server/admin/endpoints';

// The inbox's endpoints: session -> same origin and anti-forgery token -> action -> 303 back | JSON | 401 | 403.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handleAdminGet((await context.params).path, request);
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return handleAdminPost((await context.params).path, request);
}
