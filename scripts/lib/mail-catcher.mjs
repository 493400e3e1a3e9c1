// A real SMTP server on loopback that keeps what arrives (smtp-server, messages parsed with
// mailparser): the mail server of `npm run mail:catch` in development, of the integration tests and
// of the notification bench. Development only (devDependencies); nothing in src/ imports it.
//
// `decide(message)` answers each message once it has fully arrived: 'accept' (250), 'reject' (550),
// 'defer' (451, try later), or 'hang' (no answer until the client goes away: the message was never
// accepted). With `auth`, only that user and password may send (535 otherwise). A message is in
// `accepted` only after its 250 was written, with the time it was.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startMailCatcher({
  port: requestedPort = 0,
  host = '127.0.0.1',
  auth = null,
  decide = () => 'accept',
  onAccepted = () => {},
  // false: accept every message and keep nothing (a bench's mail server, which must cost the
  // machine little).
  keep = true,
} = {}) {
  const accepted = [];
  const arrived = [];
  const logins = []; // every user name an AUTH command carried, right or wrong
  let deciding = decide;
  let required = auth;
  let server = null;
  let port = requestedPort;

  const create = () =>
    new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS', ...(auth ? [] : ['AUTH'])],
      authOptional: !auth,
      allowInsecureAuth: true,
      size: 10 * 1024 * 1024,
      onAuth(credentials, _session, callback) {
        logins.push(credentials.username);
        if (
          required &&
          credentials.username === required.user &&
          credentials.password === required.pass
        )
          return callback(null, { user: credentials.username });
        const error = new Error('Authentication credentials invalid');
        error.responseCode = 535;
        return callback(error);
      },
      onData(stream, session, callback) {
        if (!keep) {
          stream.on('end', () => callback(null, 'Ok'));
          return stream.resume();
        }
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks);
          const message = {
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            raw: raw.toString('utf8'),
            parsed: await simpleParser(raw),
            arrivedAt: Date.now(),
          };
          arrived.push(message);
          const answer = await deciding(message);
          if (answer === 'hang') return;
          if (answer === 'reject' || answer === 'defer') {
            const error = new Error(answer === 'reject' ? 'Message refused' : 'Try again later');
            error.responseCode = answer === 'reject' ? 550 : 451;
            return callback(error);
          }
          message.acceptedAt = Date.now();
          accepted.push(message);
          onAccepted(message);
          callback(null, `Ok: queued as ${accepted.length}`);
        });
      },
    });

  const listen = async () => {
    server = create();
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        // A client that drops its connection mid-message is the client's failure, not the
        // server's: smtp-server reports it as an 'error' event, fatal if nobody listens.
        server.on('error', () => {});
        port = server.server.address().port;
        resolve();
      });
    });
  };
  await listen();

  return {
    get port() {
      return port;
    },
    /** SMTP_URL for a site sending here. */
    url(credentials = auth) {
      const who = credentials
        ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@`
        : '';
      return `smtp://${who}${host}:${port}`;
    },
    accepted,
    arrived,
    logins,
    decideWith(next) {
      deciding = next;
    },
    /** The user and password it accepts from now on (a changed password at the provider). */
    requireAuth(credentials) {
      required = credentials;
    },
    /**
     * Ends the open connections but keeps listening, so the next message logs in again (a changed
     * password takes effect) and nothing sent meanwhile meets a closed port.
     */
    dropConnections() {
      for (const connection of server?.connections ?? []) connection._socket?.destroy();
    },
    /** Listens again on the same port after stop(). */
    start: listen,
    async stop() {
      const current = server;
      server = null;
      if (!current) return;
      for (const connection of current.connections) connection._socket?.destroy();
      await new Promise((resolve) => current.close(resolve));
    },
  };
}
