import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { ProjectSectionHandle } from '../features/project-workspace';
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
const loadInterviewsPage = () => import('../features/interviews/interviews-page');
const loadInterviewPage = () => import('../features/interviews/reader/interview-page');
const loadInsightsPage = () => import('../features/insights/insights-page');
const loadDeliverablePage = () => import('../features/deliverable/deliverable-page');
const loadSharePage = () => import('../features/sharing/share-page');
const loadClipsPage = () => import('../features/clips/clips-page');
const InterviewsPage = lazyDataScreen(loadInterviewsPage);
const InterviewPage = lazyDataScreen(loadInterviewPage);
const InsightsPage = lazyDataScreen(loadInsightsPage);
const DeliverablePage = lazyDataScreen(loadDeliverablePage);
const SharePage = lazyDataScreen(loadSharePage);
const ClipsPage = lazyDataScreen(loadClipsPage);
const SearchPage = lazyDataScreen(() => import('../features/search/search-page'));
const NotFoundPage = lazyWithTimeout(() => import('../features/not-found/not-found-page'));
// The project's screens, by the address segment after /projects/:projectId/.
const PROJECT_SCREENS = new Map<string, () => Promise<unknown>>([
  ['interviews', loadInterviewsPage],
  ['documents', loadInterviewPage],
  ['insights', loadInsightsPage],
  ['deliverable', loadDeliverablePage],
  ['share', loadSharePage],
  ['clips', loadClipsPage],
]);
// The project's layout routes come in one piece, fetched once for all three, together with the screen the address
// names (a screen is otherwise fetched only once its layout has rendered, one after the other).
const workspace = () => {
  const screen = /^\/projects\/[^/]+\/([^/]+)/.exec(window.location.pathname)?.[1];
  if (screen) void PROJECT_SCREENS.get(screen)?.().catch(() => undefined);
  return import('../features/project-workspace');
};
const ProjectWorkspace = lazyWithTimeout<object>(() => workspace().then((m) => ({ default: m.ProjectWorkspace })));
const ProjectGate = lazyWithTimeout<object>(() => workspace().then((m) => ({ default: m.ProjectGate })));
const ProjectSections = lazyDataScreen<object>(() => workspace().then((m) => ({ default: m.ProjectSections })));

/** A section page's container class (see ProjectSections). */
const pageClass = (name: string): ProjectSectionHandle => ({ pageClass: name });

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
        ],
      },
      {
        path: '/projects/:projectId',
        children: [
          // The bare project address has no screen of its own, signed in or not.
          { index: true, element: <NotFoundPage /> },
          {
            element: <RequireAuth />,
            children: [
              {
                // The project is read once here for all its screens.
                element: <ProjectWorkspace />,
                children: [
                  { path: 'documents/:documentId', element: <InterviewPage /> },
                  {
                    // Unavailable or loading: said once, before any of these screens.
                    element: <ProjectGate />,
                    children: [
                      { path: 'share', element: <SharePage /> },
                      {
                        // The header and the tabs, above each tab's screen.
                        element: <ProjectSections />,
                        children: [
                          { path: 'interviews', element: <InterviewsPage /> },
                          { path: 'insights', element: <InsightsPage />, handle: pageClass('insights-page') },
                          { path: 'deliverable', element: <DeliverablePage />, handle: pageClass('deliverable-page') },
                          { path: 'clips', element: <ClipsPage /> },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
