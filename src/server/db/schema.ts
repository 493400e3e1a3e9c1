import 'server-only';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { leadForms, type Attribution, type LeadForm } from '@/lib/lead-forms';

/**
 * The database's one source: `npm run db:generate` writes the SQL migrations in migrations/ from
 * this file (drizzle-kit), and tests/integration/schema-migrations.integ.ts fails when the two
 * differ. Names of constraints and indexes are spelled out so they match what migrations created.
 */

export const leadStatuses = ['accepted', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const deliveryStatuses = [
  'pending',
  'delivering',
  'delivered',
  'failed',
  'skipped',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Where the agency is in working a lead; 'new' until an operator first changes it. */
export const leadStages = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStage = (typeof leadStages)[number];

/** What the overview's results group leads by: source, campaign, landing page. */
export const resultDimensions = ['source', 'campaign', 'page'] as const;
export type ResultDimension = (typeof resultDimensions)[number];

/**
 * What an outbox job sends: the lead to the form's webhook, the agency's email about it, the
 * visitor's confirmation, a chat-app ping, or an alert to the agency (a failed delivery, a webhook
 * that stopped working, the daily digest; an alert may have no lead).
 */
export const deliveryChannels = [
  'webhook',
  'agency_email',
  'visitor_email',
  'chat',
  'alert',
] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Fields the inbox's search matches; tests/unit/lead-schemas.test.ts holds them to the forms. */
export const searchedFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'propertyName',
];
/**
 * How the search text and a search term are both folded: lower case, accents dropped (decomposed,
 * then the combining marks removed) and apostrophes too, straight or curly, so "muller" finds the
 * name with its umlaut and "obrien" finds O'Brien. The same in SQL and here.
 */
const foldedAway = String.raw`[\u0300-\u036f\u0027\u0060\u02bc\u2018\u2019]`;
const foldSql = (expression: string) =>
  `regexp_replace(lower(normalize(${expression}, NFD)), '${foldedAway}', '', 'g')`;
export const foldForSearch = (text: string) =>
  text.normalize('NFD').toLowerCase().replace(new RegExp(foldedAway, 'g'), '');
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey(),
    form: text('form').$type<LeadForm>().notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    attribution: jsonb('attribution').$type<Attribution>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // HMAC-SHA256 of the client address keyed with lead_settings.ip_hash_salt, never the address.
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    stage: text('stage').$type<LeadStage>().notNull().default('new'),
    // When an operator first opened the lead (null: nobody has yet, so the inbox marks it new).
    seenAt: timestamptz('seen_at'),
    // When its stage was first changed: the time from created_at to this is the first response.
    firstResponseAt: timestamptz('first_response_at'),
    // What the inbox's search matches, folded; the phone also without punctuation.
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          foldSql(
            `${searchedFields.map((field) => `coalesce(fields->>'${field}', '')`).join(` || ' ' || `)} || ' ' || regexp_replace(coalesce(fields->>'phone', ''), '[^0-9]', '', 'g')`,
          ),
        ),
      ),
  },
  (table) => [
    check('leads_form_check', oneOf('form', leadForms)),
    check('leads_status_check', oneOf('status', leadStatuses)),
    check('leads_stage_check', oneOf('stage', leadStages)),
    index('leads_stage_idx').on(table.stage, table.createdAt),
    // The inbox's count of leads nobody has opened yet.
    index('leads_unseen_idx')
      .on(table.createdAt)
      .where(sql`${table.seenAt} IS NULL AND ${table.status} = 'accepted'`),
    index('leads_created_at_idx').on(table.createdAt),
    index('leads_form_status_idx').on(table.form, table.status, table.createdAt),
    // Trigram index (pg_trgm): a substring search stays an index scan at 100,000 leads. A 256 kB
    // pending list, not the default 4 MB: the insert that fills it merges it into the index while
    // its request waits, 50-60 ms at 4 MB on the embedded database. A string: what drizzle reads.
    index('leads_search_idx')
      .using('gin', table.searchText.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: '256' }),
    // Deletion requests find a person's leads by address.
    index('leads_email_idx').on(sql`lower(${table.fields}->>'email')`),
  ],
);

