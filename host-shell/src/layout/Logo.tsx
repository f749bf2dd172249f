import { useProfile, type ProfileLogos } from '@suite/shared';

/** The application's logo from its portal profile, named by the application's title. */
export function Logo({ slot = 'signIn', height = 28 }: { slot?: keyof ProfileLogos; height?: number }) {
  const { logos, title } = useProfile();
  return <img src={logos[slot]} alt={title} height={height} style={{ height, width: 'auto', display: 'block' }} />;
}
