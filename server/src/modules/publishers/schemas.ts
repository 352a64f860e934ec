import { type Static, Type } from 'typebox';

/** `{publisherId}` in every publisher-scoped path. */
export const PublisherParams = Type.Object({
  publisherId: Type.String({ minLength: 1, maxLength: 200, description: 'Publisher id.' }),
});

const profile = {
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  website: Type.Optional(Type.String({ maxLength: 2048, description: 'http(s) URL or empty.' })),
  support: Type.Optional(Type.String({ maxLength: 2048, description: 'Support e-mail address or URL.' })),
  source_code_repo: Type.Optional(Type.String({ maxLength: 2048, description: 'http(s) URL or empty.' })),
  logo: Type.Optional(Type.String({ maxLength: 2048, description: 'http(s) URL or empty.' })),
};

/**
 * Body of `POST /publishers`. Clients may send a whole Publisher object; read-only keys
 * (`members`, `status`, `createdAt`) are ignored.
 */
export const CreatePublisherBody = Type.Object({
  id: Type.String({
    description: 'Lowercase letter, then lowercase letters, digits and hyphens; at most 64; `admin-*` is reserved.',
  }),
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Display name.' }),
  ...profile,
});
export type CreatePublisherBodyType = Static<typeof CreatePublisherBody>;

/** Body of `PUT /publishers/{id}`: any subset of the profile; `id`, when sent, must not change. */
export const UpdatePublisherBody = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  ...profile,
});

export const ListPublishersQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Only publishers whose id or name contains this text (any case), best matches first.',
    }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 50, description: 'At most this many publishers when `search` is given (10).' }),
  ),
});

export const ValidateQuery = Type.Object({
  username: Type.Optional(Type.String({ description: 'The publisher id to check.' })),
  verdict: Type.Optional(
    Type.Boolean({
      description:
        'true: answer 200 with `isAvailable: false` and the coded reason instead of 400 when the id cannot be used.',
    }),
  ),
});

export const IsAvailable = Type.Object(
  {
    isAvailable: Type.Boolean(),
    message: Type.Optional(Type.String({ description: 'Why the id cannot be used (with `verdict=true`).' })),
    code: Type.Optional(Type.String({ description: "The reason's stable code, as in an error body." })),
  },
  { title: 'PublisherAvailability' },
);
export const CanEdit = Type.Object({ canEdit: Type.Boolean() }, { title: 'Permission' });

/** OpenAPI marker for routes that need an identity token. */
export const bearer = [{ BearerAuth: [] }];
