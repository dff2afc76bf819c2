import { Section, Toggle, type PreferencesSectionProps } from './SettingsSections';

/**
 * 'Board for screen readers' (issue 31, as Lichess's blind mode): every board shows as text, with
 * the move log and the 'Type a move' box, and no graphical board. A preference of this device,
 * like the theme: App.tsx hands it to the boards.
 */
export function ScreenReaderBoardSection({ preferences, update, saved }: PreferencesSectionProps) {
  return (
    <Section title="Accessibility">
      <Toggle
        label="Board for screen readers"
        description="Show the position as text and type moves, without the picture of the board"
        checked={preferences.screenReaderBoard}
        onChange={(v) => void update({ screenReaderBoard: v }).then(saved)}
      />
    </Section>
  );
}
