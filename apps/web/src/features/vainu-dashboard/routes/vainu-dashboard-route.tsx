import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ALARM_EVENTS } from '@vahti/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserRoleCounts } from '@/api/get-user-role-counts';
import { AlertMessage } from '@/components/alert-message';
import { LoadingFallback } from '@/components/loading-fallback';
import { OrganizationPicker, useChosenOrganization } from '@/components/organization-picker';
import { PlaceCards } from '@/components/place-cards';
import { UserRoleCounts } from '@/components/user-role-counts';
import { errorText } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { useInvalidateOnEvents } from '@/lib/event-stream';
import { useCan } from '@/lib/session';
import { useSearchParam } from '@/lib/use-search-param';
import { useVainuDashboard } from '../api/get-vainu-dashboard';
import { vainuDashboardKeys } from '../api/vainu-dashboard-keys';
import { CurrentValues } from '../components/current-values';
import { DeviceLists } from '../components/device-lists';
import { DeviceStatusCard } from '../components/device-status-card';

const VIEWS = ['devices', 'users'] as const;
type View = (typeof VIEWS)[number];

/**
 * /vainu/dashboard (spec 001 §2 Vainu 1 and 8): the devices ok versus in alarm for the
 * organization and per target, the silent devices and when each was last heard of; live, as
 * alarms open and close. Those who may see user counts (the Hallinta staff) get a second tab with
 * the user-count doughnuts. The top administrator picks the organization. The tab is in the
 * query string (`?view=users`), so a link opens it.
 */
export function VainuDashboardRoute() {
  const { t } = useTranslation();
  const heading = t('area.home', { area: t('sections.vainu.name') });
  useDocumentTitle(heading);
  const seesUsers = useCan({ do: 'administer' });
  const [organizationId, setOrganizationId] = useChosenOrganization();
  const [viewParam, setViewParam] = useSearchParam('view');
  const view: View = seesUsers && viewParam === 'users' ? 'users' : 'devices';
  const tabsId = useId();
  const tabId = (which: View) => `${tabsId}-${which}-tab`;
  const panelId = `${tabsId}-panel`;

  // The chosen organization stays when the tab changes.
  const handleView = (_: unknown, next: View) => setViewParam(next === 'users' ? next : null);

  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {heading}
      </Typography>
      <OrganizationPicker value={organizationId} onChange={setOrganizationId} />
      {seesUsers && (
        <Tabs
          value={view}
          onChange={handleView}
          aria-label={t('vainuDashboard.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {VIEWS.map((which) => (
            <Tab
              key={which}
              value={which}
              id={tabId(which)}
              aria-controls={panelId}
              label={t(`vainuDashboard.${which}Tab`)}
            />
          ))}
        </Tabs>
      )}
      <Box id={panelId} {...(seesUsers && { role: 'tabpanel', 'aria-labelledby': tabId(view) })}>
        {view === 'users' ? (
          <UsersView organizationId={organizationId} />
        ) : (
          <DevicesView organizationId={organizationId} />
        )}
      </Box>
    </Stack>
  );
}

function DevicesView({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation();
  const dashboard = useVainuDashboard(organizationId);
  // An alarm that opens or closes changes the doughnuts at once (the 60 s refresh is for
  // "last seen", which has no event of its own).
  useInvalidateOnEvents(
    (event) => (event.type === ALARM_EVENTS.changed ? [vainuDashboardKeys.all] : []),
    [vainuDashboardKeys.all],
  );
  const data = dashboard.data;
  return (
    <Stack spacing={3}>
      <AlertMessage message={errorText(dashboard.error)} />
      {dashboard.isPending && <LoadingFallback />}
      {data && (
        <>
          <PlaceCards
            organization={data.organization}
            targets={data.targets}
            targetsTitle={t('vainuDashboard.targetsTitle')}
            noTargets={t('vainuDashboard.noTargets')}
            card={(place, headingLevel) => (
              <DeviceStatusCard {...place} headingLevel={headingLevel} />
            )}
          />
          <CurrentValues devices={data.devices} />
          <DeviceLists devices={data.devices} />
        </>
      )}
    </Stack>
  );
}

function UsersView({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation();
  const counts = useUserRoleCounts(organizationId);
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('vainuDashboard.usersIntro')}</Typography>
      <AlertMessage message={errorText(counts.error)} />
      {counts.isPending ? (
        <LoadingFallback />
      ) : (
        counts.data && <UserRoleCounts counts={counts.data} />
      )}
    </Stack>
  );
}
