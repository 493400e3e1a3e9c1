import 'server-only';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { isLeadForm, leadForms } from '@/lib/lead-forms';
import { formatUtc } from '@/lib/utc-time';
import { readHidden, showHidden } from '@/lib/visible-text';
import { BackupError, runBackupCommand } from '@/server/db/backup';
import { deleteLeadsByEmail, deliverSkipped, sendNow } from '@/server/leads/actions';
import {
  csvLines,
  parseLeadQuery,
  problemsText,
  searchLeads,
  showLead,
} from '@/server/leads/queries';
import { purgeExpired } from '@/server/leads/retention';
import { COMMAND_LINE_ACTOR, recordAudit } from '@/server/audit';
import { MIN_PASSWORD_DISTINCT, MIN_PASSWORD_LENGTH } from './auth';
import { addOperator, listOperators, OperatorError, removeOperator } from './operators';

/**
 * The operator commands (`npm run leads -- <command>`), written once: scripts/leads.ts runs them in its
 * own process (PostgreSQL, or the embedded database when the site is not running) or asks the running
 * site to run them (command-socket.ts). Output goes through `out`, which waits for the reader, so a
 * piped or slow consumer gets every byte.
 */

export type CommandIO = {
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
};

/** What the caller collected before running: a password read from standard input or a prompt. */
export type CommandInput = { password?: string };

const usage = `Usage: npm run leads -- <command>
  list [--form F] [--status S] [--stage T] [--limit N]
                                               newest first; S: accepted, spam, pending, delivering, delivered,
                                               failed, skipped; T (the inbox's Status): new, contacted, qualified,
                                               won, lost
  export --csv [--form F] [--status S] [--stage T]
                                               CSV on standard output (e.g. > leads.csv)
  show <id>                                    one lead with its delivery and every attempt (JSON)
  send-now [--form F] [--lead ID] [--skipped]  attempt every pending and failed delivery (webhook, emails, chat)
                                               at once, keeping each one's attempt count; with --skipped, also
                                               those stored while their channel was not configured;
                                               exits 1 when any attempt did not deliver
  retry-failed                                 the same as send-now
  delete --email <address>                     delete every lead of a person (a deletion request)
  purge                                        delete what is past LEADS_SPAM_RETENTION_DAYS and
                                               LEADS_RETENTION_DAYS now (the site also does it hourly)
  add-operator <email>                         add an inbox operator; the password is read from standard input
                                               (or asked for at a terminal), at least ${MIN_PASSWORD_LENGTH} characters,
                                               ${MIN_PASSWORD_DISTINCT} of them different
  remove-operator <email>                      remove an operator and end their sessions
  list-operators                               the operators and when each last signed in
  backup <file>                                a snapshot of the embedded database, taken while the site runs
  restore <file> [--to <folder>]               a backup into a new, empty folder (default LEADS_DATA_DIR)
Forms: ${leadForms.join(', ')}`;

// The commands that take nothing (the others are commandOptions' keys).
const knownCommands = new Set(['purge', 'list-operators']);

/** Commands that need a password from the caller before they run. */
export const commandsNeedingPassword = new Set(['add-operator']);

export class CommandError extends Error {
  override name = 'CommandError';
}

/** Runs an operator change, its refusals ('is already an operator') told as the command's own. */
async function operatorChange<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof OperatorError) throw new CommandError(error.message);
    throw error;
  }
}

/**
 * Each command's options: those followed by a value (`--form F`) and those that stand alone, and
 * how many arguments it takes besides (an id, an address, a file).
 */
const commandOptions: Record<string, { valued?: string[]; alone?: string[]; takes?: number }> = {
  list: { valued: ['form', 'status', 'stage', 'limit'] },
  export: { valued: ['form', 'status', 'stage'], alone: ['csv'] },
  'send-now': { valued: ['form', 'lead'], alone: ['skipped'] },
  'retry-failed': { valued: ['form', 'lead'], alone: ['skipped'] },
  delete: { valued: ['email'] },
  restore: { valued: ['to'], takes: 1 },
  show: { takes: 1 },
  'add-operator': { takes: 1 },
  'remove-operator': { takes: 1 },
  backup: { takes: 1 },
};

