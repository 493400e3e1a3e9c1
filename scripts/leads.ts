/**
 * Operator commands for stored leads: `npm run leads -- <command>`.
 *
 *   list [--form F] [--status S] [--limit N]   newest first; S is a lead status (accepted, spam)
 *                                              or a delivery status (pending, delivering, delivered, failed, skipped)
 *   export --csv [--form F] [--status S]       CSV on stdout (e.g. > leads.csv)
 *   show <id>                                  one lead with its delivery and every attempt (JSON)
 *   retry-failed [--form F] [--skipped]        re-queue failed deliveries (and, with --skipped, those stored
 *                                              while no webhook was configured), then make one delivery pass
 *
 * Reads the same configuration as the site (.env files via Next's loader). With
 * the embedded database, stop the site first: only one process can open it.
 * Runs as `node --conditions=react-server --import tsx` (see package.json) so
 * the 'server-only' fence resolves as it does on the server.
 */
import nextEnv from '@next/env';

nextEnv.loadEnvConfig(process.cwd());
// Keep stdout for the command's own output (CSV goes there); info logs such as a migration are noise here.
process.env.LOG_LEVEL ||= 'warn';

const { closeDatabase } = await import('@/server/db/client');
const { exportCsv, listLeads, retryFailed, showLead } = await import('@/server/leads/admin');
const { runOutboxOnce } = await import('@/server/outbox/worker');
const { isLeadForm } = await import('@/lib/lead-forms');

const usage = `Usage: npm run leads -- <command>
  list [--form F] [--status S] [--limit N]
  export --csv [--form F] [--status S]
  show <id>
  retry-failed [--form F] [--skipped]
Forms: growth-audit, demo, contact, aria-signup`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  const filter = { form: option(rest, 'form'), status: option(rest, 'status') };
  switch (command) {
    case 'list': {
      const limit = option(rest, 'limit');
      const rows = await listLeads({ ...filter, limit: limit ? Number(limit) : 100 });
      console.table(
        rows.map((row) => ({
          id: row.id,
          created: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          form: row.form,
          status: row.status,
          delivery: row.delivery ?? '-',
          attempts: row.attempts ?? 0,
          email: row.fields.email,
          name: `${row.fields.firstName ?? ''} ${row.fields.lastName ?? ''}`.trim(),
        })),
      );
      console.log(`${rows.length} lead(s)`);
      return 0;
    }
    case 'export': {
      if (!rest.includes('--csv')) throw new Error('export needs --csv (the only format)');
      process.stdout.write(await exportCsv(filter));
      return 0;
    }
    case 'show': {
      const id = rest[0];
      if (!id) throw new Error('show needs a lead id');
      const found = await showLead(id);
      if (!found) {
        console.error(`No lead ${id}`);
        return 1;
      }
      console.log(JSON.stringify(found, null, 2));
      return 0;
    }
    case 'retry-failed': {
      if (filter.form !== undefined && !isLeadForm(filter.form)) throw new Error(`Unknown form '${filter.form}'`);
      const queued = await retryFailed({ form: filter.form as never, includeSkipped: rest.includes('--skipped') });
      console.log(`${queued} delivery(ies) queued`);
      if (queued > 0) console.log(`${await runOutboxOnce()} delivery attempt(s) made now; failures keep retrying on the site's schedule`);
      return 0;
    }
    default:
      console.log(usage);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 1;
  }
}

let code = 1;
try {
  code = await main(process.argv.slice(2));
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await closeDatabase();
}
process.exit(code);
