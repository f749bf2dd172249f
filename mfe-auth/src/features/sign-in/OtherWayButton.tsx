import { Button } from '@chakra-ui/react';
import { useProfileInMode } from '@suite/shared';

/** A way of signing in other than the password, under Ingresar: an outline button in the profile's colours. */
export function OtherWayButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  const { colors } = useProfileInMode();
  return (
    <Button
      type="button"
      variant="outline"
      borderColor={colors.button.active}
      color="inherit"
      onClick={onClick}
      loading={busy}
      loadingText={label}
    >
      {label}
    </Button>
  );
}
