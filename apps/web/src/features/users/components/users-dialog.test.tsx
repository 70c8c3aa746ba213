import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogList } from './users-dialog';

describe('lists inside the Users dialogs', () => {
  it('USR-80 a list taller than 350 px scrolls inside its dialog', () => {
    const emails = Array.from({ length: 40 }, (_, i) => `user${i + 1}@harborpinetax.com`);
    render(<DialogList label="Users to be added" items={emails} />);
    const list = screen.getByRole('list');
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    // jsdom lays nothing out: what a browser does with these is the rule, 350 px then a scroll bar.
    expect(list.style.maxHeight).toBe('350px');
    expect(list.className).toContain('overflow-y-auto');
  });
});
