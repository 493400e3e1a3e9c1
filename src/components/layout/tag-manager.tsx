import Script from 'next/script';
import { tagManagerInitScript, tagManagerScriptUrl } from '@/lib/tag-manager';

/**
 * Google Tag Manager, rendered only when a container id is configured. It loads
 * after the page is interactive, so it never blocks rendering; without an id the
 * site makes no third-party request at all.
 */
export function TagManager({ containerId }: { containerId: string | undefined }) {
  if (!containerId) return null;
  return (
    <>
      <Script id="gtm-init" strategy="afterInteractive">
        {tagManagerInitScript}
      </Script>
      <Script id="gtm" strategy="afterInteractive" src={tagManagerScriptUrl(containerId)} />
    </>
  );
}
