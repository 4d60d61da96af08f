import { afterFirstScreen } from './first-screen-done';

/**
 * Links the web app manifest (the installable app: Android's "Add to home screen", the install offer)
 * once a member's first screen is done, not in index.html: the browser fetches the manifest and then
 * its icon at once, and on a phone's slow link they shared it with the first screen's code and pictures
 * (issue 22). Installing waits for nothing a member would notice; iOS reads index.html's
 * apple-touch-icon when the page is added.
 */
export function linkManifestAfterFirstScreen(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  afterFirstScreen(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
  });
}
