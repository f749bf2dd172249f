import { Box, IconButton } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A menu button (WAI-ARIA menu button pattern) of the top bar: the button opens its panel and
 * focuses the first item; arrows move between items, Escape or Tab or a click outside closes it,
 * and focus returns to the button. `role` is 'menu' for menu items, 'dialog' for the suite grid;
 * the panel lines up with the button's `align` edge.
 */
export function PopupMenu({
  label,
  icon,
  role = 'menu',
  align = 'end',
  children,
  width = '44',
}: {
  label: string;
  icon: ReactNode;
  role?: 'menu' | 'dialog';
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
  width?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const itemSelector = role === 'menu' ? '[role="menuitem"]' : 'a[href], button';

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(itemSelector)?.focus();
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, itemSelector]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const moveFocus = (by: number | 'first' | 'last') => {
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])];
    if (!items.length) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = by === 'first' ? 0 : by === 'last' ? items.length - 1 : (at + by + items.length) % items.length;
    items[next].focus();
  };

  return (
    <Box position="relative">
      <IconButton
        ref={buttonRef}
        aria-label={label}
        aria-haspopup={role}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
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
        {icon}
      </IconButton>
      {open ? (
        <Box
          ref={panelRef}
          id={panelId}
          role={role}
          aria-label={label}
          position="absolute"
          {...(align === 'end' ? { right: '0' } : { left: '0' })}
          mt="1"
          minW={width}
          py="1"
          bg="white"
          color="fg"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          zIndex="dropdown"
          onKeyDown={(event) => {
            if (event.key === 'Escape' || (event.key === 'Tab' && role === 'menu')) close();
            else if (
              role === 'menu' &&
              (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End')
            ) {
              event.preventDefault();
              moveFocus(event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : event.key === 'Home' ? 'first' : 'last');
            }
          }}
          onClick={(event) => {
            // choosing an item closes the menu (its link or action has already run)
            if ((event.target as HTMLElement).closest(itemSelector)) setOpen(false);
          }}
        >
          {children(close)}
        </Box>
      ) : null}
    </Box>
  );
}
