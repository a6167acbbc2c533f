import fs from 'node:fs';
import { expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../bin/api-types.mjs';

it("the renderer's API types are what the server's schemas produce now", { timeout: 60_000 }, async () => {
  const committed = fs.readFileSync(API_TYPES_FILE, 'utf8');
  const generated = await generateApiTypes();
  // Line by line, so that a failure shows which lines changed.
  expect(
    committed.split('\n'),
    "renderer/src/shared/api/schema.d.ts differs from the server's /openapi.json: run npm run api:types",
  ).toEqual(generated.split('\n'));
});
