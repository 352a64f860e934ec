import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/source-files.js';

const repo = path.resolve(__dirname, '../../..');
const languages = readdirSync(path.join(repo, 'web/public/locales'));

/** Every audit action the server records, read from its source (`action: 'node.ban'`, ternaries too). */
function recordedActions(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(repo, 'server/src'))) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/\baction:/.test(line)) continue;
      for (const match of line.matchAll(/'((?:node|node_version|publisher|user)\.[a-z_.]+)'/g))
        found.add(match[1] ?? '');
    }
  }
  return [...found].sort();
}

describe('the audit log in the reader’s language', () => {
  it('has a name for every action the server records, in every language', () => {
    const actions = recordedActions();
    expect(actions).toEqual(expect.arrayContaining(['node.ban', 'node.claim_request.approve']));
    for (const language of languages) {
      const words = JSON.parse(
        readFileSync(path.join(repo, 'web/public/locales', language, 'admin-catalogue.json'), 'utf8'),
      ) as { audit: { actions: Record<string, string> } };
      const missing = actions.filter((action) => !words.audit.actions[action.replace(/\./g, '_')]);
      expect(missing, language).toEqual([]);
    }
  });
});
