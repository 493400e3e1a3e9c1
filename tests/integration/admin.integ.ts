import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { POST as postLead } from '@/app/api/leads/[form]/route';
import { readHidden } from '@/lib/visible-text';
import { runCommand } from '@/server/admin/commands';
import { changeOwnPassword, signIn } from '@/server/admin/credentials';
import { currentOperator, safeReturnPath } from '@/server/admin/session';
import { listAudit } from '@/server/audit';
import { getDatabase, closeDatabase } from '@/server/db/client';
import { auditLog, leads, leadDeliveries, operatorSessions } from '@/server/db/schema';
import { deleteLeadsByEmail } from '@/server/leads/actions';
import {
  csvCell,
  csvLines,
  pageNumber,
  inboxListPath,
  inboxListPathOf,
  leadQueryParams,
  parseLeadQuery,
  searchLeads,
  countUnseen,
} from '@/server/leads/queries';
import { purgeExpired, startRetention, stopRetention } from '@/server/leads/retention';
import { addNote, markSeen, notesOf, setStage } from '@/server/leads/workbench';
import { waitForOutbox } from '@/server/outbox/worker';
import { startReceiver, TEST_WEBHOOK_SECRET } from './support/receiver';
import { freshEnvironment, leadRequest, validBodies, waitFor } from './support/helpers';

/**
 * The inbox's server side in-process, on a real database and webhook receiver. The Server Actions
 * that call it are driven over HTTP in tests/scale/admin-actions.scale.ts.
 */

const SITE = 'https://inbox.example-agency.test';
const receiver = await startReceiver();
await freshEnvironment({
  NEXT_PUBLIC_SITE_URL: SITE,
  LEADS_WEBHOOK_URL: `${receiver.url}/leads`,
  LEADS_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  LEADS_RATE_LIMIT_PER_MINUTE: '1000',
  ADMIN_SESSION_IDLE_MINUTES: '30',
  ADMIN_SESSION_MAX_HOURS: '8',
  TRUST_PROXY: '1', // as behind one proxy: each call names its address in X-Forwarded-For
});

const EMAIL = 'ops@agency.example';
const PASSWORD = 'correct horse battery staple';
let address = 0;
const nextAddress = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const headersFrom = (ip = nextAddress(), cookie?: string) =>
  new Headers({ 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });

async function command(args: string[], password?: string) {
  let out = '';
  let err = '';
  const code = await runCommand(
    args,
    { out: async (text) => void (out += text), err: async (text) => void (err += text) },
    password ? { password } : {},
  );
  return { code, out, err };
}

/** Signs in as a browser would; returns the cookie header to send and the session row's token. */
async function session(email = EMAIL, password = PASSWORD) {
  const outcome = await signIn(email, password, headersFrom());
  if (!outcome.ok) throw new Error(`sign-in failed: ${outcome.flash.code}`);
  const cookie = outcome.cookies.map((line) => line.split(';')[0]!).join('; ');
  const token = decodeURIComponent(cookie.split('session_token=')[1]!.split(';')[0]!).split(
    '.',
  )[0]!;
  return { cookie, token, setCookie: outcome.cookies };
}

