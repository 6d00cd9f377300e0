import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Empty, Flex, Select, Space, Table, Typography } from 'antd';
import type { GetRef, TableColumnsType } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, HistoryOutlined, PlayCircleOutlined, ScanOutlined } from '@ant-design/icons';
import { createDebouncedInput, INVENTORY_MESSAGES, stockTakeOutcome } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useLocations } from '../../shared/lookups.api';
import { useCurrentStore } from '../store/store.api';
import { CameraScanButton } from './CameraScanner';
import { lookupStockTakeCode, useExpectedAt, useRunStockTake, type ScanItem } from './scan.api';
import { ConsignerCell, priceText, ProductCell } from './ScanItemCells';
import { StockTakeResults } from './StockTakeResults';
import './scan.css';

type Phase = { kind: 'setup' } | { kind: 'scanning'; location: string } | { kind: 'results'; scanId: string | null; tab: string };

/**
 * /scanItems, the stock-take (catalogue doc section 2; Inventory access): pick a location, START, scan
 * every item there (a hidden input takes the scanner: 300 ms debounce, trimmed, refocused), Run, then
 * read what is Missing, Over Scanned (sold but still here) and misplaced (moved here in one tap).
 */
export default function StockTakePage() {
  useDocumentTitle('Scan Items');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [location, setLocation] = useState<string | null>(null);

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <ScanOutlined /> Scan Items
        </Flex>
      }
      extra={
        <Button
          className="br-no-print"
          icon={<ArrowLeftOutlined />}
          onClick={() => (phase.kind === 'setup' ? navigate(-1) : setPhase({ kind: 'setup' }))}
        >
          Back
        </Button>
      }
      style={{ maxWidth: 1400 }}
    >
      {phase.kind === 'setup' && (
        <Setup
          location={location}
          onLocation={setLocation}
          onStart={(l) => setPhase({ kind: 'scanning', location: l })}
          onLogs={() => setPhase({ kind: 'results', scanId: null, tab: 'logs' })}
        />
      )}
      {phase.kind === 'scanning' && <Scanning key={phase.location} location={phase.location} onRun={(scanId) => setPhase({ kind: 'results', scanId, tab: 'missing' })} />}
      {phase.kind === 'results' && (
        <StockTakeResults
          scanId={phase.scanId}
          tab={phase.tab}
          onTab={(tab) => setPhase({ ...phase, tab })}
          onView={(scanId) => setPhase({ kind: 'results', scanId, tab: 'missing' })}
          onScanAgain={(l) => setPhase({ kind: 'scanning', location: l })}
        />
      )}
    </Card>
  );
}

function Setup({ location, onLocation, onStart, onLogs }: { location: string | null; onLocation: (l: string) => void; onStart: (l: string) => void; onLogs: () => void }) {
  const { message } = App.useApp();
  const locations = useLocations();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 520 }}>
      <Typography.Text type="secondary">Choose the location you are counting, then scan every item you find there.</Typography.Text>
      <label htmlFor="stock-take-location">
        <Typography.Text strong>Location</Typography.Text>
      </label>
      <Select
        id="stock-take-location"
        aria-label="Location"
        placeholder="Select a location"
        loading={locations.isPending}
        value={location ?? undefined}
        onChange={onLocation}
        options={(locations.data ?? []).map((l) => ({ value: l.name, label: l.label || l.name }))}
        size="large"
        showSearch
      />
      <Flex gap={8} wrap>
        <Button
          type="primary"
          size="large"
          icon={<PlayCircleOutlined />}
          onClick={() => (location ? onStart(location) : void message.warning(INVENTORY_MESSAGES.selectLocation))}
        >
          START
        </Button>
        <Button size="large" icon={<HistoryOutlined />} onClick={onLogs}>
          Logs
        </Button>
      </Flex>
    </Flex>
  );
}

