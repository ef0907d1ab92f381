/**
 * Where this brand's course content may come from (docs/content.md). Beside the learning-object
 * views, not in platform-context.tsx, so that the first screen (which reads the platform) does not
 * load the content sources.
 */
import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { narrowContentSources, type ContentSources } from '../../services/contract/content-sources';
import { deploymentContentSources } from '../../services/content/sources';
import { useAppActor } from '../app-actors';

/**
 * The deployment's content hosts and embed providers, narrowed by the platform's
 * `options.content_hosts` / `options.embed_providers` once the platform is known (the deployment's
 * before that, and without a platform actor).
 * @returns a `ContentSources` that is stable while the platform does not change.
 */
export function useContentSources(): ContentSources {
  const options = useSelector(useAppActor('platform'), (s) => s?.context.platform?.options);
  return useMemo(() => narrowContentSources(deploymentContentSources, options), [options]);
}