async function submitLead(email: string, extra: Record<string, string> = {}) {
  const response = await postLead(
    leadRequest('contact', {
      body: JSON.stringify({
        ...validBodies.contact,
        email,
        form_started_at: String(Date.now() - 10_000),
        ...extra,
      }),
      headers: { 'x-forwarded-for': nextAddress() },
    }),
    { params: Promise.resolve({ form: 'contact' }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function auditFor(actor: string) {
  const { db } = await getDatabase();
  return db.select().from(auditLog).where(eq(auditLog.actor, actor)).orderBy(desc(auditLog.at));
}

beforeAll(async () => {
  await getDatabase();
  expect(await command(['add-operator', EMAIL], PASSWORD)).toMatchObject({ code: 0 });
});

afterAll(async () => {
  stopRetention();
  await waitForOutbox();
  await closeDatabase();
  await receiver.stop();
  expect(receiver.unverified()).toEqual([]);
});

describe('operators (npm run leads, through operators.ts)', () => {
  it('refuses a short or overlong password and a second operator with the same email; lists and removes', async () => {
    await expect(command(['add-operator', 'b@agency.example'], 'short')).rejects.toThrow(
      /at least 12 characters/,
    );
    await expect(command(['add-operator', 'b@agency.example'], 'x'.repeat(300))).rejects.toThrow(
      /at most 256 characters/,
    );
    await expect(command(['add-operator', 'b@agency.example'], ' '.repeat(12))).rejects.toThrow(
      /at least 4 different characters/,
    );
    await expect(command(['add-operator', 'b@agency.example'], 'abab'.repeat(3))).rejects.toThrow(
      /at least 4 different characters/,
    );
    await expect(command(['add-operator', EMAIL], PASSWORD)).rejects.toThrow(/already an operator/);
    expect(await command(['add-operator', 'Temp@Agency.example'], PASSWORD)).toMatchObject({
      code: 0,
      out: 'temp@agency.example can now sign in at /admin/sign-in\n',
    });
    const { token } = await session('temp@agency.example');
    expect((await command(['list-operators'])).out).toMatch(
      /temp@agency\.example[\s\S]*2 operator\(s\)/,
    );
    expect(await command(['remove-operator', 'temp@agency.example'])).toMatchObject({
      code: 0,
      err: '', // another operator is left
    });
    const { db } = await getDatabase();
    // Its sessions went with it.
    expect(
      await db.select().from(operatorSessions).where(eq(operatorSessions.token, token)),
    ).toEqual([]);
    await expect(command(['remove-operator', 'temp@agency.example'])).rejects.toThrow(
      /not an operator/,
    );
    // An international domain is kept as the browser's email field sends it, so sign-in finds it.
    expect(await command(['add-operator', 'Ana@Bücher.example'], PASSWORD)).toMatchObject({
      out: 'ana@xn--bcher-kva.example can now sign in at /admin/sign-in\n',
    });
    for (const typed of ['ana@xn--bcher-kva.example', 'ana@bücher.example'])
      expect((await signIn(typed, PASSWORD, headersFrom())).ok, typed).toBe(true);
    expect(await command(['remove-operator', 'ana@bücher.example'])).toMatchObject({ code: 0 });
    await expect(command(['add-operator', 'ü@bücher.example'], PASSWORD)).rejects.toThrow(
      'ü@xn--bcher-kva.example cannot be typed into the sign-in form: browsers take only plain ASCII before the @.',
    );
  });

  it('send-now names a lead id it cannot find instead of attempting nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(command(['send-now', '--lead', unknown])).rejects.toThrow(`No lead ${unknown}`);
    await expect(command(['send-now', '--lead', 'not-a-lead'])).rejects.toThrow(
      'No lead not-a-lead',
    );
  });
});

describe('the command line shows what is stored', () => {
  it('with a visitor’s direction and zero-width characters written out, so the terminal’s line stays as it is', async () => {
    const id = await submitLead('rtl-name@example.com', { lastName: 'Reyes\u202eevil\u200b' });
    const listed = (await command(['list', '--limit', '1000'])).out;
    const shown = (await command(['show', id])).out;
    for (const out of [listed, shown]) {
      expect(out).toContain('Reyes\\u202eevil\\u200b');
      expect(out).not.toMatch(/[\u202e\u200b]/);
    }
    // show's output is still JSON, the characters back as they were stored.
    expect(JSON.parse(shown).lead.fields.lastName).toBe('Reyes\u202eevil\u200b');
  });
});

describe('the command line refuses what it cannot do, before doing anything', () => {
  it('an option the command does not have (a mistyped --form would export every lead)', async () => {
    for (const [args, message] of [
      [
        ['list', '--frm', 'contact'],
        'list has no option --frm (it takes --form, --status, --stage, --limit)',
      ],
      [['export', '--csv', '--frm', 'contact'], 'export has no option --frm'],
      [['send-now', '--skiped'], 'send-now has no option --skiped'],
      [['show', crypto.randomUUID(), '--json'], 'show has no option --json'],
    ] as const)
      await expect(command([...args])).rejects.toThrow(message);
    const unknown = await command(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^Unknown command 'frobnicate'\nUsage: /);
    // None at all is a mistake too (a script missing its argument), unlike asking for help.
    const none = await command([]);
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/^No command\nUsage: /);
    expect(await command(['help'])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Usage: /),
    });
    // An argument too many, like an address without --email, would be ignored.
    await expect(command(['delete', 'ana@example.com'])).rejects.toThrow(
      "delete takes no argument: 'ana@example.com' is one too many",
    );
    await expect(command(['purge', 'now'])).rejects.toThrow("purge takes no argument: 'now'");
    await expect(command(['show', crypto.randomUUID(), 'again'])).rejects.toThrow(
      "show takes one argument: 'again' is one too many",
    );
    // A second --email would be ignored, and only the first address's leads deleted.
    await expect(
      command(['delete', '--email', 'ana@example.com', '--email', 'bo@example.com']),
    ).rejects.toThrow('delete takes --email once: run it again for another value');
    await expect(command(['list', '--form', 'demo', '--form', 'contact'])).rejects.toThrow(
      'list takes --form once',
    );
    // A blank address would match nobody and report success.
    await expect(command(['delete', '--email', '   '])).rejects.toThrow(
      'delete needs --email <address>',
    );
    await expect(command(['remove-operator'])).rejects.toThrow(
      'give the operator’s email address, e.g. ana@agency.example',
    );
  });
});

