import { env } from '@/env';
import { pageMetadata } from '@/components/seo/page-metadata';
import { PrivacyPolicy } from '@/components/sections/privacy-policy';

export const metadata = pageMetadata('/privacy-policy');

// Prerendered with this build's settings: change one, rebuild.
export default function PrivacyPolicyPage() {
  return (
    <PrivacyPolicy
      spamDays={env.LEADS_SPAM_RETENTION_DAYS}
      leadDays={env.LEADS_RETENTION_DAYS}
      webhookAuth={
        env.LEADS_WEBHOOK_SECRET ? 'signed' : env.LEADS_WEBHOOK_HEADER_NAME ? 'header' : 'none'
      }
    />
  );
}
