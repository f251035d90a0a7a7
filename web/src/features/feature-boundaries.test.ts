import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { featureBoundaries } from '../../../tools/lint-rules/feature-boundaries.js';

// The lint rule that keeps features apart (eslint.config.js): each feature is reached only through its index.ts,
// and the features that compose others are imported by none.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const FEATURES = '/repo/web/src/features';
const options = [{ featuresDir: FEATURES, composers: ['project-workspace'] }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const file = (path: string) => `${FEATURES}/${path}`;

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { code: "import { useInterviews } from '../documents';", filename: file('insights/insights-page.tsx'), options },
    { code: "import { useInterviews } from '../documents/index';", filename: file('insights/insights-page.tsx'), options },
    { code: "import { quotePath } from '../../insights';", filename: file('search/api/ask.ts'), options },
    { code: "import { board } from './board';", filename: file('insights/insights-page.tsx'), options },
    { code: "import { apiRequest } from '../../../lib/api-client';", filename: file('insights/api/update-insight.ts'), options },
    { code: "import { Spinner } from '../../components/spinner';", filename: file('insights/insights-page.tsx'), options },
    { code: "import { MAX_PROJECT_NAME_LENGTH } from '@verbatim/contract/project';", filename: file('projects/project-card.tsx'), options },
    // Outside the features (the router) anything may be loaded, composers included.
    { code: "const page = () => import('../features/insights/insights-page');", filename: '/repo/web/src/app/router.tsx', options },
    { code: "const layout = () => import('../features/project-workspace');", filename: '/repo/web/src/app/router.tsx', options },
  ],
  invalid: [
    {
      code: "import { interviewPagePath } from '../documents/paths';",
      filename: file('insights/interview-ledger.tsx'),
      options,
      errors: [{ messageId: 'internals', data: { from: 'insights', to: 'documents', source: '../documents/paths', index: '../documents' } }],
    },
    {
      code: "import { add } from '../../insights/api/add-quote';",
      filename: file('documents/api/reserve-interview.ts'),
      options,
      errors: [{ messageId: 'internals' }],
    },
    { code: "export { quotePath } from '../insights/paths';", filename: file('search/index.ts'), options, errors: [{ messageId: 'internals' }] },
    { code: "const charts = () => import('../insights/insight-charts');", filename: file('deliverable/deliverable-page.tsx'), options, errors: [{ messageId: 'internals' }] },
    { code: "import { ProjectGate } from '../project-workspace';", filename: file('insights/insights-page.tsx'), options, errors: [{ messageId: 'composer' }] },
  ],
});
