import { Type } from 'typebox';

/** Listeners, public URLs and HTTP behaviour. */
export const serverSchema = Type.Object({
  HOST: Type.String({ default: '0.0.0.0', description: 'Address both listeners bind to.' }),
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535, description: 'API listener port.' }),
  WEB_PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'Web app listener port.' }),
  PUBLIC_API_URL: Type.String({
    default: 'http://localhost:8080',
    pattern: '^https?://',
    description: 'Base URL clients use to reach the API; upload and download URLs are built from it.',
  }),
  PUBLIC_WEB_URL: Type.String({
    default: 'http://localhost:3000',
    pattern: '^https?://',
    description: 'Base URL of the web app; used in emails and as the default CORS origin.',
  }),
  CORS_ORIGINS: Type.String({
    default: '',
    description: 'Comma-separated extra origins allowed to call the API with credentials.',
  }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'Trust X-Forwarded-* headers from a reverse proxy.' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'Minimum level of structured log lines.' },
  ),
  BODY_LIMIT_BYTES: Type.Integer({
    default: 1_048_576,
    minimum: 1024,
    description: 'Largest JSON request body accepted (archive uploads have their own limit).',
  }),
});
