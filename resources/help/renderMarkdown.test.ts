import { expect, test } from 'vitest';
import { renderMarkdown } from './renderMarkdown';

function render(markdown: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(markdown);
  return host;
}

test('renders headings, emphasis, lists and tables', () => {
  const host = render('# Title\n\n## Part\n\nSome **bold** text.\n\n- one\n- two\n\n| Role | Works on |\n|---|---|\n| User | Chat |\n');
  expect(host.querySelector('h1')?.textContent).toBe('Title');
  expect(host.querySelector('h2')?.textContent).toBe('Part');
  expect(host.querySelector('strong')?.textContent).toBe('bold');
  expect([...host.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['one', 'two']);
  expect([...host.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Role', 'Works on']);
  expect([...host.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['User', 'Chat']);
});

test('raw HTML is shown as text, never as elements', () => {
  const host = render('<script>window.pwned = true</script>\n\nHello <img src="x" onerror="window.pwned = true"> there\n\n<iframe src="https://example.com"></iframe>');
  expect(host.querySelector('script, img, iframe, [onerror]')).toBeNull();
  expect(host.textContent).toContain('<script>window.pwned = true</script>');
  expect(host.textContent).toContain('<img src="x" onerror="window.pwned = true">');
});

test('javascript: links lose their target', () => {
  const host = render('[click](javascript:alert(1)) and [docs](https://example.com/docs)');
  const links = [...host.querySelectorAll('a')];
  expect(links.map((link) => link.getAttribute('href'))).toEqual([null, 'https://example.com/docs']);
});
