import { DRIVE_PICKER_MIME_TYPES, MAX_DRIVE_FILES_PER_IMPORT, pickedDriveFiles, type PickedDriveFile } from './drive-import-plan';

/**
 * Google's browser pieces for the Drive import, loaded only when the researcher asks for them:
 * Google Identity Services for an OAuth access token (drive.readonly) and the Google Picker to
 * choose files. The token lives in this module's memory until it expires or Drive refuses it;
 * it is never written anywhere. (Exempt from automated tests: it drives Google's own UI.)
 */

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';
const GAPI_SCRIPT = 'https://apis.google.com/js/api.js';
/** Read-only access to the user's Drive files: enough to download or export the picked ones. */
export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

/** A sign-in or loading failure, typed as Google Identity Services types them ('popup_closed', 'popup_failed_to_open', 'access_denied', …). */
export class GoogleSignInError extends Error {
  constructor(readonly type: string) {
    super(`Google sign-in failed: ${type}`);
    this.name = 'GoogleSignInError';
  }
}

export interface DriveSettings {
  apiKey: string;
  clientId: string;
}

/** What the researcher picked, with the token the server fetches the files with. Null when the Picker was closed. */
export async function pickDriveFiles(settings: DriveSettings): Promise<{ files: PickedDriveFile[]; accessToken: string } | null> {
  const [accessToken, picker] = await Promise.all([requestAccessToken(settings.clientId), loadPicker()]);
  return new Promise((resolve) => {
    const view = new picker.DocsView(picker.ViewId.DOCS)
      .setMimeTypes(DRIVE_PICKER_MIME_TYPES.join(','))
      .setIncludeFolders(true)
      .setSelectFolderEnabled(false);
    new picker.PickerBuilder()
      .addView(view)
      .enableFeature(picker.Feature.MULTISELECT_ENABLED)
      .enableFeature(picker.Feature.SUPPORT_DRIVES)
      .setMaxItems(MAX_DRIVE_FILES_PER_IMPORT)
      .setOAuthToken(accessToken)
      .setDeveloperKey(settings.apiKey)
      .setTitle('Choose interview transcripts')
      .setCallback((data) => {
        const action = data[picker.Response.ACTION];
        if (action === picker.Action.PICKED) {
          const documents = data[picker.Response.DOCUMENTS];
          resolve({ files: pickedDriveFiles(Array.isArray(documents) ? documents : []), accessToken });
        } else if (action === picker.Action.CANCEL) {
          resolve(null);
        }
      })
      .build()
      .setVisible(true);
  });
}

/** Drive refused the token (expired, revoked): the next import asks Google for a new one. */
export function forgetDriveToken(): void {
  cachedToken = null;
}

let cachedToken: { value: string; expiresAt: number } | null = null;

async function requestAccessToken(clientId: string): Promise<string> {
  if (cachedToken && cachedToken.expiresAt > Date.now() + 60_000) return cachedToken.value;
  await loadScript(GIS_SCRIPT);
  const oauth2 = googleGlobal()?.accounts?.oauth2;
  if (!oauth2) throw new GoogleSignInError('script-failed');
  return new Promise<string>((resolve, reject) => {
    const client = oauth2.initTokenClient({
      client_id: clientId,
      scope: DRIVE_SCOPE,
      callback: (response) => {
        if (response.error || !response.access_token) return reject(new GoogleSignInError(response.error ?? 'unknown'));
        if (oauth2.hasGrantedAllScopes && !oauth2.hasGrantedAllScopes(response, DRIVE_SCOPE)) return reject(new GoogleSignInError('access_denied'));
        cachedToken = { value: response.access_token, expiresAt: Date.now() + Number(response.expires_in ?? 3600) * 1000 };
        resolve(response.access_token);
      },
      error_callback: (error) => reject(new GoogleSignInError(error.type || 'unknown')),
    });
    client.requestAccessToken({ prompt: '' });
  });
}

async function loadPicker(): Promise<PickerApi> {
  await loadScript(GAPI_SCRIPT);
  const gapi = (window as unknown as { gapi?: Gapi }).gapi;
  if (!gapi) throw new GoogleSignInError('script-failed');
  await new Promise<void>((resolve, reject) => {
    gapi.load('picker', {
      callback: () => resolve(),
      onerror: () => reject(new GoogleSignInError('script-failed')),
      timeout: 20_000,
      ontimeout: () => reject(new GoogleSignInError('script-failed')),
    });
  });
  const picker = googleGlobal()?.picker;
  if (!picker) throw new GoogleSignInError('script-failed');
  return picker;
}

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        // A later click tries again.
        scripts.delete(src);
        script.remove();
        reject(new GoogleSignInError('script-failed'));
      };
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

function googleGlobal(): GoogleNamespace | undefined {
  return (window as unknown as { google?: GoogleNamespace }).google;
}

// The few parts of Google's browser APIs used here (no typings package is installed).

interface TokenResponse {
  access_token?: string;
  expires_in?: number | string;
  error?: string;
}

interface GoogleNamespace {
  accounts?: {
    oauth2?: {
      initTokenClient(config: {
        client_id: string;
        scope: string;
        callback: (response: TokenResponse) => void;
        error_callback?: (error: { type: string }) => void;
      }): { requestAccessToken(overrides?: { prompt?: string }): void };
      hasGrantedAllScopes?(response: TokenResponse, scope: string): boolean;
    };
  };
  picker?: PickerApi;
}

interface Gapi {
  load(name: 'picker', options: { callback: () => void; onerror?: () => void; timeout?: number; ontimeout?: () => void }): void;
}

interface DocsView {
  setMimeTypes(mimeTypes: string): DocsView;
  setIncludeFolders(include: boolean): DocsView;
  setSelectFolderEnabled(enabled: boolean): DocsView;
}

interface PickerBuilder {
  addView(view: DocsView): PickerBuilder;
  enableFeature(feature: string): PickerBuilder;
  setMaxItems(max: number): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setTitle(title: string): PickerBuilder;
  setCallback(callback: (data: Record<string, unknown>) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void };
}

interface PickerApi {
  DocsView: new (viewId?: string) => DocsView;
  PickerBuilder: new () => PickerBuilder;
  ViewId: { DOCS: string };
  Feature: { MULTISELECT_ENABLED: string; SUPPORT_DRIVES: string };
  Action: { PICKED: string; CANCEL: string };
  Response: { ACTION: string; DOCUMENTS: string };
}
