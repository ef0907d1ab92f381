/**
 * 'Tirar foto' in 'Foto para biometria': the camera dialog's code (`camera-dialog.tsx`, a chunk of
 * its own) loads while the browser asks for the camera, not with the screen. The dialog opens with
 * the camera; 'Cancelar' closes it and stops the camera. When the dialog's code cannot load, the
 * camera is stopped again and the student is pointed to 'Enviar arquivo'.
 *
 * The dialog's module fails to load while `camera.fail` is set (the first test), then loads.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const camera = vi.hoisted(() => ({ fail: true, asked: 0 }));
vi.mock('../../src/views/account/camera-dialog', async (importOriginal) => {
  camera.asked += 1;
  if (camera.fail) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});
vi.mock('../../src/services/api/profile', () => ({ postBiometricsCreate: vi.fn() }));
import { BiometricsSection } from '../../src/views/account/biometrics';

function renderSection() {
  render(
    <IntlProvider locale="pt-BR" defaultLocale="pt-BR">
      <QueryClientProvider client={new QueryClient()}>
        <BiometricsSection />
      </QueryClientProvider>
    </IntlProvider>,
  );
  return userEvent.setup();
}

/** A front camera whose one track records being stopped. */
function fakeCamera() {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [track] });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { track, getUserMedia };
}

beforeEach(() => {
  HTMLMediaElement.prototype.play = vi.fn().mockResolvedValue(undefined);
});

describe("'Tirar foto'", () => {
  it("stops the camera and points to 'Enviar arquivo' when the dialog's code cannot load", async () => {
    const { track } = fakeCamera();
    const user = renderSection();
    expect(camera.asked).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Tirar foto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/câmera/);
    expect(screen.getByLabelText('Enviar arquivo')).toHaveFocus();
    expect(track.stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the camera in a dialog; Cancelar closes it and stops the camera', async () => {
    camera.fail = false;
    const { track, getUserMedia } = fakeCamera();
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Tirar foto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tirar foto' });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
    expect(dialog).toHaveAccessibleDescription('Centralize o rosto e escolha Capturar.');
    expect(screen.getByLabelText('Imagem da câmera')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(track.stop).toHaveBeenCalled();
  });
});