describe('signing in', () => {
  it('starts a session with HttpOnly, Secure (https site), SameSite=Lax cookies, and records it', async () => {
    const { setCookie } = await session();
    const line = setCookie.find((each) => each.includes('session_token'))!;
    expect(line).toMatch(/^__Secure-admin\.session_token=/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/SameSite=Lax/i);
    expect((await auditFor(EMAIL))[0]).toMatchObject({ action: 'sign_in' });
  });

  it('answers a wrong password and an unknown email alike, and keeps neither password', async () => {
    const wrong = await signIn(EMAIL, 'not-the-password-1', headersFrom());
    const unknown = await signIn('nobody@agency.example', 'not-the-password-2', headersFrom());
    expect(wrong).toEqual({ ok: false, flash: { code: 'invalid_credentials' } });
    expect(unknown).toEqual(wrong);
    const { db } = await getDatabase();
    const entries = JSON.stringify(await db.select().from(auditLog));
    expect(entries).not.toContain('not-the-password');
    expect(entries).not.toContain('nobody@agency.example');
  });

  it('limits failed checks per account (even with the right password after), from any address', async () => {
    const email = 'limited@agency.example';
    await command(['add-operator', email], PASSWORD);
    for (let i = 0; i < 5; i += 1)
      expect(await signIn(email, `wrong-${i}-password`, headersFrom())).toMatchObject({
        ok: false,
        flash: { code: 'invalid_credentials' },
      });
    expect(await signIn(email, PASSWORD, headersFrom())).toEqual({
      ok: false,
      flash: { code: 'rate_limited', values: { minutes: 15 } },
    });
  });

  it("does not let a stranger's failures lock the operator out of an address they signed in from", async () => {
    const email = 'at-work@agency.example';
    await command(['add-operator', email], PASSWORD);
    const office = '198.51.100.240';
    expect((await signIn(email, PASSWORD, headersFrom(office))).ok).toBe(true);
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(email, `stranger-${i}-guess`, headersFrom())).ok).toBe(false);
    // A new address is refused, as the account's limit says; the office is not.
    expect(await signIn(email, PASSWORD, headersFrom())).toMatchObject({
      flash: { code: 'rate_limited' },
    });
    expect((await signIn(email, PASSWORD, headersFrom(office))).ok).toBe(true);
    // Guessing from the office itself still meets the limit there.
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(email, `inside-${i}-guess`, headersFrom(office))).ok).toBe(false);
    expect(await signIn(email, PASSWORD, headersFrom(office))).toMatchObject({
      flash: { code: 'rate_limited' },
    });
  });

  it('limits failed checks per address, across accounts', async () => {
    const ip = '198.51.100.250';
    for (let i = 0; i < 20; i += 1)
      expect((await signIn(`guess${i}@x.example`, 'guessing-password', headersFrom(ip))).ok).toBe(
        false,
      );
    expect(await signIn(EMAIL, PASSWORD, headersFrom(ip))).toMatchObject({
      flash: { code: 'rate_limited' },
    });
    expect((await signIn(EMAIL, PASSWORD, headersFrom())).ok).toBe(true);
  });

  it('lets at most the limit of a burst of 30 simultaneous attempts reach the password check', async () => {
    const email = 'burst@agency.example';
    await command(['add-operator', email], PASSWORD);
    // 29 wrong guesses and the right password, all at once, each from its own address.
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(email, i === 29 ? PASSWORD : `burst-guess-${i}-pw`, headersFrom()),
      ),
    );
    const checked = outcomes.filter(
      (outcome) => outcome.ok || outcome.flash.code === 'invalid_credentials',
    );
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(
      outcomes.filter((outcome) => !outcome.ok && outcome.flash.code === 'rate_limited').length,
    ).toBeGreaterThanOrEqual(25);
    const failures = (await auditFor(email)).filter((entry) => entry.action === 'sign_in_failed');
    expect(failures.length).toBeLessThanOrEqual(5);
  });
});

