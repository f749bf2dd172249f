import { Stack, Text, chakra } from '@chakra-ui/react';
import { TextArea } from '@suite/shared/console';
import { useId } from 'react';

/** A labelled multi-line field with its error or hint (wired by hand: Field only wires its own controls). */
export function TextAreaField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength: number;
  error?: string;
  hint?: string;
  disabled: boolean;
}) {
  const { label, value, onChange, rows, maxLength, error, hint, disabled } = props;
  const id = useId();
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" opacity={disabled ? 0.5 : 1}>
        {label}
        <Text as="span" color="fg.error" ms="0.5" aria-hidden="true">
          *
        </Text>
      </chakra.label>
      <TextArea
        id={id}
        rows={rows}
        maxLength={maxLength}
        required
        disabled={disabled}
        value={value}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={`${id}-help`}
        borderColor={error ? 'border.error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <Text id={`${id}-help`} fontSize="xs" color={error ? 'fg.error' : 'fg.muted'}>
        {error ?? hint}
      </Text>
    </Stack>
  );
}
