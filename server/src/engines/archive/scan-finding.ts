import { type Static, Type } from 'typebox';

/**
 * One suspicious thing the archive scanner found, as it is stored in a version's status reason
 * and answered by the processing status and the review queue. `severity` says how strongly the
 * finding suggests malice: `high` (malware patterns such as encoded payloads run with exec,
 * credential theft, miners, bundled executables), `medium` (dangerous but also used by honest
 * packs, e.g. eval of a user expression or pip at import), `low` (could not be inspected). It is
 * optional so older stored findings stay valid.
 */
export const ScanFinding = Type.Object(
  {
    issue_type: Type.String(),
    file_path: Type.String(),
    line_number: Type.Integer(),
    code_snippet: Type.String(),
    message: Type.String(),
    scanner: Type.String(),
    severity: Type.Optional(Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')])),
    column: Type.Optional(Type.Integer({ description: '1-based column of the match on its line (long lines).' })),
    grade: Type.Optional(
      Type.Union([Type.Literal('hold'), Type.Literal('label')], {
        description:
          '`hold`: the version waits for an administrator; `label`: it is installable and carries `label`. ' +
          'Findings stored before grades existed have none and hold.',
      }),
    ),
    label: Type.Optional(
      Type.String({ description: 'The version label a label-grade finding gives (docs/moderation.md).' }),
    ),
    context: Type.Optional(
      Type.Union(
        [
          Type.Literal('import'),
          Type.Literal('runtime'),
          Type.Literal('install'),
          Type.Literal('unimported'),
          Type.Literal('file'),
        ],
        {
          description:
            'Where the code runs: at import, inside node code, in install.py, never (no importer), or a non-Python file.',
        },
      ),
    ),
  },
  { title: 'ScanFinding' },
);
export type ScanFindingJson = Static<typeof ScanFinding>;