describe('the address signing in returns to', () => {
  it('is a path inside the inbox as the browser resolves it, else the inbox', () => {
    expect(safeReturnPath('/admin/leads/x?form=demo&q=rosa+parks#notes')).toBe(
      '/admin/leads/x?form=demo&q=rosa+parks#notes',
    );
    expect(safeReturnPath("/admin?q=o'brien")).toBe('/admin?q=o%27brien');
    for (const elsewhere of [
      '/admin/../evil',
      '/admin/..//evil.example',
      '/admin/%2e%2e/x',
      '/admin\\..\\x',
      '//evil.example/admin',
      '/\\evil.example/admin',
      'https://evil.example/admin',
      '/admin/sign-in?next=/admin',
      '/admin/./unavailable',
      '/administrator',
      `/admin?q=${'a'.repeat(2000)}`,
      42,
    ])
      expect(safeReturnPath(elsewhere), String(elsewhere)).toBe('/admin');
  });
});

describe('sessions', () => {
  it('a session unused for longer than the idle limit has ended', async () => {
    const { cookie, token } = await session();
    expect(await currentOperator(headersFrom(undefined, cookie))).not.toBeNull();
    const { db } = await getDatabase();
    await db
      .update(operatorSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(operatorSessions.token, token));
    expect(await currentOperator(headersFrom(undefined, cookie))).toBeNull();
  });

  it('a session older than the absolute limit has ended, however recently it was used, and is deleted', async () => {
    const { cookie, token } = await session();
    const { db } = await getDatabase();
    await db
      .update(operatorSessions)
      .set({ createdAt: new Date(Date.now() - 8 * 3_600_000 - 60_000) })
      .where(eq(operatorSessions.token, token));
    expect(await currentOperator(headersFrom(undefined, cookie))).toBeNull();
    expect(
      await db.select().from(operatorSessions).where(eq(operatorSessions.token, token)),
    ).toHaveLength(0);
  });
});

describe('changing the password', () => {
  it('refuses an overlong new password as too long (not as a wrong current one), before any check', async () => {
    const { cookie } = await session();
    const who = (await currentOperator(headersFrom(undefined, cookie)))!;
    const long = 'x'.repeat(300);
    expect(
      await changeOwnPassword(
        who,
        { current: PASSWORD, next: long, confirm: long },
        headersFrom(undefined, cookie),
      ),
    ).toEqual({
      ok: false,
      flash: { code: 'password_long', values: { min: 12, max: 256, distinct: 4 } },
    });
  });

  it('refuses a long new password of three characters or fewer, repeated, with nothing changed', async () => {
    const { cookie } = await session();
    const who = (await currentOperator(headersFrom(undefined, cookie)))!;
    for (const next of [' '.repeat(12), 'abcabcabcabc', '1'.repeat(40)])
      expect(
        await changeOwnPassword(who, { current: PASSWORD, next, confirm: next }, headersFrom()),
      ).toMatchObject({ ok: false, flash: { code: 'password_repetitive' } });
    expect((await signIn(EMAIL, PASSWORD, headersFrom())).ok).toBe(true);
  });

  it('records each wrong current password, and after the limit refuses even the right one', async () => {
    const email = 'changer@agency.example';
    await command(['add-operator', email], PASSWORD);
    const { cookie } = await session(email);
    const who = (await currentOperator(headersFrom(undefined, cookie)))!;
    const NEW = 'a brand new passphrase';
    for (let i = 0; i < 4; i += 1)
      expect(
        await changeOwnPassword(
          who,
          { current: `wrong-current-${i}`, next: NEW, confirm: NEW },
          headersFrom(undefined, cookie),
        ),
      ).toEqual({ ok: false, flash: { code: 'wrong_password' } });
    const failed = (await auditFor(email)).filter(
      (entry) => entry.action === 'password_change_failed',
    );
    expect(failed).toHaveLength(4);
    // The account's one sign-in that counts with them: the fifth failure.
    expect((await signIn(email, 'wrong-sign-in-pw', headersFrom())).ok).toBe(false);
    expect(
      await changeOwnPassword(
        who,
        { current: PASSWORD, next: NEW, confirm: NEW },
        headersFrom(undefined, cookie),
      ),
    ).toMatchObject({ ok: false, flash: { code: 'rate_limited' } });
  });

  it('changes it: the old one stops working and the other sessions end', async () => {
    const email = 'mover@agency.example';
    await command(['add-operator', email], PASSWORD);
    const other = await session(email);
    const mine = await session(email);
    const who = (await currentOperator(headersFrom(undefined, mine.cookie)))!;
    const NEW = 'a second fine passphrase';
    const changed = await changeOwnPassword(
      who,
      { current: PASSWORD, next: NEW, confirm: NEW },
      headersFrom(undefined, mine.cookie),
    );
    expect(changed.ok).toBe(true);
    expect(await currentOperator(headersFrom(undefined, other.cookie))).toBeNull();
    expect((await signIn(email, PASSWORD, headersFrom())).ok).toBe(false);
    expect((await signIn(email, NEW, headersFrom())).ok).toBe(true);
    expect((await auditFor(email)).map((entry) => entry.action)).toContain('password_changed');
  });
});

