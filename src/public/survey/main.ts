import { settings } from '../../lib/settings.ts';
import { startSurvey } from './survey-page.ts';
import './survey.css';

const root = document.getElementById('survey');
if (root) void startSurvey(root, { fetch: (input, init) => fetch(input, init), apiBaseUrl: settings.apiBaseUrl, location: window.location });
