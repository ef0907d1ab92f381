/**
 * 'Economia de dados' (docs/offline.md), as the players and images read it: on when the student turned
 * it on in the accessibility/preferences panel, or — never chosen — when the browser asks to save
 * data (Save-Data). Off without the accessibility actor (an isolated view test) unless the
 * browser asks.
 * @returns whether to save data: `preload="none"` for media, `loading="lazy"` for images.
 */
import { useSelector } from '@xstate/react';
import { dataSaverOn } from '../../services/media/data-saver';
import { useAppActor } from '../app-actors';

export function useDataSaver(): boolean {
  const choice = useSelector(useAppActor('accessibility'), (s) => s?.context.settings.data_saver);
  return dataSaverOn({ data_saver: choice });
}
