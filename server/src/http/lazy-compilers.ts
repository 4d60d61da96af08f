// Every route validates and serializes with zod's compilers, which app.ts sets on the root before any
// route. Fastify still loads its defaults, Ajv and fast-json-stringify, when it is constructed: about a
// tenth of the production start (docs/decisions.md, "Production"). These factories load them only if a
// route ever asks for them, from where Fastify itself resolves them.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type Factory = (...args: unknown[]) => unknown;

const fromFastify = () => createRequire(createRequire(import.meta.url).resolve('fastify'));

function lazy(pkg: string): Factory {
  let factory: Factory | undefined;
  return (...args) => {
    factory ??= (fromFastify()(pkg) as () => Factory)();
    return factory(...args);
  };
}

export const lazyDefaultCompilers = {
  buildValidator: lazy('@fastify/ajv-compiler'),
  buildSerializer: lazy('@fastify/fast-json-stringify-compiler'),
} as unknown as CompilersFactory;
