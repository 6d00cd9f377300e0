import { Empty, Typography } from 'antd';

/** The store's terms of service, as plain text with its line breaks kept. */
export function TermsText({ text }: { text: string | null | undefined }) {
  if (!text?.trim()) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This store has not published its terms yet." />;
  }
  return (
    <div
      data-testid="terms-text"
      style={{ maxHeight: '50vh', overflowY: 'auto', padding: '12px 16px', background: '#f7f9fc', borderRadius: 8 }}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text}</Typography.Paragraph>
    </div>
  );
}
