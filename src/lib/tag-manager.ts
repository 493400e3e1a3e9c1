/** Google Tag Manager's inline bootstrap, one constant so the CSP can allow it by its hash. */
export const tagManagerInitScript = `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`;

export const tagManagerScriptUrl = (containerId: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
