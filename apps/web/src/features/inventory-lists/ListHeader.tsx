import { useState } from 'react';
import { App, Button, Flex, Segmented, Tag, Typography } from 'antd';
import { AppstoreOutlined, DownloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { downloadInventoryExport } from './inventory-lists.api';
import type { InventoryQuery } from './inventory-lists.api';
import type { ListConfig } from './list-state';
import { DESCRIPTIONS } from './list-texts';

/** The list's title, count and description, the Items / By product toggle and Export. */
export function ListHeader({
  config,
  count,
  grouped,
  onGrouped,
  query,
}: {
  config: ListConfig;
  /** The page's count once it is known. */
  count: { total: number; isEstimate: boolean } | null;
  grouped: boolean;
  onGrouped: (grouped: boolean) => void;
  query: InventoryQuery;
}) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadInventoryExport(query);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex justify="space-between" align={isMobile ? 'stretch' : 'flex-start'} gap={12} vertical={isMobile}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex align="center" gap={10} wrap>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="list-title">
            {config.title}
          </Typography.Title>
          {count && (
            <Tag style={{ marginInlineEnd: 0 }} data-testid="list-count">
              {count.isEstimate ? 'about ' : ''}
              {count.total} {grouped ? (count.total === 1 ? 'product' : 'products') : count.total === 1 ? 'item' : 'items'}
            </Tag>
          )}
        </Flex>
        {DESCRIPTIONS[config.key] && <Typography.Text type="secondary">{DESCRIPTIONS[config.key]}</Typography.Text>}
      </Flex>
      <Flex gap={8} wrap align="center">
        <Segmented
          value={grouped ? 'grouped' : 'flat'}
          onChange={(v) => onGrouped(v === 'grouped')}
          options={[
            { value: 'flat', label: 'Items', icon: <UnorderedListOutlined /> },
            { value: 'grouped', label: 'By product', icon: <AppstoreOutlined /> },
          ]}
          data-testid="view-toggle"
        />
        {config.exportable && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export">
            Export
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
