import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(__dirname, '../../public/locales');

type Tree = { [key: string]: string | Tree };

/** Every `documentTitle` of a namespace, by its dotted key. */
function documentTitles(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? key === 'documentTitle'
        ? [[`${prefix}${key}`, value]]
        : []
      : documentTitles(value, `${prefix}${key}.`),
  );
}

describe('document titles', () => {
  it('end with “ · ” and the site name of their language, on every screen', () => {
    const wrong: string[] = [];
    for (const language of readdirSync(localesDir)) {
      const read = (file: string) => JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree;
      const site = (read('common.json').app as Tree).title as string;
      for (const file of readdirSync(path.join(localesDir, language))) {
        for (const [key, title] of documentTitles(read(file))) {
          if (!title.endsWith(` · ${site}`)) wrong.push(`${language}/${file} ${key}: ${title}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
