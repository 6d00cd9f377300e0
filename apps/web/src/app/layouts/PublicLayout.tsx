import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useCurrentStore } from '../../features/store/store.api';
import { StoreLogo } from '../../shared/ui/StoreLogo';
import { useDocumentTitle } from '../../shared/hooks';

interface PublicLayoutProps {
  title: ReactNode;
  /** Plain text for the browser tab, when the title is not a string. */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** Card width on large screens; it always shrinks to the viewport. */
  width?: number;
  /** Content of the slim top bar (e.g. a back link). */
  topBar?: ReactNode;
  showLogo?: boolean;
  /** Show Backroom's own brand instead of the store's (the store landing page). */
  neutral?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every public screen: store logo, a centred card, an optional top bar. */
export function PublicLayout({
  title,
  documentTitle,
  subtitle,
  width = 440,
  topBar,
  showLogo = true,
  neutral = false,
  children,
  footer,
}: PublicLayoutProps) {
  const current = useCurrentStore();
  const store = neutral ? null : current;
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <div className="br-auth-bg">
      {topBar && (
        <div
          style={{
            height: 56,
            padding: '0 20px',
            display: 'flex',
            alignItems: 'center',
            background: 'rgba(255,255,255,0.85)',
            borderBottom: '1px solid #e8ecf2',
            backdropFilter: 'blur(6px)',
          }}
        >
          {topBar}
        </div>
      )}
      <Flex vertical align="center" style={{ padding: '40px 16px 48px' }}>
        {showLogo && (
          <Flex vertical align="center" gap={8} style={{ marginBottom: 20 }}>
            <StoreLogo src={store?.logo} alt={store?.name ?? 'Backroom'} size={56} />
            <Typography.Text type="secondary" strong>
              {store?.name ?? 'Backroom'}
            </Typography.Text>
          </Flex>
        )}
        <Card
          style={{ width: '100%', maxWidth: width, boxShadow: '0 10px 30px rgba(15, 33, 54, 0.08)' }}
          styles={{ body: { padding: 'clamp(20px, 5vw, 32px)' } }}
        >
          <Typography.Title level={3} style={{ marginTop: 0, marginBottom: subtitle ? 4 : 20 }}>
            {title}
          </Typography.Title>
          {subtitle && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
              {subtitle}
            </Typography.Paragraph>
          )}
          {children}
        </Card>
        {footer && <div style={{ marginTop: 20, textAlign: 'center' }}>{footer}</div>}
      </Flex>
    </div>
  );
}
