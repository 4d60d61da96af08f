import type { Plugin } from 'vite';

/** The query that makes a module the console's own copy. */
export const CONSOLE_COPY = '?console-copy';

/**
 * What the console takes its own copy of: every package module and the contract, but those that must be
 * one in the page: React, the router, the notifications store, zod (a chunk of its own already), and
 * Mantine's core but its pure utilities (the provider's theme and direction contexts, the Box, factory
 * and styles API every component the app's main chunk holds already uses and exports).
 */
const COPIED = /[\\/]node_modules[\\/]|[\\/]contract[\\/]src[\\/]/;
const SHARED =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|@mantine[\\/]notifications|@mantine[\\/]store|zod|cookie|set-cookie-parser)[\\/]|[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/](?!utils[\\/])/;

const fromConsole = (importer: string) =>
  /[\\/]src[\\/]console[\\/]/.test(importer) || importer.endsWith(CONSOLE_COPY);

/**
 * The operator console (src/console) imports its packages as copies of its own (`?console-copy`), so
 * that the bundler never splits a chunk a member's page shares with another member page because the
 * console uses part of it: a member's chunks, and the entry's list of them, stay byte for byte what
 * they are without the console. The console pays with a few KB of components it could have shared.
 */
export function consoleCopies(): Plugin {
  return {
    name: 'krapao-console-copies',
    enforce: 'pre',
    // The dev server serves packages pre-bundled whole (contexts and all): a copy there would be a second
    // Mantine. Chunks only exist in a build.
    apply: 'build',
    async resolveId(source, importer, options) {
      if (!importer || !fromConsole(importer) || source.endsWith(CONSOLE_COPY)) return null;
      const resolved = await this.resolve(source, importer.replace(CONSOLE_COPY, ''), {
        ...options,
        skipSelf: true,
      });
      if (
        !resolved ||
        resolved.external ||
        resolved.id.includes('?') ||
        !COPIED.test(resolved.id) ||
        SHARED.test(resolved.id)
      ) {
        return resolved;
      }
      return { ...resolved, id: resolved.id + CONSOLE_COPY };
    },
  };
}
