import { type ReactNode, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { usePrefersReducedMotion } from '../shared/hooks';
import { theme } from './theme';

/**
 * antd's theme, locale and App (message, modal and notification holders) around every screen but the
 * sign-in page: its own chunk, loaded by app/App.tsx, so /login fetches no antd module.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  // Dialogs, drawers and messages appear without zooming or sliding for a person who asked for less
  // motion (and in the e2e suite, which asks for it: docs/testing.md "Steady clicks").
  const reducedMotion = usePrefersReducedMotion();
  const themeInUse = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <ConfigProvider theme={themeInUse} locale={enUS}>
      <AntApp message={{ maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
