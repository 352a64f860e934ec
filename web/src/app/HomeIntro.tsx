import { useProfile } from '../api/queries/profile';
import { useAuth } from '../features/auth/hooks/useAuth';
import { FirstStartPanel } from '../features/home/components/FirstStartPanel';
import { HomePage } from '../features/home/components/HomePage';

/** The home page's intro: the landing text, and for an admin of an empty registry how to fill it. */
export function HomeIntro() {
  const { hasToken } = useAuth();
  const profile = useProfile(hasToken);
  return (
    <>
      <FirstStartPanel isAdmin={profile.data?.isAdmin === true} />
      <HomePage />
    </>
  );
}
