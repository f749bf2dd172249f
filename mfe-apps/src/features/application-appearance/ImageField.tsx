import { Button, HStack, Input, Spinner, chakra } from '@chakra-ui/react';
import { ApiError, useLocalize } from '@suite/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEARANCE_NS } from './i18n';
import { uploadImage } from './appearanceApi';

export interface ImageFieldProps {
  applicationId: number;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error?: string;
}

/**
 * An image of the profile: its address in the suite, a thumbnail, and an upload that the server
 * checks by content (PNG, JPG, WebP or ICO up to 2 MB) and answers with the address to use.
 */
export function ImageField({ applicationId, label, value, onChange, disabled, error }: ImageFieldProps) {
  const { t } = useTranslation(APPEARANCE_NS);
  const localized = useLocalize();
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const shownError = uploadError ?? error;

  const upload = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUploading(true);
    setUploadError(undefined);
    try {
      onChange((await uploadImage(applicationId, chosen)).relativePath);
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <chakra.div minW="0">
      <chakra.label htmlFor={`${id}-path`} fontSize="sm" fontWeight="medium" display="block" mb="1" opacity={disabled ? 0.6 : 1}>
        {label}
      </chakra.label>
      <HStack gap="2" align="center">
        <chakra.div
          w="12"
          h="12"
          flexShrink={0}
          borderWidth="1px"
          borderRadius="md"
          display="flex"
          alignItems="center"
          justifyContent="center"
          bg="bg.muted"
          overflow="hidden"
        >
          {value ? (
            <chakra.img src={value} alt="" maxW="full" maxH="full" />
          ) : (
            <chakra.span fontSize="2xs" color="fg.muted">
              {t('images.none')}
            </chakra.span>
          )}
        </chakra.div>
        <Input
          id={`${id}-path`}
          size="sm"
          spellCheck={false}
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={Boolean(shownError) || undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
        />
        <input
          ref={file}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/x-icon"
          hidden
          aria-hidden="true"
          tabIndex={-1}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || uploading}
          aria-label={`${t('images.upload')}: ${label}`}
          onClick={() => file.current?.click()}
        >
          {uploading ? <Spinner size="xs" /> : null}
          {uploading ? t('images.uploading') : t('images.upload')}
        </Button>
      </HStack>
      {shownError ? (
        <chakra.p id={`${id}-error`} fontSize="xs" color="fg.error" mt="1" role="alert">
          {localized(shownError)}
        </chakra.p>
      ) : null}
    </chakra.div>
  );
}
