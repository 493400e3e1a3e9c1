import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLeadsCommand } from '../integration/support/leads-command';
import { startReceiver, type Receiver } from '../integration/support/receiver';
import { validBodies } from '../integration/support/helpers';
import {
  BASE_PORT,
  killAll,
  spawnInstance,
  startInstance,
  type Instance,
} from './support/instance';
import { signInThrough } from './support/inbox-forms';

/**
 * The embedded database under the production server, as an operator and an attacker meet it:
 * start-up, folder privacy, its thread dying while leads arrive, failed statements' values kept out
 * of the output, and a backup taken through the running site under load, restored and served.
 */

const root = mkdtempSync(path.join(tmpdir(), 'embedded-store-'));
const STOPPER = ['--import', './tests/scale/support/stop-database-thread.mjs'];
const OPERATOR = 'store-operator@agency.example';
const PASSWORD = 'a passphrase for the store';
let receiver: Receiver | undefined;

afterAll(async () => {
  killAll();
  await receiver?.stop();
  rmSync(root, { recursive: true, force: true });
});

const url = (instance: Instance, pathname: string) =>
  `http://127.0.0.1:${instance.port}${pathname}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function postLead(instance: Instance, email: string) {
  return fetch(url(instance, '/api/leads/contact'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validBodies.contact, email }),
  })
    .then(async (response) => ({
      status: response.status,
      id: response.status === 201 ? ((await response.json()) as { id: string }).id : null,
    }))
    .catch(() => ({ status: 0, id: null }));
}

/** Posts a lead every 1000/rate ms until stopped; each answer with the time it arrived. */
function steadyLeads(instance: Instance, rate: number, prefix: string) {
  const answers: Array<Promise<{ status: number; id: string | null; answeredAt: number }>> = [];
  let n = 0;
  const timer = setInterval(() => {
    answers.push(
      postLead(instance, `${prefix}${n++}@example.com`).then((answer) => ({
        ...answer,
        answeredAt: Date.now(),
      })),
    );
  }, 1000 / rate);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(answers);
    },
  };
}

/** The operator commands against an instance's folder, as its user would run them. */
const leadsCommand = (dataDir: string, args: string[], stdin?: string) =>
  runLeadsCommand(args, { LEADS_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdin);

async function waitForOutput(instance: Instance, pattern: RegExp, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(100))
    if (pattern.test(instance.output.join(''))) return;
  throw new Error(`no ${pattern} in:\n${instance.output.join('')}`);
}

describe('start-up', () => {
  it('prints the site, the inbox and, until an operator exists, the command that adds one; stops a second server on the folder, and one that cannot listen', async () => {
    const dataDir = path.join(root, 'startup');
    const first = await startInstance(BASE_PORT + 4, {
      LEADS_DATA_DIR: dataDir,
      LEADS_WORKER: '0',
    });
    const origin = `http://127.0.0.1:${BASE_PORT + 4}`;
    await waitForOutput(first, /add-operator/);
    const printed = first.output.join('');
    expect(printed).toContain(`> Site:  ${origin}/\n`);
    expect(printed).toContain(`> Inbox: ${origin}/admin\n`);
    expect(printed).toContain('>   npm run leads -- add-operator <your email address>\n');
    // The build's public address is not where this instance listens: it says where links go.
    expect(printed).toMatch(
      /> Links in emails and pages go to https?:\/\/\S+\/ \(NEXT_PUBLIC_SITE_URL, set before the build\)\n/,
    );
    expect(printed).not.toContain(`go to ${origin}/`);
    // Run with another LEADS_DATA_DIR than the site's, the command says it made a new database
    // there, which that site will never read.
    const strayDir = path.join(root, 'not-the-sites');
    const stray = await leadsCommand(strayDir, ['add-operator', OPERATOR], `${PASSWORD}\n`);
    expect(stray.code).toBe(0);
    expect(stray.stderr).toContain(
      `Note: no database in ${strayDir} yet, so this command creates one.`,
    );
    expect((await leadsCommand(strayDir, ['list-operators'])).stderr).toBe('');
    // A backup there would hold nothing: it fails, and makes no database to back up.
    const typoDir = path.join(root, 'typo');
    const empty = await leadsCommand(typoDir, ['backup', path.join(root, 'typo.tar.gz')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain(`there is no database in ${typoDir} to back up`);
    expect(existsSync(typoDir)).toBe(false);
    // An argument too many is quoted as typed, not as a path the command made of it.
    const extra = await leadsCommand(strayDir, ['backup', 'a.tar.gz', 'extra']);
    expect(extra.stderr).toContain("backup takes one argument: 'extra' is one too many");
    // Removing the last operator locks everyone out of the inbox: the command says so.
    const last = await leadsCommand(strayDir, ['remove-operator', OPERATOR]);
    expect(last.code).toBe(0);
    expect(last.stderr).toContain(
      'No operator is left: no one can sign in to the inbox until one is added (add-operator <email>).',
    );
    // A lock left by a crash whose number a process that is no site now has (here the first,
    // always alive): the command says which file to delete.
    writeFileSync(`${strayDir}.lock`, '1');
    const blocked = await leadsCommand(strayDir, ['list']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`delete ${strayDir}.lock.`);
    rmSync(`${strayDir}.lock`);
    const added = await leadsCommand(dataDir, ['add-operator', OPERATOR], `${PASSWORD}\n`);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    // A second server on the folder the first has open stops, naming it: served on, it would
    // answer every lead and the inbox's sign-in 503.
    const rival = spawnInstance(BASE_PORT + 14, { LEADS_DATA_DIR: dataDir, LEADS_WORKER: '0' });
    expect(await rival.exited).toBe(1);
    expect(rival.output.join('')).toContain(
      `The embedded database ${dataDir} is in use by process ${first.process.pid}.`,
    );
    expect(rival.output.join('')).not.toContain('> Ready');
    // One that cannot listen stops too, its worker and database closed, its folder free again.
    const elsewhere = path.join(root, 'port-taken');
    const portTaken = spawnInstance(BASE_PORT + 4, { LEADS_DATA_DIR: elsewhere });
    expect(await portTaken.exited).toBe(1);
    expect(portTaken.output.join('')).toContain(
      `Error: cannot listen on 127.0.0.1 port ${BASE_PORT + 4}: another process listens there`,
    );
    expect(existsSync(`${elsewhere}.lock`)).toBe(false);
    first.process.kill('SIGTERM');
    await first.exited;

    const second = await startInstance(BASE_PORT + 4, {
      LEADS_DATA_DIR: dataDir,
      LEADS_WORKER: '0',
    });
    await waitForOutput(second, /> Inbox: /);
    await sleep(1_000);
    expect(second.output.join('')).not.toContain('add-operator');
    second.process.kill('SIGTERM');
    await second.exited;
  });
});

