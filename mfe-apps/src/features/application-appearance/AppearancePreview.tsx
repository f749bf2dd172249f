import { Box, Text, chakra } from '@chakra-ui/react';
import { APPEARANCE_PREVIEW_MESSAGE, APPEARANCE_PREVIEW_READY, PATHS, appearancePreviewUrl, type PortalProfile } from '@suite/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEARANCE_NS } from './i18n';

const Frame = chakra('iframe', {
  base: { w: 'full', h: '560px', borderWidth: '1px', borderRadius: 'md', bg: 'white', pointerEvents: 'none' },
});

/** One template of the real sign-in screen, framed (same origin), shown the draft it is posted. */
function PreviewFrame({ profile, mode, title }: { profile: PortalProfile; mode: 'light' | 'dark'; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(profile);
  latest.current = profile;

  const post = () =>
    frame.current?.contentWindow?.postMessage({ type: APPEARANCE_PREVIEW_MESSAGE, profile: latest.current }, window.location.origin);

  // the framed page says when it listens; until then a post would be lost
  useEffect(() => {
    const onReady = (event: MessageEvent) => {
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        (event.data as { type?: string } | null)?.type === APPEARANCE_PREVIEW_READY
      )
        post();
    };
    window.addEventListener('message', onReady);
    return () => window.removeEventListener('message', onReady);
  }, []);

  useEffect(() => {
    post();
  }, [profile]);

  // a picture of a screen: it takes no focus and no clicks (the real one is a visit away)
  return <Frame ref={frame} title={title} src={appearancePreviewUrl(PATHS.login, mode)} tabIndex={-1} inert />;
}

/** The sign-in screen in the draft, in light and (when the page can show it) dark. */
export function AppearancePreview({ profile }: { profile: PortalProfile }) {
  const { t } = useTranslation(APPEARANCE_NS);
  const dark = profile.colorModeSwitch || profile.colorMode === 'dark';
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('previewHelp')}
      </Text>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', xl: dark ? 'repeat(2, minmax(0, 1fr))' : '1fr' }} gap="3">
        {profile.colorMode === 'light' || profile.colorModeSwitch ? (
          <PreviewFrame profile={profile} mode="light" title={t('previewLight')} />
        ) : null}
        {dark ? <PreviewFrame profile={profile} mode="dark" title={t('previewDark')} /> : null}
      </Box>
    </Box>
  );
}
