import { expect, test } from '../fixtures/test';
import { linkOf, waitForMail } from '../fixtures/api';
import { DEMO_STORE, unique } from '../fixtures/demo';
import { snap } from '../fixtures/screens';

test('[AUTH]: a consigner signs up in three steps, verifies the e-mail, accepts the terms and lands in the portal', async ({ page }) => {
  // The longest journey of the suite: three steps, two e-mails, two page loads per screenshot.
  test.setTimeout(150_000);
  const email = `${unique('seller')}@e2e.backroom.test`;
  const password = 'correct-horse-42';

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create Free Account' })).toBeVisible();
  await expect(page.getByText('PROFILE', { exact: true })).toBeVisible();
  await expect(page.getByText('Create your seller profile')).toBeVisible();
  await expect(page.getByText('Link your bank')).toBeVisible();
  await expect(page.getByText('Accept our TOS')).toBeVisible();

  // Step 1: PROFILE. The domain schema refuses a phone number without an area code.
  await page.getByLabel('First name').fill('Nora');
  await page.getByLabel('Last name').fill('Quinn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('555 01');
  await page.getByLabel('Address').fill('42 Harbour Road, Springfield');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please enter a phone number including the area code')).toBeVisible();
  await page.getByLabel('Phone').fill('+1 212 555 0199');
  await snap(page, 'signup-1-profile');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: GET PAID. Bank fields follow the routing type; other payout types ask for an e-mail.
  await expect(page.getByTestId('step-get-paid')).toBeVisible();
  await page.getByText('PayPal', { exact: true }).click();
  await expect(page.getByLabel('PayPal account email')).toBeVisible();
  await page.getByText('Bank', { exact: true }).click();
  await expect(page.getByLabel('Routing number', { exact: true })).toBeVisible();
  await page.getByText('IBAN Number').click();
  await expect(page.getByLabel('Routing number', { exact: true })).toHaveCount(0);
  await page.getByText('ABA Routing Number').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Account name is required')).toBeVisible();
  await page.getByLabel('Account holder name').fill('Nora Quinn');
  await page.getByLabel('Account number', { exact: true }).fill('000123456789');
  await page.getByLabel('Routing number', { exact: true }).fill('021000021');
  await snap(page, 'signup-2-get-paid');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: TERMS. The dialog shows the store's terms.
  await expect(page.getByTestId('step-terms')).toBeVisible();
  await page.getByText('Terms & Conditions').click();
  const dialog = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(dialog.getByTestId('terms-text')).toContainText('Backroom Demo consignment terms');
  await snap(page, 'signup-3-terms-dialog');
  await dialog.getByRole('button', { name: 'I accept' }).click();

  // Sign Up stays disabled while the confirmation differs from the password.
  const signUp = page.getByRole('button', { name: 'Sign Up' });
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(signUp).toBeEnabled();
  await snap(page, 'signup-3-terms');
  await signUp.click();

  // Verify: the e-mail goes out once automatically; its link verifies and signs in.
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('heading', { name: 'You need to verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await snap(page, 'verify');
  // the page sends the e-mail and sets the cookie once it knows who is signed in, after its first draw
  const sentCookie = async () => (await page.context().cookies()).find((c) => c.name === 'verificationEmailSent')?.value;
  await expect.poll(sentCookie).toBe(encodeURIComponent(email));

  const mail = await waitForMail(email, /verify/i);
  await page.goto(linkOf(mail, 'verify-email'));

  // Onboarding carousel: three slides with Next and dots; the third Next goes to /.
  await expect(page).toHaveURL(/\/signupSplash$/);
  await expect(page.getByText('Add all the items you want to consign').first()).toBeVisible();
  await snap(page, 'signup-splash');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'After approval you need to drop off or ship items into the store' })).toBeInViewport();
  await page.locator('.slick-dots li').nth(2).click();
  await expect(page.getByRole('heading', { name: 'Keep track of sales and get paid instantly within the platform' })).toBeInViewport();
  await page.getByRole('button', { name: 'Next' }).click();

  // The new consigner is inactive until the terms are accepted.
  await expect(page).toHaveURL(/\/$/);
  const terms = page.getByRole('dialog', { name: `Accept ${DEMO_STORE.name} Terms` });
  await expect(terms).toBeVisible();
  await expect(terms.getByTestId('terms-text')).toContainText('Items stay the property of the consigner until sold');
  await snap(page, 'terms-dialog');
  await terms.getByRole('button', { name: 'Accept and continue' }).click();

  // The portal: its menu, the Help link to the store's support address, the user's name.
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Nora');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const menu = page.getByTestId('main-menu');
  // The portal's menu (Store Request since docs/dashboard-and-activity.md).
  for (const entry of ['Products', 'Inventory', 'Requested', 'Drop Off Pending', 'Store Request', 'Payout', 'Settings']) {
    await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Help' })).toHaveAttribute('href', `mailto:${DEMO_STORE.supportEmail}`);
  await snap(page, 'consigner-portal', async (width) => {
    if (width < 768) await expect(page.getByTestId('menu-toggle')).toBeVisible();
  });

  // A staff screen, opened by its address, leads home.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('welcome-title')).toHaveText('Welcome, Nora', { timeout: 30_000 });

  // The phone layout opens the menu in a drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('menu-toggle').click();
  await expect(page.locator('.ant-drawer').getByRole('menuitem', { name: 'Products', exact: true })).toBeVisible();
  await snap(page, 'consigner-drawer');
});
