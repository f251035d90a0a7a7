/**
 * The @google/genai client, built on first use (never at import: the SDK takes about 80 ms to load, and the key is
 * only available once the function runs). The API key goes to the SDK, which sends it as the `x-goog-api-key`
 * header only.
 */
type GenAiModule = typeof import('@google/genai');
export type GenAiClient = InstanceType<GenAiModule['GoogleGenAI']>;
export type GenAiApiError = InstanceType<GenAiModule['ApiError']>;

let sdk: GenAiModule | undefined;

export function loadSdk(): GenAiModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded synchronously on first use: an import would load it at every cold start
  sdk ??= require('@google/genai') as GenAiModule;
  return sdk;
}

export function createClient(apiKey: string, baseUrl: string | undefined): GenAiClient {
  const { GoogleGenAI } = loadSdk();
  // No SDK retries: ours honour Retry-After and count every attempt.
  return new GoogleGenAI({ apiKey, ...(baseUrl ? { httpOptions: { baseUrl } } : {}) });
}

export function isApiError(error: unknown): error is GenAiApiError {
  return error instanceof loadSdk().ApiError;
}