describe('a data folder others can open', () => {
  it('stops the server with a message naming the fix, before it serves anything', async () => {
    const dataDir = path.join(root, 'shared');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const server = spawnInstance(BASE_PORT + 5, { LEADS_DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const printed = server.output.join('');
    expect(printed).toContain(`can be opened by other users (mode 755)`);
    expect(printed).toContain(`chmod -R go-rwx ${dataDir}`);
    expect(printed).not.toContain('> Ready');
    expect(readdirSync(dataDir)).toEqual([]); // nothing was written into it
  });

  it("stops the server the same way when the command socket's folder is not private", async () => {
    const dataDir = path.join(root, 'open-socket');
    mkdirSync(dataDir, { mode: 0o700 });
    mkdirSync(`${dataDir}.commands`, { mode: 0o755 });
    chmodSync(`${dataDir}.commands`, 0o755);
    const server = spawnInstance(BASE_PORT + 5, { LEADS_DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    const printed = server.output.join('');
    expect(printed).toContain(`The command socket's folder ${dataDir}.commands can be opened`);
    expect(printed).toContain(`chmod -R go-rwx ${dataDir}.commands`);
    expect(printed).not.toContain('> Ready');
  });

  it('is never what the server makes: under umask 000 every file is 0600 and every folder 0700', async () => {
    const dataDir = path.join(root, 'umask');
    const previous = process.umask(0);
    let instance: Instance;
    try {
      instance = await startInstance(BASE_PORT + 5, { LEADS_DATA_DIR: dataDir });
    } finally {
      process.umask(previous);
    }
    expect((await postLead(instance, 'private@example.com')).status).toBe(201);
    // The lock beside the folder says only which process has it, and only to this user.
    expect(statSync(`${dataDir}.lock`).mode & 0o777).toBe(0o600);
    instance.process.kill('SIGTERM');
    await instance.exited;
    const modes = spawnSync('find', [dataDir, '-printf', '%m %y\\n'], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n');
    expect(modes.length).toBeGreaterThan(500);
    expect(new Set(modes)).toEqual(new Set(['700 d', '600 f']));
    const socketFolder = `${dataDir}.commands`;
    expect(statSync(socketFolder).mode & 0o777).toBe(0o700);
  });
});

describe('pages, with no API route before them', () => {
  it('open the database at start (LEADS_WORKER=0) and again after its thread died', async () => {
    const port = BASE_PORT + 10;
    const dataDir = path.join(root, 'pages');
    const server = spawnInstance(port, { LEADS_DATA_DIR: dataDir, LEADS_WORKER: '0' }, STOPPER);
    const instance = { ...server, port };
    await waitForOutput(instance, /> Ready on /, 120_000);
    expect((await fetch(url(instance, '/admin/sign-in'))).status).toBe(200);
    await waitForOutput(instance, /> Inbox: /);
    instance.process.kill('SIGUSR2');
    await waitForOutput(instance, /stop-database-thread: 1 thread\(s\) ended/);
    // Nothing else asks for the database: the page's own bundle opens it again.
    for (let i = 0; i < 3; i++)
      expect((await fetch(url(instance, '/admin/sign-in'))).status, `page ${i}`).toBe(200);
    expect((await fetch(url(instance, '/api/health'))).status).toBe(200);
    instance.process.kill('SIGTERM');
    await instance.exited;
  });
});

describe("the database's thread dying while leads arrive", () => {
  it('answers 503 (never 500) meanwhile, loses no acknowledged lead and opens the database again by itself, a page first', async () => {
    const dataDir = path.join(root, 'crash');
    const instance = await startInstance(
      BASE_PORT + 6,
      { LEADS_DATA_DIR: dataDir, LEADS_RATE_LIMIT_PER_MINUTE: '0', LEADS_WORKER: '0' },
      STOPPER,
    );
    const load = steadyLeads(instance, 50, 'crash');
    await sleep(2_000);
    instance.process.kill('SIGUSR2');
    await waitForOutput(instance, /stop-database-thread: 1 thread\(s\) ended/);
    // The next page opens the database itself: the page bundle's copy of the thread file could not.
    const page = await fetch(url(instance, '/admin/sign-in'));
    expect(page.status).toBe(200);
    await sleep(3_000);
    const answers = await load.stop();
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.slice(-20)).toEqual(Array(20).fill(201)); // recovered
    const acknowledged = answers.flatMap((answer) => (answer.id ? [answer.id] : []));

    instance.process.kill('SIGTERM');
    await instance.exited;
    const listed = await leadsCommand(dataDir, ['export', '--csv']);
    expect(listed.code).toBe(0);
    expect(acknowledged.filter((id) => !listed.stdout.includes(id))).toEqual([]);
    console.log(
      `[thread crash] ${answers.length} posts at 50/s: ${acknowledged.length} acknowledged and stored, ` +
        `${statuses.filter((status) => status === 503).length} answered 503, none 500`,
    );
  });
});

describe('statements that fail in pages and session lookups', () => {
  it("leave the session token and the search term out of the process's whole output", async () => {
    const dataDir = path.join(root, 'values');
    const instance = await startInstance(
      BASE_PORT + 7,
      { LEADS_DATA_DIR: dataDir, LEADS_WORKER: '0', LOG_LEVEL: 'info' },
      STOPPER,
    );
    expect(await leadsCommand(dataDir, ['add-operator', OPERATOR], `${PASSWORD}\n`)).toMatchObject({
      code: 0,
    });
    const { cookie } = await signInThrough(url(instance, ''), OPERATOR, PASSWORD);
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    expect(token.length).toBeGreaterThan(16);
    const term = 'heron-search-term';

    // A search PostgreSQL would refuse (text cannot hold a NUL), and one beside a date it would:
    // both answered with the inbox's message, the database never asked.
    const refused = await Promise.all(
      [`/admin?q=${term}%00`, `/admin?q=${term}&from=0000-01-01`].map(async (pathname) => {
        const response = await fetch(url(instance, pathname), { headers: { cookie } });
        await response.text();
        return response.status;
      }),
    );
    expect(refused).toEqual([200, 200]);
    // Session lookups (and searches) in flight when the database's thread dies.
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      sleep(i * 5).then(() =>
        fetch(url(instance, `/admin?q=${term}`), { headers: { cookie } })
          .then(async (response) => {
            await response.text();
            return response.status;
          })
          .catch(() => 0),
      ),
    );
    await sleep(60);
    instance.process.kill('SIGUSR2');
    const statuses = await Promise.all(inFlight);
    await sleep(1_000);
    const printed = instance.output.join('');
    expect(printed).toContain('db.query_failed');
    expect(printed).not.toContain(token);
    expect(printed).not.toContain(term);
    console.log(
      `[values] during the thread's death ${statuses.filter((status) => status !== 200).length} of 40 pages failed; ` +
        `${printed.split('db.query_failed').length - 1} failures logged, none with the token or the term`,
    );
    instance.process.kill('SIGTERM');
    await instance.exited;
  });
});

describe('a backup through the running site', () => {
  it('taken during 50 leads a second, restored into a new folder and served: every lead acknowledged before it began is there, its delivery state intact', async () => {
    receiver = await startReceiver();
    const dataDir = path.join(root, 'live');
    const instance = await startInstance(BASE_PORT + 8, {
      LEADS_DATA_DIR: dataDir,
      LEADS_RATE_LIMIT_PER_MINUTE: '0',
      LEADS_WEBHOOK_URL_CONTACT: `${receiver.url}/hook`,
      LEADS_SWEEP_INTERVAL_MS: '200',
      LEADS_RETRY_SCHEDULE_MS: '60000',
    });
    // Every third lead's delivery fails (500), so the backup holds delivered and pending ones.
    for (let n = 0; n < 1_000; n += 3) receiver.plan(`backup${n}@example.com`, [500, 500, 500]);
    const load = steadyLeads(instance, 50, 'backup');
    await sleep(5_000);
    const backupBegan = Date.now();
    const file = path.join(root, 'live.tar.gz');
    const backup = await leadsCommand(dataDir, ['backup', file]);
    const backupMs = Date.now() - backupBegan;
    await sleep(1_000);
    const answers = await load.stop();
    expect(backup).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Backed up to /) });
    expect(answers.filter((answer) => answer.status !== 201)).toEqual([]);
    const before = answers.filter((answer) => answer.answeredAt < backupBegan);
    instance.process.kill('SIGTERM');
    await instance.exited;
    const original = await leadsCommand(dataDir, ['export', '--csv']);

    const restoredDir = path.join(root, 'restored');
    const restored = await leadsCommand(dataDir, ['restore', file, '--to', restoredDir]);
    expect(restored).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Restored \d+ lead/),
    });
    const served = await startInstance(BASE_PORT + 9, {
      LEADS_DATA_DIR: restoredDir,
      LEADS_WORKER: '0',
    });
    expect((await fetch(url(served, '/api/health'))).status).toBe(200);
    served.process.kill('SIGTERM');
    await served.exited;

    const copy = await leadsCommand(restoredDir, ['export', '--csv']);
    const rows = (csv: string) =>
      new Map(
        csv
          .trim()
          .split('\r\n')
          .slice(1)
          .map((line) => [line.split(',')[0]!, line] as const),
      );
    const kept = rows(copy.stdout);
    const final = rows(original.stdout);
    expect(before.length).toBeGreaterThan(150);
    expect(before.filter((answer) => !kept.has(answer.id!))).toEqual([]);
    // Each restored lead as the original recorded it, or an earlier state of it: a delivered one is
    // the same row (status, attempts, delivered time), a pending one may have moved on since.
    const header = copy.stdout.split('\r\n')[0]!.split(',');
    const column = (line: string, name: string) => line.split(',')[header.indexOf(name)];
    let delivered = 0;
    let pending = 0;
    for (const [id, line] of kept) {
      const status = column(line, 'delivery_status');
      if (status === 'delivered') {
        delivered += 1;
        expect(final.get(id), id).toBe(line);
      } else {
        pending += 1;
        expect(['pending', 'delivering'], id).toContain(status);
      }
    }
    expect(delivered).toBeGreaterThan(0);
    expect(pending).toBeGreaterThan(0);
    console.log(
      `[backup] ${answers.length} leads at 50/s, backup ${backupMs} ms while they arrived; ${before.length} acknowledged before it began, ` +
        `all restored (${kept.size} in the copy: ${delivered} delivered, ${pending} pending)`,
    );
  });
});
