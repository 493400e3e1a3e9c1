import 'server-only';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  attributionRules,
  leadFieldNames,
  isLeadForm,
  leadForms,
  type Attribution,
  type LeadForm,
} from '@/lib/lead-forms';
import { param } from '@/lib/search-param';
import { utcDay } from '@/lib/utc-time';
import { isUuid } from '@/lib/uuid';
import { readHidden, showHidden } from '@/lib/visible-text';
import { getDatabase } from '@/server/db/client';
import {
  deliveryStatuses,
  foldForSearch,
  leadDailyCounts,
  leadDeliveries,
  leadDeliveryAttempts,
  leadNotes,
  leads,
  leadStages,
  leadStatuses,
  type DeliveryStatus,
  type LeadStage,
  type LeadStatus,
} from '@/server/db/schema';

/** Reading stored leads for the inbox and the operator commands: one filter, search and CSV. */

export type LeadQuery = {
  form?: LeadForm;
  /** The spam flag. */
  status?: LeadStatus;
  /** Where the agency is with the lead (the inbox's 'Status'). */
  stage?: LeadStage;
  delivery?: DeliveryStatus;
  /** Inclusive start and exclusive end, UTC. */
  from?: Date;
  to?: Date;
  /** Matches name, email, phone (with or without punctuation) and company, case-insensitively. */
  q?: string;
};

export const MAX_SEARCH_CHARS = 100;
/** The inbox's page size, and the furthest page an address may ask for (a bounded offset). */
const INBOX_PAGE_SIZE = 50;
const MAX_PAGE = 100_000;
// Dates PostgreSQL and JavaScript both take: year 0 or 275760 are refused, not sent.
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-12-31';
const LAST_MOMENT = Date.parse(`${LAST_DAY}T23:59:59.999Z`);

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** A page number from an address: a whole number from 1 to MAX_PAGE, else 1 (never NaN or 1e20). */
export function pageNumber(value: string | undefined): number {
  const page = /^\d{1,9}$/.test(value?.trim() ?? '') ? Number(value) : 1;
  return Math.min(MAX_PAGE, Math.max(1, page));
}

/** A filter value that could not be used, and the inbox's fields it is about. */
export type FilterProblem = { message: string; fields: InboxFilterName[] };

/** The problems as one line, for an answer that is text (the command line, a CSV request). */
export const problemsText = (problems: FilterProblem[]) =>
  problems.map((problem) => problem.message).join('; ');

/**
 * A LeadQuery from the inbox's address or the command line's options. Unknown values are reported,
 * not ignored, so an operator never reads a list they think is filtered when it is not.
 */
