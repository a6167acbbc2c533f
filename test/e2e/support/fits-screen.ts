import { expect, type Page } from '@playwright/test';

/**
 * What sticks out of a phone's screen sideways: every rendered element whose box reaches past the viewport's left or
 * right edge (each element's own bounding box, so one inside a scrolling box counts too: on a phone nothing should
 * need a sideways scroll), and every open dialog not wholly inside the viewport. One pass in the page (source text:
 * this project's Node side has no DOM types). Visually hidden text (1 px, clipped) is left out.
 */
const OUT_OF_SCREEN = `(() => {
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const name = (element) => {
    const id = element.id ? '#' + element.id : '';
    const classes = typeof element.className === 'string' && element.className.trim()
      ? '.' + element.className.trim().split(/\\s+/).join('.') : '';
    const text = (element.innerText || element.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
    return element.tagName.toLowerCase() + id + classes + (text ? ' "' + text + '"' : '');
  };
  const problems = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.left < -0.5 || box.right > width + 0.5) {
      problems.push(name(element) + ': ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width);
    }
  }
  for (const dialog of document.querySelectorAll('dialog[open]')) {
    const box = dialog.getBoundingClientRect();
    if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5) {
      problems.push('open ' + name(dialog) + ': ' + [box.left, box.top, box.right, box.bottom].map(Math.round).join(',') +
        ' in ' + width + 'x' + height);
    }
  }
  if (document.documentElement.scrollWidth > width) {
    problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' of ' + width);
  }
  return problems;
})()`;

/** The elements (and open dialogs) of the page as it is now that do not fit the screen's width; none, to pass. */
export async function outOfScreen(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(OUT_OF_SCREEN);
}

/** Fails, naming every element that sticks out, when anything on `page` is wider than its screen. */
export async function expectFitsScreen(page: Page, where: string): Promise<void> {
  expect(await outOfScreen(page), `${where}: elements wider than the screen`).toEqual([]);
}
