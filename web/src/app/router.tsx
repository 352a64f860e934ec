import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { SearchPage } from '../features/search/components/SearchPage';
import { DiscordRedirect } from './DiscordRedirect';
import { RequireAdmin, RequireAuth } from './guards';
import { HomeIntro } from './HomeIntro';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';
import { routePaths } from './route-paths';

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
        routePaths.yourNodes,
        async () => (await import('../features/dashboard/components/YourNodesPage')).YourNodesPage,
      ),
      screen(routePaths.node, async () => (await import('../features/node/components/NodePage')).NodePage),
      screen(routePaths.versionFiles, async () => (await import('../features/code/components/FilesPage')).FilesPage),
      screen(routePaths.versionFile, async () => (await import('../features/code/components/FilesPage')).FilesPage),
      screen(routePaths.compare, async () => (await import('../features/code/components/ComparePage')).ComparePage),
      signedInScreen(
        routePaths.managePack,
        async () => (await import('../features/pack-manage/components/ManagePackPage')).ManagePackPage,
      ),
      signedInScreen(
        routePaths.claimPack,
        async () => (await import('../features/claim/components/ClaimPage')).ClaimPage,
      ),
      signedInScreen(
        routePaths.createPublisher,
        async () => (await import('../features/publisher-manage/components/CreatePublisherPage')).CreatePublisherPage,
      ),
      signedInScreen(
        routePaths.managePublisher,
        async () => (await import('../features/publisher-manage/components/ManagePublisherPage')).ManagePublisherPage,
      ),
      signedInScreen(
        routePaths.publishPack,
        async () => (await import('../features/pack-manage/components/PublishPackPage')).PublishPackPage,
      ),
      screen(routePaths.publisherPack, async () => (await import('../features/node/components/NodePage')).NodePage),
      screen(
        routePaths.publisher,
        async () => (await import('../features/publisher-profile/components/PublisherPage')).PublisherPage,
      ),
      signedInScreen(
        routePaths.account,
        async () => (await import('../features/account/components/AccountPage')).AccountPage,
      ),
      adminScreen(
        routePaths.admin,
        async () => (await import('../features/admin-review/components/AdminDashboardPage')).AdminDashboardPage,
      ),
      adminScreen(
        routePaths.adminReview,
        async () => (await import('../features/admin-review/components/ReviewQueuePage')).ReviewQueuePage,
      ),
      adminScreen(
        routePaths.adminReviewVersion,
        async () => (await import('../features/code/components/ReviewDiffPage')).ReviewDiffPage,
      ),
      adminScreen(
        routePaths.adminNodes,
        async () => (await import('../features/admin-catalogue/components/AdminNodesPage')).AdminNodesPage,
      ),
      adminScreen(
        routePaths.adminNode,
        async () => (await import('../features/admin-catalogue/components/AdminNodePage')).AdminNodePage,
      ),
      adminScreen(
        routePaths.adminCompatibility,
        async () => (await import('../features/admin-catalogue/components/CompatibilityPage')).CompatibilityPage,
      ),
      adminScreen(
        routePaths.adminPublishers,
        async () => (await import('../features/admin-catalogue/components/AdminPublishersPage')).AdminPublishersPage,
      ),
      adminScreen(
        routePaths.adminUsers,
        async () => (await import('../features/admin-catalogue/components/AdminUsersPage')).AdminUsersPage,
      ),
      adminScreen(
        routePaths.adminClaimRequests,
        async () => (await import('../features/admin-review/components/ClaimRequestsPage')).ClaimRequestsPage,
      ),
      adminScreen(
        routePaths.adminAudit,
        async () => (await import('../features/admin-catalogue/components/AuditPage')).AuditPage,
      ),
      screen(
        routePaths.comfyNode,
        async () => (await import('../features/comfy-node/components/ComfyNodePage')).ComfyNodePage,
      ),
      screen(routePaths.resolve, async () => (await import('../features/resolver/components/ResolvePage')).ResolvePage),
      screen(
        routePaths.useFromComfyui,
        async () => (await import('../features/comfyui-setup/components/UseFromComfyuiPage')).UseFromComfyuiPage,
      ),
      { path: routePaths.discord, element: <DiscordRedirect /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          screen(routePaths.login, async () => (await import('../features/auth/components/LoginPage')).LoginPage),
          screen(routePaths.signup, async () => (await import('../features/auth/components/SignupPage')).SignupPage),
          screen(
            routePaths.forgotPassword,
            async () => (await import('../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
          ),
          screen(
            routePaths.resetPassword,
            async () => (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage,
          ),
          screen(
            routePaths.verifyEmail,
            async () => (await import('../features/auth/components/VerifyEmailPage')).VerifyEmailPage,
          ),
          screen(routePaths.logout, async () => (await import('../features/auth/components/LogoutPage')).LogoutPage),
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
