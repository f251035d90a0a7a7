import { onAuthStateChanged, type User } from 'firebase/auth';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getMe } from '../features/auth/api/get-me';
import { processGoogleRedirect } from '../features/auth/sign-in-actions';
import { resetCredits, setCredits, setCreditsFromProfile, useCredits } from '../lib/credits-store';
import { auth } from '../lib/firebase';

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
}

const AuthContext = createContext<AuthState>({ user: null, authLoading: true, profileLoading: false });

interface ProfileData {
  subscriptionActive: boolean;
  name?: string;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [authUser, setAuthUser] = useState<User | null>(null);
  const [authLoading, setAuthLoading] = useState(true);
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [profileLoading, setProfileLoading] = useState(false);
  const credits = useCredits();

  useEffect(() => {
    void processGoogleRedirect();
    return onAuthStateChanged(auth, (user) => {
      setAuthUser(user);
      setAuthLoading(false);
    });
  }, []);

  const uid = authUser?.uid;
  useEffect(() => {
    setProfile(null);
    resetCredits();
    if (!uid) {
      setProfileLoading(false);
      return;
    }
    // Reloaded on every auth change and kept live; on failure the plain auth user is used.
    setProfileLoading(true);
    let active = true;
    // Firestore loads here, once someone is signed in: the signed-out pages never download it.
    let unsubscribe = () => {};
    void import('./profile-listener').then(
      ({ listenToProfile }) => {
        if (!active) return;
        unsubscribe = listenToProfile(
          uid,
          (data) => {
            if (data) {
              setProfile({ subscriptionActive: data.subscriptionActive, name: data.name });
              if (data.creditsRemaining !== undefined) setCreditsFromProfile(data.creditsRemaining);
            }
            setProfileLoading(false);
          },
          (err) => {
            console.error('Could not load the profile', err);
            setProfileLoading(false);
          },
        );
      },
      (err) => {
        console.error('Could not load the profile', err);
        if (active) setProfileLoading(false);
      },
    );
    getMe()
      .then((me) => {
        if (!active) return;
        setCredits(me.creditsRemaining);
        setProfile((p) => ({ ...p, subscriptionActive: me.subscriptionActive }));
      })
      .catch((err) => console.error('Could not load credits', err));
    return () => {
      active = false;
      unsubscribe();
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
    return { user, authLoading, profileLoading };
  }, [authUser, profile, credits, authLoading, profileLoading]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
