import { Alert, Empty, List, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { markdownStepText, MARKDOWN_PREVIEW_ROWS, type TMarkdownPreviewRow } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { useIsMobile } from '../../shared/hooks';
import type { MarkdownPreview as Preview } from './markdowns.api';

/**
 * What the next run changes with the schedule as the form holds it: each item's price now and after,
 * and the step that sets it (docs/consignment-terms.md "Markdowns"). A table on a wide screen, cards on a phone.
 */
export function MarkdownPreview({ preview, currency }: { preview: Preview; currency: string }) {
  const isMobile = useIsMobile();
  const price = (n: number) => formatPrice(n, currency);
  const basis =
    preview.basis === 'schedule'
      ? 'Items on this schedule that the next run marks down.'
      : 'This schedule applies to items accepted once a consigner type chooses it; today it would mark down these Active consigned items.';
  const summary = `${preview.total} ${preview.total === 1 ? 'item' : 'items'}, ${price(preview.reduction)} off in all`;

  const columns: TableColumnsType<TMarkdownPreviewRow> = [
    { title: 'Code', dataIndex: 'code', key: 'code', width: 120 },
    {
      title: 'Item',
      key: 'title',
      render: (_, r) => (
        <div>
          <div>{r.title}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.sku}
          </Typography.Text>
        </div>
      ),
    },
    { title: 'Price now', key: 'price', align: 'right', width: 110, render: (_, r) => price(r.price) },
    { title: 'New price', key: 'newPrice', align: 'right', width: 110, render: (_, r) => <Typography.Text strong>{price(r.newPrice)}</Typography.Text> },
    { title: 'Step', key: 'step', width: 190, render: (_, r) => <Tag color="orange">{markdownStepText(r.step)}</Tag> },
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No item would change on ${preview.day}.`} />;
  return (
    <div data-testid="markdown-preview">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={<span data-testid="preview-summary">{summary}</span>} description={basis} />
      {preview.total > preview.items.length && (
        <Typography.Paragraph type="secondary">The first {MARKDOWN_PREVIEW_ROWS} are listed.</Typography.Paragraph>
      )}
      {isMobile ? (
        <List
          dataSource={preview.items}
          rowKey="id"
          locale={{ emptyText: empty }}
          renderItem={(r) => (
            <List.Item data-testid="preview-row" style={{ display: 'block' }}>
              <Typography.Text strong>{r.title}</Typography.Text>
              <div>
                <Typography.Text type="secondary">{r.code}</Typography.Text>
              </div>
              <div>
                {price(r.price)} → <Typography.Text strong>{price(r.newPrice)}</Typography.Text> <Tag color="orange">{markdownStepText(r.step)}</Tag>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          size="small"
          dataSource={preview.items}
          columns={columns}
          pagination={preview.items.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          onRow={() => ({ 'data-testid': 'preview-row' }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: empty }}
          scroll={{ x: 'max-content' }}
        />
      )}
    </div>
  );
}