function Scanning({ location, onRun }: { location: string; onRun: (scanId: string) => void }) {
  const { message } = App.useApp();
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  const run = useRunStockTake();
  const expected = useExpectedAt(location);
  const expectedRef = useRef(expected.data);
  expectedRef.current = expected.data;
  const inputRef = useRef<HTMLInputElement>(null);
  const tableRef = useRef<GetRef<typeof Table<ScanItem>>>(null);
  const [items, setItems] = useState<ScanItem[]>([]);
  const [misplaced, setMisplaced] = useState<ScanItem[]>([]);
  const [focused, setFocused] = useState(true);
  // what the list holds, kept outside React state so a burst of scans checks against the latest list
  const listed = useRef(new Set<string>());
  const elsewhere = useRef(new Set<string>());
  const cache = useRef(new Map<string, ScanItem | null>());
  const queue = useRef(Promise.resolve());

  const handleCode = useCallback(
    (code: string) => {
      // one lookup at a time, in scan order
      queue.current = queue.current.then(async () => {
        const key = code.toUpperCase();
        // an item expected here is known already: no round trip (codes are unique per store)
        let item = expectedRef.current?.byCode.get(key) ?? cache.current.get(key);
        if (item === undefined) {
          try {
            item = await lookupStockTakeCode(code);
          } catch (err) {
            // section 8: stock-take errors are only logged
            console.warn('stock-take lookup failed', errorMessage(err));
            return;
          }
          cache.current.set(key, item);
        }
        const outcome = stockTakeOutcome(item, location, listed.current);
        if (outcome === 'added' && item) {
          listed.current.add(item.id);
          setItems((prev) => [item, ...prev]);
          return;
        }
        if (outcome === 'duplicate') {
          void message.info(INVENTORY_MESSAGES.alreadyScanned);
          return;
        }
        if (outcome === 'elsewhere' && item && !elsewhere.current.has(item.id)) {
          elsewhere.current.add(item.id);
          setMisplaced((prev) => [item, ...prev]);
        }
        void message.warning(INVENTORY_MESSAGES.noItemsForLocation);
      });
    },
    [location, message],
  );

  const debounced = useMemo(
    () =>
      createDebouncedInput((code) => {
        if (inputRef.current) inputRef.current.value = '';
        handleCode(code);
      }),
    [handleCode],
  );
  useEffect(() => () => debounced.cancel(), [debounced]);

  // the hidden input keeps the focus, unless a dialog or another field takes it
  const refocus = useCallback(() => {
    setTimeout(() => {
      const active = document.activeElement as HTMLElement | null;
      const elsewhereField = active && active !== document.body && active !== inputRef.current && ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName);
      if (!elsewhereField && !document.querySelector('.ant-modal-wrap')) inputRef.current?.focus({ preventScroll: true });
    }, 0);
  }, []);
  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  // the newest scan is the first row: keep it in sight (the virtual list keeps its place otherwise)
  const count = items.length;
  const lastCount = useRef(0);
  useEffect(() => {
    const grew = count > lastCount.current;
    lastCount.current = count;
    if (!grew) return;
    tableRef.current?.scrollTo({ top: 0 });
    // and again once the virtual list has measured the new row (it keeps its anchor row in place)
    const frame = requestAnimationFrame(() => tableRef.current?.scrollTo({ top: 0 }));
    return () => cancelAnimationFrame(frame);
  }, [count]);

  const remove = (id: string) => {
    listed.current.delete(id);
    setItems((prev) => prev.filter((i) => i.id !== id));
    refocus();
  };

  const columns: TableColumnsType<ScanItem> = [
    { key: 'product', title: 'Product', width: 320, render: (_, item) => <ProductCell item={item} /> },
    { key: 'consigner', title: 'Consigner', width: 180, render: (_, item) => <ConsignerCell item={item} /> },
    { key: 'size', title: 'Size', dataIndex: 'option1Value', width: 90 },
    { key: 'sku', title: 'SKU', dataIndex: 'sku', width: 160, ellipsis: true },
    { key: 'price', title: 'Price', width: 110, render: (_, item) => priceText(item.price, store?.currency) },
    {
      key: 'remove',
      title: 'Remove',
      width: 90,
      render: (_, item) => <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${item.code}`} onClick={() => remove(item.id)} />,
    },
  ];

  const submit = () => {
    const ids = [...items.map((i) => i.id), ...misplaced.map((i) => i.id)];
    if (items.length === 0) return;
    run.mutate(
      { location, inventories: ids },
      {
        onSuccess: (created) => onRun(created.scan.id),
        onError: (err) => void message.error(errorMessage(err)),
      },
    );
  };

  return (
    <Flex vertical gap={16} onClick={refocus}>
      <input
        ref={inputRef}
        data-scan-input="1"
        aria-label="Scanner input"
        className="br-scan-hidden-input"
        autoComplete="off"
        onChange={(e) => debounced.change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            debounced.flush();
          }
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          refocus();
        }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div className="br-scan-status">
          <Typography.Text>
            Location: <Typography.Text strong>{location}</Typography.Text>
          </Typography.Text>
          <span className={focused ? 'br-scan-ready' : 'br-scan-ready is-idle'} data-testid="scanner-ready">
            <ScanOutlined /> {focused ? 'Ready to scan' : 'Tap here to scan'}
          </span>
        </div>
        <CameraScanButton onCode={handleCode} />
      </Flex>
      {misplaced.length > 0 && (
        <Typography.Text type="warning" data-testid="misplaced-count">
          {misplaced.length} item{misplaced.length === 1 ? '' : 's'} found here but recorded at another location: listed as misplaced after Run.
        </Typography.Text>
      )}
      <Table<ScanItem>
        ref={tableRef}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        pagination={false}
        virtual
        scroll={{ x: 950, y: isMobile ? 420 : 560 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Scan an item's code to add it" /> }}
        data-testid="stock-take-list"
      />
      <div className="br-scan-footer">
        <Typography.Text strong data-testid="stock-take-count">
          {items.length} items
        </Typography.Text>
        <Space>
          <Button type="primary" size="large" disabled={items.length === 0} loading={run.isPending} onClick={submit}>
            Run
          </Button>
        </Space>
      </div>
    </Flex>
  );
}
