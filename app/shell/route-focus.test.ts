import { describe, expect, it } from 'vitest';
import { APP_NAME, movesFocus, pageTitle } from './route-focus';

describe('movesFocus', () => {
  it.each([
    { previous: null, path: '/', moves: false, why: "the app's first load" },
    { previous: '/', path: '/lessons', moves: true, why: 'a new screen' },
    { previous: '/lessons', path: '/lesson/pins', moves: true, why: 'a screen inside a section' },
    { previous: '/tournaments/3', path: '/tournaments/3', moves: false, why: 'only the query string changed (?tab=rounds)' },
  ])('$why: $moves', ({ previous, path, moves }) => {
    expect(movesFocus(previous, path)).toBe(moves);
  });
});

describe('pageTitle', () => {
  it.each([
    { heading: 'Lessons', title: `Lessons · ${APP_NAME}` },
    { heading: '  Pins and\n  Skewers ', title: `Pins and Skewers · ${APP_NAME}` },
    { heading: '', title: APP_NAME },
    { heading: null, title: APP_NAME },
    { heading: APP_NAME, title: APP_NAME },
  ])('$heading -> $title', ({ heading, title }) => {
    expect(pageTitle(heading)).toBe(title);
  });
});