export function parseLeadQuery(input: Record<string, string | undefined>): {
  query: LeadQuery;
  problems: FilterProblem[];
} {
  const query: LeadQuery = {};
  const problems: FilterProblem[] = [];
  const problem = (message: string, ...fields: InboxFilterName[]) =>
    problems.push({ message, fields });
  const value = (name: string) => {
    const raw = input[name]?.trim();
    return raw ? raw : undefined;
  };
  const form = value('form');
  if (form) {
    if (isLeadForm(form)) query.form = form;
    else problem(`Unknown form '${form}' (${leadForms.join(', ')})`, 'form');
  }
  const status = value('status');
  if (status) {
    // The command line's --status takes either kind.
    if ((leadStatuses as readonly string[]).includes(status)) query.status = status as LeadStatus;
    else if ((deliveryStatuses as readonly string[]).includes(status) && !value('delivery'))
      query.delivery = status as DeliveryStatus;
    else
      problem(
        `Unknown status '${status}' (lead: ${leadStatuses.join(', ')}; delivery: ${deliveryStatuses.join(', ')})`,
        'status',
      );
  }
  const stage = value('stage');
  if (stage) {
    if (isOneOf(leadStages, stage)) query.stage = stage;
    else problem(`Unknown status '${stage}' (${leadStages.join(', ')})`, 'stage');
  }
  const delivery = value('delivery');
  if (delivery) {
    if ((deliveryStatuses as readonly string[]).includes(delivery))
      query.delivery = delivery as DeliveryStatus;
    else
      problem(`Unknown delivery status '${delivery}' (${deliveryStatuses.join(', ')})`, 'delivery');
  }
  for (const [name, key, dayOffset] of [
    ['from', 'from', 0],
    ['to', 'to', 1],
  ] as const) {
    const day = value(name);
    if (!day) continue;
    const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00.000Z`) : null;
    // A real day (not 2026-02-31) within the years the database is asked about.
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day)
      problem(`'${name}' must be a date like 2026-01-31`, name);
    else if (day < FIRST_DAY || day > LAST_DAY)
      problem(`'${name}' must be between ${FIRST_DAY} and ${LAST_DAY}`, name);
    // 'to' is the whole of that day: the query's end is the next midnight, or for the last day
    // its last millisecond (PostgreSQL reads no year 10000).
    else query[key] = new Date(Math.min(date.getTime() + dayOffset * 86_400_000, LAST_MOMENT));
  }
  // Kept as asked (no lead matches), and said, so an empty list is not taken for no leads.
  if (query.from && query.to && query.from >= query.to)
    problem("'from' is after 'to': no day is in between, so no lead matches", 'from', 'to');
  const q = value('q');
  // A value the inbox shows with \u202e written out is found when searched for as shown.
  if (q && q.length > MAX_SEARCH_CHARS)
    problem(
      `The search is longer than ${MAX_SEARCH_CHARS} characters: only its first ${MAX_SEARCH_CHARS} are searched`,
      'q',
    );
  const search = q && readHidden(q.slice(0, MAX_SEARCH_CHARS));
  // PostgreSQL's text cannot hold NUL, so no lead does: said here, not refused by the database.
  if (search?.includes('\u0000')) problem('The search cannot hold a NUL character (\\u0000)', 'q');
  else if (search) query.q = search;
  return { query, problems };
}

/** The LeadQuery as address parameters (the inbox's links and its CSV link keep the filter). */
export function leadQueryParams(query: LeadQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.form) params.set('form', query.form);
  if (query.status) params.set('status', query.status);
  if (query.stage) params.set('stage', query.stage);
  if (query.delivery) params.set('delivery', query.delivery);
  if (query.from) params.set('from', query.from.toISOString().slice(0, 10));
  // The day of the query's last millisecond: the day before its end, whichever end it has.
  if (query.to) params.set('to', new Date(query.to.getTime() - 1).toISOString().slice(0, 10));
  if (query.q) params.set('q', query.q);
  return params;
}

/** The inbox's filter fields, as named in its address. */
export const inboxFilterNames = ['q', 'form', 'stage', 'status', 'delivery', 'from', 'to'] as const;
type InboxFilterName = (typeof inboxFilterNames)[number];

/** The inbox list an address asks for: its filter (with any problems in it) and its page. */
export function inboxListOf(params: Record<string, string | string[] | undefined>): {
  query: LeadQuery;
  problems: FilterProblem[];
  page: number;
} {
  const { query, problems } = parseLeadQuery(
    Object.fromEntries(inboxFilterNames.map((name) => [name, param(params[name])])),
  );
  return { query, problems, page: pageNumber(param(params.page)) };
}

/**
 * A list's address: its filter, then its page past the first. A lead opened from the list carries
 * the same parameters, so its page leads back to that list (and a deletion returns there).
 */
export function inboxListPath(
  path: string,
  query: LeadQuery,
  page = 1,
  more: Record<string, string> = {},
): string {
  const params = leadQueryParams(query);
  if (page > 1) params.set('page', String(page));
  for (const [name, value] of Object.entries(more)) params.set(name, value);
  return params.size ? `${path}?${params}` : path;
}

/** The inbox list an inbox address (a lead's page opened from it, the list itself) belongs to. */
export function inboxListPathOf(address: string): string {
  const { searchParams } = new URL(address, 'http://inbox.invalid');
  const list = inboxListOf(Object.fromEntries(searchParams));
  return inboxListPath('/admin', list.query, list.page);
}

function conditions(query: LeadQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.form) where.push(eq(leads.form, query.form));
  if (query.status) where.push(eq(leads.status, query.status));
  if (query.stage) where.push(eq(leads.stage, query.stage));
  if (query.delivery) where.push(eq(leadDeliveries.status, query.delivery));
  if (query.from) where.push(gte(leads.createdAt, query.from));
  if (query.to) where.push(lt(leads.createdAt, query.to));
  if (query.q) {
    const needle = foldForSearch(query.q).replace(/[\\%_]/g, (char) => `\\${char}`);
    // The phone also matches as digits only, so '555 0100' finds '+1 (555) 010-0199'.
    const digits = query.q.replace(/[^0-9]/g, '');
    const matches = [sql`${leads.searchText} LIKE ${`%${needle}%`}`];
    if (digits.length >= 4 && digits !== needle)
      matches.push(sql`${leads.searchText} LIKE ${`%${digits}%`}`);
    where.push(or(...matches)!);
  }
  return where.length ? and(...where) : undefined;
}

// A lead's delivery in the list, filter and CSV is its webhook job; the others are on its page.
const webhookDelivery = and(
  eq(leadDeliveries.leadId, leads.id),
  eq(leadDeliveries.channel, 'webhook'),
);

const listColumns = {
  id: leads.id,
  createdAt: leads.createdAt,
  form: leads.form,
  status: leads.status,
  stage: leads.stage,
  seenAt: leads.seenAt,
  fields: leads.fields,
  attribution: leads.attribution,
  delivery: leadDeliveries.status,
  attempts: leadDeliveries.attempts,
  deliveredAt: leadDeliveries.deliveredAt,
  lastError: leadDeliveries.lastError,
};

export type LeadRow = {
  id: string;
  createdAt: Date;
  form: LeadForm;
  status: LeadStatus;
  stage: LeadStage;
  seenAt: Date | null;
  fields: Record<string, string>;
  attribution: Attribution;
  delivery: DeliveryStatus | null;
  attempts: number | null;
  deliveredAt: Date | null;
  lastError: string | null;
};

const isUtcMidnight = (date: Date | undefined) =>
  date === undefined || date.getTime() % 86_400_000 === 0;

/**
 * How many leads match. Filtered by form, status and whole UTC days only, the answer is summed from
 * lead_daily_counts, a few rows per day, instead of counting every lead.
 */
async function countLeads(query: LeadQuery): Promise<number> {
  const { db } = await getDatabase();
  if (
    !query.q &&
    !query.delivery &&
    !query.stage &&
    isUtcMidnight(query.from) &&
    isUtcMidnight(query.to)
  ) {
    const where: SQL[] = [];
    if (query.form) where.push(eq(leadDailyCounts.form, query.form));
    if (query.status) where.push(eq(leadDailyCounts.status, query.status));
    if (query.from) where.push(gte(leadDailyCounts.day, utcDay(query.from)));
    if (query.to) where.push(lt(leadDailyCounts.day, utcDay(query.to)));
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${leadDailyCounts.leads}), 0)::int` })
      .from(leadDailyCounts)
      .where(where.length ? and(...where) : undefined);
    return row?.n ?? 0;
  }
  const where = conditions(query);
  const [row] = query.delivery
    ? await db
        .select({ n: count() })
        .from(leads)
        .innerJoin(leadDeliveries, webhookDelivery)
        .where(where)
    : await db.select({ n: count() }).from(leads).where(where);
  return row?.n ?? 0;
}

