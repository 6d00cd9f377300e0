import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Row,
  Select,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { DeleteOutlined, DollarOutlined, ExportOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import {
  canEdit,
  canRequestPriceChange,
  canWithdraw,
  consignerWord,
  deleteConfirmation,
  INVENTORY_MESSAGES,
  INVENTORY_STATUSES,
  isStatusDropdownDisabled,
  LIST_VIEWS,
  sortSizes,
  statusColor,
  statusLabel,
  withdrawConfirmation,
  withdrawKind,
  WITHDRAW_FEE,
  type InventoryStatus,
} from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatDateTime, formatPrice, fullName, priceSymbol } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { subLocationsOf, useInventoryFilterOptions, useLocations, useSubLocations } from '../../shared/lookups';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useCurrentStore, type PublicStore } from '../store/store.api';
import { uploadImage, useInventoryItem, useItemAction, useUpdateInventory, type InventoryItem, type InventoryUpdate } from './inventory-item.api';
import { ItemTimeline } from './ItemTimeline';

const RELOAD_AFTER_DELETE_MS = 1000;
const FALLBACK_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

/** The store's safe status mode (GET /open/stores/current carries it); locked until the store is known. */
function safeMode(store: PublicStore | null): boolean {
  return store?.safeInventoryStatusMode ?? true;
}

/** /inventories/{id}: one item - header, owner and status, edit card, actions and its history. */
export default function InventoryItemPage() {
  const { id = '' } = useParams();
  const item = useInventoryItem(id);
  const [deleted, setDeleted] = useState<string | null>(null);
  useDocumentTitle(item.data ? `${item.data.title} · ${item.data.code}` : 'Inventory item');

  if (deleted) return <Result status="success" title={deleted} subTitle="Taking you back to the list..." data-testid="item-deleted" />;
  if (item.isPending) return <FullPageSpinner />;
  if (item.isError) {
    const notFound = item.error instanceof ApiError && (item.error.status === 404 || item.error.status === 400);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? 'Inventory not found' : 'We could not load this item'}
        subTitle={notFound ? 'It may have been deleted or cancelled.' : errorMessage(item.error)}
        extra={
          <Link to="/findInventory">
            <Button type="primary">Find Inventory</Button>
          </Link>
        }
      />
    );
  }
  return <ItemScreen item={item.data} onDeleted={setDeleted} />;
}

