import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Flex, Result, Steps, Typography } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { INITIAL_QUANTITY, INVENTORY_MESSAGES, statusLabel, validateInventoryRow, type InventoryStatus, type SignedInUser } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { useLocations, useProductTemplates, type ProductTemplate } from '../../shared/lookups.api';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useMe } from '../auth/auth.api';
import { useCurrentStore } from '../store/store.api';
import { ProductRequestCard } from '../store-requests/ProductRequestCard';
import { useCatalogueProduct, useCreateInventories, useLowestVariantPrices, usePlaceInventories, useRefetchAfterAdd, type CreatedInventory } from './add-inventory.api';
import '../../shared/touch.css';
import { ADDED_TOAST_SECONDS, addedToast } from './added-toast';
import { ListingConfirmation, type ListedItem } from './ListingConfirmation';
import { optionValues, rowTemplate, sortedOption1Values, toFormRow, type DraftRow } from './rows';
import { useConsignerOptions } from './useConsignerOptions';
import { ChoiceGrid, LocationStep, PriceStep, ShipStep, WizardHeader } from './WizardSteps';

type StepKey = 'option1' | 'option2' | 'option3' | 'price' | 'ship' | 'location';

/**
 * The steps of the wizard (catalogue doc section 2): option1 value, option2 and option3 when the
 * template has them, Price; a consigner then gets SHIP (the store's ship instructions) before the
 * location step. Staff add stock straight onto the floor, so they pick the location before saving.
 */
function wizardSteps(template: Pick<ProductTemplate, 'option2' | 'option3'>, isConsigner: boolean): StepKey[] {
  return [
    'option1',
    ...(template.option2 ? (['option2'] as const) : []),
    ...(template.option3 ? (['option3'] as const) : []),
    'price',
    ...(isConsigner ? (['ship'] as const) : []),
    'location',
  ];
}

/**
 * Where a consigner follows what they listed: the drop-off requests the store reviews (Requested, at
 * /dropoff) or the pre-approved items to bring in (Pending, at /dropoffPending).
 */
