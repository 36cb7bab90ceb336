import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasAnalyticsConsent } from '../shared/consent';
import { reportPageView } from './report-page-view';

/** SPEC 2.2: a page view is reported on every navigation, and only sent with analytics consent. */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (hasAnalyticsConsent()) reportPageView(pathname);
  }, [pathname]);
  return null;
}
