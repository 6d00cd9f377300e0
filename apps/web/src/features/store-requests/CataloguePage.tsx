import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Flex, Input, Result, Select, Typography } from 'antd';
import { LoginOutlined, UserAddOutlined } from '@ant-design/icons';
import { consignerWord } from '@backroom/domain';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { ApiError, errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { ListPagination } from '../../shared/ui/ListPagination';
import { RequestedProducts } from './RequestedProducts';
import { usePublicCatalogue } from './store-requests.api';

/**
 * The public catalogue (/catalogue/{handle}, no sign-in): what the store asks for at each location,
 * with the way to sign in or sign up and offer an item. Nothing private: the API sends products,
 * their sizes and the requested range only.
 */
export default function CataloguePage() {
  const { handle = '' } = useParams();
  const isMobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const asked = params.get('location') ?? undefined;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const catalogue = usePublicCatalogue(handle, { location: asked, search, ...page });
  const data = catalogue.data;
  const currency = data?.store.currency ?? 'USD';
  const who = consignerWord(data?.store.isBuyingStore).toLowerCase();
  const next = encodeURIComponent('/storeRequest');

  if (catalogue.isError && catalogue.error instanceof ApiError && catalogue.error.status === 404)
    return (
      <PublicLayout title="Catalogue not found" width={520}>
        <Result status="404" title="This catalogue does not exist" subTitle="Check the link you were sent." data-testid="catalogue-not-found" />
      </PublicLayout>
    );

  const offerLinks = (
    <Flex gap={8} wrap vertical={isMobile} data-testid="catalogue-actions">
      <Link to={`/login?next=${next}`}>
        <Button type="primary" icon={<LoginOutlined />} block={isMobile} data-testid="catalogue-signin">
          Sign in to offer an item
        </Button>
      </Link>
      <Link to="/signup">
        <Button icon={<UserAddOutlined />} block={isMobile} data-testid="catalogue-signup">
          Create a free {who} account
        </Button>
      </Link>
    </Flex>
  );

  return (
    <PublicLayout
      title={data ? `${data.store.name} is looking for` : 'Store catalogue'}
      documentTitle={data ? `${data.store.name} catalogue` : 'Catalogue'}
      subtitle={`Products the store has none of right now. Have one? Offer it as a ${who}: sign in, or create a free account, then answer from Store Request.`}
      width={1100}
    >
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        {offerLinks}
        <Flex gap={8} wrap vertical={isMobile}>
          <Select
            value={data?.location ?? undefined}
            placeholder="Select a location"
            options={(data?.locations ?? []).map((l) => ({ label: l, value: l }))}
            loading={catalogue.isPending}
            onChange={(value: string) => {
              setPage((p) => ({ ...p, page: 1 }));
              setParams({ location: value }, { replace: true });
            }}
            style={{ width: isMobile ? '100%' : 220 }}
            aria-label="Location"
            data-testid="catalogue-location"
          />
          <Input.Search
            allowClear
            placeholder="Search title, SKU or brand"
            onSearch={(value) => {
              setPage((p) => ({ ...p, page: 1 }));
              setSearch(value.trim());
            }}
            style={{ maxWidth: isMobile ? undefined : 340, flex: isMobile ? undefined : 1 }}
            data-testid="catalogue-search"
          />
          {data && (
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }} data-testid="catalogue-count">
              {data.count} {data.count === 1 ? 'product' : 'products'} requested{data.location ? ` at ${data.location}` : ''}
            </Typography.Text>
          )}
        </Flex>
        {catalogue.isError ? (
          <Alert type="error" showIcon title={errorMessage(catalogue.error, 'The catalogue could not be loaded.')} />
        ) : data && !data.location ? (
          <Alert type="info" showIcon title="This store has no locations yet." />
        ) : (
          <>
            <RequestedProducts
              products={data?.products ?? []}
              currency={currency}
              loading={catalogue.isPending}
              dimmed={catalogue.isPlaceholderData}
              empty={search ? 'No requested product matches this search.' : 'The store is not asking for anything here right now.'}
            />
            <ListPagination page={page.page} pageSize={page.pageSize} total={data?.count ?? 0} isMobile={isMobile} onChange={(p, s) => setPage({ page: p, pageSize: s })} />
          </>
        )}
      </Flex>
    </PublicLayout>
  );
}
