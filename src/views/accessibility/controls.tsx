/**
 * The controls of the accessibility panel (docs/product.md §3; see panel.tsx): dark mode, font size and
 * letter spacing (1–3), language, volume and VLibras, each change sent to the settings actor.
 * Loaded the first time the panel opens (docs/performance.md).
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { LANGUAGES, type AccessibilitySettings } from '../../services/storage/accessibility-settings';
import { dataSaverOn } from '../../services/media/data-saver';
import type { AppActorRefs } from '../app-actors';
import { AccessibilityControlsMessages as M, LANGUAGE_NAMES } from './controls-messages';

const LEVELS = [1, 2, 3] as const;
const LEVEL_TEXT = { 1: M.level1, 2: M.level2, 3: M.level3 } as const;

/** The controls of the accessibility dialog (its title is the dialog's, in panel.tsx). */
export default function Panel({ actor, onClose }: { actor: AppActorRefs['accessibility']; onClose: () => void }) {
  const intl = useIntl();
  const settings = useSelector(actor, (s) => s.context.settings);
  const libras = useSelector(actor, (s) =>
    s.hasTag('librasLoading') ? 'loading' : s.hasTag('librasOn') ? 'on' : s.hasTag('librasFailed') ? 'failed' : 'off',
  );
  const id = useId();
  const change = (patch: Partial<AccessibilitySettings>) => actor.send({ type: 'settings.change', patch });

  return (
    <>
      <p className="muted">{intl.formatMessage(M.intro)}</p>
      <div className="a11y-controls">
        <label className="a11y-switch">
          <input
            type="checkbox"
            role="switch"
            checked={settings.is_dark_mode}
            onChange={(event) => change({ is_dark_mode: event.target.checked })}
          />{' '}
          {intl.formatMessage(M.darkMode)}
        </label>
        {(['font_size', 'font_spacing'] as const).map((field) => (
          <fieldset key={field} className="a11y-levels">
            <legend>{intl.formatMessage(field === 'font_size' ? M.fontSize : M.fontSpacing)}</legend>
            {LEVELS.map((level) => (
              <label key={level}>
                <input
                  type="radio"
                  name={`${id}-${field}`}
                  value={level}
                  checked={settings[field] === level}
                  onChange={() => change({ [field]: level })}
                />{' '}
                {intl.formatMessage(LEVEL_TEXT[level])}
              </label>
            ))}
          </fieldset>
        ))}
        <div className="field">
          <label htmlFor={`${id}-language`}>{intl.formatMessage(M.language)}</label>
          <select
            id={`${id}-language`}
            value={settings.language}
            onChange={(event) => change({ language: event.target.value as AccessibilitySettings['language'] })}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-volume`}>{intl.formatMessage(M.volume)}</label>
          <input
            id={`${id}-volume`}
            type="range"
            min={0}
            max={100}
            step={10}
            value={Math.round(settings.volume_of_sounds * 100)}
            aria-valuetext={intl.formatNumber(settings.volume_of_sounds, { style: 'percent' })}
            onChange={(event) => change({ volume_of_sounds: Number(event.target.value) / 100 })}
          />
          <output htmlFor={`${id}-volume`} className="muted">
            {intl.formatNumber(settings.volume_of_sounds, { style: 'percent' })}
          </output>
        </div>
        <label className="a11y-switch">
          <input
            type="checkbox"
            role="switch"
            checked={settings.is_libras_enabled}
            onChange={(event) => change({ is_libras_enabled: event.target.checked })}
          />{' '}
          {intl.formatMessage(M.libras)}
        </label>
        <label className="a11y-switch">
          <input
            type="checkbox"
            role="switch"
            checked={dataSaverOn(settings)}
            aria-describedby={`${id}-data-saver`}
            onChange={(event) => change({ data_saver: event.target.checked })}
          />{' '}
          {intl.formatMessage(M.dataSaver)}
        </label>
        <p id={`${id}-data-saver`} className="muted">
          {intl.formatMessage(M.dataSaverHint)}
        </p>
        <p role="status" className="muted">
          {libras === 'loading' && intl.formatMessage(M.librasLoading)}
          {libras === 'on' && intl.formatMessage(M.librasOn)}
        </p>
        {libras === 'failed' && (
          <div role="alert" className="notice notice-error">
            <p>{intl.formatMessage(M.librasFailed)}</p>
            <button type="button" className="button" onClick={() => actor.send({ type: 'libras.retry' })}>
              {intl.formatMessage(M.librasRetry)}
            </button>
          </div>
        )}
      </div>
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => actor.send({ type: 'settings.reset' })}
        >
          {intl.formatMessage(M.reset)}
        </button>
        <button type="button" className="button button-primary" onClick={onClose}>
          {intl.formatMessage(M.close)}
        </button>
      </div>
    </>
  );
}
