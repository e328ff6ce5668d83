import { SECTION_PATH, type Section } from '@vahti/domain';
import { Navigate, type RouteObject } from 'react-router';
import { pageAccess } from './navigation';
import { RequireAccess, RequireSection } from './route-guards';
import {
  type Lazy,
  loadTexts,
  notFoundRoute,
  ownDetailsRoute,
  screen,
  signedInTexts,
  type Texts,
} from './screens';
import { SECTION_PAGES } from './section-pages';

/**
 * Each feature's Finnish screen texts, a chunk of their own loaded beside its screens' code
 * rather than with the first page.
 */
const texts = {
  alarms: async () => ({ alarms: (await import('@/features/alarms/locales/fi')).alarmsFi }),
  deviceNetwork: async () => ({
    deviceNetwork: (await import('@/features/device-network/locales/fi')).deviceNetworkFi,
  }),
  devices: async () => ({ devices: (await import('@/features/devices/locales/fi')).devicesFi }),
  discussions: async () => ({
    discussions: (await import('@/features/discussions/locales/fi')).discussionsFi,
  }),
  feedback: async () => ({ feedback: (await import('@/features/feedback/locales/fi')).feedbackFi }),
  ingestKeys: async () => ({
    ingestKeys: (await import('@/features/ingest-keys/locales/fi')).ingestKeysFi,
  }),
  materialbank: async () => ({
    materialbank: (await import('@/features/materialbank/locales/fi')).materialbankFi,
  }),
  qrCode: async () => ({ qrCode: (await import('@/features/qr-code/locales/fi')).qrCodeFi }),
  sensorData: async () => ({
    sensorData: (await import('@/features/sensor-data/locales/fi')).sensorDataFi,
  }),
  surveys: async () => ({ surveys: (await import('@/features/surveys/locales/fi')).surveysFi }),
  tietoDashboard: async () => ({
    tietoDashboard: (await import('@/features/tieto-dashboard/locales/fi')).tietoDashboardFi,
  }),
  vainuDashboard: async () => ({
    vainuDashboard: (await import('@/features/vainu-dashboard/locales/fi')).vainuDashboardFi,
  }),
} satisfies Record<string, Texts>;

const ownPasswordRoute = screen(
  async () => (await import('@/features/account/routes/own-password-route')).OwnPasswordRoute,
);
const showUserRoute = screen(
  async () => (await import('@/features/account/routes/show-user-route')).ShowUserRoute,
);
const addDeviceRoute = screen(
  async () => (await import('@/features/devices/routes/add-device-route')).AddDeviceRoute,
  texts.devices,
);
const showDevicesRoute = screen(
  async () => (await import('@/features/devices/routes/show-devices-route')).ShowDevicesRoute,
  texts.devices,
);

/** Tieto discussions (spec 001 §2 screen 9); sub-comments is also the add-sub-comment screen. */
function discussionScreens(): Record<string, Lazy> {
  const list = screen(
    async () => (await import('@/features/discussions/routes/discussions-route')).DiscussionsRoute,
    texts.discussions,
  );
  const subComments = screen(
    async () =>
      (await import('@/features/discussions/routes/show-sub-comments-route')).ShowSubCommentsRoute,
    texts.discussions,
  );
  return {
    discussions: list,
    'main-discussions': list,
    'current-discussions': screen(
      async () =>
        (await import('@/features/discussions/routes/current-discussion-route'))
          .CurrentDiscussionRoute,
      texts.discussions,
    ),
    'add-discussion': screen(
      async () =>
        (await import('@/features/discussions/routes/add-discussion-route')).AddDiscussionRoute,
      texts.discussions,
    ),
    'show-discussions': screen(
      async () =>
        (await import('@/features/discussions/routes/show-discussions-route')).ShowDiscussionsRoute,
      texts.discussions,
    ),
    'add-new-comment': screen(
      async () =>
        (await import('@/features/discussions/routes/add-new-comment-route')).AddNewCommentRoute,
      texts.discussions,
    ),
    'show-sub-comments': subComments,
    'add-new-sub-comment': subComments,
  };
}

/**
 * Screens of an area built so far besides its own password change; a `dashboard` here replaces
 * the area's generic front page.
 */
