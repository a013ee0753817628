// Both forms in a real browser against the real server, delivering to a real SMTP server: the
// shared suite (tests/browser/suites/forms.ts) with the spec's exact copy.
import { siteDistDir } from '../browser/harness.ts';
import { formsSuite } from '../browser/suites/forms.ts';

formsSuite({
  distDir: siteDistDir,
  copy: {
    inquiry: {
      send: 'Send Inquiry',
      sent: "Thank you for your inquiry! We'll contact you within 24 hours.",
      failed: 'Sorry, there was an error submitting your form. Please try again or contact us directly.',
      projectRows: '6',
    },
    paperRequest: {
      from: '/services',
      opener: 'White Papers',
      rolePlaceholder: 'e.g., GCC Director, Head of Engineering',
      papers: ['Choose a white paper', 'The Strategic Evolution of Global Capability Centers'],
      submit: 'Get White Paper',
      toast: 'Thank you! The white paper is now opening in a new window.',
      cancel: 'Cancel',
    },
    paperPage: {
      read: 'Read Full White Paper',
      documentHeading: 'Innovation Acceleration',
      overviewHeading: 'Executive Overview',
      readTime: '25 min read',
    },
  },
});
