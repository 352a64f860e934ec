/**
 * comfy-cli's publish command as it reaches a self-hosted registry: comfy-cli has no registry
 * setting, and `ENVIRONMENT=dev` is its only mode that talks to anything but Comfy's servers
 * (always `http://localhost:8080`; docs/clients.md says how to make the registry answer there).
 */
export const publishCommand = (token: string): string => `ENVIRONMENT=dev comfy node publish --token ${token}`;
