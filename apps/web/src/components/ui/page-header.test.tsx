import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../../lib/portal-routes';
import { PageHeader } from './page-header';

describe("a screen's heading", () => {
  it.each(PORTAL_ROUTES.map(({ path }) => path))(
    'on %s is the title from the screens table, with its description where it has one, and sets the document title',
    (path) => {
      const screen = PORTAL_ROUTES.find((route) => route.path === path)!;
      const { container } = render(<PageHeader path={path} />);
      expect(container.querySelector('h1')?.textContent).toBe(screen.title);
      const description = 'description' in screen ? screen.description : undefined;
      expect(container.querySelector('p')?.textContent).toBe(description);
      expect(document.title).toBe(`${screen.title} | enQ Account`);
    },
  );
});
