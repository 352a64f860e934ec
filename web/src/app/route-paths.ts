/**
 * Every path the app's router answers, in React Router's pattern syntax. router.tsx builds its
 * routes from these names, and the build writes the list to `dist/.routes.json` (vite.config.ts),
 * which the web listener reads to answer any other path with 404 and the not-found screen. One
 * list, so a new screen cannot be a 404 on a direct load while it works inside the app.
 */
export const routePaths = {
  home: '/',
  yourNodes: '/nodes',
  node: '/nodes/:nodeId',
  managePack: '/nodes/:nodeId/manage',
  versionFiles: '/nodes/:nodeId/versions/:version/files',
  versionFile: '/nodes/:nodeId/versions/:version/files/*',
  compare: '/nodes/:nodeId/compare/:range',
  claimPack: '/nodes/:nodeId/claim',
  createPublisher: '/publishers/create',
  managePublisher: '/publishers/:publisherId/manage',
  publishPack: '/publishers/:publisherId/publish',
  publisherPack: '/publishers/:publisherId/nodes/:nodeId',
  publisher: '/publishers/:publisherId',
  account: '/account',
  admin: '/admin',
  adminReview: '/admin/review',
  adminReviewVersion: '/admin/review/:nodeId/:version',
  adminNodes: '/admin/nodes',
  adminNode: '/admin/nodes/:nodeId',
  adminCompatibility: '/admin/nodes/:nodeId/versions/:version/compatibility',
  adminPublishers: '/admin/publishers',
  adminUsers: '/admin/users',
  adminClaimRequests: '/admin/claim-requests',
  adminAudit: '/admin/audit',
  comfyNode: '/comfy-nodes/:name',
  resolve: '/resolve',
  useFromComfyui: '/use-from-comfyui',
  discord: '/discord',
  login: '/auth/login',
  signup: '/auth/signup',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verifyEmail: '/auth/verify-email',
  logout: '/auth/logout',
} as const;

export type RouteName = keyof typeof routePaths;

/** The file in the build that carries the list to the web listener (a dot file: never served). */
export const ROUTES_FILE = '.routes.json';
