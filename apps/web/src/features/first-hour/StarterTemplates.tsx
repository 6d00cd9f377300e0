import { App, Button, Flex } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { STARTER_TEMPLATES } from '@backroom/domain';
import { errorMessage } from '../../shared/api';
import { useIsMobile } from '../../shared/hooks';
import { useCopyStarterTemplate } from './setup.api';

/** The demo's Sneakers and Clothing templates, each copied into the store in one click (docs/first-hour.md). */
export function StarterTemplates({ existing = [], small = false }: { existing?: readonly string[]; small?: boolean }) {
  const { message } = App.useApp();
  const copy = useCopyStarterTemplate();
  // small beside the guide's other actions, but a finger's size on a phone
  const isMobile = useIsMobile();
  const size = small && !isMobile ? 'small' : 'middle';
  return (
    <Flex gap={8} wrap>
      {STARTER_TEMPLATES.map((t) => {
        const copied = existing.some((title) => title.toLowerCase() === t.title.toLowerCase());
        return (
          <Button
            key={t.key}
            icon={<CopyOutlined />}
            size={size}
            disabled={copied}
            loading={copy.isPending && copy.variables === t.key}
            onClick={() => copy.mutate(t.key, { onSuccess: (made) => message.success(`${made.title} template added`), onError: (e) => message.error(errorMessage(e), 5) })}
          >
            {copied ? `${t.title} added` : `Use ${t.title}`}
          </Button>
        );
      })}
    </Flex>
  );
}