/** Whether a command opens the site's database: not help, and not restore (it fills a new folder). */
export const opensSiteDatabase = (command: string | undefined): boolean =>
  command !== undefined &&
  command !== 'restore' &&
  (command in commandOptions || knownCommands.has(command));

/**
 * Refuses an option the command does not have (a mistyped --form would otherwise export every
 * lead), one given twice (only the first would count: `delete --email a --email b` deletes a's
 * alone), and an argument it does not take (`delete ana@x.example` without --email deletes nothing).
 */
function checkOptions(command: string, args: string[]): void {
  const { valued = [], alone = [], takes = 0 } = commandOptions[command] ?? {};
  let given = 0;
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith('--') && seen.has(arg))
      throw new CommandError(`${command} takes ${arg} once: run it again for another value`);
    seen.add(arg);
    if (!arg.startsWith('--')) {
      if (++given > takes)
        throw new CommandError(
          `${command} takes ${takes === 0 ? 'no argument' : `one argument`}: '${arg}' is one too many`,
        );
      continue;
    }
    if (valued.includes(arg.slice(2))) i += 1;
    else if (!alone.includes(arg.slice(2))) {
      const known = [...valued, ...alone].map((name) => `--${name}`).join(', ');
      throw new CommandError(
        `${command} has no option ${arg}${known ? ` (it takes ${known})` : ''}`,
      );
    }
  }
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--'))
    throw new CommandError(`--${name} needs a value`);
  return value;
}

/**
 * Renders rows the way console.table does (strings quoted, control characters escaped), with the
 * directional and zero-width characters console.table leaves as they are written out too: a
 * visitor's right-to-left override would otherwise turn the rest of the terminal's line around.
 */
function table(rows: object[]): string {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  new Console({ stdout: sink, colorMode: false }).table(rows);
  return showHidden(text);
}

