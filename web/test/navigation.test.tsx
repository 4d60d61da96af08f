// The app's own navigations wait for the screen they lead to (app/screen-history.ts): the address and the
// screen change together, the screen before stays meanwhile with SH-17's bar, and of several waiting
// navigations only the latest happens. The register screen's chunk is held back here until the test lets
// it arrive.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from './api';
import { location, renderApp } from './render';

const registerChunk = vi.hoisted(() => {
  let arrive: () => void = () => {};
  const here = new Promise<void>((resolve) => (arrive = resolve));
  return { here, arrive: () => arrive() };
});

vi.mock('../src/app/routes/register', async (original) => {
  await registerChunk.here;
  return original();
});

const contactShown = () => screen.queryByRole('heading', { name: 'Contact us' }) !== null;

describe("a navigation waits for its screen's chunk", () => {
  it('[SH-4] a tap to another screen opens it at its top, as a page load would', async () => {
    mockApi();
    const scrolled = vi.spyOn(window, 'scrollTo');
    const { user } = await renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    await screen.findByText('We answer 24/7.');
    expect(scrolled).toHaveBeenCalledExactlyOnceWith({ top: 0 });
    scrolled.mockRestore();
  });

  it('[SH-4] the address and the screen change in one task: the screen an address names is drawn before anything else runs', async () => {
    mockApi();
    const drawn: Array<[string, boolean]> = [];
    const { user } = await renderApp('/login', {
      afterAddressChange: (path) =>
        drawn.push([
          path,
          path === '/contact'
            ? contactShown() && screen.queryByRole('button', { name: 'Log in' }) === null
            : screen.queryByRole('button', { name: 'Log in' }) !== null && !contactShown(),
        ]),
    });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    // The contact screen's first visit waits for its chunk; the way back and the second visit do not.
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    await screen.findByText('We answer 24/7.');
    await user.click(within(nav).getByRole('link', { name: 'Log in' }));
    await screen.findByRole('button', { name: 'Log in' });
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    await screen.findByText('We answer 24/7.');
    expect(drawn).toEqual([
      ['/contact', true],
      ['/login', true],
      ['/contact', true],
    ]);
  });

  it('[SH-17] [SH-4] the screen before and its address stay, with the progress bar, until the new screen is here; only the latest of two navigations happens', async () => {
    mockApi();
    const { user, router } = await renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });

    await user.click(within(nav).getByRole('link', { name: 'Register' }));
    // The register screen is on its way: the login form and its address stay, and past the loader's
    // delay the bar says a screen is loading.
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    expect(location(router)).toBe('/login');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();

    // Contact, asked for later, is here first and shows; the register screen, arriving after it, does
    // not take its place.
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    expect(await screen.findByText('We answer 24/7.')).toBeTruthy();
    expect(location(router)).toBe('/contact');
    registerChunk.arrive();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(location(router)).toBe('/contact');

    // Now the register screen is here: the next visit to it is at once.
    await user.click(within(nav).getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(location(router)).toBe('/register'));
    expect(screen.queryByText('We answer 24/7.')).toBeNull();
  });
});
