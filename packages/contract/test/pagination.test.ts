import { describe, expect, it } from 'vitest';
import { pageLinks } from '../src/pagination';

describe('pagination', () => {
  it('CALL-12 shows up to 5 page links around the current page', () => {
    expect(pageLinks(1, 100)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(50, 100)).toEqual([48, 49, 50, 51, 52]);
    expect(pageLinks(100, 100)).toEqual([96, 97, 98, 99, 100]);
    expect(pageLinks(2, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(1, 0)).toEqual([]);
  });
});
