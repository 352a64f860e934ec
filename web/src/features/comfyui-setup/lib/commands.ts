import { publishCommand } from '../../../lib/catalogue/publish-command';

/** Where the web listener serves the ComfyUI connector (server: modules/web/connector-download.ts). */
export const CONNECTOR_ZIP_PATH = '/clients/comfyui-connector.zip';

/** The setup commands for one registry, from its public API address (see docs/clients.md). */
export interface SetupCommands {
  apiUrl: string;
  https: boolean;
  connectorVariable: string;
  /** Makes the registry answer on localhost:8080, the only address of comfy-cli's dev mode. */
  forward: string;
  publish: string;
  install: string;
}

export function setupCommands(apiUrl: string): SetupCommands {
  const url = new URL(apiUrl);
  const https = url.protocol === 'https:';
  const port = url.port || (https ? '443' : '80');
  // Plain HTTP in on localhost:8080; out as TLS (certificate and name checked) or plain TCP.
  const target = https ? `OPENSSL:${url.hostname}:${port}` : `TCP:${url.hostname}:${port}`;
  return {
    apiUrl,
    https,
    connectorVariable: `COMFY_REGISTRY_URL=${apiUrl}`,
    forward: `socat TCP-LISTEN:8080,bind=127.0.0.1,reuseaddr,fork ${target}`,
    publish: publishCommand('<token>'),
    install: 'ENVIRONMENT=dev comfy node registry-install <node-id>',
  };
}
