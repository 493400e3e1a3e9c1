import { env } from '@/env';
import { privacyPolicy, retentionCopy, webhookAuthCopy } from '@/content/pages/policies';
import { fill } from '@/lib/fill';
import { pageMetadata } from '@/components/seo/page-metadata';
import { PolicyDocument } from '@/components/sections/policy-document';

export const metadata = pageMetadata('/privacy-policy');

/** A retention period in words: '30 days', '1 day', '12 hours'. */
function period(days: number): string {
  if (days >= 1 && Number.isInteger(days))
    return days === 1 ? retentionCopy.day : fill(retentionCopy.days, { count: days });
  const hours = Math.max(1, Math.round(days * 24));
  return hours === 1 ? retentionCopy.hour : fill(retentionCopy.hours, { count: hours });
}

// Prerendered with the periods this build is configured with, the ones src/server/leads/retention.ts enforces.
const retention = [
  env.LEADS_SPAM_RETENTION_DAYS === null
    ? retentionCopy.spamOff
    : fill(retentionCopy.spam, { period: period(env.LEADS_SPAM_RETENTION_DAYS) }),
  env.LEADS_RETENTION_DAYS === null
    ? retentionCopy.leadsOff
    : fill(retentionCopy.leads, { period: period(env.LEADS_RETENTION_DAYS) }),
  retentionCopy.pending,
].join(' ');

// Said only as configured: an unsigned webhook is not described as signed.
const webhookAuth =
  webhookAuthCopy[
    env.LEADS_WEBHOOK_SECRET ? 'signed' : env.LEADS_WEBHOOK_HEADER_NAME ? 'header' : 'none'
  ];

export default function PrivacyPolicyPage() {
  return <PolicyDocument document={privacyPolicy} values={{ retention, webhookAuth }} />;
}