function ItemScreen({ item, onDeleted }: { item: InventoryItem; onDeleted: (message: string) => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency ?? 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const update = useUpdateInventory(item.id);
  const action = useItemAction(item.id);
  const filterOptions = useInventoryFilterOptions();
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  const options = { option1: item.productTemplate?.option1, option2: item.productTemplate?.option2, option3: item.productTemplate?.option3 };

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
  const pendingPrice = item.status === 'RequestPriceChange' && item.requestedPrice !== null;

  const actionsCard = (
    <Card title="Actions" data-testid="item-actions">
      <Flex vertical gap={12}>
        {pendingPrice && (
          <Alert
            type="info"
            showIcon
            data-testid="pending-price-change"
            title={INVENTORY_MESSAGES.pendingPriceChange(priceSymbol(currency), item.requestedPrice!.toFixed(2))}
          />
        )}
        <Flex wrap gap={8}>
          {!isStoreAccount && (
            <RequestPriceChangeButton item={item} currency={currency} disabled={!canRequestPriceChange(item.status)} run={action} />
          )}
          {canWithdraw(item.status) && <WithdrawButton item={item} currency={currency} run={action} />}
          {deleteConfirmation(item.status) && (
            <Popconfirm
              title={deleteConfirmation(item.status)}
              okText="Yes"
              cancelText="No"
              onConfirm={() =>
                action.mutateAsync({ name: 'deleteInventory' }).then(
                  (result) => {
                    message.success(result.message);
                    onDeleted(result.message);
                    // The page reloads 1 second after a deletion (spec 4): back to the list the item was in.
                    const list = Object.values(LIST_VIEWS).find((v) => v.filter.status === item.status);
                    window.setTimeout(() => navigate(list?.route ?? '/findInventory', { replace: true }), RELOAD_AFTER_DELETE_MS);
                  },
                  (error: unknown) => {
                    message.error(errorMessage(error));
                  },
                )
              }
            >
              <Button danger icon={<DeleteOutlined />} data-testid="delete-item">
                Delete
              </Button>
            </Popconfirm>
          )}
        </Flex>
        {!canWithdraw(item.status) && !deleteConfirmation(item.status) && (isStoreAccount || !canRequestPriceChange(item.status)) && (
          <Typography.Text type="secondary">
            Price changes, withdrawals and deletion do not apply to an item that is {statusLabel(item.status, { isBuyingStore })}.
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );

  return (
    // Header and actions side by side, then the edit card and the history; a phone stacks them in
    // that order. Each card keeps its place in the tree, so a resize never closes an open dialog.
    <Row gutter={[16, 16]} style={{ maxWidth: 1400 }} align="top">
      <Col xs={24} lg={15}>
        <Card data-testid="item-header">
          <Flex gap={16} align={isMobile ? 'start' : 'center'} vertical={isMobile}>
            <Image
              src={item.image ?? item.product.image ?? undefined}
              alt={item.title}
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
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Added {formatDateTime(item.createdAt)}
                {item.acceptedOn && ` · accepted ${formatDateTime(item.acceptedOn)}`}
                {item.daysActive !== null && ` · ${item.daysActive} days active`}
                {item.order && (
                  <>
                    {' · order '}
                    <Link to={`/orders/${item.order.id}`}>{item.order.name}</Link>
                  </>
                )}
              </Typography.Text>
            </Flex>
          </Flex>
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
                <Link to={`/consigners/${item.consignerId}`} style={{ fontSize: 12 }}>
                  View {consignerWord(isBuyingStore).toLowerCase()} <ExportOutlined />
                </Link>
              )}
            </Col>
            <Col xs={24} sm={12} style={{ marginTop: isMobile ? 12 : 0 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Status
              </Typography.Text>
              <Select
                aria-label="Status"
                data-testid="status-select"
                value={item.status}
                disabled={statusDisabled}
                options={INVENTORY_STATUSES.map((s) => ({ value: s, label: statusLabel(s, { isBuyingStore }) }))}
                onChange={(v: InventoryStatus) => changeField({ status: v })}
                style={{ width: '100%' }}
              />
              {statusDisabled && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Safe inventory status mode locks sold items.
                </Typography.Text>
              )}
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        {actionsCard}
      </Col>
      <Col xs={24} lg={15}>
        {canEdit(item.status) ? <EditCard item={item} currency={currency} /> : <ReadOnlyCard item={item} currency={currency} />}
      </Col>
      <Col xs={24} lg={9}>
        <ItemTimeline inventoryId={item.id} currency={currency} options={options} />
      </Col>
    </Row>
  );
}

type ActionRunner = ReturnType<typeof useItemAction>;

function RequestPriceChangeButton({ item, currency, disabled, run }: { item: InventoryItem; currency: string; disabled: boolean; run: ActionRunner }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState<number | null>(null);
  const submit = () => {
    if (price === null || price === undefined) {
      message.warning(INVENTORY_MESSAGES.enterPrice);
      return;
    }
    // requestedPrice must be above 0 (spec 5, spelling as in the product)
    if (price <= 0) {
      message.warning(INVENTORY_MESSAGES.priceChangeValue);
      return;
    }
    run.mutate(
      { name: 'requestPriceChange', body: { requestedPrice: price } },
      {
        onSuccess: () => {
          message.success(INVENTORY_MESSAGES.priceChangeRequested(formatPrice(price, currency)));
          setOpen(false);
        },
        onError: () => message.error(INVENTORY_MESSAGES.priceChangeFailed),
      },
    );
  };
  return (
    <>
      <Tooltip title={disabled ? 'A price change can be requested for Active items only.' : undefined}>
        <Button
          icon={<DollarOutlined />}
          disabled={disabled}
          onClick={() => {
            setPrice(null);
            setOpen(true);
          }}
          data-testid="request-price-change"
        >
          Request price change
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title="Request price change"
        okText="Request"
        onOk={submit}
        confirmLoading={run.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">Current price {formatPrice(item.price, currency)}</Typography.Text>
          <InputNumber
            aria-label="Requested price"
            autoFocus
            prefix={priceSymbol(currency)}
            min={0}
            precision={2}
            value={price}
            onChange={(v) => setPrice(typeof v === 'number' ? v : null)}
            style={{ width: '100%' }}
            onPressEnter={submit}
          />
        </Flex>
      </Modal>
    </>
  );
}

/**
 * Withdraw (spec 4): a Pending item is withdrawn after 'Are you sure you want to withdraw this item?'
 * (Yes/No); an item on hand gets a withdrawal request after 'Are you sure you want to request withdrawal
 * of this item?' (Okay). Staff may instead withdraw it now, early, charging a withdrawal fee.
 */
function WithdrawButton({ item, currency, run }: { item: InventoryItem; currency: string; run: ActionRunner }) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [early, setEarly] = useState(false);
  const [fee, setFee] = useState<number | null>(WITHDRAW_FEE);
  const kind = withdrawKind(item.status);
  const direct = kind === 'withdraw' || early;
  const submit = () => {
    const call = direct
      ? { name: 'withdrawInventory', body: early ? { isWithdrawnEarly: true, withdrawalFee: fee ?? 0 } : {} }
      : { name: 'requestInventoryWithdrawal' };
    run.mutate(call, {
      onSuccess: (result) => {
        message.success(result.message);
        setOpen(false);
      },
      onError: (error) => message.error(errorMessage(error)),
    });
  };
  return (
    <>
      <Button
        icon={<RollbackOutlined />}
        onClick={() => {
          setEarly(false);
          setFee(WITHDRAW_FEE);
          setOpen(true);
        }}
        data-testid="withdraw-item"
      >
        Withdraw
      </Button>
      <Modal
        open={open}
        title="Withdraw"
        okText={kind === 'withdraw' ? 'Yes' : 'Okay'}
        cancelText={kind === 'withdraw' ? 'No' : 'Cancel'}
        onOk={submit}
        confirmLoading={run.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text data-testid="withdraw-confirmation">{withdrawConfirmation(item.status)}</Typography.Text>
          <Checkbox checked={early} onChange={(e) => setEarly(e.target.checked)} data-testid="withdraw-early">
            Withdraw now, early (charges the consigner a withdrawal fee)
          </Checkbox>
          {early && (
            <Flex vertical gap={4}>
              <Typography.Text type="secondary">Withdrawal fee</Typography.Text>
              <InputNumber
                aria-label="Withdrawal fee"
                prefix={priceSymbol(currency)}
                min={0}
                precision={2}
                value={fee}
                onChange={(v) => setFee(typeof v === 'number' ? v : null)}
                style={{ width: '100%' }}
              />
            </Flex>
          )}
        </Flex>
      </Modal>
    </>
  );
}

type EditValues = {
  option1Value?: string | null;
  option2Value?: string | null;
  option3Value?: string | null;
  price?: number | null;
  payout?: number | null;
  location?: string | null;
  subLocation?: string | null;
  image?: string | null;
  notes?: string | null;
};

/** The edit card: option values, price, payout (Cost for store accounts), location, sub-location, image, notes. */
function EditCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateInventory(item.id);
  const locations = useLocations();
  const subLocations = useSubLocations();
  const [uploading, setUploading] = useState(false);
  const template = item.productTemplate;
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  const location = Form.useWatch('location', form);
  const image = Form.useWatch('image', form);

  const initial: EditValues = {
    option1Value: item.option1Value,
    option2Value: item.option2Value,
    option3Value: item.option3Value,
    price: item.price,
    payout: isStoreAccount ? (item.cost ?? item.payout) : item.payout,
    location: item.location,
    subLocation: item.subLocation,
    image: item.image,
    notes: item.notes,
  };
  const initialRef = useRef(initial);
  initialRef.current = initial;

  // The saved item (or one changed from the header) is what the form shows next.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    form.setFieldsValue(initialRef.current);
    setDirty(false);
  }, [item.updatedAt, form]);

  // A changed location drops a sub-location of the old one.
  useEffect(() => {
    if (location === undefined) return;
    const sub = form.getFieldValue('subLocation') as string | null | undefined;
    if (sub && !subLocationsOf(subLocations.data, location).some((s) => s.name === sub)) form.setFieldValue('subLocation', null);
  }, [location, subLocations.data, form]);

  const save = (values: EditValues) => {
    const changes: InventoryUpdate = {};
    const changed = <K extends keyof EditValues>(k: K) => (values[k] ?? null) !== (initial[k] ?? null);
    for (const k of ['option1Value', 'option2Value', 'option3Value', 'location', 'subLocation', 'image', 'notes'] as const) {
      if (changed(k)) changes[k] = values[k] ?? null;
    }
    if (changed('price') && typeof values.price === 'number') changes.price = values.price;
    if (changed('payout') && typeof values.payout === 'number') {
      if (isStoreAccount) changes.cost = values.payout;
      else changes.payout = values.payout;
    }
    if (Object.keys(changes).length === 0) {
      message.info('Nothing to save');
      return;
    }
    const key = 'item-save';
    message.open({ key, type: 'loading', content: INVENTORY_MESSAGES.saving });
    update.mutate(changes, {
      onSuccess: () => message.open({ key, type: 'success', content: INVENTORY_MESSAGES.saved }),
      onError: (error) => message.open({ key, type: 'error', content: errorMessage(error, INVENTORY_MESSAGES.unknownError), duration: 5 }),
    });
  };

  const valuesOf = (list: { value: string }[] | undefined, sort = false) => {
    const vals = (list ?? []).map((v) => v.value);
    return (sort ? sortSizes(vals) : vals).map((v) => ({ value: v, label: v }));
  };

  return (
    <Card title="Edit item" data-testid="edit-card">
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save} onValuesChange={() => setDirty(true)} requiredMark={false}>
        <Row gutter={12}>
          <Col xs={12} sm={8}>
            <Form.Item name="option1Value" label={template?.option1 ?? 'Option 1'}>
              <Select aria-label={template?.option1 ?? 'Option 1'} options={valuesOf(template?.option1Values, true)} showSearch />
            </Form.Item>
          </Col>
          {template?.option2 && (
            <Col xs={12} sm={8}>
              <Form.Item name="option2Value" label={template.option2}>
                <Select aria-label={template.option2} options={valuesOf(template.option2Values)} />
              </Form.Item>
            </Col>
          )}
          {template?.option3 && (
            <Col xs={12} sm={8}>
              <Form.Item name="option3Value" label={template.option3}>
                <Select aria-label={template.option3} options={valuesOf(template.option3Values)} allowClear />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} sm={8}>
            <Form.Item name="price" label="Price" rules={[{ required: true, message: INVENTORY_MESSAGES.enterPrice }]}>
              <InputNumber aria-label="Price" prefix={priceSymbol(currency)} min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="payout"
              label={isStoreAccount ? 'Cost' : 'Payout'}
              extra={isStoreAccount ? undefined : `Fees ${formatPrice(item.payoutFee, currency)} · total ${formatPrice(item.total, currency)}`}
            >
              <InputNumber aria-label={isStoreAccount ? 'Cost' : 'Payout'} prefix={priceSymbol(currency)} min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item label="Quantity">
              <Typography.Text>{item.quantity}</Typography.Text>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="location" label="Location">
              <Select
                aria-label="Location"
                allowClear
                placeholder="Not placed yet"
                loading={locations.isPending}
                options={(locations.data ?? []).map((l) => ({ value: l.name, label: l.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="subLocation" label="Sub-location">
              <Select
                aria-label="Sub-location"
                allowClear
                placeholder="None"
                options={subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }))}
                notFoundContent={location ? 'This location has no sub-locations' : 'Pick a location first'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="image" hidden>
              <Input />
            </Form.Item>
            <Form.Item label="Image">
              <Flex gap={12} align="center">
                {image ? (
                  <Image src={image} width={56} height={56} style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 6 }} fallback={FALLBACK_IMAGE} />
                ) : null}
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  customRequest={({ file, onSuccess, onError }) => {
                    setUploading(true);
                    uploadImage(file as File)
                      .then((url) => {
                        form.setFieldValue('image', url);
                        onSuccess?.(url);
                      })
                      .catch((error: unknown) => {
                        message.error(errorMessage(error));
                        onError?.(error as Error);
                      })
                      .finally(() => setUploading(false));
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {image ? 'Replace image' : 'Upload image'}
                  </Button>
                </Upload>
              </Flex>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="notes" label="Notes">
              <Input.TextArea aria-label="Notes" autoSize={{ minRows: 2, maxRows: 6 }} placeholder="Anything staff should know about this item" />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="end" align="center" gap={12}>
          {/* 'Saving' then 'Saved' (spec 8) stay beside the button until the next edit. */}
          {(update.isPending || (update.isSuccess && !dirty)) && (
            <Typography.Text type={update.isPending ? 'secondary' : 'success'} data-testid="save-state">
              {update.isPending ? INVENTORY_MESSAGES.saving : INVENTORY_MESSAGES.saved}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="save-item">
            Save
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/** Withdrawn and Declined items are not edited (spec 2); their details stay readable. */
function ReadOnlyCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const template = item.productTemplate;
  const isStoreAccount = item.consigner?.isStoreAccount ?? false;
  return (
    <Card title="Item details" data-testid="readonly-card">
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'o1', label: template?.option1 ?? 'Option 1', children: item.option1Value ?? '—' },
          ...(template?.option2 ? [{ key: 'o2', label: template.option2, children: item.option2Value ?? '—' }] : []),
          ...(template?.option3 ? [{ key: 'o3', label: template.option3, children: item.option3Value ?? '—' }] : []),
          { key: 'price', label: 'Price', children: formatPrice(item.price, currency) },
          { key: 'payout', label: isStoreAccount ? 'Cost' : 'Payout', children: formatPrice(isStoreAccount ? (item.cost ?? item.payout) : item.payout, currency) },
          { key: 'location', label: 'Location', children: item.location ?? '—' },
          { key: 'sub', label: 'Sub-location', children: item.subLocation ?? '—' },
          ...(item.isWithdrawnEarly ? [{ key: 'fee', label: 'Withdrawal fee', children: formatPrice(item.withdrawalFee, currency) }] : []),
          { key: 'notes', label: 'Notes', children: item.notes ?? '—' },
        ]}
      />
    </Card>
  );
}
