import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { i18n, initI18n } from '../lib/i18n.ts';
import { WAIT } from './wait.ts';

configure({ asyncUtilTimeout: WAIT.timeout });

// jsdom lacks the layout APIs Mantine asks for.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom has no default display for span and wbr; accessible names then get a space between
// the pieces of a name (components/long-name.tsx), which browsers keep inline and together.
const inline = document.createElement('style');
inline.textContent = 'span, wbr { display: inline }';
document.head.append(inline);

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// jsdom swaps in its own AbortSignal, which Node's fetch Request (used by the router) refuses.
// Navigations in tests never need aborting, so the signal is left out.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const { signal: _signal, ...rest } = init ?? {};
    super(input, rest);
  }
};

export const ALL_NAMESPACES = ['common', 'validations', 'errors', 'login', 'dashboard', 'account'];

beforeAll(async () => {
  await initI18n('nl');
  // Screens suspend on texts that are not loaded; loading them all up front keeps tests synchronous.
  await i18n.loadNamespaces(ALL_NAMESPACES);
});

afterEach(async () => {
  cleanup();
  // Toasts live in a module-wide store: one test's toast must not show up in the next.
  notifications.clean();
  localStorage.clear();
  authStore.reload();
  if (i18n.language !== 'nl') await i18n.changeLanguage('nl');
});
