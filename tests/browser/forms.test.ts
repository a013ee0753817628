// Both forms of the fixture site in a real browser against the real server, delivering to a real
// SMTP server: the shared suite (./suites/forms.ts) on the fixture's copy.
import { formsSuite } from './suites/forms.ts';

formsSuite({
  copy: {
    inquiry: {
      send: 'Send Question',
      sent: 'Received. A fixture never answers, but the lead was delivered.',
      failed: 'The fixture endpoint failed. Your answers are still here; try again.',
      projectRows: '5',
      phoneMaxLength: '40',
      rolePlaceholder: 'What you do',
    },
    paperRequest: {
      from: '/offer',
      opener: 'Request Paper',
      rolePlaceholder: 'What you do',
      papers: ['Choose a paper', 'The Fixture Paper on Everything'],
      submit: 'Open the Paper',
      toast: 'Done. The fixture paper is opening in a new window.',
      cancel: 'Not Now',
    },
    paperPage: { read: 'Read the Whole Paper', documentHeading: 'Paper Details', overviewHeading: 'Paper Overview' },
  },
});
