import { withKeys } from './list-keys';

it('keys items by their content and numbers repeats, so no two keys are equal', () => {
  const keyed = withKeys(['a', 'b', 'a', 'a'], (s) => s);
  expect(keyed).toEqual([
    ['a', 'a'],
    ['b', 'b'],
    ['a#2', 'a'],
    ['a#3', 'a'],
  ]);
  expect(new Set(keyed.map(([key]) => key)).size).toBe(4);
});
