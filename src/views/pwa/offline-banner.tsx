/**
 * 'Você está offline — dados de <hora>' (docs/offline.md): while the browser is offline, a banner under
 * the header says that what is on screen comes from this device, and from when — the oldest
 * load time of the reads the current screen shows (today: `14:32`; another day: `22/11 14:32`).
 * Without any saved read on screen it says 'Você está offline'. Announced politely; hidden online.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useOnline } from '../components/use-online';
import { OfflineBannerMessages as M } from './offline-banner-messages';

/**
 * The oldest `dataUpdatedAt` (ms since epoch) of the reads that screens show now (queries with
 * observers and data), or 0 when there is none.
 */
export function screenDataTime(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/** `screenDataTime` of the app's client, kept current. */
function useScreenDataTime(): number {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const read = () => screenDataTime(client);
  // The same on the server: the early course list's build-time render (src/app/early-shell.tsx).
  return useSyncExternalStore(subscribe, read, read);
}

export function OfflineBanner() {
  const intl = useIntl();
  const online = useOnline();
  const time = useScreenDataTime();
  let text = '';
  if (!online) {
    if (time === 0) text = intl.formatMessage(M.offlineBannerNoData);
    else {
      const sameDay = new Date(time).toDateString() === new Date().toDateString();
      const when = sameDay
        ? intl.formatTime(time, { hour: '2-digit', minute: '2-digit' })
        : `${intl.formatDate(time, { day: '2-digit', month: '2-digit' })} ${intl.formatTime(time, {
            hour: '2-digit',
            minute: '2-digit',
          })}`;
      text = intl.formatMessage(M.offlineBanner, { time: when });
    }
  }
  // The live region is always in the page (so the change is announced); the status inside it
  // exists only while offline.
  return (
    <div aria-live="polite">
      {text && (
        <p className="offline-banner" role="status">
          {text}
        </p>
      )}
    </div>
  );
}
