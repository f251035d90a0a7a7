import { getFirestore } from 'firebase-admin/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { functionSecrets, serverConfig } from '../config/server-config';
import { handleSweepStuckInterviews } from '../interviews/sweep-stuck-interviews';
import { sweepLapsedReels } from '../clips/reel-sweep';
import { analyserChoice } from '../analysis-runs/choose-analyser';
import { defaultRecordingStore } from '../storage/recording-store';
import { sweepGeminiFiles } from '../recordings/gemini-file-ledger';
import { createTranscriptionClient, deleteFile } from '../analysis/transcription/files-api';

/**
 * Every 10 minutes: documents left in a transient status by a function that died are stopped or analysed, and a recording
 * failed with them (or alone, attached and left being read) has its file deleted from the store the other recording
 * code uses; highlight reels whose rendering died with its task are failed, any part of their file deleted; files a
 * stopped transcription left in Gemini's file store are deleted there.
 */
export const sweepStuckDocuments = onSchedule(
  { schedule: 'every 10 minutes', memory: '1GiB', timeoutSeconds: 540, secrets: functionSecrets('geminiApiKey') },
  async (event) => {
    const config = serverConfig();
    await handleSweepStuckInterviews(event, {
      db: getFirestore(),
      recordings: defaultRecordingStore(config),
      chooseAnalyser: analyserChoice(config.gemini),
      tokenCeiling: config.limits.gemini.tokensPerProjectPerMonth,
      accountTokenCeiling: config.limits.gemini.tokensPerAccountPerMonth,
    });
    await sweepLapsedReels({ db: getFirestore(), store: defaultRecordingStore(config) });
    // Files a stopped transcription left in Gemini's file store.
    const gemini = config.gemini;
    if (gemini) {
      const client = createTranscriptionClient(gemini.apiKey, gemini.baseUrl);
      await sweepGeminiFiles(getFirestore(), (name) => deleteFile(client, { name, uri: '', mimeType: '' }), new Date());
    }
  },
);
