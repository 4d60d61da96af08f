// Types of scripts/build-server.mjs for the TypeScript that uses it (the server's build test).
export function serverDist(): string;
/** Builds the server into outDir (server/dist by default), replacing what was there; answers outDir. */
export function buildServer(outDir?: string): Promise<string>;
