import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenHeading, screenTitle } from '../../../build/screen-heading';
import { PORTAL_ROUTES } from '../../lib/portal-routes';
import { PageHeader } from './page-header';

describe("a screen's heading", () => {
  it.each(PORTAL_ROUTES.map(({ path }) => path))(
    'on %s is written into the page by the server exactly as the portal then renders it (no shift, no flash)',
    (path) => {
      const written = document.createElement('div');
      written.innerHTML = screenHeading(path);
      const { container } = render(<PageHeader path={path} />);
      expect(container.isEqualNode(written), `${container.innerHTML}\n!=\n${written.innerHTML}`).toBe(true);
    },
  );

  it('carries the document title the portal sets, its text written as HTML', () => {
    expect(screenTitle('/pdf')).toBe('<title>PDF and Contact Cards | enQ Account</title>');
    expect(screenHeading('/')).toContain('Your PIN, this period&#x27;s credits');
  });
});
