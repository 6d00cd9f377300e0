import { type ReactNode, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { usePrefersReducedMotion } from '../shared/hooks';
import { theme } from './theme';
// antd's styles as one prebuilt stylesheet (zeroRuntime below): no component computes its CSS in the
// browser on its first render (bench/README.md "Styles prebuilt"). The theme still applies: the sheet
// reads CSS variables, which ConfigProvider sets from our tokens.
import 'antd/dist/antd.css';

/**
 * antd's theme, locale and App (message, modal and notification holders) around every screen but the
 * sign-in page: its own chunk, loaded by app/App.tsx, so /login fetches no antd module.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  // Dialogs, drawers and messages appear without zooming or sliding for a person who asked for less
  // motion (and in the e2e suite, which asks for it: docs/testing.md "Steady clicks").
  const reducedMotion = usePrefersReducedMotion();
  const themeInUse = useMemo(() => ({ ...theme, token: { ...theme.token, motion: !reducedMotion }, zeroRuntime: true }), [reducedMotion]);
  return (
    <ConfigProvider theme={themeInUse} locale={enUS}>
      <AntApp message={{ maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
