import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';

/** How often a frame is read (a phone stays cool; a code is read within a fraction of a second). */
const FRAME_INTERVAL_MS = 150;
/** The same code seen again within this time is the same scan, not a second one. */
const REPEAT_MS = 2000;

/**
 * The camera button of /scan and /scanItems (not in the spec: a shop without a scanner scans with a
 * phone). Opens the back camera in a dialog and hands every QR or Code128 value read to `onCode`,
 * like a scanner would. The decoder (and its .wasm) loads on first use only.
 */
export function CameraScanButton({ onCode, disabled }: { onCode: (code: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOpen(true)} disabled={disabled} aria-label="Scan with camera">
        Camera
      </Button>
      {open && <CameraDialog onCode={onCode} onClose={() => setOpen(false)} />}
    </>
  );
}

function CameraDialog({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'error'>('starting');
  const [error, setError] = useState('');
  const [lastCode, setLastCode] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const seen = new Map<string, number>();
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot open the camera here (it needs https).');
        const [{ createDetector }, media] = await Promise.all([
          import('./camera-decoder'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ]);
        stream = media;
        if (stopped) return;
        const video = videoRef.current!;
        video.srcObject = media;
        await video.play();
        const detector = createDetector();
        setState('scanning');
        const tick = async () => {
          if (stopped) return;
          try {
            if (video.readyState >= 2) {
              for (const found of await detector.detect(video)) {
                const code = found.rawValue.trim();
                const now = Date.now();
                if (!code || now - (seen.get(code) ?? 0) < REPEAT_MS) continue;
                seen.set(code, now);
                setLastCode(code);
                onCodeRef.current(code);
              }
            }
          } catch {
            // a frame that cannot be read: try the next one
          }
          if (!stopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
        };
        void tick();
      } catch (err) {
        if (stopped) return;
        setState('error');
        setError(err instanceof Error && err.name === 'NotAllowedError' ? 'Camera access was refused. Allow the camera for this site and try again.' : err instanceof Error ? err.message : 'The camera could not be opened.');
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  return (
    <Modal open title="Scan with camera" onCancel={onClose} footer={<Button onClick={onClose}>Done</Button>} destroyOnHidden width={520}>
      {state === 'error' ? (
        <Alert type="error" showIcon title={error} />
      ) : (
        <Spin spinning={state === 'starting'}>
          <video ref={videoRef} muted playsInline data-testid="camera-video" style={{ width: '100%', borderRadius: 8, background: '#000', minHeight: 200 }} />
        </Spin>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }} data-testid="camera-last-code">
        {lastCode ? `Read ${lastCode}` : 'Point the camera at a label’s QR code or barcode.'}
      </Typography.Paragraph>
    </Modal>
  );
}
