import { ActionIcon, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../session.ts';
import { DomainSwitcher } from './domain-switcher.tsx';
import { HEADER_ACTIONS } from './header-actions.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { useFromSm } from './use-from-sm.ts';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

export function Header({ navOpened, onToggleNav, menuButtonRef }: Props) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onLogout = () => void logout({ queryClient, navigate });
  // Not rendered where hidden: its sliding indicator measures the page at mount (a forced layout).
  const wide = useFromSm();

  return (
    <Group h="100%" px="sm" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0} flex={1}>
        <Burger
          ref={menuButtonRef}
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t(navOpened ? 'shell.close_menu' : 'shell.open_menu')}
          aria-expanded={navOpened}
          aria-controls="main-navigation"
        />
        <Text component={Link} to="/dashboard" fw={700} size="lg" c="teal.9" visibleFrom="xs">
          Haven
        </Text>
        <DomainSwitcher />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {HEADER_ACTIONS.map((Action, index) => (
          <Action key={index} />
        ))}
        {wide && <LanguageSwitch visibleFrom="sm" />}
        <Button
          variant="subtle"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={onLogout}
          visibleFrom="sm"
        >
          {t('shell.logout')}
        </Button>
        <Tooltip label={t('shell.logout')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={onLogout}
            aria-label={t('shell.logout')}
            hiddenFrom="sm"
          >
            <IconLogout size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
