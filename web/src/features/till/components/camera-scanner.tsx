import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const FORMATS = ['ean_13', 'ean_8', 'code_128'];

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/** Starts reading codes from the back camera into `video`; answers a stop function. */
async function startScanning(video: HTMLVideoElement, onCode: (code: string) => void): Promise<() => void> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (Native) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    video.srcObject = stream;
    await video.play();
    const detector = new Native({ formats: FORMATS });
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      const found = await detector.detect(video).catch(() => []);
      const code = found[0]?.rawValue;
      if (code) onCode(code);
      else setTimeout(() => void tick(), 150);
    };
    void tick();
    return () => {
      stopped = true;
      for (const track of stream.getTracks()) track.stop();
    };
  }
  // No BarcodeDetector (Firefox, iOS Safari): ZXing, loaded only now so it never weighs on the till.
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.CODE_128]]]);
  const reader = new BrowserMultiFormatReader(hints);
  const controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' }, audio: false }, video, (result) => {
    if (result) onCode(result.getText());
  });
  return () => controls.stop();
}

/** The phone's camera as a barcode scanner (EAN-13, EAN-8, Code 128): the first code read is handed over. */
export function CameraScanner({
  opened,
  onClose,
  onCode,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('till');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'failed'>('starting');
  const handlers = useRef({ onCode, onClose });
  useLayoutEffect(() => {
    handlers.current = { onCode, onClose };
  });

  useEffect(() => {
    if (!opened) return;
    let stop: (() => void) | null = null;
    let done = false;
    const element = video.current;
    if (!element || !navigator.mediaDevices?.getUserMedia) {
      queueMicrotask(() => setState('failed'));
      return;
    }
    startScanning(element, (code) => {
      if (done) return;
      done = true;
      stop?.();
      handlers.current.onCode(code);
      handlers.current.onClose();
    }).then(
      (stopper) => {
        stop = stopper;
        if (done) stopper();
        else setState('scanning');
      },
      () => setState('failed'),
    );
    return () => {
      done = true;
      stop?.();
    };
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('camera.title')} fullScreen data-testid="till-camera">
      <Stack gap="sm">
        {state === 'failed' ? (
          <Alert color="red" variant="light">
            {t('camera.failed')}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {state === 'starting' ? <Loader size="xs" mr={8} /> : null}
            {t('camera.hint')}
          </Text>
        )}
        <video ref={video} muted playsInline style={{ width: '100%', maxHeight: '70dvh', background: '#000', borderRadius: 8 }} />
      </Stack>
    </Modal>
  );
}
