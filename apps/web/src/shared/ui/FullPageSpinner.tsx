import { Flex, Spin } from 'antd';
import { PEOPLE_MESSAGES } from '@backroom/domain';

export function FullPageSpinner({ tip = PEOPLE_MESSAGES.loading }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }} data-testid="page-loading">
      <Spin size="large" description={tip} />
    </Flex>
  );
}
