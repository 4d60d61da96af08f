import { fileURLToPath } from 'node:url';
import { CONSOLE_COPY } from './vite-console-copies.ts';

/**
 * `app`: the app's main module (React, the router, Mantine, the visitor shell and /login); `memberShell`:
 * the modules of a member's first screen (the member shell, the home page, the query client). Each with
 * what it imports statically is one chunk.
 */
export interface ChunkRoots {
  app: readonly string[];
  memberShell: readonly string[];
}

// The minimal structural slice of rolldown's ChunkingContext this grouping reads.
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
}

const WEB_SOURCES = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * The web app's own modules reachable from `roots` through static imports. Packages (the contract
 * among them) are not walked: their barrel files import every module of the package; the group takes
 * the ones really used by itself (rolldown's includeDependenciesRecursively).
 */
function ownStaticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || !id.startsWith(WEB_SOURCES)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/**
 * Rolldown's automatic splitting cut the entry into 11 files and a member's first screen into 25 more.
 * On a phone each file costs a request, and over HTTP/1.1 (six connections) a round trip each in turn,
 * and the browser inserts a preload link for each; so the entry's modules go in one file, the app's
 * main chunk in two (React, which the entry runs first in a task of its own, and the rest), and what a
 * member's first screen adds in two more: zod, which needs nothing else and so can run before the main
 * chunk is here (app/first-screen.ts), and the rest. Lazy screens still get their own chunks.
 */
/** zod, and the module a member's page imports to run it early (src/lib/zod.ts). */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod\.ts$/;

/**
 * React, React DOM and the scheduler, with the module the entry imports to run them (src/app/react-first.ts):
 * a chunk of their own, which the app's main chunk imports, so that the entry can run them in a task of
 * their own and the rest of the main chunk (Mantine, the router, the app) in another. The console shares
 * them (no copies: scripts/vite-console-copies.ts).
 */
const REACT =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]|[\\/]src[\\/]app[\\/]react-first\.ts$/;

/**
 * The parts of the contract a member's first screen uses, in the order src/lib/contract-parts runs them,
 * one task each: building their schemas in the member chunk's one task held a phone's main thread for
 * about a quarter of a second. Each part is a chunk with the module there that names them and the
 * contract modules it needs; a module two parts need (common, rewards) stays with the earlier part.
 */
const CONTRACT_PARTS = ['accounts', 'wallet', 'programmes'] as const;

const contractPartGroups = CONTRACT_PARTS.map((part, i) => {
  const module = new RegExp(`[\\/]src[\\/]lib[\\/]contract-parts[\\/]${part}\\.ts$`);
  return { name: `contract-${part}`, test: (id: string) => module.test(id), priority: 1.9 - i / 10 };
});

/**
 * Packages only one console page uses, left out of the console's chunk so that they load with that page
 * alone: the audit page's data table, and the dashboard's charts (@mantine/charts, recharts and what
 * recharts is made of, and the one Mantine component only the charts use, ColorSwatch).
 */
const ONE_PAGE_PACKAGES =
  /[\\/]node_modules[\\/](?:mantine-datatable|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ColorSwatch|@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs[\\/]toolkit|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|use-sync-external-store|react-is)[\\/]/;

/** The contract's modules only one console page calls (the dashboard's). */
const ONE_PAGE_CONTRACT = /[\\/]contract[\\/]src[\\/]console-dashboard\.ts\?/;

/**
 * The operator console (src/console, mounted at /console) in one chunk with its own copies of the packages
 * (scripts/vite-console-copies.ts): the route's lazy import lists two files, not one per shared piece. Its
 * pages stay chunks of their own, with the packages only they use (ONE_PAGE_PACKAGES).
 */
const CONSOLE = (id: string) =>
  (/[\\/]src[\\/]console[\\/]/.test(id) && !/[\\/]src[\\/]console[\\/]pages[\\/]/.test(id)) ||
  (id.endsWith('?console-copy') && !ONE_PAGE_PACKAGES.test(id) && !ONE_PAGE_CONTRACT.test(id));

/** A module the console shares with the member's app (not a copy: scripts/vite-console-copies.ts). */
const consoleShares = (id: string, graph: ModuleGraph) =>
  !id.endsWith(CONSOLE_COPY) &&
  /[\\/]node_modules[\\/]/.test(id) &&
  (graph.getModuleInfo(id)?.importers ?? []).some((importer) => importer.endsWith(CONSOLE_COPY));

export function chunkGroups(roots: ChunkRoots) {
  let app: Set<string> | undefined;
  let member: Set<string> | undefined;
  return {
    groups: [
      {
        name: 'index',
        tags: ['$initial' as const],
        priority: 4,
      },
      { name: 'react', test: REACT, priority: 3.5 },
      {
        name: (id: string, graph: ModuleGraph) =>
          (app ??= ownStaticClosure(graph, roots.app)).has(id) ? 'app' : null,
        priority: 3,
      },
      { name: 'zod', test: ZOD, priority: 2 },
      // A package module the console shares that the app's chunk has not taken (Mantine's useDirection,
      // which a member's dialog uses too): without this group the console's chunk took it with its
      // dependencies, and a member's first dialog loaded the whole console (442 KB) to read it.
      {
        name: (id: string, graph: ModuleGraph) => (consoleShares(id, graph) ? 'shared' : null),
        priority: 2.6,
      },
      { name: 'console', test: CONSOLE, priority: 2.5 },
      ...contractPartGroups,
      {
        name: (id: string, graph: ModuleGraph) =>
          (member ??= ownStaticClosure(graph, roots.memberShell)).has(id) ? 'member' : null,
        priority: 1,
      },
    ],
  };
}
