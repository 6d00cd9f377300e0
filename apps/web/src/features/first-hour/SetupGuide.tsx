import type { ReactNode } from 'react';
import { App, Button, Card, Flex, Progress, Skeleton, Steps, Typography } from 'antd';
import { CloseOutlined, RocketOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { nextSetupStep, type SetupStep } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useProductTemplates } from '../product-templates/productTemplates.api';
import { StarterTemplates } from './StarterTemplates';
import { useDismissSetup, useStoreSetup } from './setup.api';

type StepText = { title: string; description: string; action: (primary: boolean, templates: string[]) => ReactNode };

function GoButton({ to, label, primary }: { to: string; label: string; primary: boolean }) {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  return (
    <Button type={primary ? 'primary' : 'default'} size={isMobile ? 'middle' : 'small'} onClick={() => navigate(to)} style={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}
const go = (to: string, label: string) => (primary: boolean) => <GoButton to={to} label={label} primary={primary} />;

// The order a shop sets up in (docs/first-hour.md): where items are, what they are, what a consigner
// pays, who brings them, then the first product, item and label.
const STEPS: Record<SetupStep, StepText> = {
  locations: {
    title: 'Name your locations',
    description: 'Rename Main Store to your shop, and add a branch or a warehouse if you have one.',
    action: go('/locations', 'Open Locations'),
  },
  template: {
    title: 'Choose a product template',
    description: "A template gives products their sizes and conditions. Start from the demo shop's, or make your own.",
    action: (_primary, templates) => (
      <Flex gap={8} wrap>
        <StarterTemplates existing={templates} small />
        <Link to="/productTemplates" style={{ alignSelf: 'center' }}>
          Make your own
        </Link>
      </Flex>
    ),
  },
  fees: {
    title: 'Check consigner types and fees',
    description: 'Standard takes 20% of each sale; Store is your own stock, without fees. Change them, or save them as they are.',
    action: go('/fees', 'Open Fees'),
  },
  consigner: {
    title: 'Add your first consigner',
    description: 'The store account for your own stock is ready. Add the first person who brings you items.',
    action: go('/addConsigner', 'Add a consigner'),
  },
  product: {
    title: 'Create your first product',
    description: 'A product is what you sell (title, brand, SKU); its template gives the sizes.',
    action: go('/products/create', 'Create a product'),
  },
  item: {
    title: 'Add your first item',
    description: 'Open your product (pick it below) and press Add Inventory: the size, the consigner, the price and where it is kept.',
    action: () => null,
  },
  label: {
    title: 'Print its label',
    description: 'Ready To Print lists the items without a label; print one and stick it on the item.',
    action: go('/readyToPrint', 'Open Ready To Print'),
  },
};

/**
 * The setup guide on a new store's home (docs/first-hour.md): each step ticked from the store's
 * data, the next one with its action; hidden once dismissed. Staff with Settings only.
 */
export function SetupGuide({ storeName }: { storeName: string }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const setup = useStoreSetup(true);
  const templates = useProductTemplates();
  const dismiss = useDismissSetup();
  if (setup.isError || setup.data?.dismissed) return null;
  if (setup.isPending) return <Card aria-busy="true"><Skeleton active paragraph={{ rows: 4 }} /></Card>;

  const steps = setup.data.steps;
  const doneCount = steps.filter((s) => s.done).length;
  const next = nextSetupStep(setup.data);
  const current = next ? steps.findIndex((s) => s.key === next) : steps.length;
  const titles = (templates.data ?? []).map((t) => t.title);
  const hide = () => dismiss.mutate(true, { onError: (e) => message.error(errorMessage(e), 5) });

  return (
    <Card
      data-testid="setup-guide"
      title={
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <RocketOutlined />
          <span style={{ whiteSpace: 'normal' }}>{next ? `Set up ${storeName}` : `${storeName} is set up`}</span>
        </Flex>
      }
      extra={
        <Button type="text" icon={<CloseOutlined />} onClick={hide} loading={dismiss.isPending} aria-label="Hide the setup guide">
          {isMobile ? null : 'Hide'}
        </Button>
      }
      styles={{ body: { padding: isMobile ? 12 : 20 } }}
    >
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Progress percent={Math.round((doneCount / steps.length) * 100)} showInfo={false} style={{ flex: 1, margin: 0 }} aria-label="Setup progress" />
        <Typography.Text type="secondary" data-testid="setup-count" style={{ whiteSpace: 'nowrap' }}>
          {doneCount} of {steps.length} done
        </Typography.Text>
      </Flex>
      <Steps
        orientation="vertical"
        size="small"
        current={current}
        items={steps.map((s, i) => {
          const text = STEPS[s.key];
          return {
            status: s.done ? 'finish' : i === current ? 'process' : 'wait',
            title: <span data-testid={`setup-step-${s.key}`} data-done={s.done}>{text.title}</span>,
            description: s.done ? undefined : (
              <Flex vertical gap={8} style={{ paddingBottom: 8 }}>
                <Typography.Text type="secondary">{text.description}</Typography.Text>
                {text.action(i === current, titles)}
              </Flex>
            ),
          };
        })}
      />
    </Card>
  );
}
