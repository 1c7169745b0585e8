// Regenerates contracts/openapi.json from the zod schemas: `pnpm openapi`.
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/openapi/build-openapi.ts';

const target = new URL('../openapi.json', import.meta.url);
writeFileSync(target, JSON.stringify(buildOpenApiDocument(), null, 2) + '\n');
console.log(`wrote ${target.pathname}`);
