import { useState } from 'react';
import { Button, Col, Flex, Result, Row } from 'antd';
import { Link, useParams } from 'react-router';
import { canEdit } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useCurrentStore } from '../store/store.api';
import { EditCard } from './EditCard';
import { useInventoryItem, type InventoryItem } from './inventory-item.api';
import { ItemActions } from './ItemActions';
import { ItemHeader } from './ItemHeader';
import { ItemTermsCard } from './ItemTermsCard';
import { ItemTimeline } from './ItemTimeline';
import { ReadOnlyCard } from './ReadOnlyCard';

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
  const store = useCurrentStore();
  const currency = store?.currency ?? 'USD';
  const isBuyingStore = store?.isBuyingStore ?? false;
  const options = { option1: item.productTemplate?.option1, option2: item.productTemplate?.option2, option3: item.productTemplate?.option3 };

  return (
    // Header and actions side by side, then the edit card and the history; a phone stacks them in
    // that order. Each card keeps its place in the tree, so a resize never closes an open dialog.
    <Row gutter={[16, 16]} style={{ maxWidth: 1400 }} align="top">
      <Col xs={24} lg={15}>
        <ItemHeader item={item} />
      </Col>
      <Col xs={24} lg={9}>
        <Flex vertical gap={16}>
          <ItemActions item={item} currency={currency} isBuyingStore={isBuyingStore} onDeleted={onDeleted} />
          <ItemTermsCard item={item} currency={currency} />
        </Flex>
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
