import { AppProviders } from '@suite/shared';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ItemIcon } from './ItemIcon';

const shown = (node: ReactNode) => render(<AppProviders>{node}</AppProviders>);

describe('a menu item’s icon', () => {
  it('draws an icon of the console as seeded at once, without the whole set', () => {
    const { container } = shown(<ItemIcon name="clipboard-list" personalized={false} />);
    // no Suspense: the SVG is there in the first render
    expect(container.querySelector('svg')?.innerHTML).toContain('stroke="currentColor"');
  });

  it('draws any other icon of the set through the shared renderer, once it has loaded', async () => {
    const { container } = shown(<ItemIcon name="rocket" personalized={false} />);
    expect(container.querySelector('svg')).toBeNull();
    await waitFor(() => expect(container.querySelector('svg')?.innerHTML).toContain('stroke="currentColor"'));
  });

  it('shows an uploaded image as an image, and nothing without an icon', async () => {
    const { container, rerender } = shown(<ItemIcon name="/brand/x/logo.png" personalized />);
    await waitFor(() => expect(container.querySelector('img')?.getAttribute('src')).toBe('/brand/x/logo.png'));
    rerender(
      <AppProviders>
        <ItemIcon name="" personalized={false} />
      </AppProviders>,
    );
    expect(container.querySelector('svg, img')).toBeNull();
  });
});