/**
 * How many leads each UTC day has per form, status and source, kept by triggers on leads (migration
 * 0006: every insert, delete and status change, in the same transaction), so the overview and the
 * inbox's unsearched totals read a few hundred rows instead of counting 100,000 leads. `source` is
 * lead_source(attribution): utm_source, else the referrer's host, else 'direct'.
 */
export const leadDailyCounts = pgTable(
  'lead_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    form: text('form').$type<LeadForm>().notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    source: text('source').notNull(),
    leads: integer('leads').notNull(),
  },
  // A unique index, not a composite primary key, which drizzle-kit's introspection fails on.
  (table) => [
    uniqueIndex('lead_daily_counts_key_idx').on(table.day, table.form, table.status, table.source),
  ],
);

/**
 * The overview's results: accepted leads per UTC day, dimension (source, utm_campaign or landing
 * path), value and stage, kept by triggers on leads like lead_daily_counts, so results read a few
 * thousand rows instead of grouping every lead's attribution.
 */
export const leadResultCounts = pgTable(
  'lead_result_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').$type<ResultDimension>().notNull(),
    value: text('value').notNull(),
    stage: text('stage').$type<LeadStage>().notNull(),
    leads: integer('leads').notNull(),
  },
  (table) => [
    uniqueIndex('lead_result_counts_key_idx').on(
      table.day,
      table.dimension,
      table.value,
      table.stage,
    ),
  ],
);

/**
 * Each accepted lead with a first response, its dimensions and how long the response took, kept by
 * the same triggers: the medians per source, campaign and page read these narrow rows, not leads.
 */
export const leadResponses = pgTable(
  'lead_responses',
  {
    leadId: uuid('lead_id').primaryKey(),
    createdAt: timestamptz('created_at').notNull(),
    source: text('source').notNull(),
    campaign: text('campaign').notNull(),
    page: text('page').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'lead_responses_lead_id_fkey',
      columns: [table.leadId],
      foreignColumns: [leads.id],
    }).onDelete('cascade'),
    index('lead_responses_created_at_idx').on(table.createdAt),
  ],
);

export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: uuid('id').primaryKey(),
    // NULL only for an alert about no one lead (a webhook that stopped working, the digest).
    leadId: uuid('lead_id'),
    channel: text('channel').$type<DeliveryChannel>().notNull().default('webhook'),
    // An email's one recipient (each recipient is a job of its own); NULL for webhook and chat.
    recipient: text('recipient'),
    // What an alert reports (its kind and figures); NULL for channels that render from the lead.
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    // A job that must exist once however many instances enqueue it (the day's digest, one alert).
    dedupeKey: text('dedupe_key'),
    // The URL configured when the lead was accepted (a record, without credentials), if any.
    webhookUrl: text('webhook_url'),
    status: text('status').$type<DeliveryStatus>().notNull(),
    // The lead's form, copied by a trigger on insert, so the overview counts deliveries per form
    // without joining 100,000 leads.
    form: text('form').$type<LeadForm>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    lastStatus: integer('last_status'),
    deliveredAt: timestamptz('delivered_at'),
    // A claim expires here, so a crashed worker's row is picked up again.
    lockedUntil: timestamptz('locked_until'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'lead_deliveries_lead_id_fkey',
      columns: [table.leadId],
      foreignColumns: [leads.id],
    }).onDelete('cascade'),
    check('lead_deliveries_status_check', oneOf('status', deliveryStatuses)),
    check('lead_deliveries_channel_check', oneOf('channel', deliveryChannels)),
    uniqueIndex('lead_deliveries_dedupe_key_idx').on(table.dedupeKey),
    index('lead_deliveries_lead_idx').on(table.leadId),
    index('lead_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'delivering')`),
    // The outbox's counts, the inbox's delivery filter and the overview's delivery health:
    // outstanding jobs counted from the index alone, each form and channel's newest in one probe.
    index('lead_deliveries_status_form_channel_idx').on(
      table.status,
      table.form,
      table.channel,
      table.deliveredAt,
    ),
  ],
);

