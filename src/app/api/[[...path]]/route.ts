import { refuse, refusalResponse } from '@/server/http/endpoint';

// Any other path under /api: docs/api.md's JSON 404 rather than the site's HTML page.
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const notFound = () => refusalResponse(refuse('not_found'));

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
