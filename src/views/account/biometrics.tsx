/**
 * 'Foto para biometria' section of 'Minha conta' (docs/product.md §7 v2 `POST /biometrics/create`,
 * multipart field `photo`).
 *
 * - 'Tirar foto' asks for the front camera (`getUserMedia({ video: { facingMode: 'user' } })`) and
 *   shows it live in a native modal `<dialog>` with 'Capturar' (the frame → canvas → JPEG blob) and
 *   'Cancelar' (`camera-dialog.tsx`, a chunk of its own loaded while the browser asks for the
 *   camera); the camera stops when the dialog closes. No `getUserMedia`, no camera, permission
 *   refused, or the dialog's code not loading → an explanation that points to 'Enviar arquivo'.
 * - 'Enviar arquivo' is a file input (JPEG/PNG, `capture="user"` for phones), always offered;
 *   another type or more than 5 MB is refused with a message before anything is sent.
 * - The chosen photo is previewed; 'Enviar foto' uploads it ('Enviando foto…', then 'Foto
 *   enviada.' or the reason); 'Descartar' clears it. Offline, 'Enviar foto' is disabled with
 *   the reason shown.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { postBiometricsCreate } from '../../services/api/profile';
import { BIOMETRIC_PHOTO_MAX_BYTES, BIOMETRIC_PHOTO_TYPES } from '../../services/contract/profile';
import { describeError } from '../components/query-error';
import { useOnline } from '../components/use-online';
import { BiometricsMessages } from './profile-messages';

/** The camera dialog's module (a chunk of its own). */
type Camera = typeof import('./camera-dialog');
const loadCamera = (): Promise<Camera> => import('./camera-dialog');

/** A photo chosen or captured, before it is sent. */
interface Photo {
  blob: Blob;
  name: string;
  url: string;
}

/**
 * Whether `file` may be sent: JPEG or PNG of at most 5 MB.
 * @returns null when fine, else the message to show.
 */
export function photoProblem(file: Blob): MessageDescriptor | null {
  if (!(BIOMETRIC_PHOTO_TYPES as readonly string[]).includes(file.type)) return BiometricsMessages.wrongType;
  if (file.size > BIOMETRIC_PHOTO_MAX_BYTES) return BiometricsMessages.tooLarge;
  return null;
}

/** Why the camera cannot be used, from a `getUserMedia` rejection (or the dialog's failed import). */
function cameraProblem(error: unknown): MessageDescriptor {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return BiometricsMessages.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
    return BiometricsMessages.cameraMissing;
  }
  return BiometricsMessages.cameraFailed;
}

export function BiometricsSection() {
  const intl = useIntl();
  const id = useId();
  const online = useOnline();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [problem, setProblem] = useState<MessageDescriptor | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  // The dialog's module, once loaded: the dialog then stays mounted (closing it gives the focus back).
  const [camera, setCamera] = useState<Camera | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const upload = useMutation({ mutationFn: (p: Photo) => postBiometricsCreate(p.blob, p.name) });

  // The preview URL lives as long as its photo.
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const stopCamera = () => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
  };
  useEffect(() => stopCamera, []);

  const choose = (blob: Blob, name: string) => {
    const found = photoProblem(blob);
    upload.reset();
    if (found) {
      setProblem(found);
      setPhoto(null);
      return;
    }
    setProblem(null);
    setPhoto({ blob, name, url: URL.createObjectURL(blob) });
  };

  const openCamera = async () => {
    upload.reset();
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setProblem(BiometricsMessages.cameraUnsupported);
      return;
    }
    setProblem(null);
    setStarting(true);
    // The dialog's code loads while the browser asks for the camera (and for permission).
    const dialog = loadCamera();
    dialog.catch(() => undefined); // its failure is the `await` below's
    try {
      streamRef.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false });
      setCamera(await dialog);
      setCameraOpen(true);
    } catch (error) {
      stopCamera();
      setProblem(cameraProblem(error));
      fileRef.current?.focus();
    } finally {
      setStarting(false);
    }
  };

  const closeCamera = () => {
    stopCamera();
    setCameraOpen(false);
  };

  const captured = (blob: Blob | null) => {
    closeCamera();
    if (blob) choose(blob, 'foto.jpg');
    else setProblem(BiometricsMessages.cameraFailed);
  };

  const status = upload.isPending
    ? intl.formatMessage(BiometricsMessages.sending)
    : upload.isSuccess
      ? intl.formatMessage(BiometricsMessages.sent)
      : starting
        ? intl.formatMessage(BiometricsMessages.cameraStarting)
        : '';

  return (
    <section className="account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{intl.formatMessage(BiometricsMessages.title)}</h2>
      <p className="muted">{intl.formatMessage(BiometricsMessages.intro)}</p>
      <div className="button-row biometrics-choose">
        <button type="button" className="button button-secondary" onClick={() => void openCamera()} disabled={starting}>
          {intl.formatMessage(BiometricsMessages.takePhoto)}
        </button>
        <div className="field biometrics-file">
          <label htmlFor={`${id}-file`}>{intl.formatMessage(BiometricsMessages.uploadFile)}</label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            accept={BIOMETRIC_PHOTO_TYPES.join(',')}
            capture="user"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) choose(file, file.name);
              event.target.value = '';
            }}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(problem)}
        </p>
      )}
      {photo && (
        <div className="biometrics-preview">
          <img src={photo.url} alt={intl.formatMessage(BiometricsMessages.preview)} />
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              disabled={!online || upload.isPending || upload.isSuccess}
              aria-describedby={online ? undefined : `${id}-offline`}
              onClick={() => upload.mutate(photo)}
            >
              {intl.formatMessage(BiometricsMessages.send)}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={upload.isPending}
              onClick={() => {
                setPhoto(null);
                upload.reset();
              }}
            >
              {intl.formatMessage(BiometricsMessages.discard)}
            </button>
          </div>
          {!online && (
            <p id={`${id}-offline`} className="notice">
              {intl.formatMessage(BiometricsMessages.offline)}
            </p>
          )}
          {upload.isPending && <progress aria-label={intl.formatMessage(BiometricsMessages.sending)} />}
        </div>
      )}
      {upload.isError && (
        <p role="alert" className="notice notice-error">
          {intl.formatMessage(BiometricsMessages.sendFailed, { reason: describeError(intl, upload.error) })}
        </p>
      )}
      <p role="status" className={upload.isSuccess ? 'notice notice-success' : 'sr-only'}>
        {status}
      </p>
      {camera && (
        <camera.CameraDialog open={cameraOpen} stream={streamRef} onCaptured={captured} onCancel={closeCamera} />
      )}
    </section>
  );
}
