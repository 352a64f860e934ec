import { describe, expect, it } from 'vitest';
import { compoundKey } from '../../src/engines/search-index/stored-pack.js';
import { analyze, planQueryWords } from '../../src/engines/search-index/text/analyze.js';
import { fold } from '../../src/engines/search-index/text/fold.js';

function terms(text: string, joinAcrossSpaces = true): string[] {
  const found: string[] = [];
  analyze(text, { joinAcrossSpaces }, (term, start, end) => found.push(`${term}=${text.slice(start, end)}`));
  return found;
}

describe('search text analysis', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(['Café', 'ÉCOLE', 'Schrödinger', 'ﬁne', 'ＡＢＣ', 'Straße', 'Øre'].map(fold)).toEqual([
      'cafe',
      'ecole',
      'schrodinger',
      'fine',
      'abc',
      'strasse',
      'ore',
    ]);
  });

  it('gives ASCII text with line breaks and tabs the same terms and keys as any other text', () => {
    // ASCII text is folded whole once; one accented letter sends the whole text the general way.
    const ascii = 'Upscale\tModel\nLoader (SD1.5)';
    const accented = 'Upscale\tModel\nLoader (SD1.5) é';
    expect(terms(ascii)).toEqual(terms(accented).slice(0, terms(ascii).length));
    expect(terms(ascii)).toContain('upscale=Upscale');
    expect(terms(ascii)).toContain('loader=Loader');
    expect(compoundKey(ascii)).toBe('upscalemodelloadersd15');
    expect(compoundKey(accented)).toBe('upscalemodelloadersd15e');
    expect(compoundKey('Ré-Sumé_Ünïcode')).toBe('resumeunicode');
  });

  it('splits CamelCase, snake_case, kebab-case and digits, and joins neighbours', () => {
    expect(terms('IPAdapter')).toEqual(['ip=IP', 'adapter=Adapter', 'ipadapter=IPAdapter']);
    expect(terms('IP-Adapter')).toEqual(['ip=IP', 'adapter=Adapter', 'ipadapter=IP-Adapter']);
    expect(terms('ip_adapter plus')).toEqual([
      'ip=ip',
      'adapter=adapter',
      'ipadapter=ip_adapter',
      'plus=plus',
      'adapterplus=adapter plus',
    ]);
    expect(terms('ip adapter', false)).toEqual(['ip=ip', 'adapter=adapter']);
    expect(terms('SDXL2 KSampler')).toEqual([
      'sdxl=SDXL',
      '2=2',
      'sdxl2=SDXL2',
      'k=K',
      '2k=2 K',
      'sampler=Sampler',
      'ksampler=KSampler',
    ]);
    expect(terms('IPAdapterAdvanced')).toContain('ipadapteradvanced=IPAdapterAdvanced');
  });

  it('does not join generic words such as ComfyUI or nodes with their neighbours', () => {
    expect(terms('ComfyUI-Impact-Pack')).toEqual([
      'comfy=Comfy',
      'ui=UI',
      'comfyui=ComfyUI',
      'impact=Impact',
      'pack=Pack',
    ]);
  });

  it('indexes Chinese, Japanese and Korean text by characters and character pairs', () => {
    expect(terms('中文版')).toEqual(['中=中', '文=文', '中文=中文', '版=版', '文版=文版']);
    expect(terms('Master_中文')).toEqual(['master=Master', '中=中', '文=文', '中文=中文']);
    expect(terms('한국어')).toEqual(['한=한', '국=국', '한국=한국', '어=어', '국어=국어']);
  });

  it('plans query words with their parts and compound', () => {
    expect(planQueryWords('IP-Adapter  plus (Efficient) 中文版 !!')).toEqual([
      { parts: ['ip', 'adapter'], compound: 'ipadapter', cjk: false },
      { parts: ['plus'], compound: null, cjk: false },
      { parts: ['efficient'], compound: null, cjk: false },
      { parts: ['中文', '文版'], compound: null, cjk: true },
    ]);
    expect(planQueryWords('?!* -- ...')).toEqual([]);
    expect(planQueryWords('x'.repeat(100))).toEqual([]);
  });
});
