import type { Feature } from '../platform/feature.ts';
import { setupAccounts } from './accounts/setup.ts';
import { accountsRoutes } from './accounts/routes/index.ts';
import { achievementRoutes } from './achievements/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { fraudRoutes } from './fraud/routes.ts';
import { contactRoutes } from './contact/routes.ts';
import { indexPictureRoutes } from './index-pictures/routes.ts';
import { materialRoutes } from './materials/routes.ts';
import { moneyRoutes } from './money/routes.ts';
import { notificationSettingsRoutes } from './notification-settings/routes.ts';
import { setupMoney } from './money/setup.ts';
import { popOrderRoutes } from './pop-orders/routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { shopRequestRoutes } from './shop-requests/routes.ts';
import { recruitmentRoutes } from './recruitments/routes.ts';
import { resultsRoutes } from './results/routes.ts';
import { setupResults } from './results/setup.ts';
import { setupRecruitments } from './recruitments/setup.ts';
import { shopRoutes } from './shops/routes.ts';
import { setupAdvertisements } from './advertisements/setup.ts';
import { advertisementRoutes } from './advertisements/routes.ts';
import { shortLinkRoutes } from './short-links/routes.ts';
import { shortenerRoutes } from './shortener/routes.ts';
import { setupShortLinks } from './short-links/setup.ts';
import { supporterRoutes } from './supporters/routes.ts';
import { setupSupporters } from './supporters/setup.ts';
import { systemRoutes } from './system/routes.ts';

/**
 * THE feature list (ADR 0005): buildApp runs every `setup`, then registers every `routes`, in this
 * order. A new feature is a new folder and one entry here (plus its tables in ./schema.ts).
 */
export const features: readonly Feature[] = [
  { name: 'system', routes: systemRoutes },
  { name: 'accounts', setup: setupAccounts, routes: accountsRoutes },
  { name: 'shops', routes: shopRoutes },
  { name: 'profiles', routes: profileRoutes },
  { name: 'contact', routes: contactRoutes },
  { name: 'shop-requests', routes: shopRequestRoutes },
  { name: 'recruitments', setup: setupRecruitments, routes: recruitmentRoutes },
  { name: 'advertisements', setup: setupAdvertisements, routes: advertisementRoutes },
  { name: 'short-links', setup: setupShortLinks, routes: shortLinkRoutes },
  { name: 'shortener', routes: shortenerRoutes },
  { name: 'supporters', setup: setupSupporters, routes: supporterRoutes },
  { name: 'index-pictures', routes: indexPictureRoutes },
  { name: 'materials', routes: materialRoutes },
  { name: 'money', setup: setupMoney, routes: moneyRoutes },
  { name: 'pop-orders', routes: popOrderRoutes },
  { name: 'achievements', routes: achievementRoutes },
  { name: 'results', setup: setupResults, routes: resultsRoutes },
  { name: 'audit', routes: auditRoutes },
  { name: 'fraud', routes: fraudRoutes },
  { name: 'notification-settings', routes: notificationSettingsRoutes },
];