describe('the workbench', () => {
  it('sets statuses (the first change is the first response, kept after), adds notes, marks leads opened', async () => {
    const id = await submitLead('worked@example.com');
    const unseenBefore = await countUnseen();
    expect(unseenBefore).toBeGreaterThan(0);
    await markSeen(id);
    expect(await countUnseen()).toBe(unseenBefore - 1);
    expect((await setStage([id], 'contacted')).changes).toEqual([
      { id, from: 'new', to: 'contacted' },
    ]);
    const { db } = await getDatabase();
    const [first] = await db.select().from(leads).where(eq(leads.id, id));
    expect(first!.firstResponseAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setStage([id], 'won');
    const [after] = await db.select().from(leads).where(eq(leads.id, id));
    expect(after!.stage).toBe('won');
    expect(after!.firstResponseAt).toEqual(first!.firstResponseAt);
    // A status set from the list, without opening the lead, takes it out of the unopened count.
    const fromList = await submitLead('worked-from-the-list@example.com');
    const unseen = await countUnseen();
    await setStage([fromList], 'qualified');
    expect(await countUnseen()).toBe(unseen - 1);
    expect(await addNote(id, EMAIL, 'Called back: wants a demo')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await addNote('00000000-0000-4000-8000-000000000000', EMAIL, 'nobody')).toBeNull();
    expect((await notesOf(id)).map((note) => [note.author, note.body])).toEqual([
      [EMAIL, 'Called back: wants a demo'],
    ]);
    const { rows } = await searchLeads(parseLeadQuery({ stage: 'won' }).query);
    expect(rows.map((row) => row.id)).toContain(id);
    expect(parseLeadQuery({ stage: 'closed' }).problems).toEqual([
      {
        message: "Unknown status 'closed' (new, contacted, qualified, won, lost)",
        fields: ['stage'],
      },
    ]);
  });

  it('a status sent from a page or list shown before someone else changed it does not overwrite their change', async () => {
    const id = await submitLead('two-operators@example.com');
    const other = await submitLead('two-operators-other@example.com');
    const shown = new Map([
      [id, 'new'],
      [other, 'new'],
    ] as const);
    // Both screens show New; the first save wins.
    expect(await setStage([id], 'contacted', { shown })).toEqual({
      changes: [{ id, from: 'new', to: 'contacted' }],
      stale: [],
    });
    expect(await setStage([id, other], 'lost', { shown })).toEqual({
      changes: [{ id: other, from: 'new', to: 'lost' }],
      stale: [{ id, now: 'contacted' }],
    });
    const { db } = await getDatabase();
    const [lead] = await db.select().from(leads).where(eq(leads.id, id));
    expect(lead!.stage).toBe('contacted');
    // Shown as it is now, or with no status shown, it changes.
    expect(
      (await setStage([id], 'won', { shown: new Map([[id, 'contacted']]) })).changes,
    ).toHaveLength(1);
    expect((await setStage([id], 'lost')).changes).toHaveLength(1);
  });

  it('a lead opened from a filtered list leads back to that list, its page and filter re-read', () => {
    const { query } = parseLeadQuery({ form: 'demo', q: 'rosa parks' });
    expect(inboxListPath('/admin/leads/x', query, 3)).toBe(
      '/admin/leads/x?form=demo&q=rosa+parks&page=3',
    );
    expect(inboxListPath('/admin', {}, 1)).toBe('/admin');
    expect(inboxListPathOf('/admin/leads/x?form=demo&q=rosa+parks&page=3')).toBe(
      '/admin?form=demo&q=rosa+parks&page=3',
    );
    // Only the list's own parameters, as parsed: anything else in the address is dropped.
    expect(inboxListPathOf('/admin/leads/x?tick=all&next=//evil.example&stage=won&page=1')).toBe(
      '/admin?stage=won',
    );
    expect(inboxListPathOf('/admin/leads/x')).toBe('/admin');
  });
});

describe('retention', () => {
  it('purges spam and leads past their periods, never one with a job pending or failed, and audits the counts', async () => {
    receiver.setDefault(500);
    const failing = await submitLead('failing-delivery@example.com');
    await waitForOutbox();
    receiver.setDefault(200);
    const delivered = await submitLead('delivered@example.com');
    const spam = await submitLead('spam@example.com', { company_website: 'https://bot.example' });
    await waitFor(() => Promise.resolve(receiver.forLead(delivered).length === 1), {
      what: 'the delivery',
    });
    await waitForOutbox();
    const { db } = await getDatabase();
    // A delivered webhook and an email still waiting to be sent: the lead is not the agency's yet.
    const emailing = await submitLead('email-pending@example.com');
    await waitFor(() => Promise.resolve(receiver.forLead(emailing).length === 1), { what: 'it' });
    await waitForOutbox();
    await db.insert(leadDeliveries).values({
      id: crypto.randomUUID(),
      leadId: emailing,
      channel: 'agency_email',
      recipient: 'agency@agency.example',
      status: 'pending',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    // Delivered to the agency, but the visitor's confirmation and the chat ping failed for good:
    // neither carries the lead to the agency, so neither keeps it past its period.
    const confirmationFailed = await submitLead('bounced@example.com');
    await waitFor(() => Promise.resolve(receiver.forLead(confirmationFailed).length === 1), {
      what: 'its delivery',
    });
    await waitForOutbox();
    for (const channel of ['visitor_email', 'chat'] as const)
      await db.insert(leadDeliveries).values({
        id: crypto.randomUUID(),
        leadId: confirmationFailed,
        channel,
        recipient: channel === 'chat' ? null : 'bounced@example.com',
        status: 'failed',
        lastError: '550 No such user',
      });
    const [failingDelivery] = await db
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, failing), eq(leadDeliveries.channel, 'webhook')));
    expect(['pending', 'failed']).toContain(failingDelivery!.status);

    const later = new Date(Date.now() + 2 * 86_400_000);
    expect(await purgeExpired({ spamDays: 3, leadDays: null }, later)).toEqual({
      spam: 0,
      leads: 0,
    });
    expect(await purgeExpired({ spamDays: 1, leadDays: null }, later)).toMatchObject({ spam: 1 });
    const purged = await purgeExpired({ spamDays: 1, leadDays: 1 }, later);
    const kept = await db
      .select({ id: leads.id })
      .from(leads)
      .where(inArray(leads.id, [failing, delivered, spam, emailing, confirmationFailed]));
    expect(kept.map((row) => row.id).sort()).toEqual([emailing, failing].sort());
    expect(purged.leads).toBeGreaterThanOrEqual(2);
    const [entry] = (await auditFor('retention')).filter((each) => each.action === 'leads_purged');
    expect(entry!.detail).toEqual({ spam: 0, leads: purged.leads, spam_days: 1, lead_days: 1 });
    expect(JSON.stringify(await auditFor('retention'))).not.toContain('@example.com');
  });

  it('counts each lead once when several processes purge at the same moment', async () => {
    const ids = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        submitLead(`together-${i}@example.com`, { company_website: 'https://bot.example' }),
      ),
    );
    const later = new Date(Date.now() + 2 * 86_400_000);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => purgeExpired({ spamDays: 1, leadDays: null }, later)),
    );
    expect(results.reduce((sum, result) => sum + result.spam, 0)).toBe(ids.length);
  });

  it('runs on a timer in the process', async () => {
    const { db } = await getDatabase();
    const id = await submitLead('old-spam@example.com', { company_website: 'https://bot.example' });
    await db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(leads.id, id));
    expect(startRetention(50)).toBe(true);
    await waitFor(
      async () => (await db.select().from(leads).where(eq(leads.id, id))).length === 0,
      { what: 'the default 30-day spam period to purge it' },
    );
    stopRetention();
  });
});

