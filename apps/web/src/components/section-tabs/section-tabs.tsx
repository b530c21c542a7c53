import { useLayoutEffect, useRef, useState } from 'react';
import { Badge, Button, Menu, useMatches, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tabsInRow, type RowRoom } from './tab-overflow.ts';
import classes from './section-tabs.module.css';

export interface SectionTab {
  key: string;
  to: string;
  label: string;
  active: boolean;
  /** A count after the label (the databases'): `text` shown, `label` read by screen readers. */
  badge?: { text: string; label: string };
}

/** The room the row has, read from the row and from an unseen copy of every tab at its width. */
function useRowRoom() {
  const row = useRef<HTMLElement>(null);
  const copy = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<RowRoom>({
    widths: [],
    more: 0,
    chevron: 0,
    gap: 0,
    available: 0,
  });
  useLayoutEffect(() => {
    const rowEl = row.current;
    const copyEl = copy.current;
    if (!rowEl || !copyEl) return;
    const read = () => {
      const sizes = [...copyEl.children].map((e) => e.getBoundingClientRect().width);
      // The copy ends with "more" with its chevron and without it.
      const plain = sizes.pop() ?? 0;
      const more = sizes.pop() ?? 0;
      const next = {
        widths: sizes,
        more,
        chevron: Math.max(0, more - plain),
        gap: parseFloat(getComputedStyle(copyEl).columnGap) || 0,
        available: rowEl.getBoundingClientRect().width,
      };
      setRoom((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    };
    read();
    // The row's width follows the screen; the copy's follows the language and the tab size.
    const observer = new ResizeObserver(read);
    observer.observe(rowEl);
    observer.observe(copyEl);
    return () => observer.disconnect();
  }, []);
  return { row, copy, room };
}

function TabBadge({
  badge,
  active,
  copy = false,
}: {
  badge?: SectionTab['badge'];
  active: boolean;
  copy?: boolean;
}) {
  if (!badge) return undefined;
  return (
    <>
      <Badge size="sm" variant={active ? 'white' : 'light'} aria-hidden>
        {badge.text}
      </Badge>
      {!copy && <VisuallyHidden>{badge.label}</VisuallyHidden>}
    </>
  );
}

/**
 * Section tabs in one row at every width: what does not fit goes behind a "more" menu. The row
 * is the same on every section (a tab that moved in and out as sections opened was hard to find
 * again): an open section behind "more" names that button. The one sub-navigation of every area
 * (webhosting, mail, helpdesk): buttons that wrapped took two rows on a desktop, five on a phone.
 */
export function SectionTabs({
  tabs,
  label,
}: {
  tabs: SectionTab[];
  /** The navigation's name. */
  label: string;
}) {
  const { t } = useTranslation('common');
  const moreLabel = t('section_tabs.more');
  const size = useMatches({ base: 'compact-sm', sm: 'compact-md' });
  const { row, copy, room } = useRowRoom();
  const shown = new Set(tabsInRow(room));
  const hidden = tabs.filter((_, i) => !shown.has(i));
  const hiddenActive = hidden.find((tab) => tab.active);
  const chevron = <IconChevronDown size={14} aria-hidden />;
  return (
    <div className={classes.tabBar}>
      <nav aria-label={label} className={classes.tabs} ref={row}>
        {tabs.map(
          (tab, i) =>
            shown.has(i) && (
              <Button
                key={tab.key}
                component={Link}
                to={tab.to}
                className={classes.tab}
                size={size}
                variant={tab.active ? 'filled' : 'subtle'}
                aria-current={tab.active ? 'page' : undefined}
                rightSection={<TabBadge badge={tab.badge} active={tab.active} />}
              >
                {tab.label}
              </Button>
            ),
        )}
        {hidden.length > 0 && (
          <Menu position="bottom-end" shadow="md">
            <Menu.Target>
              <Button
                className={classes.tab}
                size={size}
                variant={hiddenActive ? 'filled' : 'subtle'}
                rightSection={chevron}
                aria-label={hiddenActive ? `${moreLabel}: ${hiddenActive.label}` : undefined}
              >
                {hiddenActive?.label ?? moreLabel}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {hidden.map((tab) => (
                <Menu.Item
                  key={tab.key}
                  component={Link}
                  to={tab.to}
                  aria-current={tab.active ? 'page' : undefined}
                  fw={tab.active ? 700 : undefined}
                  rightSection={<TabBadge badge={tab.badge} active={false} />}
                >
                  {tab.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </nav>
      {/* Outside the navigation, unseen and inert: only its widths are read. */}
      <div className={classes.measure} aria-hidden inert>
        <div className={classes.copy} ref={copy}>
          {tabs.map((tab) => (
            <Button
              key={tab.key}
              component="span"
              className={classes.tab}
              size={size}
              rightSection={<TabBadge badge={tab.badge} active={tab.active} copy />}
            >
              {tab.label}
            </Button>
          ))}
          <Button component="span" className={classes.tab} size={size} rightSection={chevron}>
            {moreLabel}
          </Button>
          <Button component="span" className={classes.tab} size={size}>
            {moreLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
