import 'server-only';
import { siteConfig } from '@/config/site';
import { env } from '@/env';

/** The From header: MAIL_FROM, else the brand and the site's contact address. */
export function sender(): { name: string; address: string } {
  const configured = env.MAIL_FROM;
  if (!configured) return { name: siteConfig.brandName, address: siteConfig.email };
  const match = /^(.*?)\s*<([^<>\s]+)>$/.exec(configured);
  return match
    ? { name: match[1]!.replace(/^"|"$/g, '').trim(), address: match[2]! }
    : { name: siteConfig.brandName, address: configured };
}

/** A stable Message-ID per job, so a copy sent twice (see docs/operating.md) is recognisable. */
export function messageId(jobId: string): string {
  return `<${jobId}@${new URL(siteConfig.siteUrl).hostname}>`;
}
