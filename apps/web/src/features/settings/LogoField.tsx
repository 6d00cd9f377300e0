import { useState } from 'react';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { StoreLogo } from '../../shared/ui/StoreLogo';
import { uploadImage } from './settings.api';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * The store logo as a form control (value: its URL, or null). The file goes through the image
 * upload (POST /api/files/images, the spec's image widget, self-hosted); the sign-in page and the
 * menu show the saved logo, the default image when there is none.
 */
export function LogoField({ value, onChange, storeName }: { value?: string | null; onChange?: (next: string | null) => void; storeName: string }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Flex gap={16} align="center" wrap data-testid="logo-field">
      <div className="br-logo-preview" data-testid="logo-preview">
        <StoreLogo src={value} alt={`${storeName} logo`} size={56} />
      </div>
      <Flex vertical gap={6}>
        <Flex gap={8} wrap>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              setUploading(true);
              uploadImage(file as File)
                .then((uploaded) => {
                  onChange?.(uploaded.url);
                  onSuccess?.(uploaded);
                })
                .catch((error: unknown) => {
                  message.error(errorMessage(error, 'The image could not be uploaded'), 5);
                  onError?.(error as Error);
                })
                .finally(() => setUploading(false));
            }}
          >
            <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading} data-testid="logo-upload">
              {value ? 'Replace logo' : 'Upload logo'}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              Remove
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          JPEG, PNG, WebP or GIF. Shown on the sign-in page and in the menu.
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
