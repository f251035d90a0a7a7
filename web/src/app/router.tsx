import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

const HomePage = lazyWithTimeout(() => import('../features/landing/home-page'));
const LoginPage = lazyWithTimeout(() => import('../features/auth/login-page'));
const SignupPage = lazyWithTimeout(() => import('../features/auth/signup-page'));
const ResetPasswordPage = lazyWithTimeout(() => import('../features/auth/reset-password-page'));
const LegalPage = lazyWithTimeout(() => import('../features/legal/legal-page'));
const PricingPage = lazyWithTimeout(() => import('../features/billing/pricing-page'));
const SubscriptionPage = lazyWithTimeout(() => import('../features/billing/subscription-page'));
const SubscriptionSuccessPage = lazyWithTimeout(() => import('../features/billing/subscription-success-page'));
const ProjectsPage = lazyWithTimeout(() => import('../features/projects/projects-page'));
const InterviewsPage = lazyWithTimeout(() => import('../features/documents/interviews-page'));
const DocumentPage = lazyWithTimeout(() => import('../features/documents/document-page'));
const InsightsPage = lazyWithTimeout(() => import('../features/insights/insights-page'));
const DeliverablePage = lazyWithTimeout(() => import('../features/deliverable/deliverable-page'));
const SharePage = lazyWithTimeout(() => import('../features/sharing/share-page'));
const NotFoundPage = lazyWithTimeout(() => import('../features/not-found/not-found-page'));

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/legal', element: <LegalPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/account/subscription', element: <SubscriptionPage /> },
      { path: '/subscription-success', element: <SubscriptionSuccessPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/projects', element: <ProjectsPage /> },
          { path: '/projects/:projectId/interviews', element: <InterviewsPage /> },
          { path: '/projects/:projectId/insights', element: <InsightsPage /> },
          { path: '/projects/:projectId/documents/:documentId', element: <DocumentPage /> },
          { path: '/projects/:projectId/deliverable', element: <DeliverablePage /> },
          { path: '/projects/:projectId/share', element: <SharePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