function followPageOf(items: readonly { status: InventoryStatus }[]): { path: string; label: string } {
  return items.length > 0 && items.every((i) => i.status === 'Pending') ? { path: '/dropoffPending', label: 'Drop Off Pending' } : { path: '/dropoff', label: 'Requested' };
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
  const locations = useLocations();
  const [created, setCreated] = useState<CreatedInventory[] | null>(null);
  // The consigner's end: the listed items and where to follow them. Kept in the history entry too,
  // as the location step goes to /products/{id} (catalogue doc section 2), which may mount anew.
  const routerLocation = useLocation();
  const [listed, setListed] = useState<ListedItem[] | null>(() => (routerLocation.state as { listed?: ListedItem[] } | null)?.listed ?? null);

  const lowest = useLowestVariantPrices(product.id);
  const consigners = useConsignerOptions(user);
  const create = useCreateInventories();
  const place = usePlaceInventories();
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

  const formRow = (at?: { location: string; subLocation: string | null }) =>
    toFormRow(row, product.id, template.category ?? product.category, { location: at?.location ?? null, subLocation: at?.subLocation ?? null });

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
  const saveLocation = () => {
    if (!location) {
      message.warning(INVENTORY_MESSAGES.selectLocation);
      return;
    }
    if (!isConsigner) {
      create.mutate([formRow({ location, subLocation })], {
        onSuccess: (items) => {
          message.success({ content: addedToast(product.title, items, navigate), duration: ADDED_TOAST_SECONDS });
          refetchAfterAdd();
          toProductPage();
        },
        onError: (error) => message.error(errorMessage(error)),
      });
      return;
    }
    place.mutate(
      { ids: (created ?? []).map((item) => item.id), location, subLocation },
      {
        onSuccess: (placed) => {
          setListed(placed);
          navigate(`/products/${product.id}`, { state: { listed: placed } });
        },
        onError: (error) => message.error(errorMessage(error)),
      },
    );
  };

  const stepTitle: Record<StepKey, string> = {
    option1: template.option1,
    option2: template.option2 ?? '',
    option3: template.option3 ?? '',
    price: 'Price',
    ship: 'Ship',
    location: 'Location',
  };

  let body: ReactNode = null;
  if (step === 'option1') {
    const extra = (v: string) => {
      const low = lowestBySize.get(v);
      return typeof low === 'number' ? <span style={{ fontSize: 11, opacity: 0.75 }}>{formatPrice(low, currency)}</span> : null;
    };
    body = <ChoiceGrid values={sortedOption1Values(template)} value={row.option1Value || null} onPick={(v) => set({ option1Value: v })} extra={extra} />;
  } else if (step === 'option2') {
    body = <ChoiceGrid values={optionValues(template, 2)} value={row.option2Value} onPick={(v) => set({ option2Value: v })} />;
  } else if (step === 'option3') {
    body = <ChoiceGrid values={optionValues(template, 3)} value={row.option3Value} onPick={(v) => set({ option3Value: v })} />;
  } else if (step === 'price') {
    body = (
      <PriceStep row={row} onChange={set} currency={currency} consigners={isConsigner ? null : consigners} productId={product.id} category={template.category ?? product.category} />
    );
  } else if (step === 'ship') {
    body = <ShipStep shipInstructions={store?.shipInstructions} created={created} />;
  } else if (step === 'location') {
    body = (
      <LocationStep
        isConsigner={isConsigner}
        marketplaceOk={user.marketplaceLocation}
        location={location}
        subLocation={subLocation}
        onLocation={(v) => {
          setLocation(v);
          setSubLocation(null);
        }}
        onSubLocation={setSubLocation}
      />
    );
  }

  // Bottom button: Next through the steps, Submit For Review on Price (consigner), Done on SHIP.
  let primary: { label: string; onClick: () => void; loading?: boolean };
  if (step === 'price' && isConsigner) primary = { label: 'Submit For Review', onClick: submitForReview, loading: create.isPending };
  else if (step === 'ship') primary = { label: 'Done', onClick: () => setStepIndex(steps.indexOf('location')) };
  else if (step === 'location') primary = { label: isConsigner ? 'Save location' : 'Done', onClick: saveLocation, loading: place.isPending || create.isPending };
  else primary = { label: 'Next', onClick: next };
  // Once submitted, the listing exists: no going back to change it here.
  const canGoBack = stepIndex > 0 && !(isConsigner && created);

  const header = <WizardHeader product={product} isConsigner={isConsigner} />;

  if (isConsigner && listed) {
    return (
      <Flex vertical gap={16} style={{ maxWidth: 960, margin: '0 auto' }}>
        {header}
        <ListingConfirmation
          items={listed}
          title={product.title}
          currency={currency}
          statusText={(status: InventoryStatus) => statusLabel(status, { isBuyingStore: store?.isBuyingStore ?? false })}
          followHref={followPageOf(listed).path}
          followLabel={`Follow on ${followPageOf(listed).label}`}
          onFollow={() => navigate(followPageOf(listed).path)}
          onListings={() => navigate(`/productItem/${product.id}`)}
          onAnother={() => {
            setListed(null);
            setCreated(null);
            setStepIndex(0);
            setLocation(null);
            setSubLocation(null);
            setRow((r) => ({ ...r, option1Value: '', option2Value: null, option3Value: null, price: null, quantity: INITIAL_QUANTITY }));
            navigate(routerLocation.pathname, { replace: true, state: null });
          }}
          onProducts={() => navigate('/')}
        />
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} className="br-touch" style={{ maxWidth: 960, margin: '0 auto', paddingBottom: isMobile ? 80 : 0 }}>
      {header}
      {/* what the store asks for: at the location once one is picked, else anywhere */}
      <ProductRequestCard
        productId={product.id}
        location={location}
        marketplace={(locations.data ?? []).some((l) => l.isMarketplace && l.name === location)}
        currency={currency}
        heading={isConsigner ? `${store?.name ?? 'The store'} is looking for this` : 'Your store is asking consigners for this'}
      />
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
