import { privacyPolicy, retentionCopy, webhookAuthCopy } from '@/content/pages/policies';
import { fill } from '@/lib/fill';
import { PolicyDocument } from './policy-document';

/** A retention period in words: '30 days', '1 day', '12 hours'. */
function period(days: number): string {
  if (days >= 1 && Number.isInteger(days))
    return days === 1 ? retentionCopy.day : fill(retentionCopy.days, { count: days });
  const hours = Math.max(1, Math.round(days * 24));
  return hours === 1 ? retentionCopy.hour : fill(retentionCopy.hours, { count: hours });
}

/**
 * The privacy policy as this build behaves: the retention periods src/server/leads/retention.ts
 * enforces (null: off), and how deliveries are authenticated (an unsigned webhook is not called signed).
 */
export function PrivacyPolicy({
  spamDays,
  leadDays,
  webhookAuth,
}: {
  spamDays: number | null;
  leadDays: number | null;
  webhookAuth: keyof typeof webhookAuthCopy;
}) {
  const retention = [
    spamDays === null
      ? retentionCopy.spamOff
      : fill(retentionCopy.spam, { period: period(spamDays) }),
    leadDays === null
      ? retentionCopy.leadsOff
      : fill(retentionCopy.leads, { period: period(leadDays) }),
    retentionCopy.pending,
  ].join(' ');
  return (
    <PolicyDocument
      document={privacyPolicy}
      values={{ retention, webhookAuth: webhookAuthCopy[webhookAuth] }}
    />
  );
}
