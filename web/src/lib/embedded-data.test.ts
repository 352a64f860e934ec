import { EMBEDDED_DATA_ID, embeddedFetchedAt, pageNamespaces, resetEmbedded, takeEmbedded } from './embedded-data';

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = EMBEDDED_DATA_ID;
  element.textContent = text;
  document.head.appendChild(element);
}

afterEach(() => {
  document.getElementById(EMBEDDED_DATA_ID)?.remove();
  resetEmbedded();
});

describe('embedded data', () => {
  it('hands out each embedded answer once and removes the element', () => {
    embed(JSON.stringify({ fetchedAt: 1234, queries: { '/nodes/a': { id: 'a', name: '</script> "x"' } } }));
    expect(embeddedFetchedAt()).toBe(1234);
    expect(takeEmbedded('/nodes/b')).toBeUndefined();
    expect(takeEmbedded('/nodes/a')).toEqual({ id: 'a', name: '</script> "x"' });
    expect(takeEmbedded('/nodes/a')).toBeUndefined();
    expect(document.getElementById(EMBEDDED_DATA_ID)).toBeNull();
  });

  it('is empty without the element or with a malformed one', () => {
    expect(takeEmbedded('/nodes/a')).toBeUndefined();
    expect(embeddedFetchedAt()).toBeUndefined();
    resetEmbedded();
    embed('{"fetchedAt": 1, "queries": ');
    expect(takeEmbedded('/nodes/a')).toBeUndefined();
    resetEmbedded();
    embed('{"fetchedAt": "soon", "queries": {"/nodes/a": {}}}');
    expect(takeEmbedded('/nodes/a')).toBeUndefined();
  });

  it('reads the screen namespaces the server named, ignoring anything that is not a namespace name', () => {
    expect(pageNamespaces()).toEqual([]);
    const meta = document.createElement('meta');
    meta.name = 'registry-namespaces';
    meta.content = 'node publisher-profile ../x  Bad';
    document.head.appendChild(meta);
    expect(pageNamespaces()).toEqual(['node', 'publisher-profile']);
    meta.remove();
  });
});
