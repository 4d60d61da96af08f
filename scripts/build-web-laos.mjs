// Builds the Laos web app unless it is there and up to date, as `REGION=la npm start` would: REGION=la and
// no VITE_ setting of the caller's (so that every caller finds the same build up to date), into
// WEB_OUT_DIR when set, else web/dist/la. npm test's first step and the browser tests' laos.e2e.ts run it.
for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
process.env.REGION = 'la';
const { buildWeb, webBuildIsStale } = await import('./lib.mjs');
process.exit(webBuildIsStale() ? await buildWeb() : 0);
