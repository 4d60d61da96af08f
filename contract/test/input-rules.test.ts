// Every endpoint of the contract, walked: wherever a request (or an answer) carries a string, NUL and
// the other forbidden characters are refused; wherever it carries an amount of money, only whole satang
// from 0.01 up passes. A future field that forgets the rule fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../src/index.ts';
import {
  AMOUNT_MAX_BAHT,
  amountSchema,
  bahtSchema,
  deposits,
  exactMinor,
  isCleanText,
  pathParamsSchema,
  text,
  type Endpoint,
} from '../src/index.ts';

const FORBIDDEN = [
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  'esc\u001b[0m',
  'ff\u000c',
  'vt\u000b',
  '\ud800',
  'x\udc00y',
  'a\ud83d',
];
const ALLOWED = ['tab\there', 'line\nbreak', 'cr\r\n', 'กระเป๋า', 'ກະເປົາ', 'emoji 😀', ''];

/** Request bodies whose lines are checked one by one (each line answered on its own), by path. */
const CHECKED_PER_LINE: Record<string, z.ZodType> = {
  [deposits.bankFeed.path]: deposits.bankFeedItemSchema,
};

function endpointsOf(value: unknown, found = new Map<string, Endpoint>(), depth = 0): Map<string, Endpoint> {
  if (!value || typeof value !== 'object' || depth > 2) return found;
  const e = value as Partial<Endpoint>;
  if (typeof e.method === 'string' && typeof e.path === 'string' && e.response) {
    found.set(`${e.method} ${e.path}`, e as Endpoint);
    return found;
  }
  for (const v of Object.values(value)) endpointsOf(v, found, depth + 1);
  return found;
}
const endpoints = endpointsOf(contract);

interface Leaf {
  where: string;
  schema: z.ZodType;
  type: string;
}

