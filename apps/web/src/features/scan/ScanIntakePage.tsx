import { useCallback, useRef, useState } from 'react';
import { App, Button, Card, Empty, Flex, Input, Select, Steps, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, ScanOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES, statusLabel } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useInventoryFilterOptions, useLocations } from '../../shared/lookups.api';
import { useCurrentStore } from '../store/store.api';
import { CameraScanButton } from './CameraScanner';
import { AttachCodeDialog, ChooseItemDialog, NewItemDialog } from './IntakeDialogs';
import { scanIntakeCode, useSaveIntake, type IntakeItem, type ScanResult } from './scan.api';
import { priceText, ProductCell, StatusTag } from './ScanItemCells';
import { useWedgeScanner } from './use-wedge-scanner';
import { confirmReassign, IntakeConsignerCell } from './intake-consigner';
import './scan.css';

// Items scan intake takes in (drop-offs); a new item made here is already on the floor.
const TO_ACCEPT: readonly string[] = ['Pending', 'Requested'];

type Dialog = { kind: 'attach'; code: string } | { kind: 'new'; result: ScanResult } | { kind: 'choose'; result: ScanResult } | null;

/**
 * /scan, scan intake (catalogue doc sections 2, 4, 5; Inventory access): choose the consigner and the
 * location, scan the items they brought (keyboard wedge or camera), Save takes them in at the location.
 */
