// Both forms in a real browser against the real server, delivering to a real SMTP server: required
// fields, the success and error messages, the dialog, the toast, the reset. Run by the engine test
// on the fixture's copy and by the spec check on the spec's copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../fixtures/smtp.ts';
import { openPage, startHarness, takeAPersonsTime, type Harness } from '../harness.ts';

export interface FormsCopy {
  inquiry: {
    send: string;
    sent: string;
    failed: string;
    /** The rows of 'Tell Us About Your Project'. */
    projectRows: string;
    phoneMaxLength?: string;
    rolePlaceholder?: string;
  };
  paperRequest: {
    /** A page other than the home page whose footer opens the dialog. */
    from: string;
    opener: string;
    rolePlaceholder: string;
    /** The choices of 'Select White Paper', the placeholder first. */
    papers: [string, string];
    submit: string;
    toast: string;
    cancel: string;
  };
  paperPage: {
    read: string;
    /** A heading inside the document the read action opens. */
    documentHeading: string;
    /** A heading of the paper's own text on the page. */
    overviewHeading: string;
    readTime?: string;
  };
}

const inquiry = {
  'Full Name': 'Asha Rao',
  'Email Address': 'asha@example.com',
  'Company Name': 'Acme GCC',
  'Your Role': 'Head of Engineering',
  'Phone Number': '+91 98765 43210',
  'Tell Us About Your Project': 'We need our QBR story told.',
};

