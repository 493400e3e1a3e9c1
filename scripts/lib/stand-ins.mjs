// The notification bench's outside world in a process of its own: a receiver answering 200 at once
// (the webhook and the chat app) and a mail server that accepts everything and keeps nothing. As a
// provider's servers would, they leave the load generator's event loop, which times each request,
// to the load generator; and at the lowest priority they take only the CPU that the server and the
// load generator leave, as servers on other machines would take none.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from './mail-catcher.mjs';

/** Starts the stand-ins; resolves with `okUrl` (any path answers 200), `smtpUrl` and stop(). */
export async function startStandIns() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve']);
  const urls = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the stand-ins stopped (exit code ${code})`)));
  });
  return {
    ...urls,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

if (process.argv.includes('--serve') && process.send) {
  try {
    setPriority(19);
  } catch {
    // Where that is not allowed they run at the default priority, and say so.
    console.warn('stand-ins: could not lower their priority; they compete with the server for CPU');
  }
  const ok = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise((resolve) => ok.listen(0, '127.0.0.1', resolve));
  const sink = await startMailCatcher({ keep: false });
  process.send({ okUrl: `http://127.0.0.1:${ok.address().port}`, smtpUrl: sink.url() });
  // The bench ends or dies: so do the stand-ins.
  process.on('disconnect', () => process.exit(0));
}
