import { z } from 'zod';
import type { Endpoint } from '../common.ts';

/** An endpoint of the contract with the name it is exported under (`accounts.login`, `howtoLookup`). */
export interface NamedEndpoint {
  name: string;
  endpoint: Endpoint;
}

const isEndpoint = (value: unknown): value is Endpoint => {
  const e = value as Partial<Endpoint> | null;
  return typeof e?.method === 'string' && typeof e.path === 'string' && e.response instanceof z.ZodType;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof z.ZodType) && !Array.isArray(value);

/** By name: Node lists a module's exports sorted, a bundler (vitest's) as written; the document is one. */
const sortedEntries = (value: Record<string, unknown>) =>
  Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * Every endpoint object reachable from the contract's exports (a module namespace such as `accounts`, a
 * group such as `lookups`, or one exported on its own), by name, each once: a new
 * endpoint needs no list but its module's export from src/index.ts (test/openapi.test.ts checks every
 * module of src/ against this).
 */
export function endpointsOf(exports: Record<string, unknown>): NamedEndpoint[] {
  const found = new Map<Endpoint, string>();
  const walk = (value: unknown, name: string, depth: number) => {
    if (isEndpoint(value)) {
      if (!found.has(value)) found.set(value, name);
    } else if (isPlainObject(value) && depth < 3) {
      for (const [key, inner] of sortedEntries(value)) walk(inner, name ? `${name}.${key}` : key, depth + 1);
    }
  };
  walk(exports, '', 0);
  return [...found].map(([endpoint, name]) => ({ name, endpoint }));
}

/**
 * The zod schemas the contract exports under a name ending in `Schema` (walletSchema, chat.chatMessageSchema),
 * by the name the document gives them (Wallet, ChatMessage). Two different schemas under one name are a
 * mistake to fix in the contract, not to paper over here.
 */
export function namedSchemasOf(exports: Record<string, unknown>): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const owners = new Map<string, z.ZodType>();
  const add = (key: string, value: unknown, where: string) => {
    if (!(value instanceof z.ZodType) || !/^\w+Schema$/.test(key)) return;
    const name = key[0]!.toUpperCase() + key.slice(1, -'Schema'.length);
    const owner = owners.get(name);
    if (owner && owner !== value) throw new Error(`two different schemas are exported as ${name} (${where})`);
    owners.set(name, value);
    names.set(value, name);
  };
  for (const [key, value] of sortedEntries(exports)) {
    add(key, value, key);
    if (isPlainObject(value)) for (const [k, v] of sortedEntries(value)) add(k, v, `${key}.${k}`);
  }
  return names;
}