describe('the CSV and what the inbox shows of a visitor’s text', () => {
  it('quotes cells with a semicolon, defuses formulas, and writes hidden characters out', () => {
    expect(csvCell('x;=1+1')).toBe('"x;=1+1"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toMatch(/^"?'/);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('ceo@victim.\u202emoc\u202c')).toBe('ceo@victim.\\u202emoc\\u202c');
    expect(csvCell('zero\u200bwidth\ufeff')).toBe('zero\\u200bwidth\\ufeff');
  });

  it('exports every lead of a millisecond that spans batches, each once', async () => {
    // 2,500 leads stored in one microsecond-precise instant: the export reads 1,000 at a time.
    const { db } = await getDatabase();
    await db.execute(sql`
      INSERT INTO leads (id, form, status, fields, attribution, created_at)
      SELECT gen_random_uuid(), 'demo', 'accepted',
        jsonb_build_object('firstName', 'Same', 'lastName', 'Instant', 'email', 'instant' || n || '@example.com'),
        '{}'::jsonb, '2031-03-04 05:06:07.123456+00'
      FROM generate_series(1, 2500) AS n`);
    const emails: string[] = [];
    for await (const line of csvLines(parseLeadQuery({ q: 'instant' }).query))
      emails.push(...(line.match(/instant\d+@example\.com/g) ?? []));
    expect(emails).toHaveLength(2500);
    expect(new Set(emails).size).toBe(2500);
    await db.delete(leads).where(sql`${leads.fields} ->> 'lastName' = 'Instant'`);
  });

  it('exports the status and the latest note of each lead', async () => {
    const id = await submitLead('exported@example.com');
    await setStage([id], 'qualified');
    await addNote(id, EMAIL, 'first note');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await addNote(id, EMAIL, 'latest; note');
    let csv = '';
    for await (const line of csvLines(parseLeadQuery({ q: 'exported@example.com' }).query))
      csv += line;
    const [header, row] = csv.trimEnd().split('\r\n');
    // The columns say what the inbox says: Status, then spam.
    expect(header).toMatch(/^\uFEFFid,created_at,form,status,spam,delivery_status,.*,latest_note$/);
    expect(row).toMatch(new RegExp(`^${id},[^,]+,contact,qualified,no,.*,"latest; note"$`));
  });

  it('refuses an email with a direction-changing character, and finds a stored one by its shown form', async () => {
    const refused = await postLead(
      leadRequest('contact', {
        body: JSON.stringify({
          ...validBodies.contact,
          email: 'ceo@victim.\u202emoc\u202c',
          form_started_at: String(Date.now() - 10_000),
        }),
        headers: { 'x-forwarded-for': nextAddress() },
      }),
      { params: Promise.resolve({ form: 'contact' }) },
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ fieldErrors: { email: 'invalid' } });
    // A stored one (as a row older than the rule may hold): the inbox shows \u202e written out,
    // and that finds and deletes it.
    const id = await submitLead('bidi-before@example.com');
    // Its delivery ends first: deleting a lead whose attempt is in flight is the outbox's race,
    // not this test's.
    await waitForOutbox();
    const { db } = await getDatabase();
    await db
      .update(leads)
      .set({ fields: { ...validBodies.contact, email: 'ceo@victim.\u202emoc\u202c' } })
      .where(eq(leads.id, id));
    const shown = 'victim.\\u202emoc';
    expect(
      (await searchLeads(parseLeadQuery({ q: shown }).query)).rows.map((row) => row.id),
    ).toEqual([id]);
    expect(await deleteLeadsByEmail(readHidden('ceo@victim.\\u202emoc\\u202c'))).toBe(1);
  });
});

