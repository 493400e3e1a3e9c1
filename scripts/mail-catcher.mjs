// See the site's emails in development without a mail account: `npm run mail:catch`, then run the
// site with SMTP_URL=smtp://127.0.0.1:1025 (e.g. in .env). Every message that arrives is printed
// here (who, subject, the plain-text version) and listed at http://127.0.0.1:1080, where each one
// opens as the recipient's mail client would show it. Nothing is sent on; everything is forgotten
// when it stops. MAIL_CATCHER_SMTP_PORT and MAIL_CATCHER_HTTP_PORT change the ports.
import { createServer } from 'node:http';
import { startMailCatcher } from './lib/mail-catcher.mjs';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT) || 1025;
const httpPort = Number(process.env.MAIL_CATCHER_HTTP_PORT) || 1080;
const escape = (text) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A port already taken is told in a line naming the variable that moves it, not a stack trace. */
const portTaken = (error, port, variable) => {
  if (error?.code !== 'EADDRINUSE') throw error;
  console.error(
    `Mail catcher: port ${port} is in use (another mail catcher?). Stop it, or set ${variable} to another port.`,
  );
  process.exit(1);
};

const catcher = await startMailCatcher({
  port: smtpPort,
  onAccepted(message) {
    const { parsed, envelope } = message;
    console.log(
      [
        `\n--- #${catcher.accepted.length} ${new Date(message.acceptedAt).toISOString()}`,
        `From: ${parsed.from?.text ?? envelope.from}`,
        `To: ${envelope.to.join(', ')}`,
        parsed.replyTo ? `Reply-To: ${parsed.replyTo.text}` : null,
        `Subject: ${parsed.subject ?? ''}`,
        '',
        parsed.text ?? '',
      ]
        .filter((line) => line !== null)
        .join('\n'),
    );
  },
}).catch((error) => portTaken(error, smtpPort, 'MAIL_CATCHER_SMTP_PORT'));

const page = (title, body) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escape(title)}</title>` +
  `<body style="font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto">${body}</body></html>`;

const web = createServer((req, res) => {
  const match = /^\/messages\/(\d+)(\.txt)?$/.exec(req.url ?? '');
  const message = match ? catcher.accepted[Number(match[1]) - 1] : null;
  if (match && message) {
    const text = match[2] === '.txt';
    res.writeHead(200, {
      'content-type': text ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
      // The email as a mail client shows it: its own inline styles, nothing else loads or runs.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    });
    return res.end(text ? message.parsed.text : message.parsed.html || escape(message.parsed.text));
  }
  if (req.url !== '/') return res.writeHead(404).end();
  const rows = catcher.accepted
    .map(
      (m, i) =>
        `<tr><td>${i + 1}</td><td>${escape(new Date(m.acceptedAt).toLocaleTimeString())}</td>` +
        `<td>${escape(m.envelope.to.join(', '))}</td>` +
        `<td><a href="/messages/${i + 1}">${escape(m.parsed.subject)}</a> (<a href="/messages/${i + 1}.txt">text</a>)</td></tr>`,
    )
    .reverse()
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    page(
      'Mail catcher',
      `<h1>Caught email</h1><p>SMTP_URL=smtp://127.0.0.1:${catcher.port} &middot; newest first &middot; reload for new mail</p>` +
        `<table cellpadding="6"><tr><th>#</th><th>When</th><th>To</th><th>Subject</th></tr>${rows}</table>`,
    ),
  );
});
web.once('error', async (error) => {
  await catcher.stop();
  portTaken(error, httpPort, 'MAIL_CATCHER_HTTP_PORT');
});
web.listen(httpPort, '127.0.0.1', () => {
  console.log(
    `Mail catcher: SMTP on 127.0.0.1:${catcher.port} (SMTP_URL=smtp://127.0.0.1:${catcher.port}), messages at http://127.0.0.1:${httpPort}`,
  );
});

const stop = async () => {
  web.close();
  await catcher.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
