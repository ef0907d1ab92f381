// A static re-export so the bundler keeps only the light player (≈50 KB gzip) in the lazy
// chunk; `import('lottie-react')` directly would pull in all of its engines.
export { LottieLight } from 'lottie-react';
