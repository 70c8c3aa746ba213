import { describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { MAIN_BOX, SIDEBAR_BOX } from './shell-frame';

describe("the portal's frame", () => {
  it('index.html paints the sidebar and the screen in the boxes the portal then draws them in', () => {
    const boxes = [...indexHtml.matchAll(/<div\s+class="([^"]*)"/g)].map((match) => match[1]);
    expect(boxes).toContain(SIDEBAR_BOX);
    expect(boxes).toContain(MAIN_BOX);
  });
});
