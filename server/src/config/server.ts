import { Type } from 'typebox';

/** Listeners, public URLs and HTTP behaviour. */
export const serverSchema = Type.Object({
  HOST: Type.String({ default: '0.0.0.0', description: 'Address both listeners bind to.' }),
  PORT: Type.Integer({ default: 8080, minimum: 0, maximum: 65535, description: 'API listener port.' }),
  WEB_PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535, description: 'Web app listener port.' }),
  PUBLIC_API_URL: Type.String({
    default: 'http://localhost:8080',
    pattern: '^https?://',
    description:
      'Base URL clients use to reach the API; upload and download URLs are built from it. Default: `http://localhost:PORT`.',
  }),
  PUBLIC_WEB_URL: Type.String({
    default: 'http://localhost:3000',
    pattern: '^https?://',
    description:
      'Base URL of the web app; used in emails and as the default CORS origin. Default: `http://localhost:WEB_PORT`.',
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
  LOG_FORMAT: Type.Union(
    ['auto', 'json', 'pretty'].map((f) => Type.Literal(f)),
    {
      default: 'auto',
      description:
        'How log lines are written: `pretty` (readable lines), `json` (one JSON object a line), or `auto`: readable on an interactive terminal, JSON otherwise.',
    },
  ),
  BODY_LIMIT_BYTES: Type.Integer({
    default: 1_048_576,
    minimum: 1024,
    description: 'Largest JSON request body accepted (archive uploads have their own limit).',
  }),
});

/**
 * The public URLs a newcomer gets without setting them: this machine at the ports the listeners
 * really use, so `PORT=9000` alone still gives install and download URLs that work.
 */
export function withPortDefaults<
  T extends { PORT: number; WEB_PORT: number; PUBLIC_API_URL: string; PUBLIC_WEB_URL: string },
>(server: T, env: Record<string, string | undefined>): T {
  const unset = (name: string) => (env[name] ?? '') === '';
  return {
    ...server,
    ...(unset('PUBLIC_API_URL') ? { PUBLIC_API_URL: `http://localhost:${server.PORT}` } : {}),
    ...(unset('PUBLIC_WEB_URL') ? { PUBLIC_WEB_URL: `http://localhost:${server.WEB_PORT}` } : {}),
  };
}
