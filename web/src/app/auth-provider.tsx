import { createContext, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { onAuthStateChanged, type User } from 'firebase/auth';
import { googleRedirectPending } from '../features/auth/google-redirect';
import { resetCredits, setCreditsFromProfile, useCredits } from '../lib/credits-store';
import { auth } from '../lib/firebase';
import type { ProfileReading, TokenClaims } from './profile-data';
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
 * The signed-in user with its profile. The user comes from the Auth SDK itself, not reactfire: every page has it, and
 * reactfire's observables (rxjs) would add 6 KB gzipped to a signed-out visitor's first load (e2e/budgets.test.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [authUser, setAuthUser] = useState<User | null>(null);
  const [authLoading, setAuthLoading] = useState(true);
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [profileLoading, setProfileLoading] = useState(false);
  // The uid whose profile is known (see AuthState.profileKnown).
  const [profileKnownFor, setProfileKnownFor] = useState<string | null>(null);
  // The profile document's reader, once loaded, and the reading it reports to.
  const [reader, setReader] = useState<{ Doc: ComponentType<ProfileDocProps>; reading: ProfileReading } | null>(null);
  const credits = useCredits();

  useEffect(() => {
    // The sign-in code and the API client load only when there is something for them: a redirect back from Google
    // here, a signed-in user below. A signed-out visitor's first page carries neither.
    if (googleRedirectPending()) void import('../features/auth/sign-in-actions').then(({ processGoogleRedirect }) => processGoogleRedirect());
    return onAuthStateChanged(auth, (user) => {
      setAuthUser(user);
      setAuthLoading(false);
    });
  }, []);

  const uid = authUser?.uid;
  useEffect(() => {
    setProfile(null);
    setProfileKnownFor(null);
    setReader(null);
    resetCredits();
    if (!uid) {
      setProfileLoading(false);
      return;
    }
    // Reloaded on every auth change and kept live; on failure the plain auth user is used.
    setProfileLoading(true);
    let active = true;
    let failures = 0;
    const known = () => {
      if (active) setProfileKnownFor(uid);
    };
    const failed = () => {
      failures += 1;
      if (failures === PROFILE_SOURCES) known();
    };
    const reading: ProfileReading = {
      uid,
      profile: (data) => {
        if (!active) return;
        if (data) {
          setProfile({ subscriptionActive: data.subscriptionActive, name: data.name, identityClaims: data.identityClaims });
          if (data.creditsRemaining !== undefined) setCreditsFromProfile(data.creditsRemaining);
          known();
        }
        setProfileLoading(false);
      },
      failed: (err) => {
        console.error('Could not load the profile', err);
        if (active) setProfileLoading(false);
        failed();
      },
    };
    // reactfire and Firestore load here, once someone is signed in: the signed-out pages download neither.
    import('./profile-doc').then(({ default: Doc }) => active && setReader({ Doc, reading }), reading.failed);
    import('../features/auth/api/get-me')
      .then(({ getMe }) => getMe())
      .then((me) => {
        if (!active) return;
        // The count itself came with the answer's x-credits-remaining (api-client.ts), applied only when the live
        // profile has not spoken since the request began: an answer read before a change never overwrites it.
        setProfile((p) => ({ ...p, subscriptionActive: me.subscriptionActive }));
        known();
      })
      .catch((err) => {
        console.error('Could not load credits', err);
        failed();
      });
    return () => {
      active = false;
    };
  }, [uid]);

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
      {reader && <reader.Doc key={reader.reading.uid} reading={reader.reading} />}
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
