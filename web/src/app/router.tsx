import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../features/errors/components/RouteErrorPage';
import { HomePage } from '../features/home/components/HomePage';
import { SearchPage } from '../features/search/components/SearchPage';
import { DiscordRedirect } from './DiscordRedirect';
import { RequireAdmin, RequireAuth } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { RootLayout } from './layout/RootLayout';

/** Every route. Screens other than home load as their own chunks when first visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <SearchPage intro={<HomePage />} /> },
      {
        path: 'nodes',
        lazy: async () => {
          const { YourNodesPage } = await import('../features/dashboard/components/YourNodesPage');
          return {
            element: (
              <RequireAuth>
                <YourNodesPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'nodes/:nodeId',
        lazy: async () => ({ Component: (await import('../features/node/components/NodePage')).NodePage }),
      },
      {
        path: 'publishers/:publisherId',
        lazy: async () => ({
          Component: (await import('../features/publisher-profile/components/PublisherPage')).PublisherPage,
        }),
      },
      {
        path: 'comfy-nodes/:name',
        lazy: async () => ({
          Component: (await import('../features/comfy-node/components/ComfyNodePage')).ComfyNodePage,
        }),
      },
      {
        path: 'resolve',
        lazy: async () => ({ Component: (await import('../features/resolver/components/ResolvePage')).ResolvePage }),
      },
      {
        path: 'admin',
        lazy: async () => {
          const { AdminDashboardPage } = await import('../features/admin/components/AdminDashboardPage');
          return {
            element: (
              <RequireAdmin>
                <AdminDashboardPage />
              </RequireAdmin>
            ),
          };
        },
      },
      { path: 'discord', element: <DiscordRedirect /> },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage')).LoginPage }),
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('../features/auth/components/SignupPage')).SignupPage }),
          },
          {
            path: 'forgot-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/ForgotPasswordPage')).ForgotPasswordPage,
            }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage,
            }),
          },
          {
            path: 'verify-email',
            lazy: async () => ({
              Component: (await import('../features/auth/components/VerifyEmailPage')).VerifyEmailPage,
            }),
          },
          {
            path: 'logout',
            lazy: async () => ({ Component: (await import('../features/auth/components/LogoutPage')).LogoutPage }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/errors/components/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

/** The browser router over `routes`. */
export function createRouter() {
  return createBrowserRouter(routes);
}
