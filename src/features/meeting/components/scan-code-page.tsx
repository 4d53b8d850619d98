import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { hostContainer, inHostContainer } from '@/api/host/host-container';
import { useSignIn } from '../api/write-meeting';
import { decodeQrFrame, pickQrDecoder } from '../qr';
import './meeting.css';
import './sign-in.css';
import './meeting-form.css';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/**
 * Reads QR codes from the camera: BarcodeDetector where the browser has it, jsqr on canvas frames otherwise.
 * Calls `onCode` once with the first code seen; stops the camera when the page goes away.
 */
function useCameraScan(active: boolean, onCode: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem('当前浏览器不支持摄像头，请输入签到码');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        return setProblem('无法打开摄像头，请输入签到码');
      }
      const el = video.current;
      if (!el || stopped) return;
      el.srcObject = stream;
      await el.play().catch(() => undefined);
      const kind = await pickQrDecoder(globalThis as never);
      const detector =
        kind === 'barcode-detector'
          ? new (globalThis as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector({ formats: ['qr_code'] })
          : null;
      const canvas = document.createElement('canvas');
      const tick = async () => {
        if (stopped) return;
        let text: string | null = null;
        if (el.videoWidth) {
          if (detector) text = (await detector.detect(el).catch(() => []))[0]?.rawValue ?? null;
          else {
            canvas.width = el.videoWidth;
            canvas.height = el.videoHeight;
            const ctx = canvas.getContext('2d', { willReadFrequently: true });
            ctx?.drawImage(el, 0, 0);
            const frame = ctx?.getImageData(0, 0, canvas.width, canvas.height);
            if (frame) text = await decodeQrFrame(frame.data, frame.width, frame.height);
          }
        }
        if (text) onCode(text);
        else setTimeout(() => void tick(), 250);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [active, onCode]);
  return { video, problem };
}

/** /meeting/scanCodePage: sign in by scanning the organiser's QR code, or by pasting the code / typing the six digits. */
export function ScanCodePage({ code: linked, meetingId }: { code?: string; meetingId?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [text, setText] = useState(linked ?? '');
  const [scanning, setScanning] = useState(false);
  const submit = (code: string) => {
    if (!code.trim()) return;
    signIn.mutate(
      { code: code.trim(), meetingId },
      {
        onSuccess: (answer) => void navigate({ to: '/meeting/info', search: { id: answer.meetingId }, replace: true }),
      },
    );
  };
  const onCode = useRef((scanned: string) => {
    setScanning(false);
    setText(scanned);
    submit(scanned);
  }).current;
  const { video, problem } = useCameraScan(scanning, onCode);
  // inside WeCom or DingTalk the container's own scanner reads the code (the web camera is often not offered there)
  const startScan = () => {
    const container = hostContainer();
    if (!container) return setScanning(true);
    // the container's scanner failing (its SDK not signed, an old app) leaves the web camera
    container
      .then((c) => c.scan())
      .then(
        (scanned) => scanned && onCode(scanned),
        () => setScanning(true),
      );
  };
  // a link opened from the QR code signs in at once
  const sentLinked = useRef(false);
  useEffect(() => {
    if (linked && !sentLinked.current) {
      sentLinked.current = true;
      submit(linked);
    }
  });
  return (
    <div className="meeting-page meeting-form">
      {scanning ? (
        <div className="meeting-camera">
          <video ref={video} muted playsInline aria-label="摄像头画面" />
          <button type="button" className="meeting-btn" onClick={() => setScanning(false)}>
            停止扫码
          </button>
        </div>
      ) : (
        <button type="button" className="meeting-btn meeting-btn-primary meeting-wide" onClick={startScan}>
          {inHostContainer() ? '扫一扫' : '打开摄像头扫码'}
        </button>
      )}
      {problem && <p className="meeting-muted">{problem}</p>}
      <label className="meeting-field">
        {/* six digits work here too: without a meeting the server finds which of the person's meetings shows them */}
        <span>签到码（6位数字或二维码内容）</span>
        <input
          className="meeting-input"
          value={text}
          inputMode={/^\d*$/.test(text) ? 'numeric' : 'text'}
          placeholder="请输入签到码"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="meeting-btn meeting-btn-primary meeting-wide"
        disabled={signIn.isPending || !text.trim()}
        onClick={() => submit(text)}
      >
        {signIn.isPending ? '签到中...' : '签到'}
      </button>
    </div>
  );
}