export default function ScanIntakePage() {
  useDocumentTitle('Scan');
  const app = App.useApp();
  const { message } = app;
  const store = useCurrentStore();
  const isMobile = useIsMobile();
  const locations = useLocations();
  const filterOptions = useInventoryFilterOptions();
  const save = useSaveIntake();
  const [step, setStep] = useState(0);
  const [consigner, setConsigner] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [items, setItems] = useState<IntakeItem[]>([]);
  // another consigner's items staff agreed to reassign to the chosen one (intake-consigner.tsx)
  const [reassign, setReassign] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [manual, setManual] = useState('');
  const itemsRef = useRef<IntakeItem[]>([]);
  itemsRef.current = items;
  const queue = useRef(Promise.resolve());

  const consignerOptions = (filterOptions.data?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }));
  const consignerName = consignerOptions.find((c) => c.value === consigner)?.label ?? '';

  const add = useCallback(
    (found: IntakeItem[]) => {
      const known = new Set(itemsRef.current.map((i) => i.id));
      const fresh = found.filter((i) => !known.has(i.id));
      if (fresh.length === 0) return void message.warning(INVENTORY_MESSAGES.alreadyScanned);
      setItems((prev) => [...fresh, ...prev]);
    },
    [message],
  );

  const handleCode = useCallback(
    (code: string) => {
      if (!consigner || !location) return;
      queue.current = queue.current.then(async () => {
        setBusy(true);
        try {
          const result = await scanIntakeCode({ code, consigner, excludeIds: itemsRef.current.map((i) => i.id) });
          const found = result.scanGTINInventories;
          if (!result.scanGTINProduct) return setDialog({ kind: 'attach', code });
          if (result.matchedBy === 'code') {
            const [item] = found;
            if (!item) return void message.warning(INVENTORY_MESSAGES.alreadyScanned);
            if (!TO_ACCEPT.includes(item.status)) return void message.warning(`${item.code} is ${statusLabel(item.status)}: only drop-offs are scanned in`);
            if (item.consignerId !== consigner) {
              if (!(await confirmReassign(app, item, consignerName))) return;
              setReassign((prev) => new Set(prev).add(item.id));
            }
            return add([item]);
          }
          if (found.length === 0) return setDialog({ kind: 'new', result });
          if (found.length === 1) return add(found);
          setDialog({ kind: 'choose', result });
        } catch (err) {
          // section 8: scan errors are logged; a refused call still says why
          console.warn('scan failed', err);
          void message.error(errorMessage(err));
        } finally {
          setBusy(false);
        }
      });
    },
    [add, app, consigner, consignerName, location, message],
  );

  useWedgeScanner(handleCode, step === 1 && dialog === null);

  const next = () => {
    if (!location && !consigner) return void message.warning(INVENTORY_MESSAGES.selectLocationAndConsigner);
    if (!location) return void message.warning(INVENTORY_MESSAGES.selectLocation);
    if (!consigner) return void message.warning(INVENTORY_MESSAGES.selectConsigner);
    setStep(1);
  };

  const submit = () => {
    if (!location) return void message.warning(INVENTORY_MESSAGES.selectLocation);
    const ids = items.filter((i) => TO_ACCEPT.includes(i.status)).map((i) => i.id);
    const reset = (text: string) => {
      void message.success(text);
      setItems([]);
      setReassign(new Set());
    };
    if (ids.length === 0) return reset(`${items.length} new items added at ${location}`);
    if (!consigner) return void message.warning(INVENTORY_MESSAGES.selectConsigner);
    save.mutate(
      { location, ids, consigner, reassign: ids.filter((id) => reassign.has(id)) },
      {
        onSuccess: (r) => reset(`${r.accepted} items accepted at ${location}`),
        onError: (err) => void message.error(errorMessage(err)),
      },
    );
  };

  const columns: TableColumnsType<IntakeItem> = [
    { key: 'product', title: 'Product', width: 300, render: (_, item) => <ProductCell item={{ image: item.image, title: item.title, code: item.code }} /> },
    { key: 'consigner', title: 'Consigner', width: 190, render: (_, item) => <IntakeConsignerCell item={item} chosen={consignerName} reassigned={reassign.has(item.id)} /> },
    { key: 'size', title: 'Size', dataIndex: 'option1Value', width: 80 },
    { key: 'sku', title: 'SKU', dataIndex: 'sku', width: 150, ellipsis: true },
    { key: 'status', title: 'Status', width: 150, render: (_, item) => (TO_ACCEPT.includes(item.status) ? <StatusTag status={item.status} /> : <Typography.Text type="success">New, at {item.location}</Typography.Text>) },
    { key: 'price', title: 'Price', width: 100, render: (_, item) => priceText(item.price, store?.currency) },
    {
      key: 'remove',
      title: 'Remove',
      width: 90,
      render: (_, item) =>
        TO_ACCEPT.includes(item.status) ? (
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${item.code}`} onClick={() => setItems((prev) => prev.filter((i) => i.id !== item.id))} />
        ) : null,
    },
  ];

  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <ScanOutlined /> Scan
        </Flex>
      }
      style={{ maxWidth: 1400 }}
    >
      <Steps current={step} size="small" style={{ marginBottom: 24 }} items={[{ title: 'Select Consigner / Location' }, { title: 'Scan Items' }]} />
      {step === 0 ? (
        <Flex vertical gap={16} style={{ maxWidth: 520 }}>
          <div>
            <Typography.Text strong>Consigner</Typography.Text>
            <Select
              aria-label="Consigner"
              placeholder="Select a consigner"
              style={{ width: '100%', marginTop: 6 }}
              size="large"
              showSearch={{ optionFilterProp: 'label' }}
              loading={filterOptions.isPending}
              value={consigner ?? undefined}
              onChange={setConsigner}
              options={consignerOptions}
            />
          </div>
          <div>
            <Typography.Text strong>Location</Typography.Text>
            <Select
              aria-label="Location"
              placeholder="Select a location"
              style={{ width: '100%', marginTop: 6 }}
              size="large"
              loading={locations.isPending}
              value={location ?? undefined}
              onChange={setLocation}
              options={(locations.data ?? []).map((l) => ({ value: l.name, label: l.label || l.name }))}
            />
          </div>
          <Flex justify="flex-end">
            <Button type="primary" size="large" onClick={next}>
              Next
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <div className="br-scan-status">
              <Typography.Text>
                <Typography.Text strong>{consignerName}</Typography.Text> at <Typography.Text strong>{location}</Typography.Text>
              </Typography.Text>
              <span className={busy ? 'br-scan-ready is-idle' : 'br-scan-ready'} data-testid="scanner-ready">
                <ScanOutlined /> {busy ? 'Looking up…' : 'Ready to scan'}
              </span>
            </div>
            <Flex gap={8} wrap>
              <Input.Search
                aria-label="Type a code"
                placeholder="Type a code"
                enterButton="Add"
                value={manual}
                onChange={(e) => setManual(e.target.value)}
                onSearch={(v) => {
                  const code = v.trim();
                  if (!code) return;
                  setManual('');
                  handleCode(code);
                }}
                style={{ width: isMobile ? '100%' : 260 }}
              />
              <CameraScanButton onCode={handleCode} disabled={dialog !== null} />
            </Flex>
          </Flex>
          <Table<IntakeItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={items}
            pagination={false}
            scroll={{ x: 1090 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Scan the items this consigner brought" /> }}
            data-testid="intake-list"
          />
          <div className="br-scan-footer">
            <Button size="large" onClick={() => setStep(0)}>
              Previous
            </Button>
            <Flex align="center" gap={12}>
              <Typography.Text strong data-testid="intake-count">
                {items.length} items
              </Typography.Text>
              <Button type="primary" size="large" disabled={items.length === 0} loading={save.isPending} onClick={submit}>
                Save
              </Button>
            </Flex>
          </div>
        </Flex>
      )}
      {dialog?.kind === 'attach' && (
        <AttachCodeDialog
          code={dialog.code}
          onClose={() => setDialog(null)}
          onAttached={() => {
            const code = dialog.code;
            setDialog(null);
            handleCode(code);
          }}
        />
      )}
      {dialog?.kind === 'choose' && (
        <ChooseItemDialog
          result={dialog.result}
          onClose={() => setDialog(null)}
          onChoose={(item) => {
            setDialog(null);
            add([item]);
          }}
        />
      )}
      {dialog?.kind === 'new' && consigner && location && (
        <NewItemDialog
          result={dialog.result}
          consigner={consigner}
          location={location}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setDialog(null);
            add(created);
          }}
        />
      )}
    </Card>
  );
}
