// The production server (`npm start`, the e2e and scale tests, the benches): Next.js's documented
// custom-server handler behind a node:http server that does what `next start` cannot be told to:
// 1. passes the connection's address in a header only it sets, so rate limits never read an
//    address the client chose (src/server/http/client-address.ts);
// 2. bounds a request's arrival (headers 10 s, all 15 s; Node's default is 5 minutes), behind the
//    app's own 10 s body limit;
// 3. answers with docs/api.md's JSON 4xx what Next.js fails with a 500: TRACE, TRACK, CONNECT, a
//    target that is not a path, a path that is not percent-encoded UTF-8 (/api/leads/%ff; a page's
//    such path is read as the not-found page, the one a mangled link should show a visitor);
// 4. on SIGTERM or SIGINT lets requests finish (10 s at most), then runs the shutdown hooks;
// 5. stops, saying why, when it cannot listen (Next.js would keep the process alive, listening on nothing).
//
//   node scripts/server.mjs [--hostname 127.0.0.1] [--port 3000]    (else PORT, else 3000)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Next.js loads next.config.ts's imports from the working folder, and a relative LEADS_DATA_DIR is
// the project's: so the server runs the same from any folder (a service without a working folder).
process.chdir(dir);
const argument = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
};
const hostname = argument('hostname');
const portText = argument('port') ?? process.env.PORT ?? '3000';
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) {
  console.error(
    `Error: the port (--port or PORT) must be a number from 0 to 65535, not '${portText}'`,
  );
  process.exit(1);
}

const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 15_000;
const SHUTDOWN_GRACE_MS = 10_000;

// The contract with the app (its type: SiteServer in src/server/process.ts): the header's name,
// hooks the app adds to run at shutdown, started(), which the app calls once its instrumentation
// hook has run (the server listens only then), and whenListening(hook), which runs the hook with
// the server's origin once it listens (a hook registered later runs at once).
const PEER_ADDRESS_HEADER = 'x-site-peer-address';
const START_TIMEOUT_MS = 120_000;
let appStarted;
const started = new Promise((resolve) => (appStarted = resolve));
let listeningOrigin = null;
const listeningHooks = [];
const runListeningHook = (hook) =>
  Promise.resolve()
    .then(() => hook(listeningOrigin))
    .catch((error) => console.error(error));
const site = {
  peerAddressHeader: PEER_ADDRESS_HEADER,
  shutdownHooks: [],
  started: () => appStarted(),
  whenListening(hook) {
    if (listeningOrigin) void runListeningHook(hook);
    else listeningHooks.push(hook);
  },
};
globalThis.__siteServer = site;

// Refusals made here carry the headers next.config.ts gives API responses, read from the build's
// post-build manifest so the two cannot drift apart.
const distDir = path.resolve(dir, process.env.NEXT_DIST_DIR || '.next');
const refusalHeaders = JSON.parse(
  readFileSync(path.join(distDir, 'postbuild-manifest.json'), 'utf8'),
).apiResponseHeaders;
if (!refusalHeaders)
  throw new Error(
    `${distDir}/postbuild-manifest.json is from an older build: rebuild with \`npm run build\``,
  );

// The Fetch API refuses these methods, so Next.js throws building the request (500).
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

function refusal(req) {
  if (FORBIDDEN_METHODS.has(req.method))
    return {
      status: 405,
      error: 'method_not_allowed',
      message: 'This method is not allowed here.',
    };
  const target = req.url ?? '';
  if (!target.startsWith('/'))
    return { status: 400, error: 'bad_request', message: 'The request target must be a path.' };
  try {
    decodeURIComponent(target.split(/[?#]/, 1)[0]);
  } catch {
    return {
      status: 400,
      error: 'bad_request',
      message: 'The path is not valid percent-encoded UTF-8.',
    };
  }
  return null;
}

function answer(res, { status, error, message }) {
  const body = JSON.stringify({ error, message });
  res.writeHead(status, {
    ...refusalHeaders,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...(status === 405 ? { Allow: 'GET, HEAD, POST, OPTIONS' } : {}),
  });
  res.end(body);
}

const server = http.createServer({
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  // How often Node checks those two limits (the default 30 s lets a stalled request live 45 s).
  connectionsCheckingInterval: 1_000,
});
const app = next({ dev: false, dir, hostname, port, httpServer: server });
const handle = app.getRequestHandler();

/**
 * A 408 (the app gave up waiting for the body) closes the connection: the rest of that body may
 * never come, and a slow-body flood would otherwise hold each socket until the 15 s backstop.
 */
function closeWithTimeout(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if ((typeof status === 'number' ? status : res.statusCode) === 408)
      res.setHeader('Connection', 'close');
    return writeHead.call(this, status, ...rest);
  };
}

// No page or file has this path (Next.js keeps _folders private): Next.js answers it with the
// site's not-found page.
const NO_PAGE = '/_no-such-page';

/** A visitor's mangled link to a page (not the API's, not a file's) gets the not-found page. */
const isPageRead = (req) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  !/^\/(?:api|_next)(?:[/?#%]|$)/.test(req.url ?? '');

server.on('request', (req, res) => {
  const refused = refusal(req);
  if (refused?.error === 'bad_request' && req.url?.startsWith('/') && isPageRead(req))
    req.url = NO_PAGE;
  else if (refused) return answer(res, refused);
  closeWithTimeout(res);
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  handle(req, res).catch((error) => {
    console.error(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        event: 'server.request_error',
        error: String(error).slice(0, 300),
      }),
    );
    if (!res.headersSent)
      answer(res, {
        status: 503,
        error: 'unavailable',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    else res.destroy();
  });
});
// CONNECT never reaches 'request'; without a listener Node drops the socket without an answer.
server.on('connect', (req, socket) => {
  socket.end(
    'HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST, OPTIONS\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
  );
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  // Whatever happens below, the process ends.
  setTimeout(() => process.exit(1), 3 * SHUTDOWN_GRACE_MS).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(force);
  for (const hook of site.shutdownHooks) await hook().catch((error) => console.error(error));
  await app.close();
  process.exit({ SIGINT: 130, SIGTERM: 143 }[signal] ?? 1);
}

await app.prepare();
// The app starts its worker and command socket, or stops the process saying why, before any
// request is taken.
const startTimer = setTimeout(() => {
  console.error(`Error: the app did not start within ${START_TIMEOUT_MS / 1000} s`);
  process.exit(1);
}, START_TIMEOUT_MS);
await started;
clearTimeout(startTimer);
try {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, resolve);
  });
} catch (error) {
  // Next.js keeps a process alive after an uncaught error: one that cannot listen stops, saying why,
  // once its worker has put down what it had in hand, so a supervisor restarts it.
  console.error(
    `Error: cannot listen on ${hostname ?? 'every address'} port ${port}: ${error.code === 'EADDRINUSE' ? 'another process listens there' : error.message}`,
  );
  await stop('listen');
}
const { port: actualPort } = server.address();
const origin = `http://${hostname ?? 'localhost'}:${actualPort}`;
// As `next start` does: some of Next.js reads its own origin from these.
process.env.PORT = String(actualPort);
process.env.__NEXT_PRIVATE_ORIGIN = origin;
console.log(`> Ready on ${origin} (${path.relative(dir, distDir)})`);
listeningOrigin = origin;
for (const hook of listeningHooks.splice(0)) void runListeningHook(hook);

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
