import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/client';
import {
  leadDeliveries,
  leadNotes,
  leads,
  type DeliveryStatus,
  type LeadStage,
} from '@/server/db/schema';
import type { LeadForm } from '@/lib/lead-forms';

/**
 * Generated leads for the inbox bench, written through the schema (drizzle inserts, so the triggers
 * and checks run as for real leads). Every value is drawn from the bytes of md5(its number), so
 * every run makes the same data.
 */

const firstNames = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen',
  'Daniel', 'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Wei', 'Ashley',
  'Steven', 'Kimberly', 'Ahmed', 'Emily', 'Andrew', 'Donna', 'Kenji', 'Michelle', 'Luis', 'Priya',
]; // prettier-ignore
const lastNames = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Patel',
]; // prettier-ignore
const companies = [
  'Northwind Dental', 'Harbor Property Group', 'Summit Auto Sales', 'Bluebird Realty', 'Cedar Lane Clinic',
  'Oakridge Law', 'Pioneer HVAC', 'Lakeside Veterinary', 'Metro Fitness', 'Brightpath Insurance',
  'Silverline Plumbing', 'Evergreen Apartments', 'Redwood Chiropractic', 'Atlas Roofing',
  'Maple Street Bakery', 'Coastal Motors', 'Keystone Accounting', 'Willow Creek Homes',
  'Granite Dental Care', 'Sunrise Pediatrics',
]; // prettier-ignore
// Ten of sixteen leads carry a utm_source; of the rest, some have a referrer, the others none.
const utmSources = [
  'google', 'google', 'google', 'facebook', 'facebook', 'linkedin', 'newsletter', 'bing', 'instagram',
  'spring-mailing', null, null, null, null, null, null,
]; // prettier-ignore
const referrers = [
  'https://www.google.com/', 'https://duckduckgo.com/', 'https://www.bing.com/',
  'https://news.ycombinator.com/item', 'https://partner.example/blog/ai-receptionist', null, null, null,
]; // prettier-ignore
const campaigns = ['spring-offer', 'ai-receptionist', 'property-managers'];
const pages: Record<LeadForm, string> = {
  contact: '/contact-us',
  demo: '/contact-demo',
  'growth-audit': '/growth-audit',
  'aria-signup': '/aria-landing',
};
const operators = ['ana@agency.example', 'ben@agency.example', 'chloe@agency.example'];

export const SEED_DAYS = 45;
const DAY_MS = 86_400_000;

