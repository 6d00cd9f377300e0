import { Button, Modal, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { DropoffItem } from './dropoff.api';
import { DropoffManifest, ManifestPrintCopy, type ManifestInfo } from './DropoffManifest';

export type ManifestShown = { info: ManifestInfo; items: DropoffItem[] };

/** Print Manifest: the manifest on screen, and the copy the browser prints. */
export function ManifestDialog({ manifest, onClose }: { manifest: ManifestShown | null; onClose: () => void }) {
  return (
    <Modal
      open={manifest !== null}
      title="Print Manifest"
      width={960}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} data-testid="manifest-close">
          Close
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="manifest-print-button">
          Print
        </Button>,
      ]}
      data-testid="manifest-dialog"
    >
      {manifest && (
        <>
          <Typography.Paragraph type="secondary">
            {manifest.info.scope === 'selected'
              ? `The ${manifest.items.length} checked ${manifest.items.length === 1 ? 'item' : 'items'}.`
              : 'Every item of this list (nothing is checked).'}{' '}
            Print it, or show it at the counter.
          </Typography.Paragraph>
          <div className="br-manifest-scroll">
            <DropoffManifest info={manifest.info} items={manifest.items} />
          </div>
          <ManifestPrintCopy info={manifest.info} items={manifest.items} />
        </>
      )}
    </Modal>
  );
}
