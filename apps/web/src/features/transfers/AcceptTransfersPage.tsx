import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Input, Select, Typography } from 'antd';
import { CheckOutlined, InboxOutlined } from '@ant-design/icons';
import { allowedFrom } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useInventoryFilterOptions } from '../../shared/lookups.api';
import { useCurrentStore } from '../store/store.api';
import { SetLocationModal } from './SetLocationModal';
import { TransferList } from './TransferList';
import { answerText, useAcceptTransfer, useInventoryPage } from './transfers.api';
import { useUrlListState } from './url-state';

const FILTER_KEYS = ['search', 'location'] as const;
// Items an accept-transfer may start from (the domain's rule: In transit).
const [IN_TRANSIT] = allowedFrom('acceptTransfer', 'staff');

/**
 * /acceptTransfers (Inventory access; people doc section 2, Accept transfer): items InTransit, accepted
 * one by one or together at the location chosen in the dialog (the transfer's destination by default).
 */
export default function AcceptTransfersPage() {
  useDocumentTitle('Accept transfer');
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const state = useUrlListState(FILTER_KEYS);
  const { values } = state;
  const page = useInventoryPage('acceptTransfers', { ...values, status: IN_TRANSIT, currentPage: state.page, pageSize: state.pageSize });
  const options = useInventoryFilterOptions();
  const accept = useAcceptTransfer();
  const [selected, setSelected] = useState<string[]>([]);
  const [accepting, setAccepting] = useState<string[] | null>(null);
  const [search, setSearch] = useState(values.search ?? '');

  const rows = page.data?.rows ?? [];
  const acceptingRows = rows.filter((r) => accepting?.includes(r.id));
  const destinations = [...new Set(acceptingRows.map((r) => r.location))];
  const initialLocation = destinations.length === 1 ? destinations[0] : null;

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <InboxOutlined /> Accept transfer
        </Flex>
      }
      style={{ maxWidth: 1400 }}
    >
      <Flex vertical gap={16}>
        <Flex wrap gap={8} align="center">
          <Input.Search
            aria-label="Search"
            placeholder="Search title, SKU or code"
            allowClear
            enterButton
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setSelected([]);
              state.setFilters({ search: v.trim() || undefined });
            }}
            style={{ width: isMobile ? '100%' : 280 }}
          />
          <Select
            aria-label="Destination"
            placeholder="Any destination"
            allowClear
            value={values.location}
            onChange={(v?: string) => {
              setSelected([]);
              state.setFilters({ location: v });
            }}
            options={options.data?.locations.map((l) => ({ value: l.value, label: l.label }))}
            style={{ width: isMobile ? '100%' : 200 }}
          />
        </Flex>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Flex wrap gap={8}>
            <Button onClick={() => setSelected(rows.map((r) => r.id))} disabled={rows.length === 0}>
              Select page
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setAccepting(selected)} data-testid="accept-selected">
              Accept transfer{selected.length ? ` (${selected.length})` : ''}
            </Button>
          </Flex>
          <Typography.Text type="secondary">Items on their way between locations.</Typography.Text>
        </Flex>
        {page.isError && <Alert type="error" showIcon title={errorMessage(page.error)} />}
        <TransferList
          rows={rows}
          count={page.data?.count ?? 0}
          loading={page.isPending || page.isFetching}
          currentPage={state.page}
          pageSize={state.pageSize}
          onPage={state.setPage}
          selected={selected}
          onSelect={setSelected}
          canSelect={() => true}
          currency={store?.currency ?? 'USD'}
          isBuyingStore={store?.isBuyingStore ?? false}
          emptyText="No items are in transit."
          action={(item) => (
            <Button size="small" icon={<CheckOutlined />} onClick={() => setAccepting([item.id])} data-testid="accept-transfer">
              Accept transfer
            </Button>
          )}
        />
      </Flex>
      <SetLocationModal
        open={accepting !== null}
        title="Accept transfer"
        okText="Accept"
        count={accepting?.length ?? 0}
        withOverride={false}
        initialLocation={initialLocation}
        loading={accept.isPending}
        onCancel={() => setAccepting(null)}
        onSubmit={(v) =>
          accept.mutate(
            { ids: accepting ?? [], location: v.location, subLocation: v.subLocation },
            {
              onSuccess: (answer) => {
                message.success(answerText(answer));
                setAccepting(null);
                setSelected((s) => s.filter((id) => !(accepting ?? []).includes(id)));
              },
              onError: (error) => message.error(errorMessage(error)),
            },
          )
        }
      />
    </Card>
  );
}
