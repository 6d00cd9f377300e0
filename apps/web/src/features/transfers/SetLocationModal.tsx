import { Checkbox, Flex, Form, Modal, Select, Typography } from 'antd';
import { LOCATION_OPTIONS, PEOPLE_MESSAGES } from '@backroom/domain';
import { subLocationsOf, useLocations, useSubLocations } from '../../shared/lookups.api';
import type { LocationOption } from './transfers.api';

interface SetLocationValues {
  location: string;
  subLocation: string | null;
  shouldOverrideLocationOption: boolean;
  locationOption: LocationOption | null;
}

interface Props {
  open: boolean;
  title: string;
  okText: string;
  count: number;
  /** Template option names of the selected items, to name option1..3 (when they share a template). */
  optionNames?: { option1?: string | null; option2?: string | null; option3?: string | null };
  /** Offer the option override (transfer only). */
  withOverride: boolean;
  initialLocation?: string | null;
  loading: boolean;
  onCancel: () => void;
  onSubmit: (values: SetLocationValues) => void;
}

type FormValues = { location?: string; subLocation?: string | null; shouldOverrideLocationOption?: boolean; locationOption?: LocationOption };

/**
 * Set New Location (people doc section 2, Transfer inventory): the location is required
 * ('Please select a location'), the sub-location optional, and a transfer may also write the location
 * into option1, option2 or option3 value (option3Value by default).
 */
export function SetLocationModal(props: Props) {
  const { open, title, okText, count, optionNames, withOverride, initialLocation, loading, onCancel, onSubmit } = props;
  const [form] = Form.useForm<FormValues>();
  const locations = useLocations();
  const subLocations = useSubLocations();
  const location = Form.useWatch('location', form);
  const override = Form.useWatch('shouldOverrideLocationOption', form);

  const optionLabel = (o: LocationOption) => {
    const n = o === 'option1Value' ? optionNames?.option1 : o === 'option2Value' ? optionNames?.option2 : optionNames?.option3;
    const fallback = o.replace('option', 'Option ').replace('Value', ' value');
    return n ? `${n} (${fallback})` : fallback;
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      onCancel={onCancel}
      confirmLoading={loading}
      destroyOnHidden
      onOk={() => {
        void form
          .validateFields()
          .then((v) =>
            onSubmit({
              location: v.location!,
              subLocation: v.subLocation ?? null,
              shouldOverrideLocationOption: Boolean(v.shouldOverrideLocationOption),
              locationOption: v.shouldOverrideLocationOption ? (v.locationOption ?? 'option3Value') : null,
            }),
          )
          .catch(() => undefined);
      }}
    >
      <Typography.Paragraph type="secondary">
        {count} item{count === 1 ? '' : 's'} selected.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={{ location: initialLocation ?? undefined, shouldOverrideLocationOption: false, locationOption: 'option3Value' }}
      >
        <Form.Item name="location" label="New location" rules={[{ required: true, message: PEOPLE_MESSAGES.selectLocation }]}>
          <Select
            aria-label="New location"
            placeholder="Select a location"
            loading={locations.isPending}
            options={(locations.data ?? []).map((l) => ({ value: l.name, label: l.name }))}
            onChange={() => form.setFieldValue('subLocation', null)}
          />
        </Form.Item>
        <Form.Item name="subLocation" label="Sub-location (optional)">
          <Select
            aria-label="Sub-location"
            allowClear
            placeholder="None"
            options={subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }))}
            notFoundContent={location ? 'This location has no sub-locations' : 'Pick a location first'}
          />
        </Form.Item>
        {withOverride && (
          <Flex vertical gap={8}>
            <Form.Item name="shouldOverrideLocationOption" valuePropName="checked" noStyle>
              <Checkbox>Also write the location into an option value</Checkbox>
            </Form.Item>
            {override && (
              <Form.Item name="locationOption" label="Option to override">
                <Select aria-label="Option to override" options={LOCATION_OPTIONS.map((o) => ({ value: o, label: optionLabel(o) }))} />
              </Form.Item>
            )}
          </Flex>
        )}
      </Form>
    </Modal>
  );
}
