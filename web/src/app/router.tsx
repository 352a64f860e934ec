import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { SearchPage } from '../features/search/components/SearchPage';
import { DiscordRedirect } from './DiscordRedirect';
import { RequireAdmin, RequireAuth } from './guards';
import { HomeIntro } from './HomeIntro';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';

type LoadScreen = () => Promise<ComponentType>;

/** A screen that loads as its own chunk the first time it is visited. */
function screen(path: string, load: LoadScreen): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** A screen only signed-in users see; others go to the login page and come back. */
function signedInScreen(path: string, load: LoadScreen): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load();
      return {
        element: (
          <RequireAuth>
            <Screen />
          </RequireAuth>
        ),
      };
    },
  };
}

/** A screen only admins see; other signed-in users get the 403 page. */
function adminScreen(path: string, load: LoadScreen): RouteObject {
  return {
    path,
    lazy: async () => {
      const Screen = await load();
      return {
        element: (
          <RequireAdmin>
            <Screen />
          </RequireAdmin>
        ),
      };
    },
  };
}

/** Every route. Screens other than home load as their own chunks when first visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <SearchPage intro={<HomeIntro />} /> },
      signedInScreen(
        'nodes',
        async () => (await import('../features/dashboard/components/YourNodesPage')).YourNodesPage,
      ),
      screen('nodes/:nodeId', async () => (await import('../features/node/components/NodePage')).NodePage),
      signedInScreen(
        'nodes/:nodeId/manage',
        async () => (await import('../features/pack-manage/components/ManagePackPage')).ManagePackPage,
      ),
      signedInScreen(
        'nodes/:nodeId/claim',
        async () => (await import('../features/claim/components/ClaimPage')).ClaimPage,
      ),
      signedInScreen(
        'publishers/create',
        async () => (await import('../features/publisher-manage/components/CreatePublisherPage')).CreatePublisherPage,
      ),
      signedInScreen(
        'publishers/:publisherId/manage',
        async () => (await import('../features/publisher-manage/components/ManagePublisherPage')).ManagePublisherPage,
      ),
      signedInScreen(
        'publishers/:publisherId/publish',
        async () => (await import('../features/pack-manage/components/PublishPackPage')).PublishPackPage,
      ),
      screen(
        'publishers/:publisherId/nodes/:nodeId',
        async () => (await import('../features/node/components/NodePage')).NodePage,
      ),
      screen(
        'publishers/:publisherId',
        async () => (await import('../features/publisher-profile/components/PublisherPage')).PublisherPage,
      ),
      signedInScreen('account', async () => (await import('../features/account/components/AccountPage')).AccountPage),
      adminScreen(
        'admin',
        async () => (await import('../features/admin-review/components/AdminDashboardPage')).AdminDashboardPage,
      ),
      adminScreen(
        'admin/review',
        async () => (await import('../features/admin-review/components/ReviewQueuePage')).ReviewQueuePage,
      ),
      adminScreen(
        'admin/nodes',
        async () => (await import('../features/admin-catalogue/components/AdminNodesPage')).AdminNodesPage,
      ),
      adminScreen(
        'admin/nodes/:nodeId',
        async () => (await import('../features/admin-catalogue/components/AdminNodePage')).AdminNodePage,
      ),
      adminScreen(
        'admin/nodes/:nodeId/versions/:version/compatibility',
        async () => (await import('../features/admin-catalogue/components/CompatibilityPage')).CompatibilityPage,
      ),
      adminScreen(
        'admin/publishers',
        async () => (await import('../features/admin-catalogue/components/AdminPublishersPage')).AdminPublishersPage,
      ),
      adminScreen(
        'admin/users',
        async () => (await import('../features/admin-catalogue/components/AdminUsersPage')).AdminUsersPage,
      ),
      adminScreen(
        'admin/claim-requests',
        async () => (await import('../features/admin-review/components/ClaimRequestsPage')).ClaimRequestsPage,
      ),
      adminScreen(
        'admin/audit',
        async () => (await import('../features/admin-catalogue/components/AuditPage')).AuditPage,
      ),
      screen(
        'comfy-nodes/:name',
        async () => (await import('../features/comfy-node/components/ComfyNodePage')).ComfyNodePage,
      ),
      screen('resolve', async () => (await import('../features/resolver/components/ResolvePage')).ResolvePage),
      screen(
        'use-from-comfyui',
        async () => (await import('../features/comfyui-setup/components/UseFromComfyuiPage')).UseFromComfyuiPage,
      ),
      { path: 'discord', element: <DiscordRedirect /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          screen('login', async () => (await import('../features/auth/components/LoginPage')).LoginPage),
          screen('signup', async () => (await import('../features/auth/components/SignupPage')).SignupPage),
          screen(
            'forgot-password',
            async () => (await import('../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
          ),
          screen(
            'reset-password',
            async () => (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage,
          ),
          screen(
            'verify-email',
            async () => (await import('../features/auth/components/VerifyEmailPage')).VerifyEmailPage,
          ),
          screen('logout', async () => (await import('../features/auth/components/LogoutPage')).LogoutPage),
        ],
      },
      screen('*', async () => (await import('../features/errors/components/NotFoundPage')).NotFoundPage),
    ],
  },
];

/** The browser router over `routes`. */
export function createRouter() {
  return createBrowserRouter(routes);
}
