import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Image, InputNumber, Result, Select, Steps, Tag, Typography } from 'antd';
import { CheckCircleTwoTone } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { INITIAL_QUANTITY, INVENTORY_MESSAGES, validateInventoryRow, type SignedInUser } from '@backroom/domain';
import { apiFetch, errorMessage } from '../../shared/api';
import { formatPrice, priceSymbol } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { subLocationsOf, useInventoryFilterOptions, useLocations, useProductTemplates, useSubLocations, type ProductTemplate } from '../../shared/lookups';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { useCatalogueProduct, useCreateInventories, useLowestVariantPrices, useRefetchAfterAdd, type CreatedInventory } from './add-inventory.api';
import { RowFigures } from './RowFigures';
import { optionValues, rowTemplate, sortedOption1Values, type DraftRow } from './rows';

type StepKey = 'option1' | 'option2' | 'option3' | 'price' | 'ship' | 'location';

/**
 * The steps of the wizard (catalogue doc section 2): option1 value, option2 and option3 when the
 * template has them, Price; a consigner then gets SHIP (the store's ship instructions) before the
 * location step. Staff add stock straight onto the floor, so they pick the location before saving.
 */
export function wizardSteps(template: Pick<ProductTemplate, 'option2' | 'option3'>, isConsigner: boolean): StepKey[] {
  return [
    'option1',
    ...(template.option2 ? (['option2'] as const) : []),
    ...(template.option3 ? (['option3'] as const) : []),
    'price',
    ...(isConsigner ? (['ship'] as const) : []),
    'location',
  ];
}

/** /addInventory/{id}: list one item of a product step by step (consigner portal: CREATE A LISTING). */
export default function AddInventoryWizardPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const user = me.data?.status === 'signedIn' ? me.data.user : null;
  const product = useCatalogueProduct(id);
  const templates = useProductTemplates();
  useDocumentTitle(product.data ? `Add ${product.data.title}` : 'Add inventory');

  if (product.isPending || templates.isPending || !user) return <FullPageSpinner />;
  if (product.isError) {
    return <Result status="warning" title="We could not load this product" subTitle={errorMessage(product.error)} />;
  }
  const template = templates.data?.find((t) => t.id === product.data.productTemplateId) ?? null;
  if (!template) return <Result status="warning" title={INVENTORY_MESSAGES.selectProductTemplate} subTitle="This product has no template, so its options are unknown." />;
  return <Wizard user={user} product={product.data} template={template} />;
}