function uuidOf(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Lead number `i`: forms 40/25/25/10 % (contact, demo, growth-audit, aria-signup), 3 % spam, over
 * the last SEED_DAYS days (denser towards today); an accepted lead's delivery as the outbox would
 * leave it (94 % delivered, 3 % failed, 2.3 % skipped, 0.8 % pending) and the agency's work: leads
 * older than a day opened, a fifth of them worked (first response 5 minutes to 2 days after
 * arrival), half of those with a note.
 */
function lead(i: number, now: number) {
  const h = createHash('md5').update(`bench-inbox-${i}`).digest();
  const id = uuidOf(`bench-inbox-${i}`);
  const form: LeadForm =
    h[0]! < 102 ? 'contact' : h[0]! < 166 ? 'demo' : h[0]! < 230 ? 'growth-audit' : 'aria-signup';
  const status = h[1]! < 8 ? ('spam' as const) : ('accepted' as const);
  const first = firstNames[h[2]! % firstNames.length]!;
  const last = lastNames[h[3]! % lastNames.length]!;
  const company = companies[h[4]! % companies.length]!;
  const utmSource = utmSources[h[5]! % utmSources.length] ?? null;
  const referrer = referrers[h[6]! % referrers.length] ?? null;
  const age = Math.pow((h[7]! * 256 + h[8]!) / 65536, 1.4) * SEED_DAYS * DAY_MS + h[9]!;
  const createdAt = new Date(Math.floor(now - age));
  const domain = `${company.replace(/ /g, '').toLowerCase()}.example`;
  const fields: Record<string, string> = {
    firstName: first,
    lastName: last,
    email: `${first}.${last}${i}@${domain}`.toLowerCase(),
  };
  if (form === 'demo' || form === 'aria-signup' || i % 3 === 0)
    fields.phone = `+1 (555) ${String(i % 1000).padStart(3, '0')}-${String((i * 7919) % 10000).padStart(4, '0')}`;
  if (form === 'demo') {
    fields.company = company;
    fields.industry = ['healthcare', 'real-estate', 'automotive', 'retail', 'other'][i % 5]!;
    fields.callVolume = ['0-100', '100-500', '500-1000', '1000+'][i % 4]!;
  }
  if (form === 'growth-audit') fields.website = `https://${domain}`;
  if (form === 'aria-signup') {
    fields.propertyName = `${company} Residences`;
    fields.units = ['1-25', '26-50', '51-100', '101-250', '250+'][i % 5]!;
  }
  if ((form === 'contact' || form === 'demo') && i % 2 === 0)
    fields.message = 'We miss calls after hours and would like an AI receptionist to book for us.';
  const attribution = {
    page_url: `https://www.brightline.example${pages[form]}${utmSource ? `?utm_source=${utmSource}` : ''}`,
    ...(referrer ? { referrer } : {}),
    ...(utmSource
      ? {
          utm_source: utmSource,
          utm_medium: ['google', 'bing'].includes(utmSource)
            ? 'cpc'
            : ['newsletter', 'spring-mailing'].includes(utmSource)
              ? 'email'
              : 'social',
          utm_campaign: campaigns[i % campaigns.length]!,
        }
      : {}),
    time_on_page: 20 + h[10]!,
    scroll_depth: h[11]! % 101,
    screen_resolution: ['390x844', '1920x1080', '1440x900', '412x915'][h[12]! % 4]!,
    language: 'en-US',
  };
  const opened = status === 'accepted' && age > DAY_MS;
  const worked = opened && h[13]! % 5 === 0;
  const stage: LeadStage = worked
    ? (['contacted', 'contacted', 'qualified', 'won', 'lost'] as const)[h[14]! % 5]!
    : 'new';
  const firstResponseAt = worked
    ? new Date(createdAt.getTime() + 300_000 + (h[15]! / 255) * 2 * DAY_MS)
    : null;
  const d = h[13]!;
  const delivery: DeliveryStatus | null =
    status === 'spam'
      ? null
      : d < 8
        ? 'failed'
        : d < 14
          ? 'skipped'
          : d < 16
            ? 'pending'
            : 'delivered';
  return {
    lead: {
      id,
      form,
      status,
      fields,
      attribution,
      createdAt,
      ipHash: createHash('md5').update(`address-${i}`).digest('hex'),
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Bench',
      stage,
      seenAt: opened ? new Date(createdAt.getTime() + 60_000) : null,
      firstResponseAt,
    },
    delivery: delivery && {
      id: uuidOf(`bench-delivery-${i}`),
      leadId: id,
      form,
      webhookUrl: delivery === 'skipped' ? null : `https://hooks.agency.example/webhook/${form}`,
      status: delivery,
      attempts: { delivered: 1, failed: 9, pending: 2, skipped: 0, delivering: 0 }[delivery],
      // Pending rows are due tomorrow: the worker runs as in production with nothing to send.
      nextAttemptAt: delivery === 'pending' ? new Date(now + DAY_MS) : null,
      lastError:
        delivery === 'failed'
          ? 'HTTP 500'
          : delivery === 'pending'
            ? 'timeout after 15000 ms'
            : delivery === 'skipped'
              ? 'no webhook configured'
              : null,
      lastStatus: delivery === 'failed' ? 500 : delivery === 'delivered' ? 200 : null,
      deliveredAt: delivery === 'delivered' ? new Date(createdAt.getTime() + 200 + h[14]!) : null,
      createdAt,
      updatedAt: createdAt,
    },
    note:
      worked && h[15]! % 2 === 0
        ? {
            leadId: id,
            author: operators[h[12]! % operators.length]!,
            body: 'Called back; they want a demo next week.',
            createdAt: firstResponseAt!,
          }
        : null,
  };
}

/** Inserts leads 1..count in batches of 1,000 (a statement each, as group commit writes them). */
export async function seedInbox(
  db: Db,
  count: number,
  { now = Date.now(), onBatch }: { now?: number; onBatch?: (done: number) => void } = {},
): Promise<void> {
  for (let from = 1; from <= count; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - from + 1) }, (_, k) =>
      lead(from + k, now),
    );
    await db.insert(leads).values(batch.map((row) => row.lead));
    const deliveries = batch.flatMap((row) => (row.delivery ? [row.delivery] : []));
    if (deliveries.length) await db.insert(leadDeliveries).values(deliveries);
    const notes = batch.flatMap((row) => (row.note ? [row.note] : []));
    if (notes.length) await db.insert(leadNotes).values(notes);
    onBatch?.(from + batch.length - 1);
  }
}
