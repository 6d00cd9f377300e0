import type { ReactNode } from 'react';
import { useCurrentStore } from '../../features/store/store.api';
import { StoreLogo } from '../../shared/ui/StoreLogo';
import { useDocumentTitle } from '../../shared/hooks';
import './PublicLayout.css';

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

/**
 * The frame of every public screen: store logo, a centred card, an optional top bar. Plain elements
 * and PublicLayout.css, drawn like antd's Typography and Card: the sign-in page loads no antd.
 */
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
    <div className="br-auth-bg br-public">
      {topBar && <div className="br-public-topbar">{topBar}</div>}
      <main className="br-public-main">
        {showLogo && (
          <div className="br-public-brand">
            <StoreLogo src={store?.logo} alt={store?.name ?? 'Backroom'} size={56} />
            <span className="br-public-store">{store?.name ?? 'Backroom'}</span>
          </div>
        )}
        <div className="br-public-card" style={{ maxWidth: width }}>
          <h1 className={subtitle ? 'br-public-title br-public-title-tight' : 'br-public-title'}>{title}</h1>
          {subtitle && <p className="br-public-subtitle">{subtitle}</p>}
          {children}
        </div>
        {footer && <div className="br-public-footer">{footer}</div>}
      </main>
    </div>
  );
}
