/** How toasts look and how long they stay (SHELL-21, SHELL-22, SHELL-24). */
export const TOAST = {
  position: 'top-right',
  autoCloseMs: 5000,
  downloadAutoCloseMs: 2000,
  hideProgressBar: true,
  theme: 'light',
} as const;
