/** What the rest of the app uses of settings: other features, the shell and App import it only from here. */
export { useAppLocale } from './language';
export { LazyPlayLimitNotices } from './lazy-play-limit-notices';
export { settingsSync, startSettingsSync, useNotation, usePreferences, useSettings } from './settings';
export { useAutoAdjust } from './useAutoAdjust';
export { usePlayLimits } from './usePlayLimits';
