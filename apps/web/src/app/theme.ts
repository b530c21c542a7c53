import {
  createTheme,
  defaultVariantColorsResolver,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  parseThemeColor,
  type TableProps,
  type CSSVariablesResolver,
  type MantineBreakpointsValues,
  type VariantColorsResolver,
} from '@mantine/core';
import { LIMITS } from '@haven/contract/shared';
import { i18n } from '../lib/i18n.ts';
import classes from './theme.module.css';

const em = (px: number) => `${px / 16}em`;

/** Specs §9: 576, 768 and 1200 px; md and xl stay at Mantine's defaults between them. */
const breakpoints: MantineBreakpointsValues = {
  xs: em(LIMITS.breakpoints.xs),
  sm: em(LIMITS.breakpoints.sm),
  md: em(992),
  lg: em(LIMITS.breakpoints.lg),
  xl: em(1408),
};

/** Shade 9 of these is too light on their tint (green 4.1:1, lime 3.5, yellow 2.8, orange 4.0). */
const LIGHT_TEXT: Partial<Record<string, string>> = {
  green: '#237032',
  lime: '#42700a',
  yellow: '#8f5400',
  orange: '#b03a0a',
};

/** Light badges and buttons put shade 6 text on a tint (about 2.5:1); shade 9 on shade 0 passes AA. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant === 'filled' && colors.hover.includes('-8)')) {
    // With shade 9 as primary, Mantine hovers to the lighter shade 8 (4.0:1 under white text).
    return {
      ...colors,
      hover: colors.hover
        .replace(/-8\)$/, '-9)')
        .replace(/^var\((.*)\)$/, 'color-mix(in srgb, var($1) 85%, black)'),
    };
  }
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  return parsed.isThemeColor
    ? {
        ...colors,
        color: LIGHT_TEXT[parsed.color] ?? `var(--mantine-color-${parsed.color}-9)`,
        background: `var(--mantine-color-${parsed.color}-0)`,
        hover: `var(--mantine-color-${parsed.color}-0)`,
      }
    : colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'teal',
  // Teal's default shade (6) and Mantine's dimmed grey fail WCAG AA contrast on white.
  primaryShade: { light: 9, dark: 7 },
  breakpoints,
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // A page title must not take half of a 360 px screen.
    sizes: { h1: { fontSize: 'clamp(1.5rem, 6vw, 2.125rem)' } },
  },
  components: {
    // Mantine's close buttons are an icon without a name: every dialog and toast gets one here,
    // read in the current language at each render (a function: `extend` types only objects).
    Modal: { defaultProps: (): Partial<ModalProps> => ({ closeButtonProps: closeButtonName() }) },
    Notification: {
      defaultProps: (): Partial<NotificationProps> => ({ closeButtonProps: closeButtonName() }),
    },
    // Typed objects, not `Menu.extend(...)`: that (an identity for types) put Menu with
    // floating-ui and Table into the entry chunk, which the login page does not need.
    Menu: {
      // The focus placeholder is a div inside role="menu", which may hold menu items only.
      defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps>,
      classNames: { item: classes.menuItem },
    },
    // gray.1 under a hovered row leaves teal.9 links at 4.49:1; gray.0 keeps them above 4.5:1.
    Table: { defaultProps: { highlightOnHoverColor: 'gray.0' } satisfies Partial<TableProps> },
  },
});

function closeButtonName(): { 'aria-label': string } {
  return { 'aria-label': i18n.t('common:close') };
}

/**
 * Dimmed text in gray.7 keeps a 4.5:1 contrast on white and on gray.0; components that read the
 * primary "light" variables directly (NavLink) get the same shade 9 on shade 0 as the resolver.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Mantine's error red (red.8 on white) misses AA for the small error texts under fields.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-light': 'var(--mantine-color-teal-0)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-teal-0)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-teal-9)',
  },
  dark: {},
});
