import { App, Button, Card, Col, Flex, Image, Row, Select, Tag, Typography } from 'antd';
import { AppstoreOutlined, ExportOutlined, PrinterOutlined } from '@ant-design/icons';
import { consignerWord, INVENTORY_MESSAGES, isStatusDropdownDisabled, statusColor, statusLabel } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatDateTime, fullName } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import { useInventoryFilterOptions } from '../../shared/lookups.api';
import { RouteLink } from '../../shared/ui/RouteLink';
import { useCurrentStore, type PublicStore } from '../store/store.api';
import { useUpdateInventory, type InventoryItem, type InventoryUpdate } from './inventory-item.api';
import { FALLBACK_IMAGE } from './item-ui';
import { SaleStatusSelect } from './SaleStatusSelect';
import { usePrintLabels } from '../labels/use-print-labels';
import { PrintProgress } from '../labels/PrintProgress';

/** The store's safe status mode (GET /open/stores/current carries it); locked until the store is known. */
function safeMode(store: PublicStore | null): boolean {
  return store?.safeInventoryStatusMode ?? true;
}

/** The header card: picture, title, status, code and dates, with the owner and status dropdowns. */
export function ItemHeader({ item }: { item: InventoryItem }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const isBuyingStore = store?.isBuyingStore ?? false;
  const update = useUpdateInventory(item.id);
  const filterOptions = useInventoryFilterOptions();
  const labels = usePrintLabels();

  const consignerOptions = (filterOptions.data?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }));
  if (item.consigner && !consignerOptions.some((o) => o.value === item.consignerId)) {
    consignerOptions.unshift({ value: item.consignerId, label: fullName(item.consigner) || item.consigner.email });
  }

  /** One field change from the header dropdowns; a refusal shows the server's message (spec 8). */
  const changeField = (changes: InventoryUpdate) => {
    const key = `header-${Object.keys(changes).join('-')}`;
    message.open({ key, type: 'loading', content: INVENTORY_MESSAGES.saving });
    update.mutate(changes, {
      onSuccess: () => message.open({ key, type: 'success', content: INVENTORY_MESSAGES.saved }),
      onError: (error) => message.open({ key, type: 'error', content: errorMessage(error, INVENTORY_MESSAGES.unknownError), duration: 5 }),
    });
  };

  const statusDisabled = isStatusDropdownDisabled(item.status, safeMode(store));

  return (
    <Card data-testid="item-header">
      <Flex gap={16} align={isMobile ? 'start' : 'center'} vertical={isMobile}>
        <Image
          src={item.image ?? item.product.image ?? undefined}
          alt={item.title}
          // the image opens a preview: its name holds the cover's visible "Preview" (WCAG 2.5.3)
          aria-label={`Preview ${item.title}`}
          width={isMobile ? 96 : 120}
          height={isMobile ? 96 : 120}
          style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
          fallback={FALLBACK_IMAGE}
        />
        <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Flex wrap gap={8} align="center">
            <Typography.Title level={isMobile ? 5 : 4} style={{ margin: 0 }} data-testid="item-title">
              {item.title}
            </Typography.Title>
            <Tag color={statusColor(item.status, 'staff')} data-testid="item-status">
              {statusLabel(item.status, { isBuyingStore })}
            </Tag>
          </Flex>
          <Typography.Text type="secondary">
            Code <Typography.Text code copyable data-testid="item-code">{item.code}</Typography.Text> · SKU {item.sku}
            {' · '}
            {/* the product's own page: details, GTINs, merge, resync and its other items (catalogue doc section 2) */}
            <RouteLink to={`/products/${item.productId}`} data-testid="item-product-link">
              <AppstoreOutlined /> Product page
            </RouteLink>
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Added {formatDateTime(item.createdAt)}
            {item.acceptedOn && ` · accepted ${formatDateTime(item.acceptedOn)}`}
            {item.daysActive !== null && ` · ${item.daysActive} days active`}
            {item.order && (
              <>
                {' · order '}
                <RouteLink to={`/orders/${item.order.id}`}>{item.order.name}</RouteLink>
              </>
            )}
          </Typography.Text>
        </Flex>
        {/* the item's label as inventory_label.pdf (catalogue doc section 2, Inventory item header) */}
        <Button icon={<PrinterOutlined />} loading={labels.busy} onClick={() => void labels.print([item.id])} data-testid="print-label" block={isMobile}>
          Print label
        </Button>
      </Flex>
      {labels.state && (
        <div style={{ marginTop: 12 }}>
          <PrintProgress state={labels.state} />
        </div>
      )}
      <Row gutter={12} style={{ marginTop: 16 }}>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {isBuyingStore ? consignerWord(true) : 'Owner'}
          </Typography.Text>
          <Select
            aria-label="Owner"
            data-testid="owner-select"
            showSearch={{ optionFilterProp: 'label' }}
            value={item.consignerId}
            options={consignerOptions}
            loading={filterOptions.isPending}
            onChange={(v: string) => changeField({ consigner: v })}
            style={{ width: '100%' }}
          />
          {item.consigner && (
            <RouteLink to={`/consigners/${item.consignerId}`} style={{ fontSize: 12 }} fallback={null}>
              View {consignerWord(isBuyingStore).toLowerCase()} <ExportOutlined />
            </RouteLink>
          )}
        </Col>
        <Col xs={24} sm={12} style={{ marginTop: isMobile ? 12 : 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Status
          </Typography.Text>
          <SaleStatusSelect item={item} disabled={statusDisabled} onChange={(v) => changeField({ status: v })} />
          {statusDisabled && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Safe inventory status mode locks sold items.
            </Typography.Text>
          )}
        </Col>
      </Row>
    </Card>
  );
}
