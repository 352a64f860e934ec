import { execFileSync } from 'node:child_process';
import path from 'node:path';

it('the generated API types match the server OpenAPI document', () => {
  const script = path.resolve(__dirname, '../../scripts/gen-api.mjs');
  // Exits non-zero (failing this test) when src/api/schema.gen.ts is stale.
  expect(() => execFileSync('node', [script, '--check'], { stdio: 'pipe' })).not.toThrow();
}, 60_000);