export function formsSuite({ distDir, copy }: { distDir?: string; copy: FormsCopy }): void {
  let h: Harness;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    h = await startHarness({ ...(distDir ? { distDir } : {}), smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  describe('inquiry form on /contact', () => {
    const { send, sent, failed } = copy.inquiry;
    it('shows the labels with asterisks, requires the four fields natively, and delivers every field', async () => {
      const { page, log } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/contact');
      for (const label of [
        'Full Name *',
        'Email Address *',
        'Company Name *',
        'Your Role *',
        'Project Urgency *',
        'Primary Needs *',
      ])
        expect(await page.locator('label').filter({ hasText: label }).count(), label).toBe(1);
      for (const label of ['Full Name', 'Email Address', 'Company Name', 'Your Role'])
        expect(await page.getByLabel(label).evaluate((el) => (el as HTMLInputElement).required), label).toBe(true);
      for (const label of ['Project Urgency', 'Primary Needs', 'Phone Number', 'Engagement Size'])
        expect(await page.getByLabel(label).evaluate((el) => (el as HTMLInputElement).required), label).toBe(false);
      expect(await page.getByLabel('Email Address').getAttribute('type')).toBe('email');
      expect(await page.getByLabel('Tell Us About Your Project').getAttribute('rows')).toBe(copy.inquiry.projectRows);
      if (copy.inquiry.phoneMaxLength)
        expect(await page.getByLabel('Phone Number').getAttribute('maxlength')).toBe(copy.inquiry.phoneMaxLength);
      if (copy.inquiry.rolePlaceholder)
        expect(await page.getByLabel('Your Role').getAttribute('placeholder')).toBe(copy.inquiry.rolePlaceholder);

      // The browser's own check stops an empty submission: nothing is sent.
      await page.getByRole('button', { name: send }).click();
      expect(await page.getByLabel('Full Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(
        true,
      );

      for (const [label, value] of Object.entries(inquiry)) await page.getByLabel(label).fill(value);
      await page.getByLabel('Project Urgency').selectOption({ label: 'Within 2 weeks' });
      await page.getByLabel('Primary Needs').selectOption('strategic-storytelling');
      await page.getByLabel('Engagement Size').selectOption('large-program');
      // Two quick clicks: one inquiry. Both clicks land before the answer (which is what shows the
      // message), so every request they caused has been made by then: counting them needs no wait.
      const posts: string[] = [];
      page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
      await takeAPersonsTime(page);
      await page.getByRole('button', { name: send }).dblclick();
      await page.getByText(sent).waitFor({ timeout: 15_000 });
      expect(posts).toHaveLength(1);
      for (const label of Object.keys(inquiry)) expect(await page.getByLabel(label).inputValue(), label).toBe('');
      expect(await page.getByLabel('Project Urgency').inputValue()).toBe('');

      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
      const { text } = smtp.received[0];
      for (const [label, value] of Object.entries(inquiry)) expect(text).toContain(`${label}: ${value}`);
      expect(text).toContain('Project Urgency: Within 2 weeks (immediate)');
      expect(text).toContain('Primary Needs: Strategic Storytelling (strategic-storytelling)');
      expect(text).toContain('Engagement Size: Large program (6-12 months) (large-program)');
      expect(text).toMatch(/Submitted at: \d{4}-\d\d-\d\dT/);
      expect(log.errors).toEqual([]);
      // Personal data is never written to the console.
      expect(log.messages.join('\n')).not.toContain('asha@example.com');
      await page.close();
    });

    it('when the endpoint fails, the error message shows and every value stays', async () => {
      const { page } = await openPage(h.browser);
      await page.route('**/email/api/sendEmail', (route) => route.fulfill({ status: 503, body: 'down' }));
      await page.goto(h.baseUrl + '/contact');
      for (const [label, value] of Object.entries(inquiry)) await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: send }).click();
      await page.getByText(failed).waitFor();
      for (const [label, value] of Object.entries(inquiry))
        expect(await page.getByLabel(label).inputValue(), label).toBe(value);
      await page.close();
    });
  });

  describe('white paper request', () => {
    const { opener, papers } = copy.paperRequest;
    it('opens from the footer, opens the white paper page in a new window, shows the toast, closes, resets, and mails the lead', async () => {
      const before = smtp.received.length;
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + copy.paperRequest.from);
      await page.getByRole('contentinfo').getByRole('button', { name: opener }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // Focus moves into the dialog.
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      for (const label of ['Full Name *', 'Email Address *', 'Company Name *', 'Your Role', 'Select White Paper *'])
        expect(
          await dialog
            .locator('label')
            .filter({ hasText: new RegExp(`^${label.replace('*', '\\*')}$`) })
            .count(),
          label,
        ).toBe(1);
      expect(await dialog.getByLabel('Email Address').getAttribute('placeholder')).toBe('you@example.com');
      expect(await dialog.getByLabel('Your Role').getAttribute('placeholder')).toBe(copy.paperRequest.rolePlaceholder);
      expect(await dialog.getByLabel('Full Name').getAttribute('placeholder')).toBe('Your full name');
      expect(await dialog.getByLabel('Company Name').getAttribute('placeholder')).toBe('Your company');
      expect(await dialog.getByLabel('Select White Paper').locator('option').allTextContents()).toEqual(papers);
      await dialog.getByLabel('Full Name').fill('Ravi Kumar');
      await dialog.getByLabel('Email Address').fill('ravi@example.com');
      await dialog.getByLabel('Company Name').fill('Beta Labs');
      await dialog.getByLabel('Select White Paper').selectOption('gcc-strategic-evolution');
      await takeAPersonsTime(page);
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        dialog.getByRole('button', { name: copy.paperRequest.submit }).click(),
      ]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname + new URL(popup.url()).search).toBe('/white-paper?source=form');
      await page.getByText(copy.paperRequest.toast).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      // The team's mail; a form with a reply to the visitor sends that one too, to the visitor alone.
      const subject = 'White paper request from Ravi Kumar (Beta Labs)';
      const leads = () => smtp.received.slice(before).filter((m) => m.headers.subject === subject);
      await expect.poll(() => leads().length, { timeout: 15_000 }).toBe(1);
      const [mail] = leads();
      expect(mail.text).toContain(`Select White Paper: ${papers[1]} (gcc-strategic-evolution)`);
      // Reopened, the form is empty again.
      await page.getByRole('contentinfo').getByRole('button', { name: opener }).click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Full Name').inputValue()).toBe('');
      // Escape closes it, and focus returns to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(opener);
      await popup.close();
      await page.close();
    });

    it('its cancel button and the close icon close it', async () => {
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('button', { name: opener }).click();
      await page.getByRole('dialog').getByRole('button', { name: copy.paperRequest.cancel }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await footer.getByRole('button', { name: opener }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.close();
    });
  });

  describe('white paper page', () => {
    const { read } = copy.paperPage;
    it('the read action opens the document in a dialog; ?source=form hides it and the sections marked to hide', async () => {
      const { page } = await openPage(h.browser);
      await page.goto(h.baseUrl + '/white-paper');
      if (copy.paperPage.readTime) expect(await page.getByText(copy.paperPage.readTime).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: read }).count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: read }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: copy.paperPage.documentHeading }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.locator('section[data-type="cta"]').count()).toBe(1);

      await page.goto(h.baseUrl + '/white-paper?source=form');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('button', { name: read }).count()).toBe(0);
      expect(await page.locator('section[data-type="cta"]:visible').count()).toBe(0);
      // The paper itself stays readable in its scrollable area.
      expect(
        await page.getByRole('region').getByRole('heading', { name: copy.paperPage.overviewHeading }).isVisible(),
      ).toBe(true);
      await page.close();
    });
  });
}
