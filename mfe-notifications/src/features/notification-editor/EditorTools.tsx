import { Box, Button, HStack, Heading, Stack, Text, chakra } from '@chakra-ui/react';
import { ApiError, apiErrorMessage, useLocalize } from '@suite/shared';
import { ErrorAlert, showMessage, type NotificationDryRunResult, type NotificationPreviewResult } from '@suite/shared/console';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dryRunNotification, previewNotification, sendTestNotification, type NotificationBody } from '../../api/notifications';
import { NS } from '../../i18n';
import { formatInstant, formatUtc } from '../common/notification';

/** Where a style attribute of the e-mail waits until the console's script applies it. */
const HELD_STYLE = 'data-held-style';

/**
 * A srcdoc frame takes the console's Content-Security-Policy, which refuses the e-mail's style
 * attributes: they are held aside in the document given to the frame (`previewDocument`) and set
 * through the CSSOM by the console's own script once it loads (`applyHeldStyles`), so the preview
 * looks as the e-mail will.
 */
export function previewDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('[style]').forEach((element) => {
    element.setAttribute(HELD_STYLE, element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  });
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}
export function applyHeldStyles(doc: Document | null): void {
  doc?.querySelectorAll<HTMLElement>(`[${HELD_STYLE}]`).forEach((element) => {
    element.style.cssText = element.getAttribute(HELD_STYLE) ?? '';
  });
}

/** What the editor offers before saving: the rendered e-mail, a test to oneself, and who would receive it. */
export function EditorTools({
  body,
  applicationIds,
  ready,
  onRefused,
}: {
  body: () => NotificationBody;
  applicationIds: number[];
  ready: boolean;
  onRefused: () => void;
}) {
  const { t, i18n } = useTranslation(NS);
  const localized = useLocalize();
  const headingId = useId();
  const [busy, setBusy] = useState<'preview' | 'test' | 'dryRun' | null>(null);
  const [preview, setPreview] = useState<NotificationPreviewResult | null>(null);
  const [recipients, setRecipients] = useState<NotificationDryRunResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const previewHtml = useMemo(() => (preview ? previewDocument(preview.html) : ''), [preview]);

  const run = async (which: 'preview' | 'test' | 'dryRun', action: () => Promise<void>) => {
    setBusy(which);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      // a 403 has the privileges dialog already
      if (!(error instanceof ApiError && error.status === 403)) setFailure(apiErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  // the preview and the test follow the same rules as a save: the errors show instead
  const checked = (which: 'preview' | 'test', action: () => Promise<void>) => () => {
    if (!ready) {
      onRefused();
      return;
    }
    void run(which, action);
  };

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" bg="white">
      <Heading as="h3" id={headingId} size="sm" mb="3">
        {t('editor.tools')}
      </Heading>
      <HStack gap="3" flexWrap="wrap" mb="3">
        <Button
          variant="outline"
          loading={busy === 'preview'}
          onClick={checked('preview', async () => setPreview(await previewNotification(body())))}
        >
          {t('editor.preview')}
        </Button>
        <Button
          variant="outline"
          loading={busy === 'test'}
          onClick={checked('test', async () => {
            const reply = await sendTestNotification(body());
            await showMessage({ message: localized(reply.information) });
          })}
        >
          {t('editor.sendTest')}
        </Button>
        <Button
          variant="outline"
          loading={busy === 'dryRun'}
          disabled={applicationIds.length === 0}
          onClick={() => void run('dryRun', async () => setRecipients(await dryRunNotification(applicationIds)))}
        >
          {t('editor.dryRun')}
        </Button>
      </HStack>
      {failure ? <ErrorAlert message={localized(failure)} mb="3" /> : null}
      {recipients ? (
        <Stack gap="1" mb="3" aria-live="polite">
          <Text fontWeight="medium">{t('editor.dryRunResult', { count: recipients.count })}</Text>
          {recipients.sample.length > 0 ? (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('editor.dryRunSample')}
              </Text>
              <chakra.ul ps="5" fontSize="sm" listStyleType="disc">
                {recipients.sample.map((recipient) => (
                  <chakra.li key={recipient.email}>
                    {recipient.names ? `${recipient.names} · ` : ''}
                    {recipient.email}
                  </chakra.li>
                ))}
              </chakra.ul>
            </>
          ) : null}
        </Stack>
      ) : null}
      {preview ? (
        <Stack gap="2">
          <Text fontWeight="medium">{t('editor.previewSubject', { subject: preview.subject })}</Text>
          <Text fontSize="sm" color="fg.muted">
            {/* the page's language (the API's sendAtLocal is the e-mail's own Spanish wording) */}
            {formatInstant(new Date(preview.sendAt), preview.timeZone, i18n.language)} ({preview.timeZone}) ·{' '}
            {formatUtc(new Date(preview.sendAt))}
          </Text>
          {/* no scripts, forms or pop-ups in the e-mail; its own origin only so its image loads */}
          <chakra.iframe
            title={t('editor.previewTitle')}
            sandbox="allow-same-origin"
            srcDoc={previewHtml}
            onLoad={(event) => applyHeldStyles(event.currentTarget.contentDocument)}
            width="100%"
            height="560px"
            borderWidth="1px"
            borderRadius="md"
            bg="white"
          />
        </Stack>
      ) : null}
    </Box>
  );
}
