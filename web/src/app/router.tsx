import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';
import { lazyDataScreen } from './lazy-data-screen';
import { Layout } from './layout';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

const HomePage = lazyWithTimeout(() => import('../features/landing/home-page'));
const LandingPage = lazyWithTimeout(() => import('../features/landing/landing-page'));
const LoginPage = lazyWithTimeout(() => import('../features/auth/login-page'));
const SignupPage = lazyWithTimeout(() => import('../features/auth/signup-page'));
const ResetPasswordPage = lazyWithTimeout(() => import('../features/auth/reset-password-page'));
const LegalPage = lazyWithTimeout(() => import('../features/legal/legal-page'));
const PricingPage = lazyDataScreen(() => import('../features/billing/pricing-page'));
const SubscriptionPage = lazyDataScreen(() => import('../features/billing/subscription-page'));
const SubscriptionSuccessPage = lazyDataScreen(() => import('../features/billing/subscription-success-page'));
const ProjectsPage = lazyDataScreen(() => import('../features/projects/projects-page'));
const InterviewsPage = lazyDataScreen(() => import('../features/documents/interviews-page'));
const DocumentPage = lazyDataScreen(() => import('../features/documents/document-page'));
const InsightsPage = lazyDataScreen(() => import('../features/insights/insights-page'));
const DeliverablePage = lazyDataScreen(() => import('../features/deliverable/deliverable-page'));
const SharePage = lazyDataScreen(() => import('../features/sharing/share-page'));
const SearchPage = lazyDataScreen(() => import('../features/search/search-page'));
const NotFoundPage = lazyWithTimeout(() => import('../features/not-found/not-found-page'));

const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/landing', element: <LandingPage persona="generic" /> },
      { path: '/ux-researchers', element: <LandingPage persona="uxr" /> },
      { path: '/consultants', element: <LandingPage persona="consultant" /> },
      { path: '/pm', element: <LandingPage persona="pm" /> },
      { path: '/modern-research', element: <LandingPage persona="advariant" /> },
      { path: '/agents', element: <LandingPage persona="agent" /> },
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
          { path: '/search', element: <SearchPage /> },
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
