import { useRef, useState } from 'react';
import { App, Button, Flex, Input, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { uploadImage } from './products.api';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

const nameOf = (url: string) => decodeURIComponent(url.split('?')[0].split('/').pop() || 'image');

/**
 * The product's images as a form control (value: list of URLs, the first is the main image).
 * Files go to POST /api/files/images, which checks type and size and answers the URL to store;
 * an image URL (e.g. from the storefront) can be added as it is.
 */
export function ImageListField({ value, onChange, disabled }: { value?: string[]; onChange?: (next: string[]) => void; disabled?: boolean }) {
  const { message } = App.useApp();
  const urls = value ?? [];
  // uploads finish in any order: always append to the latest list
  const latest = useRef(urls);
  latest.current = urls;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [link, setLink] = useState('');

  const fileList: UploadFile[] = [
    ...urls.map((url, i) => ({ uid: url, name: i === 0 ? `Main image · ${nameOf(url)}` : nameOf(url), status: 'done' as const, url, thumbUrl: url })),
    ...pending,
  ];

  const addLink = () => {
    const url = link.trim();
    if (!url) return;
    if (!/^(https?:\/\/|\/)/i.test(url)) {
      message.error('Enter an image address starting with http:// or https://');
      return;
    }
    if (!latest.current.includes(url)) onChange?.([...latest.current, url]);
    setLink('');
  };

  return (
    <Flex vertical gap={8}>
      <Upload
        listType="picture-card"
        accept={ACCEPT}
        multiple
        disabled={disabled}
        fileList={fileList}
        onRemove={(file) => {
          if (file.status === 'done') onChange?.(latest.current.filter((u) => u !== file.uid));
          else setPending((list) => list.filter((f) => f.uid !== file.uid));
          return false;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File & { uid: string };
          setPending((list) => [...list, { uid: f.uid, name: f.name, status: 'uploading', percent: 30 }]);
          uploadImage(f)
            .then((uploaded) => {
              setPending((list) => list.filter((p) => p.uid !== f.uid));
              onChange?.([...latest.current, uploaded.url]);
              onSuccess?.(uploaded);
            })
            .catch((error: unknown) => {
              setPending((list) => list.filter((p) => p.uid !== f.uid));
              message.error(`${f.name}: ${errorMessage(error, 'The image could not be uploaded')}`, 5);
              onError?.(error as Error);
            });
        }}
      >
        {!disabled && (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer', width: '100%', height: '100%', minHeight: 40 }} data-testid="image-upload">
            <PlusOutlined />
            <div style={{ marginTop: 6 }}>Upload</div>
          </button>
        )}
      </Upload>
      {urls.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <Tag color="blue" style={{ marginInlineEnd: 6 }}>
            Main
          </Tag>
          The first image is the main image. JPEG, PNG, WebP or GIF.
        </Typography.Text>
      )}
      {!disabled && (
        <Flex gap={8}>
          <Input
            prefix={<LinkOutlined style={{ color: '#8c95a3' }} />}
            placeholder="or paste an image address"
            aria-label="Image address"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              addLink();
            }}
          />
          <Button onClick={addLink} disabled={!link.trim()}>
            Add
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