describe('the inbox’s address is bounded before it reaches the database', () => {
  it('refuses dates the database cannot take, and clamps page numbers', async () => {
    for (const day of ['0000-01-01', '275760-09-13', '2026-02-31', '1969-12-31'])
      expect(parseLeadQuery({ from: day }).problems).toEqual([
        { message: expect.stringMatching(/^'from' must be /), fields: ['from'] },
      ]);
    expect(parseLeadQuery({ from: '2026-01-31', to: '9999-12-31' }).problems).toEqual([]);
    expect(parseLeadQuery({ from: '2026-11-28', to: '2026-11-28' }).problems).toEqual([]);
    // Said, so that the empty list it gives is not taken for no leads.
    expect(parseLeadQuery({ from: '2026-11-28', to: '2026-11-27' }).problems).toEqual([
      {
        message: "'from' is after 'to': no day is in between, so no lead matches",
        fields: ['from', 'to'],
      },
    ]);
    expect(pageNumber('184467440737095516')).toBe(1);
    expect(pageNumber('1e20')).toBe(1);
    expect(pageNumber('-3')).toBe(1);
    expect(pageNumber('100001')).toBe(100_000);
    const asked = await searchLeads({}, { page: 100_000, pageSize: 50 });
    expect(asked.page).toBe(asked.pages);
    expect(asked.rows.length).toBeGreaterThan(0);
    const audit = await listAudit(1e20);
    expect(audit.page).toBe(audit.pages);
    expect(audit.entries.length).toBeGreaterThan(0);
    const { query } = parseLeadQuery({ from: '9999-12-31' });
    expect((await searchLeads(query)).total).toBe(0);
    // The last day's end is its last millisecond: the next midnight is a year PostgreSQL cannot read.
    const untilTheEnd = parseLeadQuery({ to: '9999-12-31' }).query;
    expect((await searchLeads(untilTheEnd)).total).toBeGreaterThan(0);
    const exported: string[] = [];
    for await (const line of csvLines(untilTheEnd)) exported.push(line);
    expect(exported.length).toBeGreaterThan(1);
    for (const day of ['9999-12-31', '2026-01-31'])
      expect(leadQueryParams(parseLeadQuery({ to: day }).query).get('to')).toBe(day);
    const long = parseLeadQuery({ q: `heron${'x'.repeat(200)}` });
    expect(long.problems).toEqual([
      {
        message: 'The search is longer than 100 characters: only its first 100 are searched',
        fields: ['q'],
      },
    ]);
    expect(long.query.q).toHaveLength(100);
    for (const q of ['heron\u0000', 'heron\\u0000']) {
      const nul = parseLeadQuery({ q });
      expect(nul.problems).toEqual([
        { message: 'The search cannot hold a NUL character (\\u0000)', fields: ['q'] },
      ]);
      expect((await searchLeads(nul.query)).total).toBeGreaterThan(0);
    }
  });

  it('finds a name with or without its accents and apostrophes, in either case', async () => {
    const id = await submitLead('accents@example.com', { firstName: 'JOSÉ', lastName: 'Müller' });
    const other = await submitLead('apostrophe@example.com', { lastName: "O'Brien-Ngata" });
    const found = async (q: string) =>
      (await searchLeads(parseLeadQuery({ q }).query)).rows.map((row) => row.id);
    for (const q of ['muller', 'MULLER', 'müller', 'Mülle', 'josé', 'jose müller'])
      expect(await found(q), q).toEqual([id]);
    expect(await found('mueller')).toEqual([]);
    for (const q of ['obrien', "O'Brien", 'O’Brien', 'o‘brien-ngata'])
      expect(await found(q), q).toEqual([other]);
  });

  it('reads a lead’s delivery in the list from its webhook job only', async () => {
    const id = await submitLead('two-jobs@example.com');
    await waitForOutbox();
    const { db } = await getDatabase();
    await db.insert(leadDeliveries).values({
      id: crypto.randomUUID(),
      leadId: id,
      channel: 'visitor_email',
      recipient: 'two-jobs@example.com',
      status: 'failed',
    });
    const { rows } = await searchLeads(parseLeadQuery({ q: 'two-jobs@example.com' }).query);
    expect(rows.map((row) => [row.id, row.delivery])).toEqual([[id, 'delivered']]);
    const failedOnly = await searchLeads(parseLeadQuery({ delivery: 'failed' }).query);
    expect(failedOnly.rows.map((row) => row.id)).not.toContain(id);
    await db
      .delete(leadDeliveries)
      .where(and(eq(leadDeliveries.leadId, id), eq(leadDeliveries.channel, 'visitor_email')));
  });
});