const AREA_SCREENS: Partial<Record<Section, Record<string, Lazy>>> = {
  tieto: {
    'show-user': showUserRoute,
    ...discussionScreens(),
    'show-materialbank-files': screen(
      async () =>
        (await import('@/features/materialbank/routes/user-files-route'))
          .TietoMaterialbankFilesRoute,
      texts.materialbank,
    ),
    dashboard: screen(
      async () =>
        (await import('@/features/tieto-dashboard/routes/tieto-dashboard-route'))
          .TietoDashboardRoute,
      texts.tietoDashboard,
    ),
    'add-new-question-group': screen(
      async () =>
        (await import('@/features/surveys/routes/add-question-group-route')).AddQuestionGroupRoute,
      texts.surveys,
    ),
    'show-question-groups': screen(
      async () =>
        (await import('@/features/surveys/routes/show-question-groups-route'))
          .ShowQuestionGroupsRoute,
      texts.surveys,
    ),
    'add-new-question': screen(
      async () => (await import('@/features/surveys/routes/add-question-route')).AddQuestionRoute,
      texts.surveys,
    ),
    'show-questions': screen(
      async () =>
        (await import('@/features/surveys/routes/show-questions-route')).ShowQuestionsRoute,
      texts.surveys,
    ),
    'add-new-query': screen(
      async () => (await import('@/features/surveys/routes/add-query-route')).AddQueryRoute,
      texts.surveys,
    ),
    'show-queries': screen(
      async () => (await import('@/features/surveys/routes/show-queries-route')).ShowQueriesRoute,
      texts.surveys,
    ),
    'show-survey-form': screen(
      async () =>
        (await import('@/features/surveys/routes/show-survey-form-route')).ShowSurveyFormRoute,
      texts.surveys,
    ),
    'show-survey-results': screen(
      async () =>
        (await import('@/features/surveys/routes/show-survey-results-route'))
          .ShowSurveyResultsRoute,
      texts.surveys,
    ),
    'add-feedback': screen(
      async () => (await import('@/features/feedback/routes/add-feedback-route')).AddFeedbackRoute,
      texts.feedback,
    ),
    'show-feedbacks': screen(
      async () =>
        (await import('@/features/feedback/routes/show-feedbacks-route')).ShowFeedbacksRoute,
      texts.feedback,
    ),
  },
  vainu: {
    'edit-user-information': ownDetailsRoute,
    'show-user': showUserRoute,
    'qr-code': screen(
      async () => (await import('@/features/qr-code/routes/qr-code-route')).QrCodeRoute,
      texts.qrCode,
    ),
    'show-sensors': screen(
      async () =>
        (await import('@/features/device-network/routes/show-sensors-route')).ShowSensorsRoute,
      texts.deviceNetwork,
    ),
    'show-materialbank-files-vainu': screen(
      async () =>
        (await import('@/features/materialbank/routes/user-files-route'))
          .VainuMaterialbankFilesRoute,
      texts.materialbank,
    ),
    'add-sensor': screen(
      async () => (await import('@/features/devices/routes/add-sensor-route')).AddSensorRoute,
      texts.devices,
    ),
    'add-measurement': screen(
      async () =>
        (await import('@/features/devices/routes/add-measurement-route')).AddMeasurementRoute,
      texts.devices,
    ),
    'show-measurements': screen(
      async () =>
        (await import('@/features/devices/routes/show-measurements-route')).ShowMeasurementsRoute,
      texts.devices,
    ),
    'add-device': addDeviceRoute,
    'add-device/:id': addDeviceRoute,
    'show-devices': showDevicesRoute,
    'show-devices/:id': showDevicesRoute,
    'show-alarms': screen(
      async () => (await import('@/features/alarms/routes/show-alarms-route')).ShowAlarmsRoute,
      texts.alarms,
    ),
    'add-user-device': screen(
      async () =>
        (await import('@/features/devices/routes/add-user-device-route')).AddUserDeviceRoute,
      texts.devices,
    ),
    'show-user-devices': screen(
      async () =>
        (await import('@/features/devices/routes/show-user-devices-route')).ShowUserDevicesRoute,
      texts.devices,
    ),
    dashboard: screen(
      async () =>
        (await import('@/features/vainu-dashboard/routes/vainu-dashboard-route'))
          .VainuDashboardRoute,
      texts.vainuDashboard,
    ),
    'sensor-data': screen(
      async () => (await import('@/features/sensor-data/routes/sensor-data-route')).SensorDataRoute,
      texts.sensorData,
    ),
    'sensor-data/chart': screen(
      async () =>
        (await import('@/features/sensor-data/routes/sensor-data-chart-route'))
          .SensorDataChartRoute,
      texts.sensorData,
    ),
  },
  materiaalipankki: {
    'show-user': showUserRoute,
    dashboard: screen(
      async () =>
        (await import('@/features/materialbank/routes/materialbank-dashboard-route'))
          .MaterialbankDashboardRoute,
      texts.materialbank,
    ),
    'add-new-materialbank-file': screen(
      async () =>
        (await import('@/features/materialbank/routes/add-materialbank-file-route'))
          .AddMaterialbankFileRoute,
      texts.materialbank,
    ),
    'show-materialbank-files': screen(
      async () =>
        (await import('@/features/materialbank/routes/show-materialbank-files-route'))
          .ShowMaterialbankFilesRoute,
      texts.materialbank,
    ),
  },
  hallinta: {
    dashboard: screen(
      async () =>
        (await import('@/features/admin-dashboard/routes/admin-dashboard-route'))
          .AdminDashboardRoute,
    ),
    'show-user': showUserRoute,
    'add-new-user': screen(
      async () => (await import('@/features/users/routes/add-new-user-route')).AddNewUserRoute,
    ),
    'show-users': screen(
      async () => (await import('@/features/users/routes/show-users-route')).ShowUsersRoute,
    ),
    'add-targets-to-user': screen(
      async () =>
        (await import('@/features/users/routes/add-targets-to-user-route')).AddTargetsToUserRoute,
    ),
    'change-user-password': screen(
      async () =>
        (await import('@/features/users/routes/change-user-password-route'))
          .ChangeUserPasswordRoute,
    ),
    'ingest-keys': screen(
      async () => (await import('@/features/ingest-keys/routes/ingest-keys-route')).IngestKeysRoute,
      texts.ingestKeys,
    ),
    'rejected-uplinks': screen(
      async () =>
        (await import('@/features/ingest-keys/routes/rejected-uplinks-route')).RejectedUplinksRoute,
      texts.ingestKeys,
    ),
    'generate-registeration-code': screen(
      async () =>
        (await import('@/features/registration-codes/routes/generate-registration-code-route'))
          .GenerateRegistrationCodeRoute,
    ),
    'add-new-organization': screen(
      async () =>
        (await import('@/features/organizations/routes/add-organization-route'))
          .AddOrganizationRoute,
    ),
    'show-organizations': screen(
      async () =>
        (await import('@/features/organizations/routes/show-organizations-route'))
          .ShowOrganizationsRoute,
    ),
    'add-new-target': screen(
      async () => (await import('@/features/targets/routes/add-target-route')).AddTargetRoute,
    ),
    'show-targets': screen(
      async () => (await import('@/features/targets/routes/show-targets-route')).ShowTargetsRoute,
    ),
    'audit-log': screen(
      async () => (await import('@/features/audit-log/routes/audit-log-route')).AuditLogRoute,
    ),
    outbox: screen(async () => (await import('@/features/outbox/routes/outbox-route')).OutboxRoute),
  },
};

