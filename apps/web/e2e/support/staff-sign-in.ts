import { signIn, type Page } from './browser';
/** Signs a staff member in (the two-factor step is added by the TOTP work). */
export async function signInStaff(page: Page, email: string, password: string) {
  await signIn(page, email, password);
}
