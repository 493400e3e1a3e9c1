/**
 * Google Tag Manager's bootstrap, run inline before gtm.js loads. One constant,
 * shared by the component that renders it and by the Content-Security-Policy,
 * which allows exactly this script by its hash.
 */
export const tagManagerInitScript = `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`;

export const tagManagerScriptUrl = (containerId: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