async function pageOfLeads(query: LeadQuery, page: number, pageSize: number): Promise<LeadRow[]> {
  const { db } = await getDatabase();
  return db
    .select(listColumns)
    .from(leads)
    .leftJoin(leadDeliveries, webhookDelivery)
    .where(conditions(query))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** A page of matching leads, newest first, and how many match; past the end, the last page. */
export async function searchLeads(
  query: LeadQuery,
  { page = 1, pageSize = INBOX_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<{ rows: LeadRow[]; total: number; page: number; pages: number }> {
  const asked = Math.min(MAX_PAGE, Math.max(1, Math.floor(page) || 1));
  const [rows, total] = await Promise.all([pageOfLeads(query, asked, pageSize), countLeads(query)]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (asked <= pages) return { rows, total, page: asked, pages };
  return { rows: await pageOfLeads(query, pages, pageSize), total, page: pages, pages };
}

/** How many accepted leads nobody has opened, up to `cap` (the navigation shows '1,000+'). */
export async function countUnseen(cap = 1000): Promise<number> {
  const { db } = await getDatabase();
  const unseen = db
    .select({ id: leads.id })
    .from(leads)
    .where(and(isNull(leads.seenAt), eq(leads.status, 'accepted')))
    .limit(cap)
    .as('unseen');
  const [row] = await db.select({ n: count() }).from(unseen);
  return row?.n ?? 0;
}

/**
 * Every matching lead, newest first, a batch at a time (keyset pagination on created_at and id),
 * so an export of any size holds one batch in memory.
 */
async function* eachLead(
  query: LeadQuery,
  batchSize = 1000,
): AsyncGenerator<LeadRow & { latestNote: string | null }> {
  const { db } = await getDatabase();
  let after: { micros: string; id: string } | null = null;
  for (;;) {
    // A row comparison, which the index on created_at bounds directly, so each batch starts where
    // the last ended (an OR of two conditions reads from the newest lead each time: quadratic).
    // The time goes round in whole microseconds: a Date holds milliseconds, and leads stored in
    // one millisecond would fall between two batches.
    const cursor: SQL | undefined = after
      ? sql`(${leads.createdAt}, ${leads.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
      : undefined;
    const batch: Array<LeadRow & { latestNote: string | null; micros: string }> = await db
      .select({
        ...listColumns,
        micros: sql<string>`(extract(epoch from ${leads.createdAt}) * 1000000)::bigint::text`,
        // One probe of lead_notes_lead_idx per lead.
        latestNote: sql<
          string | null
        >`(SELECT ${leadNotes.body} FROM ${leadNotes} WHERE ${leadNotes.leadId} = ${leads.id} ORDER BY ${leadNotes.createdAt} DESC LIMIT 1)`,
      })
      .from(leads)
      .leftJoin(leadDeliveries, webhookDelivery)
      .where(and(conditions(query), cursor))
      .orderBy(desc(leads.createdAt), desc(leads.id))
      .limit(batchSize);
    for (const { micros: _, ...row } of batch) yield row;
    if (batch.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { micros: last.micros, id: last.id };
  }
}

/** One lead with its deliveries and every attempt, oldest first; null when there is none. */
export async function showLead(id: string) {
  if (!isUuid(id)) return null;
  const { db } = await getDatabase();
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
  if (!lead) return null;
  const deliveries = await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id));
  const attempts = deliveries.length
    ? await db
        .select()
        .from(leadDeliveryAttempts)
        .where(
          inArray(
            leadDeliveryAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(leadDeliveryAttempts.startedAt))
    : [];
  const { searchText: _searchText, ...stored } = lead;
  return { lead: stored, deliveries, attempts };
}

// --- CSV -----------------------------------------------------------------------------------------

const ATTRIBUTION_COLUMNS = Object.keys(attributionRules);
// Named as the inbox shows them: 'status' is the lead's Status (new ... lost), 'spam' yes or no.
const CSV_HEADER = [
  'id',
  'created_at',
  'form',
  'status',
  'spam',
  'delivery_status',
  'delivery_attempts',
  'delivered_at',
  ...leadFieldNames,
  ...ATTRIBUTION_COLUMNS,
  'latest_note',
];

/**
 * One CSV cell: quoted when it holds a comma, a semicolon (many locales' separator), a quote or a
 * line break; a leading = + - @ tab or CR is defused so a spreadsheet runs no formula; hidden and
 * direction-changing characters become \uXXXX text, so the file cannot rewrite a terminal.
 */
export function csvCell(value: unknown): string {
  let text = showHidden(
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : String(value),
  );
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(row: LeadRow & { latestNote?: string | null }): string {
  const attribution = row.attribution as Record<string, unknown>;
  return [
    row.id,
    row.createdAt,
    row.form,
    row.stage,
    row.status === 'spam' ? 'yes' : 'no',
    row.delivery,
    row.attempts,
    row.deliveredAt,
    ...leadFieldNames.map((name) => row.fields[name]),
    ...ATTRIBUTION_COLUMNS.map((name) => attribution[name]),
    row.latestNote,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * The whole export as CSV lines (CRLF-terminated), the header first, after a byte-order mark:
 * without it Excel reads UTF-8 as the local code page, and every accented letter comes out as two.
 */
export async function* csvLines(query: LeadQuery): AsyncGenerator<string> {
  yield `\uFEFF${CSV_HEADER.join(',')}\r\n`;
  for await (const row of eachLead(query)) yield `${csvLine(row)}\r\n`;
}