export const leadDeliveryAttempts = pgTable(
  'lead_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    httpStatus: integer('http_status'),
    // The mail server's answer for an email (e.g. '250 2.0.0 Ok: queued'); NULL for HTTP.
    reply: text('reply'),
    error: text('error'),
  },
  (table) => [
    foreignKey({
      name: 'lead_delivery_attempts_delivery_id_fkey',
      columns: [table.deliveryId],
      foreignColumns: [leadDeliveries.id],
    }).onDelete('cascade'),
    index('lead_delivery_attempts_delivery_idx').on(table.deliveryId, table.attempt),
  ],
);

/** What operators wrote about a lead while working it. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id').notNull(),
    // The operator's email.
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'lead_notes_lead_id_fkey',
      columns: [table.leadId],
      foreignColumns: [leads.id],
    }).onDelete('cascade'),
    index('lead_notes_lead_idx').on(table.leadId, table.createdAt),
  ],
);

/**
 * Which job holds an address's one confirmation per 24 hours, and the network it was asked from
 * (for the per-client limit). Both are HMACs (keyed like ip_hash), so a deleted lead leaves nothing
 * readable here.
 */
export const autoresponses = pgTable(
  'autoresponses',
  {
    addressHash: text('address_hash').primaryKey(),
    deliveryId: uuid('delivery_id').notNull(),
    at: timestamptz('at').notNull(),
    network: text('network'),
  },
  (table) => [index('autoresponses_network_idx').on(table.network, table.at)],
);

/**
 * Confirmations sent in each of the last sixty minutes, for the hourly cap: a row per minute of the
 * hour, reused an hour later, so the last hour is a sum of sixty rows however many went out.
 */
export const autoresponseMinutes = pgTable('autoresponse_minutes', {
  minuteOfHour: integer('minute_of_hour').primaryKey(),
  minute: timestamptz('minute').notNull(),
  sent: integer('sent').notNull(),
});

/**
 * Whether each delivery path (a form's webhook, email, chat) worked last time, so the watchdog
 * writes one alert when it starts failing, not one per attempt.
 */
export const deliveryHealth = pgTable('delivery_health', {
  // 'webhook:<form>', 'email', 'chat'.
  path: text('path').primaryKey(),
  working: boolean('working').notNull(),
  since: timestamptz('since').notNull(),
  lastSuccessAt: timestamptz('last_success_at'),
  lastError: text('last_error'),
  lastErrorAt: timestamptz('last_error_at'),
});

/** Per-database settings; the random IP hash salt makes a hash irreversible without this table. */
export const leadSettings = pgTable('lead_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Counters shared by every instance on one PostgreSQL server (http/rate-limit.ts): the current
 * one-minute window per scope and hashed client address, and each paid service's clock hour.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limit_windows_start_idx').on(table.windowStart)],
);

/**
 * Operators: the agency's people who sign in to the inbox. These four tables are better-auth's
 * (user, session, account, verification) under our names; src/server/admin/auth.ts maps them.
 */
export const operators = pgTable('operators', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    // The session's anti-forgery token: every change the inbox makes must carry it.
    csrfToken: text('csrf_token').notNull(),
  },
  (table) => [index('operator_sessions_user_idx').on(table.userId)],
);

export const operatorAccounts = pgTable(
  'operator_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    // scrypt hash (better-auth's default: N 16384, r 16, 64 bytes).
    password: text('password'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('operator_accounts_user_idx').on(table.userId)],
);

export const operatorVerifications = pgTable(
  'operator_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('operator_verifications_identifier_idx').on(table.identifier)],
);

/** Who signed in, re-sent, marked or deleted what, and when; deletions never record the address. */
export const auditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamptz('at').notNull().defaultNow(),
    // An operator's email when they acted in the inbox, 'command line' for npm run leads.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('admin_audit_log_at_idx').on(table.at)],
);

export const schema = {
  leads,
  leadDailyCounts,
  leadResultCounts,
  leadResponses,
  leadDeliveries,
  leadDeliveryAttempts,
  leadNotes,
  autoresponses,
  autoresponseMinutes,
  deliveryHealth,
  leadSettings,
  rateLimitWindows,
  operators,
  operatorSessions,
  operatorAccounts,
  operatorVerifications,
  auditLog,
};

export type Lead = typeof leads.$inferSelect;
export type LeadDelivery = typeof leadDeliveries.$inferSelect;
export type LeadDeliveryAttempt = typeof leadDeliveryAttempts.$inferSelect;
export type LeadNote = typeof leadNotes.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
