// The Files API of the Gemini stand-in (gemini-stand-in.mjs), in Google's wire format, and the "model" that listens
// to an uploaded recording and answers a transcription prompt about it.
//
// Upload (the resumable protocol the SDK speaks):
//   POST /upload/v1beta/files   X-Goog-Upload-Protocol: resumable, X-Goog-Upload-Command: start,
//        X-Goog-Upload-Header-Content-Length / -Content-Type, body {file: {displayName, mimeType, sizeBytes}}
//        → 200, X-Goog-Upload-URL (…?upload_id=…&upload_protocol=resumable), X-Goog-Upload-Status: active,
//          X-Goog-Upload-Chunk-Granularity: 8388608
//   POST {upload url}   X-Goog-Upload-Command: upload | upload, finalize, X-Goog-Upload-Offset: bytes so far
//        → 200 X-Goog-Upload-Status: active (empty body); the final one X-Goog-Upload-Status: final and
//          {file: {name, displayName, mimeType, sizeBytes, createTime, updateTime, expirationTime, sha256Hash, uri,
//          state: 'PROCESSING', source: 'UPLOADED'}}
//   An offset that is not the bytes received so far, a chunk whose length is not a multiple of the granularity (but
//   the last), or a final size other than the declared one: 400 INVALID_ARGUMENT, and the upload is cancelled.
// Files: GET /v1beta/files/{id} (PROCESSING for `processingPolls` reads, then ACTIVE, or FAILED with its error),
//   DELETE /v1beta/files/{id} → {}; a deleted or unknown file → 403 PERMISSION_DENIED, as Google answers.
// Only a SHA-256 and the size of the bytes are kept, never the bytes.
//
// Listening: a test registers what a recording says (`registerRecording`), matched by the content's SHA-256 (hex)
// or the upload's display name (a part cut from it is named after it, "…-part-1795s-3660s", and heard as the recording
// registered last when no script has its name): its length, its speakers (each with how the voice sounds, and a name when one is
// said aloud) and its turns (speaker, start in seconds, words; and each sentence's start, when the test knows it).
// Given a fileData part and a prompt asking for the part "from HH:MM:SS to HH:MM:SS", the model answers the turns
// that start in that part, as JSON {speakers: [{label, description}], turns: [{speaker, sentences: [{start:
// 'HH:MM:SS', text}]}]}: each turn's sentences with the time each starts (the script's, else heard at an even 15
// characters a second from the turn's start, always a second before the next turn's or the recording's end). Like a
// model hearing a part alone, it labels voices "Speaker 1", "Speaker 2"… in the order it first hears them (a name
// only when the script says it is spoken), unless the prompt lists the speakers already known ("- Speaker 2: man,
// answers…"): a voice described there keeps its label, a new one gets the next number. A recording nothing is
// registered for holds no speech (its answer has no turns). In the 'realistic' mode the model mishears a word (every
// ninth turn, from the fifth) and runs a turn into the one before it (every thirteenth, from the eighth),
// deterministically, and records what it did (`request.heard`). Usage is reported as Google does: 32 tokens a second
// of audio heard (a video's clip set by `videoMetadata` start/end offsets, else the whole file: an MP3's own seconds,
// read from its bit rate, else the script's length), 258 a frame of video
// at its `fps` (default 1).
import { createHash, randomBytes } from 'node:crypto';

export const UPLOAD_GRANULARITY = 8 * 1024 * 1024;
export const AUDIO_TOKENS_PER_SECOND = 32;
export const VIDEO_TOKENS_PER_FRAME = 258;
const FILE_LIFETIME_MS = 48 * 3600 * 1000;

/** "00:01:05" for 65 seconds. */
export function clockOf(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
}

