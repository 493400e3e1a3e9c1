import 'server-only';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { leadForms, type Attribution, type LeadForm } from '@/lib/lead-forms';

/**
 * The database's one source: `npm run db:generate` writes the SQL migrations in migrations/ from
 * this file (drizzle-kit), and tests/integration/schema-migrations.integ.ts fails when the two
 * differ. Names of constraints and indexes are spelled out so they match what migrations created.
 */

export const leadStatuses = ['accepted', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const deliveryStatuses = ['pending', 'delivering', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} IN (${values.map((value) => `'${value}'`).join(', ')})`);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey(),
    form: text('form').$type<LeadForm>().notNull(),
    status: text('status').$type<LeadStatus>().notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    attribution: jsonb('attribution').$type<Attribution>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // HMAC-SHA256 of the client address keyed with lead_settings.ip_hash_salt: never the raw address.
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
  },
  (table) => [
    check('leads_form_check', oneOf('form', leadForms)),
    check('leads_status_check', oneOf('status', leadStatuses)),
    index('leads_created_at_idx').on(table.createdAt),
    index('leads_form_status_idx').on(table.form, table.status, table.createdAt),
  ],
);

export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: uuid('id').primaryKey(),
    leadId: uuid('lead_id').notNull(),
    // What was configured when the lead was accepted (a record, without credentials); NULL when none was.
    webhookUrl: text('webhook_url'),
    status: text('status').$type<DeliveryStatus>().notNull(),
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
    foreignKey({ name: 'lead_deliveries_lead_id_fkey', columns: [table.leadId], foreignColumns: [leads.id] }).onDelete('cascade'),
    check('lead_deliveries_status_check', oneOf('status', deliveryStatuses)),
    index('lead_deliveries_lead_idx').on(table.leadId),
    index('lead_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'delivering')`),
    index('lead_deliveries_status_idx').on(table.status),
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
    error: text('error'),
  },
  (table) => [
    foreignKey({ name: 'lead_delivery_attempts_delivery_id_fkey', columns: [table.deliveryId], foreignColumns: [leadDeliveries.id] }).onDelete('cascade'),
    index('lead_delivery_attempts_delivery_idx').on(table.deliveryId, table.attempt),
  ],
);

/** Per-database settings; the IP hash salt is random, so a hash cannot be reversed without this table. */
export const leadSettings = pgTable('lead_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Rate-limit windows shared by every instance on one PostgreSQL server (src/server/http/rate-limit.ts):
 * the current one-minute window per scope and hashed client address.
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

export const schema = { leads, leadDeliveries, leadDeliveryAttempts, leadSettings, rateLimitWindows };

export type Lead = typeof leads.$inferSelect;
export type LeadDelivery = typeof leadDeliveries.$inferSelect;
export type LeadDeliveryAttempt = typeof leadDeliveryAttempts.$inferSelect;
