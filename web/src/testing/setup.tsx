import { I18nProvider } from '@lingui/react';
import * as rtl from '@testing-library/react';
import { SIGNED_IN_HINT_COOKIE } from '@torcedor/shared/constants';
import type { ComponentType, ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { activateLanguage, i18n } from '@/lib/i18n';

// Every rendered tree has the app's I18nProvider around it (main.tsx puts it there), inside any wrapper a test brings.
const withI18n = (Inner?: ComponentType<{ children: ReactNode }>) =>
  function I18nWrapper({ children }: { children: ReactNode }) {
    return <I18nProvider i18n={i18n}>{Inner ? <Inner>{children}</Inner> : children}</I18nProvider>;
  };
vi.mock('@testing-library/react', async (importOriginal) => {
  const original = await importOriginal<typeof rtl>();
  return {
    ...original,
    render: ((ui: Parameters<typeof rtl.render>[0], options?: rtl.RenderOptions) => original.render(ui, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof rtl.render,
    renderHook: ((hook: () => unknown, options?: rtl.RenderHookOptions<unknown>) => original.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) })) as typeof rtl.renderHook,
  };
});

// The tests read the English texts; a test of another language activates it itself.
beforeAll(() => activateLanguage('en', { remember: false }));

// The tests' pages act as a browser with a session may: the current-user read is sent (tests of the logged-out
// page answer it 401). A test of the anonymous visit clears the hint itself.
beforeEach(() => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
});

afterEach(async () => {
  rtl.cleanup();
  sessionStorage.clear();
  if (i18n.locale !== 'en') await activateLanguage('en', { remember: false });
  localStorage.removeItem('torcedor.language');
});
