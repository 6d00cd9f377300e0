import { Alert, Button, Modal, Steps, Typography } from 'antd';
import { CarOutlined, MailOutlined, ShopOutlined } from '@ant-design/icons';
import { ONLINE_MARKETPLACE } from '@backroom/domain';
import { useIsMobile } from '../../../shared/hooks';

/**
 * Enable Marketplace's How it works (catalogue doc section 2): the three steps of selling through the
 * store's online marketplace; Confirm closes it. It explains and changes nothing: the store turns
 * marketplace access on for a consigner (docs/consigner-portal.md, Inventory), so the modal says
 * whether it is on and, when it is not, how to ask the store.
 */
export function MarketplaceModal({
  open,
  onClose,
  enabled,
  supportEmail,
}: {
  open: boolean;
  onClose: () => void;
  /** The consigner's marketplaceLocation: the store let them list at ONLINE MARKETPLACE. */
  enabled: boolean;
  supportEmail: string | null;
}) {
  const isMobile = useIsMobile();
  return (
    <Modal
      title="How it works"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={isMobile ? undefined : 560}
      footer={
        <Button type="primary" onClick={onClose} size={isMobile ? 'large' : 'middle'} block={isMobile} data-testid="marketplace-confirm">
          Confirm
        </Button>
      }
      data-testid="marketplace-modal"
    >
      <Steps
        orientation="vertical"
        current={-1}
        style={{ marginBlock: 12 }}
        items={[
          {
            title: 'Step 1',
            icon: <ShopOutlined />,
            content: `Add your items and assign them to the ${ONLINE_MARKETPLACE} location.`,
          },
          {
            title: 'Step 2',
            icon: <MailOutlined />,
            content: 'After a sale, the store e-mails you to say the item is ready to ship.',
          },
          {
            title: 'Step 3',
            icon: <CarOutlined />,
            content: 'Ship it or drop it off at the store, and add the tracking code within 1 day.',
          },
        ]}
        data-testid="marketplace-steps"
      />
      {enabled ? (
        <Alert type="success" showIcon title={`The online marketplace is on for you: pick ${ONLINE_MARKETPLACE} as the location when you list an item.`} />
      ) : (
        <Alert
          type="info"
          showIcon
          title="The store turns the online marketplace on for your account."
          description={
            supportEmail ? (
              <>
                Ask them at <Typography.Link href={`mailto:${supportEmail}?subject=${encodeURIComponent('Online marketplace')}`}>{supportEmail}</Typography.Link>.
              </>
            ) : (
              'Ask the store to turn it on.'
            )
          }
        />
      )}
    </Modal>
  );
}
