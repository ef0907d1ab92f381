import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom has no canvas, which the Lottie player needs: it is checked in real Chromium (e2e).
vi.mock('lottie-react', () => ({ LottieLight: () => null }));
