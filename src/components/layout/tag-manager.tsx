import Script from 'next/script';

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
        {`window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`}
      </Script>
      <Script
        id="gtm"
        strategy="afterInteractive"
        src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`}
      />
    </>
  );
}
