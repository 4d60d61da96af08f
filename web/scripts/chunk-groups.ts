import { fileURLToPath } from 'node:url';

// The minimal structural slice of rolldown's ChunkingContext this grouping reads.
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/**
 * What a member's first screen needs besides the entry: the member shell, the home page, the query
 * client and what they import statically (the contract, react-query, the wallet card). Other member
 * screens (statement, profile, the action drawer) keep chunks of their own and share this one.
 */
/** The app itself: React, the router, Mantine, the visitor shell and /login (app/start.tsx). */
const APP = [source('app/start.tsx')];
const MEMBER_SHELL = [
  source('app/layouts/MemberLayout.tsx'),
  source('app/routes/member-home.tsx'),
  source('app/query-scope.tsx'),
];

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
 * and the browser inserts a preload link for each; so the entry's modules go in one file, and what a
 * member's first screen adds in one more. Lazy screens still get their own chunks.
 */
export function chunkGroups() {
  let app: Set<string> | undefined;
  let member: Set<string> | undefined;
  return {
    groups: [
      {
        name: 'index',
        tags: ['$initial' as const],
        priority: 3,
      },
      {
        name: (id: string, graph: ModuleGraph) =>
          (app ??= ownStaticClosure(graph, APP)).has(id) ? 'app' : null,
        priority: 2,
      },
      {
        name: (id: string, graph: ModuleGraph) =>
          (member ??= ownStaticClosure(graph, MEMBER_SHELL)).has(id) ? 'member' : null,
        priority: 1,
      },
    ],
  };
}
