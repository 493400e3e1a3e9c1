import 'server-only';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Attribution, LeadForm } from '@/lib/lead-forms';

/**
 * Drizzle view of the tables created by migrations/*.sql (the SQL files are the
 * source of truth; keep this in step with them).
 */

export const leadStatuses = ['accepted', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const deliveryStatuses = ['pending', 'delivering', 'delivered', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const leads = pgTable('leads', {
  id: uuid('id').primaryKey(),
  form: text('form').$type<LeadForm>().notNull(),
  status: text('status').$type<LeadStatus>().notNull(),
  fields: jsonb('fields').$type<Record<string, string>>().notNull(),
  attribution: jsonb('attribution').$type<Attribution>().notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  ipHash: text('ip_hash'),
  userAgent: text('user_agent'),
});

export const leadDeliveries = pgTable('lead_deliveries', {
  id: uuid('id').primaryKey(),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => leads.id, { onDelete: 'cascade' }),
  webhookUrl: text('webhook_url'),
  status: text('status').$type<DeliveryStatus>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at'),
  lastError: text('last_error'),
  lastStatus: integer('last_status'),
  deliveredAt: timestamptz('delivered_at'),
  lockedUntil: timestamptz('locked_until'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const leadDeliveryAttempts = pgTable('lead_delivery_attempts', {
  id: uuid('id').primaryKey().defaultRandom(),
  deliveryId: uuid('delivery_id')
    .notNull()
    .references(() => leadDeliveries.id, { onDelete: 'cascade' }),
  attempt: integer('attempt').notNull(),
  startedAt: timestamptz('started_at').notNull(),
  durationMs: integer('duration_ms').notNull(),
  httpStatus: integer('http_status'),
  error: text('error'),
});

export const leadSettings = pgTable('lead_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const schema = { leads, leadDeliveries, leadDeliveryAttempts, leadSettings };

export type Lead = typeof leads.$inferSelect;
export type LeadDelivery = typeof leadDeliveries.$inferSelect;
export type LeadDeliveryAttempt = typeof leadDeliveryAttempts.$inferSelect;