/** Runs one command; returns its exit code. Errors meant for the operator are CommandErrors. */
export async function runCommand(
  args: string[],
  io: CommandIO,
  input: CommandInput = {},
): Promise<number> {
  const [command, ...rest] = args;
  const known = command !== undefined && (command in commandOptions || knownCommands.has(command));
  if (known) checkOptions(command, rest);
  const filters = () => {
    const { query, problems } = parseLeadQuery({
      form: option(rest, 'form'),
      status: option(rest, 'status'),
      stage: option(rest, 'stage'),
    });
    if (problems.length) throw new CommandError(problemsText(problems));
    return query;
  };
  switch (command) {
    case 'list': {
      const limit = Number(option(rest, 'limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000)
        throw new CommandError('--limit must be a whole number from 1 to 1000000');
      const { rows, total } = await searchLeads(filters(), { pageSize: limit });
      await io.out(
        table(
          rows.map((row) => ({
            id: row.id,
            created: formatUtc(row.createdAt, { seconds: true }),
            form: row.form,
            status: row.status,
            stage: row.stage,
            delivery: row.delivery ?? '-',
            attempts: row.attempts ?? 0,
            email: row.fields.email,
            name: `${row.fields.firstName ?? ''} ${row.fields.lastName ?? ''}`.trim(),
          })),
        ),
      );
      await io.out(`${rows.length} of ${total} lead(s)\n`);
      return 0;
    }
    case 'export': {
      if (!rest.includes('--csv')) throw new CommandError('export needs --csv (the only format)');
      const query = filters();
      let count = -1; // the header line
      for await (const line of csvLines(query)) {
        await io.out(line);
        count += 1;
      }
      await recordAudit(COMMAND_LINE_ACTOR, 'leads_exported', null, { count });
      return 0;
    }
    case 'show': {
      const id = rest[0];
      if (!id) throw new CommandError('show needs a lead id');
      const found = await showLead(id);
      if (!found) {
        await io.err(`No lead ${id}\n`);
        return 1;
      }
      // Still JSON: what is written out is inside its strings, as \uXXXX.
      await io.out(`${showHidden(JSON.stringify(found, null, 2))}\n`);
      return 0;
    }
    case 'send-now':
    case 'retry-failed': {
      const form = option(rest, 'form');
      if (form !== undefined && !isLeadForm(form)) throw new CommandError(`Unknown form '${form}'`);
      const leadId = option(rest, 'lead');
      if (leadId !== undefined && !(await showLead(leadId)))
        throw new CommandError(`No lead ${leadId}`);
      const skipped = rest.includes('--skipped') ? await deliverSkipped({ form, leadId }) : 0;
      if (skipped)
        await recordAudit(COMMAND_LINE_ACTOR, 'skipped_requeued', form ?? null, { count: skipped });
      const sent = await sendNow({ form, leadId });
      // The same entry as the inbox's Send now.
      await recordAudit(COMMAND_LINE_ACTOR, 'sent_now', leadId ?? form ?? null, sent);
      await io.out(
        `${sent.attempted} delivery(ies) attempted now: ${sent.delivered} delivered, ${sent.waiting} waiting for a retry, ${sent.failed} failed\n`,
      );
      // A script (or cron) that runs it after a fix learns from the exit code whether the fix held.
      return sent.delivered === sent.attempted ? 0 : 1;
    }
    case 'delete': {
      const email = option(rest, 'email')?.trim();
      if (!email) throw new CommandError('delete needs --email <address>');
      // An address the inbox shows with \u202e written out is deleted when given as shown.
      const count = await deleteLeadsByEmail(readHidden(email));
      await recordAudit(COMMAND_LINE_ACTOR, 'leads_deleted_by_email', null, { count });
      await io.out(`${count} lead(s) deleted\n`);
      return 0;
    }
    case 'purge': {
      const { spam, leads } = await purgeExpired();
      await io.out(`${spam} spam and ${leads} other lead(s) past their retention period deleted\n`);
      return 0;
    }
    case 'add-operator': {
      const email = await operatorChange(() => addOperator(rest[0] ?? '', input.password ?? ''));
      await recordAudit(COMMAND_LINE_ACTOR, 'operator_added', email);
      await io.out(`${email} can now sign in at /admin/sign-in\n`);
      return 0;
    }
    case 'remove-operator': {
      const email = await operatorChange(() => removeOperator(rest[0] ?? ''));
      await recordAudit(COMMAND_LINE_ACTOR, 'operator_removed', email);
      await io.out(`${email} removed; their sessions have ended\n`);
      if ((await listOperators()).length === 0)
        await io.err(
          'No operator is left: no one can sign in to the inbox until one is added (add-operator <email>).\n',
        );
      return 0;
    }
    case 'list-operators': {
      const rows = await listOperators();
      const when = (value: Date | null) => formatUtc(value) || '-';
      await io.out(
        table(
          rows.map((row) => ({
            email: row.email,
            added: when(row.added),
            'last sign-in': when(row.lastSignIn),
          })),
        ),
      );
      await io.out(`${rows.length} operator(s)\n`);
      return 0;
    }
    case 'backup':
    case 'restore': {
      const code = await runBackupCommand(args, io.out).catch((error: unknown) => {
        throw error instanceof BackupError ? new CommandError(error.message) : error;
      });
      // A backup is a copy of every lead, like an export: the log says when one was taken.
      if (command === 'backup' && code === 0)
        await recordAudit(COMMAND_LINE_ACTOR, 'database_backed_up', null);
      return code;
    }
    default: {
      const asked = command === 'help' || command === '--help';
      if (asked) await io.out(`${usage}\n`);
      else
        await io.err(
          `${command === undefined ? 'No command' : `Unknown command '${command}'`}\n${usage}\n`,
        );
      return asked ? 0 : 1;
    }
  }
}
