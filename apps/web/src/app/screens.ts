import { databasesScreens } from '../features/databases/screens.ts';
import { dnsScreens } from '../features/dns/screens.ts';
import { filemanagerScreens } from '../features/filemanager/screens.ts';
import { helpdeskScreens } from '../features/helpdesk/screens.ts';
import { cronScreens } from '../features/cron/screens.ts';
import { logsScreens } from '../features/logs/screens.ts';
import { shopScreens } from '../features/shop/screens.ts';
import { statisticsScreens } from '../features/statistics/screens.ts';
import { webhostingScreens } from '../features/webhosting/screens.ts';
import { sslScreens } from '../features/ssl/screens.ts';
import { webappsScreens } from '../features/webapps/screens.ts';
import { mailScreens } from '../features/mail/screens.ts';
import type { ScreenMap } from '../lib/screen-types.ts';

/** Every built screen outside the foundation; a route without one shows "not available". */
export const SCREENS: ScreenMap = {
  ...webhostingScreens,
  ...dnsScreens,
  ...databasesScreens,
  ...filemanagerScreens,
  ...shopScreens,
  ...helpdeskScreens,
  ...cronScreens,
  ...sslScreens,
  ...logsScreens,
  ...statisticsScreens,
  ...webappsScreens,
  ...mailScreens,
};
