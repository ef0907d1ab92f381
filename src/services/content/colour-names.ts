/**
 * colord's CSS colour names (`colord/plugins/names`: 'red', 'navy'…), for a text lesson whose
 * teacher wrote a colour as a word (docs/content.md "Text lessons"). A chunk of its own, loaded only
 * for such a lesson (./rich-text.ts `RichTextExtras`, docs/performance.md): importing it extends
 * colord (every colord parse reads the names from then on).
 */
import { extend } from 'colord';
import namesPlugin from 'colord/plugins/names';

extend([namesPlugin]);

/** True: colord knows the colour names (`RichTextExtras.colourNames`). */
export const COLOUR_NAMES = true;
