/** sonner's toaster with the app's settings; loaded lazily by `toasts.tsx`. */
import { Toaster } from 'sonner';
// Sonner's styles as a stylesheet of ours: its runtime <style> injection is refused by the CSP.
import 'sonner/dist/styles.css';

export default function AppToaster() {
  return <Toaster position="top-center" richColors closeButton />;
}
