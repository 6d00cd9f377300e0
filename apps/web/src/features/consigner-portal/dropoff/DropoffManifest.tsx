import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { formatDateLong, statusLabel, type InventoryStatus } from '@backroom/domain';
import { formatPrice } from '../../../shared/format';
import type { DropoffItem } from './dropoff.api';

export interface ManifestInfo {
  storeName: string;
  currency: string;
  /** 'Seller' in a buying store (consignerWord of the domain). */
  consignerWord: 'Consigner' | 'Seller';
  consignerName: string;
  consignerEmail: string;
  status: InventoryStatus;
  location?: string;
  /** 'selected' when built from the checked items, 'all' when nothing was checked. */
  scope: 'selected' | 'all';
  date: Date;
}

const optionsOf = (item: DropoffItem) => [item.option1Value, item.option2Value, item.option3Value].filter(Boolean).join(' · ') || '—';

/**
 * The drop-off manifest: what the consigner brings, as the shop checks it at the counter. Plain HTML
 * (no antd), so the printed page is a simple black-on-white table.
 */
export function DropoffManifest({ info, items }: { info: ManifestInfo; items: DropoffItem[] }) {
  const units = items.reduce((n, item) => n + item.quantity, 0);
  const value = items.reduce((n, item) => n + item.price * item.quantity, 0);
  return (
    <article className="br-manifest" data-testid="manifest">
      <header className="br-manifest-head">
        <div>
          <h1>Drop-off manifest</h1>
          <p className="br-manifest-store" data-testid="manifest-store">
            {info.storeName}
          </p>
        </div>
        <dl className="br-manifest-meta">
          <div>
            <dt>{info.consignerWord}</dt>
            <dd data-testid="manifest-consigner">{info.consignerName}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd data-testid="manifest-email">{info.consignerEmail}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd data-testid="manifest-date">{formatDateLong(info.date)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              {statusLabel(info.status)}
              {info.location ? ` · ${info.location}` : ''}
            </dd>
          </div>
        </dl>
      </header>
      <table className="br-manifest-table">
        <thead>
          <tr>
            <th className="br-manifest-num">#</th>
            <th>Code</th>
            <th>Item</th>
            <th>SKU</th>
            <th>Size / options</th>
            <th className="br-manifest-right">Price</th>
            <th className="br-manifest-right">Qty</th>
            <th className="br-manifest-check">Checked</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={item.id} data-testid="manifest-row">
              <td className="br-manifest-num">{i + 1}</td>
              <td className="br-manifest-code">{item.code}</td>
              <td className="br-manifest-title">{item.product.title || item.title}</td>
              <td data-label="SKU">{item.product.sku || item.sku}</td>
              <td data-label="Size / options">{optionsOf(item)}</td>
              <td className="br-manifest-right" data-label="Price">
                {formatPrice(item.price, info.currency)}
              </td>
              <td className="br-manifest-right" data-label="Qty">
                {item.quantity}
              </td>
              <td className="br-manifest-check">
                <span className="br-manifest-box" />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={5} data-testid="manifest-total">
              {items.length} {items.length === 1 ? 'line' : 'lines'} · {units} {units === 1 ? 'item' : 'items'} in total
            </td>
            <td className="br-manifest-right" data-label="Value">
              {formatPrice(value, info.currency)}
            </td>
            <td className="br-manifest-right" data-label="Items">
              {units}
            </td>
            <td className="br-manifest-check" />
          </tr>
        </tfoot>
      </table>
      <footer className="br-manifest-sign">
        <div>Received by</div>
        <div>Signature</div>
        <div>Date</div>
      </footer>
    </article>
  );
}

/**
 * The manifest as the printed page: a copy outside the app (hidden on screen) and a class on <body>
 * while it is mounted, so the print stylesheet shows this copy and nothing else.
 */
export function ManifestPrintCopy({ info, items }: { info: ManifestInfo; items: DropoffItem[] }) {
  useEffect(() => {
    document.body.classList.add('br-printing-manifest');
    return () => document.body.classList.remove('br-printing-manifest');
  }, []);
  return createPortal(
    <div className="br-manifest-print" data-testid="manifest-print">
      <DropoffManifest info={info} items={items} />
    </div>,
    document.body,
  );
}
