// A small OpenID Connect issuer on 127.0.0.1 for trusted publishing tests, run as its own
// process: it serves a discovery document and a JWKS like https://token.actions.githubusercontent.com,
// and signs identity tokens with the GitHub Actions claim set.
//
//   node oidc-issuer.mjs '<runtime claims JSON>'
//
// Prints one line, `{"issuer": "http://127.0.0.1:<port>", "requestToken": "..."}`, once listening.
// - GET  /.well-known/openid-configuration, GET /.well-known/jwks: what a verifier reads;
// - GET  /runtime/token?audience=X (Authorization: bearer <requestToken>): the Actions runtime's
//   token request (ACTIONS_ID_TOKEN_REQUEST_URL), answering {"value": <token for the runtime claims>};
// - POST /sign {claims, audience, expiresIn, issuer, unknownKey}: a token the test shapes itself.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const runtimeClaims = JSON.parse(process.argv[2] ?? '{}');
const requestToken = randomBytes(16).toString('hex');
const signing = await generateKeyPair('RS256');
// A key the JWKS never lists, for "signed by an unknown key".
const stranger = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(signing.publicKey)), kid: 'issuer-key-1', alg: 'RS256', use: 'sig' };
let issuer = '';

function sign({ claims = {}, audience, expiresIn = 300, issuedAgo = 0, issuer: iss = issuer, unknownKey = false }) {
  const now = Math.floor(Date.now() / 1000) - issuedAgo;
  return new SignJWT({ jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: unknownKey ? 'stranger-key' : jwk.kid, typ: 'JWT' })
    .setIssuer(iss)
    .setAudience(audience)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + expiresIn)
    .sign(unknownKey ? stranger.privateKey : signing.privateKey);
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', issuer);
  try {
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return send(response, 200, {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (request.method === 'GET' && url.pathname === '/.well-known/jwks') {
      return send(response, 200, { keys: [jwk] });
    }
    if (request.method === 'GET' && url.pathname === '/runtime/token') {
      if (request.headers.authorization?.toLowerCase() !== `bearer ${requestToken}`) {
        return send(response, 401, { message: 'bad request token' });
      }
      const audience = url.searchParams.get('audience') ?? '';
      return send(response, 200, { value: await sign({ claims: runtimeClaims, audience }) });
    }
    if (request.method === 'POST' && url.pathname === '/sign') {
      return send(response, 200, { token: await sign(await readJson(request)) });
    }
    send(response, 404, { message: 'not found' });
  } catch (error) {
    send(response, 500, { message: String(error) });
  }
});

server.listen(0, '127.0.0.1', () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  process.stdout.write(`${JSON.stringify({ issuer, requestToken })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
