import { Box, Button, IconButton } from '@chakra-ui/react';
import { COMMON_NS, PATHS } from '@suite/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function UserIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
    </svg>
  );
}

/**
 * The user menu of the top bar (menu button pattern): 'Cerrar sesión' goes to /logout, which
 * revokes the token and returns to the sign-in screen. Escape or a click outside closes it; focus returns to the button.
 */
export function UserMenu() {
  const { t } = useTranslation(COMMON_NS);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <Box position="relative">
      <IconButton
        ref={buttonRef}
        aria-label={t('shell.userMenu')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        variant="ghost"
        color="white"
        _hover={{ bg: 'whiteAlpha.300' }}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <UserIcon />
      </IconButton>
      {open ? (
        <Box
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('shell.userMenu')}
          position="absolute"
          right="0"
          mt="1"
          minW="44"
          py="1"
          bg="white"
          color="fg"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          zIndex="dropdown"
          onKeyDown={(event) => {
            if (event.key === 'Escape' || event.key === 'Tab') close();
          }}
        >
          <Button
            role="menuitem"
            variant="ghost"
            w="full"
            justifyContent="flex-start"
            borderRadius="0"
            onClick={() => {
              setOpen(false);
              navigate(PATHS.logout);
            }}
          >
            {t('shell.signOut')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
