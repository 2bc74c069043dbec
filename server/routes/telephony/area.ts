import { defineArea, reads } from '../../area.ts';
import { telephonyAttempts, telephonyOptOuts, telephonyPacing } from '../../db/schema/index.ts';
import { telephonyCallbackRoutes } from './callbacks.ts';
import { telephonySettingsRoutes } from './settings.ts';
import { telephonyDocs } from './openapi.ts';

/** The practice's telephony: the carrier's signed callbacks, its settings, opt-outs, attempts and pacing. */
export const telephonyArea = defineArea({
  name: 'telephony',
  mount: [
    { path: '/telephony', app: telephonyCallbackRoutes, public: true },
    { path: '/telephony', app: telephonySettingsRoutes },
  ],
  docs: telephonyDocs,
  resources: ['/telephony/settings'],
  tables: [telephonyOptOuts, telephonyAttempts, telephonyPacing],
  audit: {
    // A number's STOP or START (issue 42): the log says which practice number it reached, not whose number it is.
    OptOut: reads('/call_masking/sessions'),
    TelephonySettings: reads('/telephony/settings'),
  },
  grants: { practiceAdministrator: ['/telephony/settings'] },
});
