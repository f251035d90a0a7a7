import { getFirestore } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { serverLimits } from '../config/server-limits';
import { handleSweepStuckDocuments } from '../ingestion/sweep-stuck-documents';
import { analysisSecrets, readGeminiSettings } from '../insights/analyser-config';
import { analyserChoice } from '../insights/choose-analyser';

/** Every 10 minutes: documents left in a transient status by a function that died are stopped or analysed. */
export const sweepStuckDocuments = onSchedule(
  { schedule: 'every 10 minutes', memory: '1GiB', timeoutSeconds: 540, secrets: analysisSecrets() },
  async (event) => {
    await handleSweepStuckDocuments(event, {
      db: getFirestore(),
      chooseAnalyser: analyserChoice(readGeminiSettings()),
      tokenCeiling: serverLimits().gemini.tokensPerProjectPerMonth,
    });
  },
);
