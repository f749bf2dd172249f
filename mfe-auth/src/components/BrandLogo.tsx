import { useProfileInMode, type ProfileLogos } from '@suite/shared';

/** The application's image for one screen (a slot of profile.logos, or a path), at the profile's logo width. */
export function BrandLogo({ slot, src }: { slot?: keyof ProfileLogos; src?: string }) {
  const profile = useProfileInMode();
  const path = src ?? (slot ? profile.logos[slot] : '');
  if (!path) return null;
  return (
    <img
      src={path}
      alt={profile.title}
      width={profile.logoWidth}
      data-logo={slot ?? 'image'}
      style={{ maxWidth: '100%', height: 'auto', alignSelf: 'center', display: 'block', marginInline: 'auto' }}
    />
  );
}
