import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Modal, Radio, Result, Segmented, Select, Spin, Typography } from 'antd';
import { MergeCellsOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { ProductImage } from './ProductImage';
import { productKeys, useJob, useMergeProducts, useProductSearch, type DuplicateProduct, type MergeResult, type ProductDetail } from './products.api';
import { useDebouncedValue } from './useDebouncedValue';

type Candidate = Pick<DuplicateProduct, 'id' | 'title' | 'sku' | 'brand' | 'image'>;

function CandidateLine({ product }: { product: Candidate }) {
  return (
    <Flex gap={10} align="center" style={{ minWidth: 0 }}>
      <ProductImage src={product.image} alt={product.title} size={36} />
      <div style={{ minWidth: 0 }}>
        <Typography.Text ellipsis style={{ display: 'block' }}>
          {product.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[product.brand, product.sku].filter(Boolean).join(' · ')}
        </Typography.Text>
      </div>
    </Flex>
  );
}

/**
 * Merge (spec 2, Product item; section 5 for the confirmation): the picked product (a duplicate
 * or any searched product) is merged into the current one. The server moves its items, GTINs and
 * logs in a background job; the modal follows the job and then says what moved.
 */
export function MergeProductModal({
  product,
  open,
  preselected,
  onClose,
}: {
  product: ProductDetail;
  open: boolean;
  preselected: Candidate | null;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const duplicates = product.duplicateProducts;
  // the parent remounts this modal (new key) each time it opens, so state starts fresh; the
  // product refetched mid-merge (its duplicates shrink) must not reset it
  const [mode, setMode] = useState<'duplicates' | 'search'>(preselected || duplicates.length ? 'duplicates' : 'search');
  const [picked, setPicked] = useState<Candidate | null>(preselected);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const found = useProductSearch(debounced);
  const merge = useMergeProducts();
  const [jobId, setJobId] = useState<string | null>(null);
  const [source, setSource] = useState<Candidate | null>(null);
  const job = useJob<MergeResult>(jobId);

  const status = job.data?.status;
  useEffect(() => {
    if (status !== 'completed' || !source) return;
    // the target's listing count and duplicates changed; the source is gone
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
    // the moved items now carry this product's title and id
    void queryClient.invalidateQueries({ queryKey: ['inventories'] });
    queryClient.removeQueries({ queryKey: productKeys.detail(source.id) });
  }, [status, source, queryClient]);

  const candidates: Candidate[] = (found.data ?? []).filter((p) => p.id !== product.id);

  const confirmMerge = () => {
    if (!picked) return;
    modal.confirm({
      title: INVENTORY_MESSAGES.mergeConfirm,
      content: (
        <>
          <Typography.Paragraph>{INVENTORY_MESSAGES.mergeConfirmContent}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            “{picked.title}” ({picked.sku}) → “{product.title}” ({product.sku})
          </Typography.Paragraph>
        </>
      ),
      okText: 'Merge',
      okButtonProps: { danger: true },
      onOk: () =>
        merge.mutateAsync({ fromProductId: picked.id, toProductId: product.id }).then(
          (answer) => {
            message.info(answer.message);
            setSource(picked);
            setJobId(answer.jobId);
          },
          (error: unknown) => {
            message.error(errorMessage(error), 5);
          },
        ),
    });
  };

  const running = Boolean(jobId) && status !== 'completed' && status !== 'failed';
  const result = job.data?.result;

  let body;
  if (jobId) {
    body =
      status === 'completed' && result ? (
        <Result
          status="success"
          title="Products merged"
          subTitle={`“${source?.title}” was merged into “${product.title}”.`}
          data-testid="merge-result"
          extra={
            <Flex vertical gap={4} style={{ textAlign: 'left', display: 'inline-flex' }}>
              <Typography.Text data-testid="merge-moved-items">
                {result.movedInventory} {result.movedInventory === 1 ? 'item' : 'items'} moved to this product
              </Typography.Text>
              <Typography.Text type="secondary">
                {result.movedGtins} GTINs and {result.movedLogs} history entries moved
              </Typography.Text>
              {result.storefront && <Alert type="warning" showIcon title={result.storefront} style={{ marginTop: 8 }} />}
            </Flex>
          }
        />
      ) : status === 'failed' ? (
        <Result status="error" title="The merge did not go through" subTitle={job.data?.error ?? 'Nothing was changed.'} />
      ) : (
        <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }} data-testid="merge-progress">
          <Spin size="large" />
          <Typography.Text>{INVENTORY_MESSAGES.mergingProduct}</Typography.Text>
          <Typography.Text type="secondary">{status === 'running' ? 'Moving the inventory...' : 'Waiting for the job to start...'}</Typography.Text>
          <Typography.Text type="secondary">You can close this window; the merge carries on.</Typography.Text>
        </Flex>
      );
  } else {
    body = (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Pick the product to merge into <Typography.Text strong>{product.title}</Typography.Text>. Its inventory, GTINs and history move here and it is
          deleted.
        </Typography.Text>
        <Segmented
          block
          value={mode}
          onChange={(v) => setMode(v as 'duplicates' | 'search')}
          options={[
            { value: 'duplicates', label: `Duplicates (${duplicates.length})` },
            { value: 'search', label: 'Search a product' },
          ]}
        />
        {mode === 'duplicates' ? (
          duplicates.length === 0 ? (
            <Alert type="info" showIcon title="No other product has this SKU. Search for the product to merge instead." />
          ) : (
            <Radio.Group value={picked?.id} onChange={(e) => setPicked(duplicates.find((d) => d.id === e.target.value) ?? null)} style={{ width: '100%' }}>
              <Flex vertical gap={8}>
                {duplicates.map((d) => (
                  <Radio key={d.id} value={d.id} style={{ alignItems: 'center' }} data-testid="merge-duplicate">
                    <CandidateLine product={d} />
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          )
        ) : (
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder="Search by title, SKU or brand"
            aria-label="Product to merge"
            style={{ width: '100%' }}
            loading={found.isFetching}
            value={picked?.id}
            notFoundContent={found.isFetching ? 'Searching...' : 'No product found'}
            // the option carries its product: the list may already hold the next search's results
            // (or none while they load) by the time the click lands
            onChange={(_id: string, option) => setPicked((Array.isArray(option) ? option[0] : option)?.candidate ?? null)}
            options={candidates.map((c) => ({ value: c.id, label: `${c.title} · ${c.sku}`, candidate: c }))}
          />
        )}
        {picked && (
          <Alert
            type="warning"
            showIcon
            title="This product will be deleted"
            description={<CandidateLine product={picked} />}
            data-testid="merge-picked"
          />
        )}
      </Flex>
    );
  }

  return (
    <Modal
      title={
        <>
          <MergeCellsOutlined /> Merge a product into this one
        </>
      }
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={600}
      footer={
        jobId ? (
          <Button type="primary" onClick={onClose}>
            {running ? 'Close' : 'Done'}
          </Button>
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" danger disabled={!picked} loading={merge.isPending} onClick={confirmMerge}>
              Merge
            </Button>
          </Flex>
        )
      }
    >
      {body}
    </Modal>
  );
}
