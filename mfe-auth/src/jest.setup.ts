import { preloadScreens } from './App';

// Screens are split into chunks; tests render them synchronously, as after a prefetch.
beforeAll(() => preloadScreens());
