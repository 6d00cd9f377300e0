import { useEffect, useState } from 'react';
import { App, Button, Flex, Form, Input, List, Modal, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { EditOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { PEOPLE_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { SettingsEmpty, SettingsListCard, SettingsRows } from '../../shared/ui/SettingsList';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useCreateSubLocation, useLocations, useRenameSubLocation, useSubLocations, type StoreLocation, type SubLocation } from './subLocations.api';

const ALL = '__all__';

function AddSubLocationDialog({
  open,
  locations,
  defaultLocation,
  onClose,
}: {
  open: boolean;
  locations: StoreLocation[];
  defaultLocation?: string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ locationName?: string; name?: string }>();
  const create = useCreateSubLocation();
  useEffect(() => {
    if (open) form.setFieldsValue({ locationName: defaultLocation, name: '' });
  }, [open, defaultLocation, form]);

  const submit = (values: { locationName?: string; name?: string }) =>
    create.mutate(
      { locationName: values.locationName ?? '', name: (values.name ?? '').trim() },
      {
        onSuccess: (s) => {
          message.success(`${s.name} added to ${s.locationName}`);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );

  return (
    <Modal title="Add sublocation" open={open} onCancel={onClose} onOk={() => form.submit()} okText="Add" confirmLoading={create.isPending} destroyOnHidden forceRender>
      <Form form={form} name="addSubLocation" layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item name="locationName" label="Location" rules={[{ required: true, message: PEOPLE_MESSAGES.locationRequired }]}>
          <Select placeholder="Choose a location" options={locations.map((l) => ({ value: l.name, label: l.name }))} />
        </Form.Item>
        <Form.Item name="name" label="Sublocation" rules={[{ required: true, whitespace: true, message: PEOPLE_MESSAGES.sublocationRequired }]} extra="A shelf, rack or bin, e.g. Shelf A">
          <Input placeholder="e.g. Shelf A" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RenameDialog({ subLocation, onClose }: { subLocation: SubLocation | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name?: string }>();
  const rename = useRenameSubLocation();
  useEffect(() => {
    if (subLocation) form.setFieldsValue({ name: subLocation.name });
  }, [subLocation, form]);

  const submit = ({ name }: { name?: string }) => {
    if (!subLocation) return;
    rename.mutate(
      { id: subLocation.id, name: (name ?? '').trim() },
      {
        onSuccess: (s) => {
          message.success(`Renamed to ${s.name}`);
          onClose();
        },
        onError: (error) => message.error(errorMessage(error), 5),
      },
    );
  };

  return (
    <Modal
      title={subLocation ? `Rename ${subLocation.name}` : 'Rename'}
      open={subLocation !== null}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Rename"
      confirmLoading={rename.isPending}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">Items at {subLocation?.name} in {subLocation?.locationName} move to the new name.</Typography.Paragraph>
      <Form form={form} name="renameSubLocation" layout="vertical" onFinish={submit}>
        <Form.Item name="name" label="Sublocation" rules={[{ required: true, whitespace: true, message: PEOPLE_MESSAGES.sublocationRequired }]}>
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /subLocations (Settings): sub-locations filtered by location, the add dialog, rename (people doc section 2). */
export default function SubLocationsPage() {
  useDocumentTitle('Sublocations');
  const isMobile = useIsMobile();
  const [location, setLocation] = useState<string>(ALL);
  const locations = useLocations();
  const subLocations = useSubLocations(location === ALL ? undefined : location);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<SubLocation | null>(null);
  const rows = subLocations.data ?? [];
  const locationList = locations.data ?? [];

  const columns: TableColumnsType<SubLocation> = [
    { title: 'Sublocation', dataIndex: 'name', render: (n: string) => <Typography.Text strong>{n}</Typography.Text> },
    { title: 'Location', dataIndex: 'locationName', render: (l: string) => <Tag icon={<EnvironmentOutlined />}>{l}</Tag> },
    {
      title: '',
      key: 'actions',
      width: 120,
      align: 'right',
      render: (_, s) => (
        <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(s)} aria-label={`Rename ${s.name}`}>
          Rename
        </Button>
      ),
    },
  ];

  const empty = (
    <SettingsEmpty
      text={location === ALL ? 'No sublocations yet. Add shelves or bins to find items faster.' : `No sublocations at ${location} yet.`}
      addLabel="Add sublocation"
      onAdd={() => setAdding(true)}
    />
  );

  return (
    <SettingsListCard icon={<EnvironmentOutlined />} title="Sublocations" addLabel="Add sublocation" onAdd={() => setAdding(true)} isMobile={isMobile}>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">Location</Typography.Text>
        <Select
          value={location}
          onChange={setLocation}
          loading={locations.isPending}
          aria-label="Filter by location"
          style={{ minWidth: 220, flex: isMobile ? 1 : undefined }}
          options={[{ value: ALL, label: 'All locations' }, ...locationList.map((l) => ({ value: l.name, label: l.name }))]}
        />
        {!subLocations.isPending && <Typography.Text type="secondary">{rows.length === 1 ? '1 sublocation' : `${rows.length} sublocations`}</Typography.Text>}
      </Flex>
      <SettingsRows
        query={subLocations}
        rows={rows}
        isMobile={isMobile}
        rowTestId="sublocation-row"
        empty={empty}
        columns={columns}
        phoneRow={(s) => ({
          content: <List.Item.Meta title={s.name} description={<><EnvironmentOutlined /> {s.locationName}</>} />,
          actions: [<Button key="rename" size="small" icon={<EditOutlined />} onClick={() => setRenaming(s)} aria-label={`Rename ${s.name}`} />],
        })}
      />
      <AddSubLocationDialog
        open={adding}
        locations={locationList}
        defaultLocation={location === ALL ? undefined : location}
        onClose={() => setAdding(false)}
      />
      <RenameDialog subLocation={renaming} onClose={() => setRenaming(null)} />
    </SettingsListCard>
  );
}
