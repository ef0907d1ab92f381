/**
 * The camera of 'Foto para biometria' (`biometrics.tsx`, docs/product.md §7 v2
 * `POST /biometrics/create`): the front camera's live picture in a native modal `<dialog>` with
 * 'Capturar' (the frame → canvas → JPEG blob) and 'Cancelar' (Escape too). A chunk of its own,
 * loaded when the student asks for the camera ('Tirar foto'), while the browser asks for the camera
 * itself — not with the screen (docs/performance.md "/conta").
 *
 * It stays mounted once shown and is opened and closed with `open`: closing the dialog (not
 * removing it) gives the focus back to 'Tirar foto'.
 */
import { useEffect, useId, useRef, type RefObject } from 'react';
import { defineMessages, useIntl } from 'react-intl';

const CameraMessages = defineMessages({
  cameraTitle: {
    id: 'account.biometrics.camera.title',
    defaultMessage: 'Tirar foto',
    description: 'Camera dialog heading',
  },
  cameraHelp: {
    id: 'account.biometrics.camera.help',
    defaultMessage: 'Centralize o rosto e escolha Capturar.',
    description: 'Camera dialog help',
  },
  cameraVideo: {
    id: 'account.biometrics.camera.video',
    defaultMessage: 'Imagem da câmera',
    description: 'Accessible name of the live camera video',
  },
  capture: { id: 'account.biometrics.capture', defaultMessage: 'Capturar', description: 'Take the picture' },
  cancel: { id: 'account.biometrics.cancel', defaultMessage: 'Cancelar', description: 'Close the camera' },
});

/**
 * @param open whether the dialog is shown (modal): on opening it plays `stream`'s picture.
 * @param stream the front camera's stream (`getUserMedia`), held by the section, which stops it.
 * @param onCaptured the captured frame as a JPEG blob (quality 0.9), or null when the browser could
 *   not encode it; nothing while the video has no frame yet.
 * @param onCancel 'Cancelar' or Escape.
 */
export function CameraDialog({
  open,
  stream,
  onCaptured,
  onCancel,
}: {
  open: boolean;
  stream: RefObject<MediaStream | null>;
  onCaptured: (photo: Blob | null) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal: fall back to the open attribute there.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      if (videoRef.current && stream.current) {
        videoRef.current.srcObject = stream.current;
        void videoRef.current.play().catch(() => undefined);
      }
    }
    if (!open && dialog.open) dialog.close();
  }, [open, stream]);

  const capture = () => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob(onCaptured, 'image/jpeg', 0.9);
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog biometrics-camera"
      aria-labelledby={`${id}-camera-title`}
      aria-describedby={`${id}-camera-help`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={`${id}-camera-title`}>{intl.formatMessage(CameraMessages.cameraTitle)}</h2>
      <p id={`${id}-camera-help`}>{intl.formatMessage(CameraMessages.cameraHelp)}</p>
      {open && <video ref={videoRef} muted playsInline aria-label={intl.formatMessage(CameraMessages.cameraVideo)} />}
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={capture}>
          {intl.formatMessage(CameraMessages.capture)}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {intl.formatMessage(CameraMessages.cancel)}
        </button>
      </div>
    </dialog>
  );
}
