// Sends email on a thread of its own (transport.ts starts it): a message's MIME and SMTP exchange
// cost a millisecond or two of CPU that would hold up requests (bench/results/notify.md). A worker
// entry of its own (the build bundles it; commands load it by path), so no `server-only` (it would
// throw here); it holds no secret but SMTP_URL.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import nodemailer from 'nodemailer';

// Linux keeps a nice value per thread: at the lowest priority this thread takes only the CPU that
// requests leave, and an email waits rather than a visitor. Elsewhere it would lower the process.
if (process.platform === 'linux') {
  try {
    os.setPriority(19);
  } catch {
    // A sandbox that forbids it leaves the default priority, which sends all the same.
  }
}

let pool = null; // { key, transport }: one pooled transport per SMTP_URL and options

function transportFor(url, options) {
  const key = JSON.stringify([url, options]);
  if (pool?.key !== key) {
    pool?.transport.close();
    pool = { key, transport: nodemailer.createTransport({ url, ...options }) };
  }
  return pool.transport;
}

// What describeSmtpError (smtp-errors.ts) reads; an Error's own fields do not survive postMessage.
const fieldsOf = (error) => ({
  name: error?.name,
  message: String(error?.message ?? error),
  code: error?.code,
  responseCode: error?.responseCode,
  response: error?.response,
  command: error?.command,
  cause: error?.cause
    ? { code: error.cause.code, message: String(error.cause.message ?? '') }
    : undefined,
});

// Answers of one turn of the event loop go back together: one wake-up of the server's thread.
const replies = [];
function answer(reply) {
  if (replies.length === 0) setImmediate(() => parentPort.postMessage(replies.splice(0)));
  replies.push(reply);
}

async function send(request) {
  try {
    const info = await transportFor(request.url, request.options).sendMail(request.message);
    answer({ id: request.id, response: String(info.response ?? '250') });
  } catch (error) {
    answer({ id: request.id, error: fieldsOf(error) });
  }
}

// Requests arrive in batches: those transport.ts gathered in one turn of its event loop.
parentPort.on('message', (requests) => {
  for (const request of requests) void send(request);
});
