import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** A small caption above a control. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}
