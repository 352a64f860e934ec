import { type Static, Type } from 'typebox';
import { ScanFinding } from '../catalogue/wire.js';

const Published = Type.Union(
  [
    Type.Object({
      via: Type.Literal('token'),
      token_name: Type.String(),
      token_last_four: Type.String(),
    }),
    Type.Object({ via: Type.Literal('browser'), user_id: Type.String(), user_name: Type.String() }),
    Type.Object({
      via: Type.Literal('trusted_publisher'),
      issuer: Type.String(),
      repository: Type.String(),
      workflow: Type.String(),
      environment: Type.String(),
      commit: Type.String(),
      run_id: Type.String(),
      run_attempt: Type.Optional(Type.String({ description: 'Which attempt of the run.' })),
      ref: Type.String(),
    }),
  ],
  { title: 'VersionPublishedVia' },
);

export const VersionTrust = Type.Object(
  {
    node_id: Type.String(),
    version: Type.String(),
    status: Type.String(),
    published_at: Type.String(),
    archive: Type.Union(
      [
        Type.Object({
          sha256: Type.String(),
          size_bytes: Type.Integer(),
          hash_source: Type.Union(
            [Type.Literal('upload'), Type.Literal('upstream'), Type.Literal('first_fetch'), Type.Literal('bundle')],
            {
              description:
                'What the SHA-256 was checked against: upload (the bytes uploaded here), upstream (the hash the mirrored upstream recorded), first_fetch (the upstream recorded none: the hash was taken here at the first fetch and is not verified against the upstream), bundle (the offline bundle it was imported from).',
            },
          ),
        }),
        Type.Null(),
      ],
      { description: 'The stored archive; null before its upload arrived.' },
    ),
    published: Type.Union([Published, Type.Null()], {
      description: 'How the version was published; null when it was not recorded (older, mirrored or seeded versions).',
    }),
    hold_reason: Type.String({ description: 'Why a change of hands held this version; empty when it did not.' }),
    scan: Type.Object({
      labels: Type.Array(Type.String()),
      findings: Type.Array(ScanFinding),
    }),
    decisions: Type.Array(
      Type.Object({
        from_status: Type.Union([Type.String(), Type.Null()]),
        to_status: Type.String(),
        reason: Type.String(),
        by: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], {
          description: 'The administrator; null for the registry itself (publish, pipeline).',
        }),
        at: Type.String(),
      }),
    ),
    custody: Type.Array(
      Type.Object({
        kind: Type.Union([
          Type.Literal('claim'),
          Type.Literal('transfer'),
          Type.Literal('publisher_change'),
          Type.Literal('repository_change'),
        ]),
        from: Type.String(),
        to: Type.String(),
        detail: Type.String(),
        at: Type.String(),
      }),
      { description: "The pack's changes of hands, oldest first." },
    ),
  },
  { title: 'VersionTrust' },
);
export type VersionTrustJson = Static<typeof VersionTrust>;
