// npm run openapi: writes docs/openapi.json, the API document as the contract generates it now, formatted
// as prettier formats JSON (npm run lint checks it). test/openapi.test.ts fails until it is run and the
// file committed after a change of the contract.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { openApiDocument } from './index.ts';

const file = fileURLToPath(new URL('../../../docs/openapi.json', import.meta.url));
const options = await prettier.resolveConfig(file);
// Indented first, so that prettier keeps every object on lines of its own and only short arrays joined.
const text = await prettier.format(JSON.stringify(openApiDocument(), null, 2), {
  ...options,
  filepath: file,
});
writeFileSync(file, text);
console.log(`wrote ${file}`);
