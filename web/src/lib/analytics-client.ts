import { createAnalytics } from './analytics';
import { config } from './config';

/** The app's analytics, its mode chosen once at start from the injected environment. */
export const analytics = createAnalytics(config.analytics);
