import type { Migration } from 'kysely';
import accountsGamesAndDataModel from './2026-11-22-accounts-games-and-data-model';
import learning from './2026-11-23-learning';
import rateLimitsAndEmailVerification from './2026-11-23-rate-limits-and-email-verification';
import tournamentAdministration from './2026-11-23-tournament-administration';
import nameSkeletons from './2026-11-24-name-skeletons';
import parentPin from './2026-11-24-parent-pin';
import puzzleTrainer from './2026-11-24-puzzle-trainer';
import tenancy from './2026-11-24-tenancy';
import tournamentVersion from './2026-11-24-tournament-version';
import classesManagedAccounts from './2026_11_25_classes_managed_accounts';
import homework from './2026_11_25_homework';
import parents from './2026_11_25_parents';
import classTournaments from './2026_11_25_classes_tournaments';
import classesSignInAndJoinCodes from './2026_11_25_classes_sign_in_and_join_codes';
import classesViaOutbox from './2026_11_26_classes_via_outbox';
import privacyDataDuties from './2026_11_27_privacy_data_duties';
import codesExpireAndRetire from './2026_11_27_codes_expire_and_retire';
import tournamentArbiterSettings from './2026_11_27_tournament_arbiter_settings';
import accountAndClassLanguage from './2026_11_28_account_and_class_language';

/**
 * Every migration, by name, one file each; names sort in the order they run. Names are dated and
 * never renamed (a database records the names it has run): add a new file rather than editing an
 * old one, and list it here (a test checks that every file of this folder is listed).
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '2026-11-22-accounts-games-and-data-model': accountsGamesAndDataModel,
  '2026-11-23-learning': learning,
  '2026-11-23-rate-limits-and-email-verification': rateLimitsAndEmailVerification,
  '2026-11-23-tournament-administration': tournamentAdministration,
  '2026-11-24-name-skeletons': nameSkeletons,
  '2026-11-24-parent-pin': parentPin,
  '2026-11-24-puzzle-trainer': puzzleTrainer,
  '2026-11-24-tenancy': tenancy,
  '2026-11-24-tournament-version': tournamentVersion,
  '2026_11_25_classes_managed_accounts': classesManagedAccounts,
  '2026_11_25_homework': homework,
  '2026_11_25_parents': parents,
  '2026_11_25_classes_tournaments': classTournaments,
  '2026_11_25_classes_sign_in_and_join_codes': classesSignInAndJoinCodes,
  '2026_11_26_classes_via_outbox': classesViaOutbox,
  '2026_11_27_privacy_data_duties': privacyDataDuties,
  '2026_11_27_codes_expire_and_retire': codesExpireAndRetire,
  '2026_11_27_tournament_arbiter_settings': tournamentArbiterSettings,
  '2026_11_28_account_and_class_language': accountAndClassLanguage,
};
