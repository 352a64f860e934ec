/**
 * Route schemas embed the shared wire types inline. This moves every schema object that has a
 * `title` into `components.schemas` and replaces each occurrence with a `$ref`, so clients
 * generated from the document get named types (`Node`, `NodeVersion`, ...).
 */
export function hoistTitledSchemas(document: Record<string, unknown>): Record<string, unknown> {
  const components = (document.components ?? {}) as Record<string, unknown>;
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;

  const visit = (value: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => visit(v, false));
    if (!value || typeof value !== 'object') return value;
    const object = value as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(object)) {
      // `properties` maps names to schemas; a property literally named "title" is not a title.
      copy[key] = key === 'properties' ? visitProperties(child) : visit(child, false);
    }
    const title = object.title;
    if (!isRoot && typeof title === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(title) && 'type' in object) {
      schemas[title] ??= copy;
      return { $ref: `#/components/schemas/${title}` };
    }
    return copy;
  };
  const visitProperties = (props: unknown): unknown => {
    if (!props || typeof props !== 'object') return props;
    return Object.fromEntries(Object.entries(props as Record<string, unknown>).map(([k, v]) => [k, visit(v, false)]));
  };

  const paths = visit(document.paths ?? {}, true);
  return { ...document, paths, components: { ...components, schemas } };
}