function secondsOfClock(text) {
  const parts = text.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** "123s" or "123.5s" (a protobuf Duration in JSON) → seconds, else undefined. */
function durationSeconds(value) {
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

const MP3_KBPS = {
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

/**
 * Seconds of sound in an MP3 of `size` bytes whose first bytes are `head`, read from its first frame's bit rate (a
 * constant bit rate, no tags: what a cut part is), else null. Google hears the file it is given, not the recording
 * it was cut from: a clip's tokens are its own seconds.
 */
export function mp3Seconds(head, size) {
  if (!head || head.length < 4 || head[0] !== 0xff || (head[1] & 0xe0) !== 0xe0 || ((head[1] >> 1) & 3) !== 1) return null;
  const version = (head[1] >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const kbps = MP3_KBPS[version === 3 ? 1 : 2][head[2] >> 4];
  return kbps ? (size * 8) / (kbps * 1000) : null;
}

/** A part of a recording cut and uploaded on its own is named after the recording: "verbatim-doc-part-1795s-3660s". */
const PART_NAME = /^(.*)-part-(\d+)s-(\d+)s$/;

const HOMOPHONES = [
  ['their', 'there'], ['there', 'their'], ['to', 'too'], ['for', 'four'], ['right', 'write'], ['know', 'no'],
  ['hear', 'here'], ['here', 'hear'], ['would', 'wood'], ['weather', 'whether'], ['whole', 'hole'], ['week', 'weak'],
];

/** The words with one misheard (a homophone, else its longest word with its last letter lost); null when none can be. */
export function mishear(text) {
  const words = text.split(/(\s+)/);
  for (const [said, heard] of HOMOPHONES) {
    const at = words.findIndex((w) => w.toLowerCase().replace(/[^\p{L}']/gu, '') === said);
    if (at >= 0) {
      words[at] = words[at].replace(new RegExp(said, 'i'), (m) => (m[0] === m[0].toUpperCase() ? heard[0].toUpperCase() + heard.slice(1) : heard));
      return words.join('');
    }
  }
  let longest = -1;
  words.forEach((w, i) => {
    if (/\p{L}{5,}/u.test(w) && (longest < 0 || w.length > words[longest].length)) longest = i;
  });
  if (longest < 0) return null;
  words[longest] = words[longest].replace(/(\p{L})(\P{L}*)$/u, '$2');
  return words.join('');
}

/** Characters a second the model hears a turn's words at, where the script does not time its sentences. */
const HEARD_PACE = 15;
/** Where one sentence ends and the next begins: after . ! ? … (and a closing quote or bracket), at a space. */
const SENTENCE_BREAK = /(?<=[.!?…]["”’)]*)\s+/u;

/**
 * The turn's words as sentences with the times they start: the script's times when it gives one for each sentence,
 * else at an even pace from the turn's start, before `until` (the next turn's start).
 */
export function heardSentences(turn, text, until) {
  const parts = text.split(SENTENCE_BREAK).filter(Boolean);
  const timed = turn.sentences?.length === parts.length ? turn.sentences : null;
  let offset = 0;
  return parts.map((part, k) => {
    const start = timed ? timed[k].start : Math.min(turn.start + offset / HEARD_PACE, Math.max(turn.start, until - 1));
    offset += part.length + 1;
    return { start: clockOf(start), text: part };
  });
}

/** The part of the recording a prompt asks for ("from 00:20:00 to 00:40:00"), or null. */
export function promptWindow(userText) {
  const match = /from (\d{1,2}:\d{2}:\d{2}) to (\d{1,2}:\d{2}:\d{2})/.exec(userText);
  return match ? { start: secondsOfClock(match[1]), end: secondsOfClock(match[2]) } : null;
}

/** Speakers a prompt says are already known: "- Speaker 1: woman, asks the questions" lines. */
export function promptRoster(userText) {
  const roster = [];
  for (const line of userText.split('\n')) {
    const match = /^- (.+?): (.+)$/.exec(line.trim());
    if (match) roster.push({ label: match[1], description: match[2] });
  }
  return roster;
}

/**
 * What the model hears of `script` in the window, labelled as described in the module comment; `realistic` adds its
 * errors. Returns the answer and what it did (`heard`).
 */
export function transcriptionAnswer(script, window, roster, realistic) {
  const speakersById = new Map((script?.speakers ?? []).map((s) => [s.id, s]));
  const labels = new Map();
  const used = new Set(roster.map((r) => r.label));
  let next = roster.filter((r) => /^Speaker \d+$/.test(r.label)).length + 1;
  const labelOf = (id) => {
    if (labels.has(id)) return labels.get(id);
    const speaker = speakersById.get(id) ?? { id, description: 'another voice' };
    const known = roster.find((r) => r.description === speaker.description || (speaker.name && r.label === speaker.name));
    let label = known?.label ?? speaker.name;
    if (!label) {
      while (used.has(`Speaker ${next}`)) next += 1;
      label = `Speaker ${next}`;
      next += 1;
    }
    used.add(label);
    labels.set(id, label);
    return label;
  };
  const turns = [];
  const heard = [];
  const said = script?.turns ?? [];
  said.forEach((turn, index) => {
    if (turn.start < window.start || turn.start >= window.end) return;
    const label = labelOf(turn.speaker);
    let text = turn.text;
    if (realistic && index % 9 === 4) {
      const misheard = mishear(text);
      if (misheard) {
        heard.push({ kind: 'misheard', turn: index, said: text, heard: misheard });
        text = misheard;
      }
    }
    const sentences = heardSentences(turn, text, said[index + 1]?.start ?? script.durationSeconds ?? Number.POSITIVE_INFINITY);
    const previous = turns[turns.length - 1];
    if (realistic && index % 13 === 7 && previous && previous.speaker !== label) {
      previous.sentences.push(...sentences);
      heard.push({ kind: 'merged', turn: index });
      return;
    }
    turns.push({ speaker: label, sentences });
  });
  const speakers = [...labels.entries()].map(([id, label]) => ({ label, description: speakersById.get(id)?.description ?? 'another voice' }));
  return { answer: { speakers, turns }, heard };
}

function googleError(status, message, statusText) {
  const names = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND' };
  return { status, body: { error: { code: status, message, status: statusText ?? names[status] ?? 'UNKNOWN' } } };
}

/**
 * The stand-in's store of uploaded files. `baseUrl()` is the server's address (known once it listens).
 * Settings: `processingPolls` (reads answered PROCESSING before ACTIVE, default 1), `failProcessing` (the file ends
 * FAILED), `refuseChunk` (the chunk of this 0-based index is answered 503).
 */
export function createFileStore(baseUrl) {
  const files = new Map();
  const uploads = new Map();
  const scripts = [];
  const settings = { processingPolls: 1, failProcessing: false, refuseChunk: -1 };

  function fileJson(file) {
    const json = {
      name: `files/${file.id}`,
      displayName: file.displayName,
      mimeType: file.mimeType,
      sizeBytes: String(file.sizeBytes),
      createTime: file.createTime,
      updateTime: file.createTime,
      expirationTime: new Date(Date.parse(file.createTime) + FILE_LIFETIME_MS).toISOString(),
      sha256Hash: Buffer.from(file.sha256).toString('base64'),
      uri: `${baseUrl()}/v1beta/files/${file.id}`,
      state: file.state,
      source: 'UPLOADED',
    };
    if (file.state === 'FAILED') json.error = { code: 400, message: 'The file could not be processed: its media could not be decoded.' };
    const script = scriptFor(file);
    if (file.state === 'ACTIVE' && file.mimeType.startsWith('video/') && script) json.videoMetadata = { videoDuration: `${script.durationSeconds}s` };
    return json;
  }

  function scriptFor(file) {
    const part = PART_NAME.exec(file.displayName);
    const recording = part?.[1] ?? file.displayName;
    const found = scripts.find((s) => (s.sha256 && s.sha256 === file.sha256) || (s.displayName && s.displayName === recording));
    // A part's bytes are its own, not the recording's: one named by no script is heard as the recording registered
    // last (a test registers what a recording says before its interview, and so its name, exists).
    return found ?? (part ? (scripts.at(-1) ?? null) : null);
  }

  /** Starts a resumable upload; answers the upload URL. */
  function startUpload(headers, body) {
    if (headers['x-goog-upload-protocol'] !== 'resumable' || headers['x-goog-upload-command'] !== 'start') {
      return googleError(400, 'Upload requests must use the resumable protocol and start with X-Goog-Upload-Command: start.');
    }
    const size = Number(headers['x-goog-upload-header-content-length']);
    if (!Number.isSafeInteger(size) || size <= 0) return googleError(400, 'X-Goog-Upload-Header-Content-Length is required.');
    const declared = body?.file ?? {};
    const mimeType = headers['x-goog-upload-header-content-type'] || declared.mimeType;
    if (!mimeType) return googleError(400, 'The file has no MIME type.');
    const id = randomBytes(8).toString('hex');
    uploads.set(id, { id, size, mimeType, displayName: declared.displayName ?? '', received: 0, chunks: [], hash: createHash('sha256'), head: Buffer.alloc(0), busy: false });
    const uploadUrl = `${baseUrl()}/upload/v1beta/files?upload_id=${id}&upload_protocol=resumable`;
    return {
      status: 200,
      headers: { 'x-goog-upload-url': uploadUrl, 'x-goog-upload-control-url': uploadUrl, 'x-goog-upload-status': 'active', 'x-goog-upload-chunk-granularity': String(UPLOAD_GRANULARITY) },
      body: null,
    };
  }

  /** One chunk: its bytes are hashed as they arrive and dropped. Resolves to the answer. */
  async function receiveChunk(req, uploadId) {
    const upload = uploads.get(uploadId);
    const drain = () => new Promise((resolve) => req.resume().on('end', resolve).on('error', resolve));
    if (!upload) {
      await drain();
      return googleError(404, 'No upload with this id is in progress.', 'NOT_FOUND');
    }
    const command = (req.headers['x-goog-upload-command'] ?? '').split(',').map((c) => c.trim());
    const offset = Number(req.headers['x-goog-upload-offset']);
    const finalize = command.includes('finalize');
    const cancel = async (message) => {
      uploads.delete(uploadId);
      await drain();
      return { ...googleError(400, message), headers: { 'x-goog-upload-status': 'cancelled' } };
    };
    if (!command.includes('upload')) return cancel('X-Goog-Upload-Command must be "upload" or "upload, finalize".');
    if (offset !== upload.received) return cancel(`X-Goog-Upload-Offset is ${req.headers['x-goog-upload-offset']}, but ${upload.received} bytes were received.`);
    if (upload.busy) return cancel('Another chunk of this upload is still being received.');
    const index = upload.chunks.length;
    if (settings.refuseChunk === index) {
      await drain();
      return { status: 503, body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } } };
    }
    upload.busy = true;
    let length = 0;
    try {
      for await (const chunk of req) {
        upload.hash.update(chunk);
        if (upload.head.length < 16) upload.head = Buffer.concat([upload.head, chunk.subarray(0, 16 - upload.head.length)]);
        length += chunk.length;
      }
    } finally {
      upload.busy = false;
    }
    const declaredLength = Number(req.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength !== length) return cancel(`Content-Length says ${declaredLength} bytes, but ${length} arrived.`);
    upload.received += length;
    upload.chunks.push(length);
    if (!finalize && length % UPLOAD_GRANULARITY !== 0) return cancel(`A chunk before the last must be a multiple of ${UPLOAD_GRANULARITY} bytes; this one is ${length}.`);
    if (upload.received > upload.size) return cancel(`The upload declared ${upload.size} bytes, but ${upload.received} arrived.`);
    if (!finalize) return { status: 200, headers: { 'x-goog-upload-status': 'active' }, body: null };
    if (upload.received !== upload.size) return cancel(`The upload declared ${upload.size} bytes, but ${upload.received} arrived before it was finalized.`);
    uploads.delete(uploadId);
    const file = {
      id: randomBytes(6).toString('hex'),
      displayName: upload.displayName,
      mimeType: upload.mimeType,
      sizeBytes: upload.size,
      sha256: upload.hash.digest('hex'),
      chunks: upload.chunks,
      mediaSeconds: upload.mimeType.startsWith('audio/') ? mp3Seconds(upload.head, upload.size) : null,
      createTime: new Date().toISOString(),
      state: 'PROCESSING',
      reads: 0,
      deleted: false,
    };
    files.set(file.id, file);
    return { status: 200, headers: { 'x-goog-upload-status': 'final' }, body: { file: fileJson(file) } };
  }

  function getFile(id) {
    const file = files.get(id);
    if (!file || file.deleted) return googleError(403, `You do not have permission to access the File ${id} or it may not exist.`);
    if (file.state === 'PROCESSING') {
      file.reads += 1;
      if (file.reads > settings.processingPolls) file.state = settings.failProcessing ? 'FAILED' : 'ACTIVE';
    }
    return { status: 200, body: fileJson(file) };
  }

  function deleteFile(id) {
    const file = files.get(id);
    if (!file || file.deleted) return googleError(403, `You do not have permission to access the File ${id} or it may not exist.`);
    file.deleted = true;
    return { status: 200, body: {} };
  }

  /** The file a fileData URI names, or the error Google answers for it. */
  function fileForPrompt(fileUri) {
    const id = /\/files\/([^/?]+)$/.exec(fileUri ?? '')?.[1];
    const file = id ? files.get(id) : undefined;
    if (!file || file.deleted) return { error: googleError(403, `You do not have permission to access the File ${id ?? fileUri} or it may not exist.`) };
    if (file.state !== 'ACTIVE') return { error: googleError(400, `The File ${id} is not in an ACTIVE state and usage is not allowed.`, 'FAILED_PRECONDITION') };
    return { file, script: scriptFor(file) };
  }

  /** Tokens of the media a part brings: the clip its videoMetadata sets, else the whole file (an MP3 its own seconds). */
  function mediaTokens(file, script, part) {
    const length = file.mediaSeconds ?? script?.durationSeconds ?? 0;
    const meta = part.videoMetadata ?? {};
    const from = durationSeconds(meta.startOffset) ?? 0;
    const to = Math.min(length, durationSeconds(meta.endOffset) ?? length);
    const seconds = Math.max(0, to - from);
    const frames = file.mimeType.startsWith('video/') ? Math.ceil(seconds * (meta.fps ?? 1)) : 0;
    return { audio: Math.round(seconds * AUDIO_TOKENS_PER_SECOND), video: frames * VIDEO_TOKENS_PER_FRAME };
  }

  return {
    files,
    settings,
    startUpload,
    receiveChunk,
    getFile,
    deleteFile,
    fileForPrompt,
    mediaTokens,
    register(script) {
      scripts.push(script);
    },
    reset() {
      files.clear();
      uploads.clear();
      scripts.length = 0;
      Object.assign(settings, { processingPolls: 1, failProcessing: false, refuseChunk: -1 });
    },
    /** Uploads begun and not finished or cancelled. */
    get openUploads() {
      return uploads.size;
    },
  };
}
