/**
 * Registers /sw.js (web/scripts/sw.js: the app's shell offline, installable) once the page has loaded,
 * so that the worker's precaching does not compete with the first screen. Only a production build has
 * a worker: `npm run dev` and the tests have none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, an old browser): the app works as a plain web page.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
