/**
 * Registers the Workbox service worker of the build (vite.config.ts), which keeps the app shell
 * for a reload without network (issue 16). Production builds only: the dev server and the tests
 * run without one. A failed registration leaves the app as it was, online only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true })).catch(() => undefined);
}
