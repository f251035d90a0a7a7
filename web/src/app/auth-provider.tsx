import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { useUser } from 'reactfire';
import { googleRedirectPending } from '../features/auth/google-redirect';
import type { ProfileState, TokenClaims } from './profile-data';

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

type ProfileReader = ComponentType<{ uid: string; report: (state: ProfileState) => void }>;

/**
 * The signed-in user, from reactfire's useUser under the root's AuthProvider (app-main.tsx), with its profile. The
 * profile's reader (signed-in-profile.tsx) loads with Firestore once someone is signed in: a signed-out visitor's
 * pages download neither. Live reads take Firestore from lib/firestore.ts, not from a reactfire context.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  // The Auth SDK's user: loading until Auth has read its persisted session, then null when signed out.
  const signedIn = useUser();
  const authUser = signedIn.data ?? null;
  const authLoading = signedIn.status === 'loading';
  const [Reader, setReader] = useState<ProfileReader | null>(null);
  // The profile as its reader last reported it, and for whom: a sign-in, even the same user's again, starts unknown
  // (null: the reader could not load, and the plain auth user stands for anyone).
  const [reading, setReading] = useState<{ user: User | null; state: ProfileState } | null>(null);

  useEffect(() => {
    // The sign-in code and the API client load only when there is something for them: a redirect back from Google
    // here, a signed-in user below. A signed-out visitor's first page carries neither.
    if (googleRedirectPending()) void import('../features/auth/sign-in-actions').then(({ processGoogleRedirect }) => processGoogleRedirect());
  }, []);

  const uid = authUser?.uid;
  const signedInNow = uid !== undefined;
  useEffect(() => {
    if (!signedInNow) return;
    // Loaded once, at the first sign-in: the profile's reader with Firestore, and the navbar.
    void import('./signed-in-chrome').catch(() => undefined);
    import('./signed-in-profile').then(
      ({ default: SignedInProfile }) => setReader(() => SignedInProfile),
      (err: unknown) => {
        // Neither source can be read: the plain auth user stands.
        console.error('Could not load the profile', err);
        setReading({ user: null, state: { profile: null, profileLoading: false, profileKnown: true, credits: null } });
      },
    );
  }, [signedInNow]);

  const report = useCallback((state: ProfileState) => setReading({ user: authUser, state }), [authUser]);

  const value = useMemo<AuthState>(() => {
    if (!authUser) return { user: null, authLoading, profileLoading: false, profileKnown: false, tokenClaims: null };
    // Until this sign-in's reader has reported, the profile is loading.
    const own = reading && (reading.user === null || reading.user === authUser) ? reading.state : null;
    const profile = own?.profile ?? null;
    const user: CurrentUser = {
      uid: authUser.uid,
      email: authUser.email,
      displayName: authUser.displayName || profile?.name || null,
      creditsRemaining: own?.credits ?? null,
      subscriptionActive: profile?.subscriptionActive ?? false,
    };
    return {
      user,
      authLoading,
      profileLoading: own ? own.profileLoading : true,
      profileKnown: own?.profileKnown ?? false,
      tokenClaims: profile?.identityClaims ?? null,
    };
  }, [authUser, authLoading, reading]);

  return (
    <AuthContext.Provider value={value}>
      {Reader && uid && <Reader key={uid} uid={uid} report={report} />}
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
