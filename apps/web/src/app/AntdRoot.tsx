import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { theme } from './theme';

/**
 * antd's theme, locale and App (message, modal and notification holders) around every screen but the
 * sign-in page: its own chunk, loaded by app/App.tsx, so /login fetches no antd module.
 */
export default function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={enUS}>
      <AntApp message={{ maxCount: 3 }}>{children}</AntApp>
    </ConfigProvider>
  );
}