/** A screen some roles may not open gets the menu's rule as its guard (see navigation.ts). */
function guarded(section: Section, route: RouteObject & { path: string }): RouteObject {
  const access = pageAccess(section, route.path);
  return access ? { element: <RequireAccess access={access} />, children: [route] } : route;
}

/**
 * An area's routes (Tieto, Vainu, Materiaalipankki, Hallinta): most of the app's screens. This
 * module is a chunk of its own, added to the router on the first visit to the area (router.tsx),
 * so the first page does not carry the table.
 */
export function sectionRoute(section: Section): RouteObject {
  const sectionPage = (dashboard: boolean) => async () => {
    const { SectionPage } = await import('./routes/section-page');
    return { element: <SectionPage section={section} dashboard={dashboard} /> };
  };
  const { dashboard, ...areaScreens } = AREA_SCREENS[section] ?? {};
  const screens = Object.entries(areaScreens);
  return {
    path: SECTION_PATH[section].slice(1),
    element: <RequireSection section={section} />,
    children: [
      {
        lazy: async () => {
          // The frame: its texts, the alarm badge, the messages tab and (Hallinta) the ingest-key menu.
          const [{ AreaLayout }] = await Promise.all([
            import('./layouts/area-layout'),
            loadTexts([signedInTexts, texts.alarms, texts.feedback, texts.ingestKeys]),
          ]);
          return { element: <AreaLayout section={section} /> };
        },
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          { path: 'dashboard', lazy: dashboard ?? sectionPage(true) },
          { path: 'change-password', lazy: ownPasswordRoute },
          ...screens.map(([path, lazy]) => guarded(section, { path, lazy })),
          ...SECTION_PAGES[section].map((path) =>
            guarded(section, { path, lazy: sectionPage(false) }),
          ),
        ],
      },
      { path: '*', lazy: notFoundRoute },
    ],
  };
}
