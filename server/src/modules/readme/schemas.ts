import { Type } from 'typebox';

/** A version's README on the wire. */
export const NodeVersionReadme = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String({ description: 'The version whose archive the README came from.' }),
    file_name: Type.String({ description: 'The file at the pack root, e.g. `README.md`.' }),
    format: Type.Union([Type.Literal('markdown'), Type.Literal('rst'), Type.Literal('text')], {
      description: '`markdown` is meant to be rendered; `rst` and `text` are shown as written.',
    }),
    content: Type.String({ description: 'The text, UTF-8; bytes that were not valid UTF-8 are U+FFFD.' }),
    size_bytes: Type.Integer({ description: "The whole file's size in the archive." }),
    truncated: Type.Boolean({ description: 'Whether `content` is only the first 512 KiB of a larger file.' }),
  },
  { title: 'NodeVersionReadme', additionalProperties: false },
);
