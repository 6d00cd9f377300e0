import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { InboxOutlined, LinkOutlined, MailOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { cataloguePath, STORE_REQUEST_MESSAGES, type TStoreRequestProduct } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { priceSymbol } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { useCurrentStore } from '../store/store.api';
import { useUrlListState } from '../transfers/url-state';
import { RequestedProducts } from './RequestedProducts';
import { useSendStoreRequestEmail, useSetPriceRange, useStoreRequests } from './store-requests.api';

const FILTER_KEYS = ['search', 'location'] as const;

/** Staff set the range a consigner's answer must lie in (docs/store-requests.md), or remove it. */
function PriceRangeDialog({ product, location, currency, onClose }: { product: TStoreRequestProduct | null; location: string; currency: string; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ low: number | null; high: number | null }>();
  const save = useSetPriceRange();
  useEffect(() => {
    if (product) form.setFieldsValue({ low: product.priceRange?.low ?? null, high: product.priceRange?.high ?? null });
  }, [product, form]);
  const submit = (priceRange: { low: number; high: number } | null) =>
    save.mutate(
      { productId: product!.id, location, priceRange },
      {
        onSuccess: () => {
          void message.success(priceRange ? STORE_REQUEST_MESSAGES.rangeSaved : STORE_REQUEST_MESSAGES.rangeCleared);
          onClose();
        },
        onError: (error) => void message.error(errorMessage(error, 'The price range could not be saved'), 5),
      },
    );
  return (
    <Modal
      title="Requested price range"
      open={product !== null}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        product?.priceRange ? (
          <Button key="remove" danger onClick={() => submit(null)} loading={save.isPending} data-testid="range-remove">
            Remove range
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" type="primary" onClick={() => form.submit()} loading={save.isPending} data-testid="range-save">
          Save
        </Button>,
      ]}
    >
      {product && (
        <Typography.Paragraph type="secondary">
          {product.title} at {location}. Consigners offering this product here must ask a price within the range.
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={(v) => submit({ low: v.low!, high: v.high! })} data-testid="range-form">
        <Flex gap={12} wrap>
          <Form.Item name="low" label="Lowest price" rules={[{ required: true, message: 'Please enter the lowest price' }]} style={{ flex: 1, minWidth: 140 }}>
            <InputNumber min={0} prefix={priceSymbol(currency)} style={{ width: '100%' }} data-testid="range-low" />
          </Form.Item>
          <Form.Item
            name="high"
            label="Highest price"
            dependencies={['low']}
            rules={[
              { required: true, message: 'Please enter the highest price' },
              ({ getFieldValue }) => ({
                validator: async (_, value: number | null) => {
                  const low = getFieldValue('low') as number | null;
                  if (value !== null && value !== undefined && low !== null && low !== undefined && low > value) throw new Error(STORE_REQUEST_MESSAGES.rangeOrder);
                },
              }),
            ]}
            style={{ flex: 1, minWidth: 140 }}
          >
            <InputNumber min={0} prefix={priceSymbol(currency)} style={{ width: '100%' }} data-testid="range-high" />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/** Request Items (/request, Products): what the store has none of at a location, to share with consigners. */
export default function RequestItemsPage() {
  useDocumentTitle('Request Items');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const state = useUrlListState(FILTER_KEYS);
  const { search = '', location: askedLocation } = state.values;
  const [searchText, setSearchText] = useState(search);
  useEffect(() => setSearchText(search), [search]);
  // With no location in the address the server lists the first one (spec: the first location is preselected).
  const list = useStoreRequests({ location: askedLocation, search, page: state.page, pageSize: state.pageSize });
  const location = list.data?.location ?? null;
  const locations = list.data?.locations ?? [];
  const total = list.data?.count ?? 0;
  const [editing, setEditing] = useState<TStoreRequestProduct | null>(null);
  const [shared, setShared] = useState<string | null>(null);
  const email = useSendStoreRequestEmail();

  const share = async () => {
    if (!store || !location) return;
    const link = `${window.location.origin}${cataloguePath(store.handle, location)}`;
    setShared(link);
    try {
      await navigator.clipboard.writeText(link);
      void message.success(STORE_REQUEST_MESSAGES.linkCopied);
    } catch {
      // no clipboard (an insecure page, a refused permission): the link is shown to copy by hand
      void message.info('Copy the link below');
    }
  };

  const sendEmail = () =>
    email.mutate(location, {
      onSuccess: () => void message.success(STORE_REQUEST_MESSAGES.emailSent),
      onError: (error) => void message.error(errorMessage(error, 'The e-mail could not be sent'), 5),
    });

  const filtered = Boolean(search);
  return (
    <Card
      title={
        <Flex align="center" gap={10} wrap>
          <span data-testid="request-items-title">Request Items</span>
          {list.data && location && (
            <Tag style={{ marginInlineEnd: 0, fontWeight: 400 }} data-testid="request-items-count">
              {total} {total === 1 ? 'product' : 'products'}
            </Tag>
          )}
        </Flex>
      }
      extra={
        !isMobile && (
          <Flex gap={8}>
            <Link to="/storeRequest">
              <Button icon={<InboxOutlined />} data-testid="see-offers">
                Offers
              </Button>
            </Link>
            <Button icon={<ShareAltOutlined />} onClick={() => void share()} disabled={!location} data-testid="share-request">
              Share
            </Button>
            <Popconfirm title="E-mail the link to your consigners?" description="Each consigner who gets e-mails receives it once." okText="Send" onConfirm={sendEmail}>
              <Button type="primary" icon={<MailOutlined />} loading={email.isPending} disabled={!location} data-testid="email-request">
                Email
              </Button>
            </Popconfirm>
          </Flex>
        )
      }
      style={{ maxWidth: 1400 }}
      styles={{ body: { padding: isMobile ? 12 : 24 }, header: isMobile ? { paddingInline: 12 } : undefined }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        Products with no units on hand at the location. Share the public link or e-mail it to your consigners so they offer what you are missing; set a price range where you want one.
      </Typography.Paragraph>
      {isMobile && (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Link to="/storeRequest" style={{ flex: 1 }}>
            <Button block icon={<InboxOutlined />} data-testid="see-offers">
              Offers
            </Button>
          </Link>
          <Button block icon={<ShareAltOutlined />} onClick={() => void share()} disabled={!location} data-testid="share-request">
            Share
          </Button>
          <Popconfirm title="E-mail the link to your consigners?" okText="Send" onConfirm={sendEmail}>
            <Button block type="primary" icon={<MailOutlined />} loading={email.isPending} disabled={!location} data-testid="email-request">
              Email
            </Button>
          </Popconfirm>
        </Flex>
      )}
      {shared && (
        <Input
          readOnly
          value={shared}
          prefix={<LinkOutlined />}
          className="br-sr-link"
          style={{ marginBottom: 12 }}
          onFocus={(e) => e.currentTarget.select()}
          aria-label="Public link"
          data-testid="share-link"
        />
      )}
      <Flex gap={8} wrap vertical={isMobile} className="br-sr-toolbar">
        <Select
          value={location ?? undefined}
          placeholder="Select a location"
          options={locations.map((l) => ({ label: l, value: l }))}
          size={isMobile ? 'large' : undefined}
          loading={list.isPending}
          onChange={(value: string) => {
            setShared(null);
            state.setFilters({ location: value });
          }}
          style={{ width: isMobile ? '100%' : 220 }}
          aria-label="Location"
          data-testid="request-location"
        />
        <Input.Search
          allowClear
          placeholder="Search title, SKU or brand"
          size={isMobile ? 'large' : undefined}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '' && search) state.setFilters({ search: '' });
          }}
          onSearch={(value) => state.setFilters({ search: value.trim() })}
          style={{ maxWidth: isMobile ? undefined : 340, flex: isMobile ? undefined : 1 }}
          data-testid="request-search"
        />
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title={errorMessage(list.error, 'The requested products could not be loaded.')} />
      ) : list.data && !location ? (
        <Alert type="info" showIcon title={STORE_REQUEST_MESSAGES.selectLocation} data-testid="select-location" />
      ) : (
        <>
          <RequestedProducts
            products={list.data?.products ?? []}
            currency={currency}
            loading={list.isPending}
            dimmed={list.isPlaceholderData}
            empty={filtered ? 'No requested product matches this search.' : `You have stock of every product at ${location}.`}
            action={(p) => (
              <Button size="small" onClick={() => setEditing(p)} data-testid="set-range" aria-label={`${p.priceRange ? 'Edit range' : 'Set range'} of ${p.title}`}>
                {p.priceRange ? 'Edit range' : 'Set range'}
              </Button>
            )}
          />
          <ListPagination page={state.page} pageSize={state.pageSize} total={total} isMobile={isMobile} onChange={state.setPage} testId="request-pagination" />
        </>
      )}
      {location && <PriceRangeDialog product={editing} location={location} currency={currency} onClose={() => setEditing(null)} />}
    </Card>
  );
}
