/** The LGPD dialog with its server read (the terms), loaded lazily by ./app-root.tsx when it first prompts. */
import type { QueryClient } from '@tanstack/react-query';
import { ServerReads } from './query/server-reads';
import { LgpdDialog, type LgpdConsentRef } from '../views/lgpd/dialog';

export default function LgpdDialogWithReads({
  consent,
  queryClient,
}: {
  consent: LgpdConsentRef;
  queryClient?: QueryClient | undefined;
}) {
  return (
    <ServerReads client={queryClient}>
      <LgpdDialog consent={consent} />
    </ServerReads>
  );
}
