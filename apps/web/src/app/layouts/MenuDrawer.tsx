import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The phone menu: the sider's contents in a drawer from the left (spec 9, under 768 px). */
export default function MenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={280}
      closable={false}
      styles={{ body: { padding: 0, background: '#0f2136' }, header: { display: 'none' } }}
    >
      {children}
    </Drawer>
  );
}
