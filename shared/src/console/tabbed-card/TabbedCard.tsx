import { Box, Card, HStack, Heading, IconButton, Text, chakra } from '@chakra-ui/react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_NS } from '../i18n';
import { ArrowBackIcon, ArrowForwardIcon, PencilIcon } from '../icons';
import { useEntrance } from '../motion/motion';

export interface CardTab {
  id: string;
  label: string;
  content: ReactNode;
  /** Not reachable yet (e.g. roles before a main company is chosen). */
  disabled?: boolean;
}

export interface TabbedCardProps {
  /** Card title (e.g. 'Usuarios'); optional. */
  title?: string;
  /** Subheader under the tabs' title (e.g. 'Nuevo usuario', 'Editar usuario', 'Detalles del usuario'). */
  subheader: string;
  tabs: readonly CardTab[];
  /** The tab shown (controlled). */
  activeTab: string;
  /** Called once a move to another tab is allowed (see beforeTabChange). */
  onTabChange: (id: string) => void;
  /**
   * Asked before every move (tab click, next / back arrow): resolve false to stay, e.g. invalid
   * data or the unsaved-changes prompt (useUnsavedChanges().confirmLeave).
   */
  beforeTabChange?: (from: string, to: string) => boolean | Promise<boolean>;
  /** Edit mode (fields enabled) versus detail mode. */
  editing: boolean;
  /** Shows the pencil toggle between detail and edit mode; called with the mode asked for. */
  onEditingChange?: (editing: boolean) => void;
  /** Buttons under the content (e.g. Actualizar / Guardar). */
  actions?: ReactNode;
}

const TabButton = chakra('button', {
  base: {
    px: '4',
    py: '2',
    fontWeight: 'medium',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    color: 'fg.muted',
    cursor: 'pointer',
    '&[aria-selected=true]': { color: 'brand.main', borderColor: 'brand.main' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.main', outlineOffset: '-2px' },
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
  },
});

/**
 * The console's cards (user, role, application): tabs with back / next arrows, a subheader, and
 * a pencil button that switches detail and edit mode. Tabs follow the ARIA tabs pattern: arrow
 * keys, Home and End move between tabs, Enter or Space opens the focused one (moves may be refused,
 * so they are not automatic).
 */
export function TabbedCard({
  title,
  subheader,
  tabs,
  activeTab,
  onTabChange,
  beforeTabChange,
  editing,
  onEditingChange,
  actions,
}: TabbedCardProps) {
  const { t } = useTranslation(CONSOLE_NS);
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const [focused, setFocused] = useState<string | null>(null);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === activeTab),
  );
  const current = tabs[index];
  const reachable = tabs.filter((tab) => !tab.disabled);

  const moveTo = async (id: string) => {
    if (id === activeTab) return;
    if (beforeTabChange && !(await beforeTabChange(activeTab, id))) return;
    onTabChange(id);
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const at = reachable.findIndex((tab) => tab.id === id);
    const target =
      event.key === 'ArrowRight'
        ? reachable[(at + 1) % reachable.length]
        : event.key === 'ArrowLeft'
          ? reachable[(at - 1 + reachable.length) % reachable.length]
          : event.key === 'Home'
            ? reachable[0]
            : event.key === 'End'
              ? reachable[reachable.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    setFocused(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const previous = tabs[index - 1];
  const next = tabs[index + 1];
  const rovingTab = focused && reachable.some((tab) => tab.id === focused) ? focused : current?.id;
  // the tab that replaced another enters, so the eye sees the content changed
  const panelRef = useEntrance<HTMLDivElement>(current?.id);

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Box>
            {title ? (
              <Heading as="h2" size="lg">
                {title}
              </Heading>
            ) : null}
            <Text color="fg.muted" fontWeight="medium">
              {subheader}
            </Text>
          </Box>
          {onEditingChange ? (
            <IconButton
              aria-label={editing ? t('card.stopEditing') : t('card.edit')}
              aria-pressed={editing}
              variant={editing ? 'solid' : 'outline'}
              colorPalette="brand"
              size="sm"
              onClick={() => onEditingChange(!editing)}
            >
              <PencilIcon />
            </IconButton>
          ) : null}
        </HStack>
        <HStack
          role="tablist"
          aria-label={subheader}
          gap="0"
          borderBottomWidth="1px"
          mt="3"
          overflowX="auto"
          onBlur={(event) => {
            // leaving the tab list: the open tab takes the tab stop again
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
          }}
        >
          {tabs.map((tab) => (
            <TabButton
              key={tab.id}
              ref={(element: HTMLButtonElement | null) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={tab.id === current?.id}
              aria-controls={panelId(tab.id)}
              tabIndex={tab.id === rovingTab ? 0 : -1}
              disabled={tab.disabled}
              onClick={() => void moveTo(tab.id)}
              onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => onTabKeyDown(event, tab.id)}
            >
              {tab.label}
            </TabButton>
          ))}
        </HStack>
      </Card.Header>
      <Card.Body>
        {current ? (
          <Box ref={panelRef} role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)}>
            {current.content}
          </Box>
        ) : null}
      </Card.Body>
      <Card.Footer>
        <HStack justify="space-between" w="full">
          <IconButton
            aria-label={t('card.back')}
            variant="ghost"
            visibility={previous ? 'visible' : 'hidden'}
            disabled={!previous || previous.disabled}
            onClick={() => previous && void moveTo(previous.id)}
          >
            <ArrowBackIcon />
          </IconButton>
          <HStack gap="3">{actions}</HStack>
          <IconButton
            aria-label={t('card.next')}
            variant="ghost"
            visibility={next ? 'visible' : 'hidden'}
            disabled={!next || next.disabled}
            onClick={() => next && void moveTo(next.id)}
          >
            <ArrowForwardIcon />
          </IconButton>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}
