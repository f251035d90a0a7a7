import { doc } from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getMe } from '../features/auth/api/get-me';
import { resetCredits, setCreditsFromProfile, useCredits } from '../lib/credits-store';
import { db } from '../lib/firestore';
import { useLiveDoc } from '../lib/use-live';
import { profileOf, withMeAnswer, type ProfileFields, type ProfileState } from './profile-data';

/** The profile's two sources: the live document and GET /users/me. */
const PROFILE_SOURCES = 2;

/**
 * The signed-in user's profile: `users/{uid}` followed live, and GET /users/me, each enough to know it (on failure of
 * both, the plain auth user stands). A piece of its own, loaded with Firestore once someone is signed in
 * (auth-provider.tsx), so the signed-out pages download neither. Rendered once per uid; it reports every change.
 */
export default function SignedInProfile({ uid, report }: { uid: string; report: (state: ProfileState) => void }) {
  const [profile, setProfile] = useState<ProfileFields | null>(null);
  const [profileLoading, setProfileLoading] = useState(true);
  const [profileKnown, setProfileKnown] = useState(false);
  const failures = useRef(0);
  // Whether the live document has given the profile: from then on it is the newest word on it.
  const liveHasGiven = useRef(false);
  const credits = useCredits();

  const live = useLiveDoc(`profile:${uid}`, () => doc(db, 'users', uid));
  const snapshot = useMemo(() => (live.data === undefined ? undefined : profileOf(live.data)), [live.data]);
  useEffect(() => {
    if (snapshot === undefined) return;
    if (snapshot) {
      liveHasGiven.current = true;
      setProfile({ subscriptionActive: snapshot.subscriptionActive, name: snapshot.name, identityClaims: snapshot.identityClaims });
      if (snapshot.creditsRemaining !== undefined) setCreditsFromProfile(snapshot.creditsRemaining);
      setProfileKnown(true);
    }
    setProfileLoading(false);
  }, [snapshot]);
  useEffect(() => {
    if (!live.error) return;
    console.error('Could not load the profile', live.error);
    setProfileLoading(false);
    failures.current += 1;
    if (failures.current === PROFILE_SOURCES) setProfileKnown(true);
  }, [live.error]);

  useEffect(() => {
    let active = true;
    getMe()
      .then((me) => {
        if (!active) return;
        // The count itself came with the answer's x-credits-remaining (api-client.ts), applied only when the live
        // profile has not spoken since the request began: an answer read before a change never overwrites it. The
        // subscription likewise: a slow answer must not undo the webhook's change the live document already showed.
        setProfile((p) => withMeAnswer(p, me, liveHasGiven.current));
        setProfileKnown(true);
      })
      .catch((err: unknown) => {
        console.error('Could not load credits', err);
        if (!active) return;
        failures.current += 1;
        if (failures.current === PROFILE_SOURCES) setProfileKnown(true);
      });
    return () => {
      active = false;
      // Sign-out, or another user: the count was this user's.
      resetCredits();
    };
  }, [uid]);

  useEffect(() => {
    report({ profile, profileLoading, profileKnown, credits });
  }, [report, profile, profileLoading, profileKnown, credits]);
  return null;
}