/** Every leaf schema under `schema`, with the path to it. */
function leaves(schema: z.ZodType, where: string, out: Leaf[] = [], seen = new Set<unknown>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, w: string) => leaves(s as z.ZodType, w, out, seen);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) walk(v, `${where}.${k}`);
      if (def.catchall) walk(def.catchall, `${where}.*`);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType, where);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'pipe':
      walk(def.in, where);
      if ((def.out as { _zod: { def: { type: string } } })._zod.def.type !== 'transform')
        walk(def.out, where);
      break;
    case 'union':
      (def.options as unknown[]).forEach((o, i) => walk(o, `${where}|${i}`));
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'record':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{}`);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((o, i) => walk(o, `${where}[${i}]`));
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), where);
      break;
    default:
      out.push({ where, schema, type: def.type });
  }
  return out;
}

/** What a client sends: the body (or, for a batch checked per line, its line schema) and path params. */
function requestLeaves(name: string, e: Endpoint): Leaf[] {
  const found: Leaf[] = [];
  const body = CHECKED_PER_LINE[e.path] ?? e.body;
  if (body) leaves(body, `${name} body`, found);
  const params = pathParamsSchema(e.path);
  if (params) leaves(params, `${name} params`, found);
  return found;
}

describe('[trust-2] text the contract accepts', () => {
  it('[trust-2] finds the endpoints it walks', () => {
    expect(endpoints.size).toBeGreaterThan(25);
    expect(endpoints.has('POST /api/login')).toBe(true);
    expect(endpoints.has('DELETE /api/qrcode/{qrcodeId}')).toBe(true);
  });

  it('[trust-2] every string a request carries, path parameters included, refuses NUL, other C0 controls and lone surrogates', () => {
    let strings = 0;
    for (const [name, e] of endpoints) {
      for (const leaf of requestLeaves(name, e)) {
        // Anything that takes any value takes NUL too: only a batch checked per line may.
        expect(['unknown', 'any'], `${leaf.where} accepts anything`).not.toContain(leaf.type);
        if (leaf.type !== 'string') continue;
        strings++;
        for (const bad of FORBIDDEN)
          expect(leaf.schema.safeParse(bad).success, `${leaf.where} took ${JSON.stringify(bad)}`).toBe(false);
      }
    }
    expect(strings).toBeGreaterThan(30);
  });

  it('[trust-2] every string of every answer is the same text, so the web never shows what a request could not send', () => {
    for (const [name, e] of endpoints) {
      for (const leaf of leaves(e.response, `${name} response`)) {
        if (leaf.type === 'string') expect(leaf.schema.safeParse('a\u0000b').success, leaf.where).toBe(false);
      }
    }
  });

  it('[trust-2] no schema of the contract (socket events included) builds a string but through text()', () => {
    const dir = new URL('../src/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const raw = source.match(/z\s*\.\s*string\s*\(/g) ?? [];
      // common.ts defines text() itself, with the one z.string() of the contract.
      expect(raw.length, file).toBe(file === 'common.ts' ? 1 : 0);
    }
  });

  it('[trust-2] text() is one schema that what is built on it never changes', () => {
    expect(text()).toBe(text());
    const short = text()
      .trim()
      .max(3)
      .refine((s) => s !== 'no');
    expect(short.safeParse(' abcd ').success).toBe(false);
    expect(short.safeParse('no').success).toBe(false);
    expect(text().safeParse(' abcd ').data).toBe(' abcd ');
    expect(text().safeParse('no').success).toBe(true);
    expect(text().safeParse('a\u0000b').success).toBe(false);
  });

  it('[trust-2] ordinary text passes: Thai, Lao, emoji, tab, newline', () => {
    for (const ok of ALLOWED) expect(isCleanText(ok), JSON.stringify(ok)).toBe(true);
    for (const bad of FORBIDDEN) expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    expect(
      contract.accounts.loginSchema.safeParse({ username: '081\u00002345678', password: 'x' }).success,
    ).toBe(false);
    expect(pathParamsSchema('/api/qrcode/{qrcodeId}')!.safeParse({ qrcodeId: 'Q\u0000' }).success).toBe(
      false,
    );
    expect(pathParamsSchema('/api/qrcode/{qrcodeId}')!.safeParse({ qrcodeId: 'Q123' }).success).toBe(true);
  });
});

describe('[trust-3] amounts of money', () => {
  it('[trust-3] exactMinor reads whole satang and nothing else', () => {
    const cases: Array<[number | string, bigint | undefined]> = [
      [0.01, 1n],
      [0.29, 29n],
      [10.1, 1010n],
      [1.1, 110n],
      [99_999_999.99, 9_999_999_999n],
      [AMOUNT_MAX_BAHT, 10_000_000_000n],
      [0, 0n],
      ['500.00', 50_000n],
      ['12.5', 1_250n],
      [1e-9, undefined],
      [5e-324, undefined],
      [0.001, undefined],
      [1.005, undefined],
      [0.015, undefined],
      [AMOUNT_MAX_BAHT + 0.01, undefined],
      [Number.MAX_VALUE, undefined],
      [Number.NaN, undefined],
      [Number.POSITIVE_INFINITY, undefined],
      ['1e-9', undefined],
      ['0.001', undefined],
      ['', undefined],
      ['12,50', undefined],
    ];
    for (const [baht, minor] of cases) expect(exactMinor(baht), String(baht)).toBe(minor);
  });

  it('[trust-3] amountSchema takes 0.01 to the ceiling in whole satang; 1e-9 and 5e-324 are refused', () => {
    for (const ok of [0.01, 1, 10.5, 100.25, AMOUNT_MAX_BAHT])
      expect(amountSchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1e-9, 5e-324, 0.001, 1.005, AMOUNT_MAX_BAHT + 1])
      expect(amountSchema.safeParse(bad).success, String(bad)).toBe(false);
    expect(bahtSchema.safeParse(0).success).toBe(true);
    expect(bahtSchema.safeParse(1e-9).success).toBe(false);
  });

  it('[trust-3] every amount a request carries refuses 1e-9 and 5e-324', () => {
    let amounts = 0;
    for (const [name, e] of endpoints) {
      for (const leaf of requestLeaves(name, e)) {
        if (leaf.type !== 'number' || !/amount/i.test(leaf.where)) continue;
        amounts++;
        for (const bad of [1e-9, 5e-324, 0.005])
          expect(leaf.schema.safeParse(bad).success, `${leaf.where} took ${bad}`).toBe(false);
      }
    }
    expect(amounts).toBeGreaterThanOrEqual(6);
  });
});

describe('[console] a phone as staff type it', () => {
  it('[console] finds the phone as it is kept: as the console shows it, with the country code, or as kept', () => {
    for (const typed of ['0812345678', '081-234-5678', ' 081 234 5678 ', '+66 81 234 5678', '66812345678'])
      expect(contract.phoneAsKept(typed)).toBe('0812345678');
    for (const typed of ['02055512345', '+856 20 5551 2345', '020-5551-2345'])
      expect(contract.phoneAsKept(typed)).toBe('02055512345');
    // Not a phone: a name, a member id or a reference stays as typed.
    for (const typed of ['Somchai', 'DEMO01', 'B7f3a', '+66abc'])
      expect(contract.phoneAsKept(typed)).toBe(typed);
  });
});
