import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { AuthProvider as FirebaseAuthProvider, FirebaseAppProvider, useUser } from 'reactfire';
import { getMe } from '../features/auth/api/get-me';
import { processGoogleRedirect } from '../features/auth/sign-in-actions';
import { resetCredits, setCreditsFromProfile, useCredits } from '../lib/credits-store';
import { auth, firebaseApp } from '../lib/firebase';
import type { ProfileSnapshot, TokenClaims } from './profile-data';
import type { ProfileDocProps } from './profile-doc';

/** The signed-in identity merged with its profile. */
export interface CurrentUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  creditsRemaining: number | null;
  subscriptionActive: boolean;
}

interface AuthState {
  user: CurrentUser | null;
  authLoading: boolean;
  profileLoading: boolean;
  /**
   * Whether the signed-in user's profile is known: loaded from either source (the live document or
   * GET /users/me), or both failed and the plain auth user stands. Until then `subscriptionActive`
   * is only a default, so nothing that depends on it (the trial banner) shows.
   */
  profileKnown: boolean;
  /** The ID token's identity claims as the server last set them (null until known). */
  tokenClaims: TokenClaims | null;
}

const AuthContext = createContext<AuthState>({ user: null, authLoading: true, profileLoading: false, profileKnown: false, tokenClaims: null });

interface ProfileData {
  subscriptionActive: boolean;
  name?: string;
  identityClaims?: TokenClaims;
}

/** The profile's two sources: the live document and GET /users/me. */
const PROFILE_SOURCES = 2;

/**
 * The profile document's reader. Firestore loads with it, once someone is signed in: the signed-out pages never
 * download it. A chunk that fails to load counts as the live source failing.
 */
const ProfileDoc = lazy<ComponentType<ProfileDocProps>>(() =>
  import('./profile-doc').catch((err: unknown) => ({
    default: function ProfileUnavailable({ onError }: ProfileDocProps) {
      useEffect(() => onError(err), [onError]);
      return null;
    },
  })),
);

/** The Firebase app and Auth for reactfire's hooks, and the signed-in user with its profile for ours. */
export function AuthProvider({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <FirebaseAuthProvider sdk={auth}>
        <SessionProvider>{children}</SessionProvider>
      </FirebaseAuthProvider>
    </FirebaseAppProvider>
  );
}

function SessionProvider({ children }: { children: ReactNode }) {
  // reactfire's user (onIdTokenChanged): loading until Auth has read the persisted session.
  const signedIn = useUser();
  const authLoading = signedIn.status === 'loading';
  const authUser = signedIn.data ?? null;
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [profileLoading, setProfileLoading] = useState(false);
  // The uid whose profile is known (see AuthState.profileKnown).
  const [profileKnownFor, setProfileKnownFor] = useState<string | null>(null);
  const credits = useCredits();
  // The uid being read and how many of its sources failed (the sources' answers for an earlier uid are ignored).
  const reading = useRef<{ uid: string; failures: number } | null>(null);
  // The uid whose document is followed: set once its reading has begun, so no snapshot lands before the reset.
  const [readingUid, setReadingUid] = useState<string | null>(null);

  useEffect(() => {
    void processGoogleRedirect();
  }, []);

  const uid = authUser?.uid;
  const known = useCallback((of: string) => {
    if (reading.current?.uid === of) setProfileKnownFor(of);
  }, []);
  const failed = useCallback((of: string) => {
    if (reading.current?.uid !== of) return;
    reading.current.failures += 1;
    if (reading.current.failures === PROFILE_SOURCES) setProfileKnownFor(of);
  }, []);

  useEffect(() => {
    setProfile(null);
    setProfileKnownFor(null);
    resetCredits();
    if (!uid) {
      reading.current = null;
      setReadingUid(null);
      setProfileLoading(false);
      return;
    }
    // Reloaded on every auth change and kept live; on failure the plain auth user is used.
    setProfileLoading(true);
    const current = { uid, failures: 0 };
    reading.current = current;
    setReadingUid(uid);
    getMe()
      .then((me) => {
        if (reading.current !== current) return;
        // The count itself came with the answer's x-credits-remaining (api-client.ts), applied only when the live
        // profile has not spoken since the request began: an answer read before a change never overwrites it.
        setProfile((p) => ({ ...p, subscriptionActive: me.subscriptionActive }));
        known(uid);
      })
      .catch((err) => {
        console.error('Could not load credits', err);
        failed(uid);
      });
    return () => {
      if (reading.current === current) reading.current = null;
    };
  }, [uid, known, failed]);

  const onProfile = useCallback(
    (data: ProfileSnapshot | null) => {
      if (!uid || reading.current?.uid !== uid) return;
      if (data) {
        setProfile({ subscriptionActive: data.subscriptionActive, name: data.name, identityClaims: data.identityClaims });
        if (data.creditsRemaining !== undefined) setCreditsFromProfile(data.creditsRemaining);
        known(uid);
      }
      setProfileLoading(false);
    },
    [uid, known],
  );
  const onProfileError = useCallback(
    (err: unknown) => {
      if (!uid || reading.current?.uid !== uid) return;
      console.error('Could not load the profile', err);
      setProfileLoading(false);
      failed(uid);
    },
    [uid, failed],
  );

  const value = useMemo<AuthState>(() => {
    const user: CurrentUser | null = authUser
      ? {
          uid: authUser.uid,
          email: authUser.email,
          displayName: authUser.displayName || profile?.name || null,
          creditsRemaining: credits,
          subscriptionActive: profile?.subscriptionActive ?? false,
        }
      : null;
    const profileKnown = authUser !== null && profileKnownFor === authUser.uid;
    return { user, authLoading, profileLoading, profileKnown, tokenClaims: profile?.identityClaims ?? null };
  }, [authUser, profile, credits, authLoading, profileLoading, profileKnownFor]);

  return (
    <AuthContext.Provider value={value}>
      {uid && readingUid === uid && (
        <Suspense fallback={null}>
          <ProfileDoc key={uid} uid={uid} onProfile={onProfile} onError={onProfileError} />
        </Suspense>
      )}
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
