import Script from 'next/script';
import { tagManagerInitScript, tagManagerScriptUrl } from '@/lib/tag-manager';

/** Google Tag Manager, only with a container id, loaded after the page is interactive. */
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