function Wizard({ user, product, template }: { user: SignedInUser; product: { id: string; title: string; sku: string; image: string | null; category: string | null }; template: ProductTemplate }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency ?? 'USD';
  const isConsigner = user.kind === 'consigner';
  const steps = useMemo(() => wizardSteps(template, isConsigner), [template, isConsigner]);
  const [stepIndex, setStepIndex] = useState(0);
  const step = steps[stepIndex];

  const [row, setRow] = useState<DraftRow>({
    key: 'wizard',
    option1Value: '',
    option2Value: null,
    option3Value: null,
    price: null,
    quantity: INITIAL_QUANTITY,
    consignerId: isConsigner ? user.id : null,
  });
  const [location, setLocation] = useState<string | null>(null);
  const [subLocation, setSubLocation] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedInventory[] | null>(null);
  const [placing, setPlacing] = useState(false);

  const lowest = useLowestVariantPrices(product.id);
  const locations = useLocations();
  const subLocations = useSubLocations();
  const filterOptions = useInventoryFilterOptions(!isConsigner);
  const create = useCreateInventories();
  const refetchAfterAdd = useRefetchAfterAdd();
  const lowestBySize = new Map((lowest.data ?? []).map((v) => [v.option1Value ?? '', v.price]));

  const set = (patch: Partial<DraftRow>) => setRow((r) => ({ ...r, ...patch }));
  const incomplete = () => validateInventoryRow(row, rowTemplate(template), { wizard: true, requireConsigner: true });
  const stepFilled = (key: StepKey) => {
    if (key === 'option1') return Boolean(row.option1Value);
    if (key === 'option2') return Boolean(row.option2Value);
    if (key === 'option3') return Boolean(row.option3Value);
    if (key === 'price') return incomplete() === null;
    return true;
  };
  const next = () => {
    if (!stepFilled(step)) {
      message.warning(step === 'price' ? (incomplete() ?? INVENTORY_MESSAGES.rowIncompleteWizard) : INVENTORY_MESSAGES.rowIncompleteWizard);
      return;
    }
    setStepIndex((i) => Math.min(i + 1, steps.length - 1));
  };
  const back = () => setStepIndex((i) => Math.max(i - 1, 0));
  const toProductPage = () => navigate(`/products/${product.id}`);

  const formRow = (at?: { location: string; subLocation: string | null }) => ({
    productId: product.id,
    option1Value: row.option1Value,
    option2Value: row.option2Value,
    option3Value: row.option3Value,
    price: row.price!,
    quantity: row.quantity!,
    consigner: row.consignerId,
    category: template.category ?? product.category,
    location: at?.location ?? null,
    subLocation: at?.subLocation ?? null,
  });

  // Consigner: Submit For Review creates the listing, then SHIP shows the store's instructions.
  const submitForReview = () => {
    const refused = incomplete();
    if (refused) {
      message.warning(refused);
      return;
    }
    create.mutate([formRow()], {
      onSuccess: (items) => {
        setCreated(items);
        refetchAfterAdd();
        setStepIndex(steps.indexOf('ship'));
      },
      onError: (error) => message.error(errorMessage(error)),
    });
  };

  // The location step saves and goes to the product page: a consigner places the listing made above,
  // staff create the item at the location.
  const saveLocation = async () => {
    if (!location) {
      message.warning(INVENTORY_MESSAGES.selectLocation);
      return;
    }
    if (!isConsigner) {
      create.mutate([formRow({ location, subLocation })], {
        onSuccess: () => {
          message.success(INVENTORY_MESSAGES.added(product.title));
          refetchAfterAdd();
          toProductPage();
        },
        onError: (error) => message.error(errorMessage(error)),
      });
      return;
    }
    setPlacing(true);
    try {
      for (const item of created ?? []) {
        await apiFetch(`/api/inventories/${item.id}`, { method: 'PUT', body: { location, subLocation } });
      }
      message.success(INVENTORY_MESSAGES.saved);
      toProductPage();
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setPlacing(false);
    }
  };

  const stepTitle: Record<StepKey, string> = {
    option1: template.option1,
    option2: template.option2 ?? '',
    option3: template.option3 ?? '',
    price: 'Price',
    ship: 'Ship',
    location: 'Location',
  };

  const choice = (values: string[], value: string | null, onPick: (v: string) => void, extra?: (v: string) => ReactNode) =>
    values.length === 0 ? (
      <Empty description="This template lists no values for this option." />
    ) : (
      <div style={{ display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${isMobile ? 72 : 96}px, 1fr))`, gap: 8 }}>
        {values.map((v) => (
          <Button key={v} type={v === value ? 'primary' : 'default'} onClick={() => onPick(v)} style={{ height: extra ? 56 : 44 }} aria-pressed={v === value}>
            <Flex vertical align="center" gap={0}>
              <span style={{ fontWeight: 600 }}>{v}</span>
              {extra?.(v)}
            </Flex>
          </Button>
        ))}
      </div>
    );

  let body: ReactNode = null;
  if (step === 'option1') {
    body = choice(
      sortedOption1Values(template),
      row.option1Value || null,
      (v) => set({ option1Value: v }),
      (v) => {
        const low = lowestBySize.get(v);
        return typeof low === 'number' ? <span style={{ fontSize: 11, opacity: 0.75 }}>{formatPrice(low, currency)}</span> : null;
      },
    );
  } else if (step === 'option2') {
    body = choice(optionValues(template, 2), row.option2Value, (v) => set({ option2Value: v }));
  } else if (step === 'option3') {
    body = choice(optionValues(template, 3), row.option3Value, (v) => set({ option3Value: v }));
  } else if (step === 'price') {
    body = (
      <Flex vertical gap={16} style={{ maxWidth: 420 }}>
        <Flex wrap gap={6}>
          {[row.option1Value, row.option2Value, row.option3Value].filter(Boolean).map((v) => (
            <Tag key={v} color="blue">
              {v}
            </Tag>
          ))}
        </Flex>
        <Flex gap={12}>
          <Flex vertical gap={4} style={{ flex: 2 }}>
            <Typography.Text type="secondary">Price</Typography.Text>
            <InputNumber
              aria-label="Price"
              size="large"
              prefix={priceSymbol(currency)}
              min={0}
              precision={2}
              placeholder="0.00"
              value={row.price}
              onChange={(v) => set({ price: typeof v === 'number' ? v : null })}
              style={{ width: '100%' }}
            />
          </Flex>
          <Flex vertical gap={4} style={{ flex: 1 }}>
            <Typography.Text type="secondary">Quantity</Typography.Text>
            <InputNumber aria-label="Quantity" size="large" min={1} precision={0} value={row.quantity} onChange={(v) => set({ quantity: typeof v === 'number' ? v : null })} style={{ width: '100%' }} />
          </Flex>
        </Flex>
        {!isConsigner && (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">Consigner</Typography.Text>
            <Select
              aria-label="Consigner"
              size="large"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Select a consigner"
              loading={filterOptions.isPending}
              value={row.consignerId ?? undefined}
              onChange={(v: string) => set({ consignerId: v })}
              options={(filterOptions.data?.consigners ?? []).map((c) => ({ value: c.value.id, label: c.label }))}
            />
          </Flex>
        )}
        <RowFigures row={row} productId={product.id} category={template.category ?? product.category} currency={currency} />
      </Flex>
    );
  } else if (step === 'ship') {
    body = (
      <Flex vertical gap={16} data-testid="ship-step">
        <Flex align="center" gap={8}>
          <CheckCircleTwoTone twoToneColor="#52c41a" style={{ fontSize: 22 }} />
          <Typography.Text strong>Your listing was submitted for review.</Typography.Text>
        </Flex>
        <Typography.Title level={5} style={{ margin: 0 }}>
          How to ship or drop off your item
        </Typography.Title>
        {store?.shipInstructions ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="ship-instructions">
            {store.shipInstructions}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">The store has not written ship instructions yet. Contact the store for how to drop off.</Typography.Text>
        )}
        {created && created.length > 0 && (
          <Typography.Text type="secondary">
            Item code{created.length > 1 ? 's' : ''}: {created.map((c) => c.code).join(', ')}
          </Typography.Text>
        )}
      </Flex>
    );
  } else if (step === 'location') {
    const marketplaceOk = user.marketplaceLocation;
    body = (
      <Flex vertical gap={16} style={{ maxWidth: 420 }}>
        <Typography.Text type="secondary">{isConsigner ? 'Where will you drop this item off?' : 'Where does this item go in the store?'}</Typography.Text>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">Location</Typography.Text>
          <Select
            aria-label="Location"
            size="large"
            placeholder="Select a location"
            loading={locations.isPending}
            value={location ?? undefined}
            onChange={(v: string) => {
              setLocation(v);
              setSubLocation(null);
            }}
            options={(locations.data ?? []).filter((l) => !l.isMarketplace || marketplaceOk).map((l) => ({ value: l.name, label: l.name }))}
          />
        </Flex>
        {subLocationsOf(subLocations.data, location).length > 0 && (
          <Flex vertical gap={4}>
            <Typography.Text type="secondary">Sub-location (optional)</Typography.Text>
            <Select
              aria-label="Sub-location"
              size="large"
              allowClear
              placeholder="Any"
              value={subLocation ?? undefined}
              onChange={(v: string | undefined) => setSubLocation(v ?? null)}
              options={subLocationsOf(subLocations.data, location).map((s) => ({ value: s.name, label: s.name }))}
            />
          </Flex>
        )}
      </Flex>
    );
  }

  // Bottom button: Next through the steps, Submit For Review on Price (consigner), Done on SHIP.
  let primary: { label: string; onClick: () => void; loading?: boolean };
  if (step === 'price' && isConsigner) primary = { label: 'Submit For Review', onClick: submitForReview, loading: create.isPending };
  else if (step === 'ship') primary = { label: 'Done', onClick: () => setStepIndex(steps.indexOf('location')) };
  else if (step === 'location') primary = { label: isConsigner ? 'Save location' : 'Done', onClick: () => void saveLocation(), loading: placing || create.isPending };
  else primary = { label: 'Next', onClick: next };
  // Once submitted, the listing exists: no going back to change it here.
  const canGoBack = stepIndex > 0 && !(isConsigner && created);

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, margin: '0 auto', paddingBottom: isMobile ? 80 : 0 }}>
      <Card>
        <Flex gap={16} align="center">
          <Image
            src={product.image ?? undefined}
            alt={product.title}
            width={isMobile ? 56 : 72}
            height={isMobile ? 56 : 72}
            preview={false}
            style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
            fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
          />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12, letterSpacing: 1 }}>
              {isConsigner ? 'CREATE A LISTING' : 'ADD INVENTORY'}
            </Typography.Text>
            <Typography.Title level={isMobile ? 5 : 4} style={{ margin: 0 }} data-testid="wizard-product-title">
              {product.title}
            </Typography.Title>
            <Typography.Text type="secondary">{product.sku}</Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Card>
        <Steps
          size="small"
          current={stepIndex}
          orientation="horizontal"
          responsive={false}
          items={steps.map((s) => ({ title: isMobile ? undefined : stepTitle[s] }))}
          style={{ marginBottom: 24 }}
        />
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="wizard-step-title">
          {stepTitle[step]}
        </Typography.Title>
        {body}
        {!isConsigner && step === 'location' && (
          <Alert style={{ marginTop: 16, maxWidth: 420 }} type="info" showIcon title="Added by staff, the item goes straight to Active at this location." />
        )}
        <Flex
          justify="space-between"
          gap={8}
          style={
            isMobile
              ? { position: 'fixed', left: 0, right: 0, bottom: 0, padding: 12, background: '#fff', boxShadow: '0 -2px 8px rgba(0,0,0,0.08)', zIndex: 10 }
              : { marginTop: 24 }
          }
        >
          <Button onClick={back} disabled={!canGoBack} size="large">
            Back
          </Button>
          <Button type="primary" size="large" onClick={primary.onClick} loading={primary.loading} data-testid="wizard-primary" style={{ minWidth: 160 }}>
            {primary.label}
          </Button>
        </Flex>
      </Card>
    </Flex>
  );
}
