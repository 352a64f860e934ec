import { Type } from 'typebox';
import { NodeIdString, VersionString } from '../nodes/schemas.js';

export const FilePathParams = Type.Object({
  nodeId: NodeIdString,
  version: VersionString,
  '*': Type.String({ minLength: 1, maxLength: 1000, description: 'The file’s path in the archive.' }),
});

export const CompareParams = Type.Object({
  nodeId: NodeIdString,
  range: Type.String({
    minLength: 5,
    maxLength: 203,
    description: 'Two versions as `from...to`, e.g. `1.0.0...1.1.0`.',
  }),
});

export const CompareQuery = Type.Object({
  path: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'Compare only this file (a diff the full answer omitted).',
    }),
  ),
});

export const VersionFileListing = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String(),
    root: Type.String({
      description: 'The folder every file is wrapped in (`name/`), or `""` when files sit at the archive root.',
    }),
    file_count: Type.Integer(),
    total_bytes: Type.Integer({ description: 'Uncompressed size of all files.' }),
    files: Type.Array(
      Type.Object(
        {
          path: Type.String({ description: 'Path in the archive, `/`-separated; folders are implied by the paths.' }),
          size: Type.Integer({ description: 'Uncompressed size in bytes.' }),
          kind: Type.Union([Type.Literal('text'), Type.Literal('binary')], {
            description: 'Guessed from the name without reading the file; the file read says for sure.',
          }),
          language: Type.Union([Type.String(), Type.Null()], {
            description: 'Highlighting language (`python`, `javascript`, `json`, ...), or null for plain text.',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'VersionFileListing', additionalProperties: false },
);

export const VersionFile = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String(),
    path: Type.String({ description: 'The file’s path in the archive (a path from the pack root resolves to it).' }),
    size: Type.Integer(),
    language: Type.Union([Type.String(), Type.Null()]),
    binary: Type.Boolean({ description: 'Binary files carry no content, only their size.' }),
    truncated: Type.Boolean({ description: 'Whether `content` stops at `limit_bytes` of a longer file.' }),
    limit_bytes: Type.Integer({ description: 'Most bytes of a file this answer carries.' }),
    content: Type.Union([Type.String(), Type.Null()], {
      description: 'The text as UTF-8 (invalid bytes are U+FFFD); null for binary files.',
    }),
    line_count: Type.Union([Type.Integer(), Type.Null()]),
    longest_line: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Characters in the longest line: very long lines mean a minified or generated file.',
    }),
  },
  { title: 'VersionFile', additionalProperties: false },
);

const Hunk = Type.Object(
  {
    old_start: Type.Integer(),
    old_lines: Type.Integer(),
    new_start: Type.Integer(),
    new_lines: Type.Integer(),
    lines: Type.Array(Type.String(), {
      description: "Each line starts with ' ' (context), '-' (removed), '+' (added) or '\\' (no newline at end).",
    }),
  },
  { additionalProperties: false },
);

export const VersionComparison = Type.Object(
  {
    node_id: Type.String(),
    from: Type.String(),
    to: Type.String(),
    unchanged: Type.Integer({ description: 'Files identical in both versions (not listed).' }),
    added: Type.Integer(),
    removed: Type.Integer(),
    modified: Type.Integer(),
    additions: Type.Integer({ description: 'Lines added over the files whose diff is shown.' }),
    deletions: Type.Integer({ description: 'Lines removed over the files whose diff is shown.' }),
    files: Type.Array(
      Type.Object(
        {
          path: Type.String(),
          status: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('modified')]),
          old_size: Type.Union([Type.Integer(), Type.Null()]),
          new_size: Type.Union([Type.Integer(), Type.Null()]),
          diff: Type.Union(
            [
              Type.Literal('shown'),
              Type.Literal('binary'),
              Type.Literal('too_large'),
              Type.Literal('too_different'),
              Type.Literal('omitted'),
            ],
            {
              description:
                '`shown`: `hunks` hold the diff; `binary`; `too_large`: a side is over 512 KiB; `too_different`: no diff within the edit limit; `omitted`: past the answer’s budget, ask again with `path`.',
            },
          ),
          additions: Type.Union([Type.Integer(), Type.Null()]),
          deletions: Type.Union([Type.Integer(), Type.Null()]),
          hunks: Type.Array(Hunk),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { title: 'VersionComparison', additionalProperties: false },
);
