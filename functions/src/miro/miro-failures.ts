import type { MiroFailureKind } from './miro-client';

/** What the researcher reads when Miro says no, with the status this API answers. */
export const MIRO_FAILURES: Record<MiroFailureKind, { status: number; message: (miro: string | null) => string }> = {
  'token-refused': {
    status: 400,
    message: () => 'Miro did not accept this access token. Copy it again from your Miro app’s settings; it needs the boards:write scope.',
  },
  'no-permission': {
    status: 403,
    message: () => 'This Miro token may not create boards. Give its Miro app the boards:write scope, install it again and paste the new token.',
  },
  'board-gone': { status: 404, message: () => 'Miro no longer has the board this push began. Send the project again to make a new board.' },
  'rate-limited': {
    status: 429,
    message: () => 'Miro is limiting how fast this token may add stickies. Wait a minute, then resume: what is already on the board stays.',
  },
  refused: { status: 502, message: (miro) => `Miro refused part of the board${miro ? ` (Miro said: ${miro})` : ''}. Try again; if it persists, download the CSV and import it instead.` },
  unreachable: { status: 502, message: () => 'Miro did not answer. Try again in a moment: what is already on the board stays.' },
};
