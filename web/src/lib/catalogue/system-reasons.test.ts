import { readReason } from './system-reasons';

describe('readReason', () => {
  it('recognises what the registry writes itself', () => {
    expect(readReason('Passed automated checks')).toEqual({ kind: 'passed' });
    expect(readReason('Passed automated checks; waiting for review by an administrator')).toEqual({
      kind: 'awaitingReview',
    });
    expect(readReason('Archive rejected: no pyproject.toml')).toEqual({
      kind: 'rejected',
      detail: 'no pyproject.toml',
    });
    expect(readReason('Not published: the pack is banned')).toEqual({
      kind: 'notPublished',
      detail: 'the pack is banned',
    });
    expect(readReason('undo of the change to NodeVersionStatusActive')).toEqual({
      kind: 'undo',
      status: 'NodeVersionStatusActive',
    });
    expect(readReason('[{"issue_type":"x"},{"issue_type":"y"}]')).toEqual({ kind: 'findings', count: 2, places: [] });
    expect(readReason('  ')).toEqual({ kind: 'none' });
  });

  it('leaves what a person typed as written', () => {
    expect(readReason('Looks fine to me')).toEqual({ kind: 'text', text: 'Looks fine to me' });
    expect(readReason('[not json')).toEqual({ kind: 'text', text: '[not json' });
  });
});

it('reads where the findings of an older scanner point, without showing its JSON', () => {
  expect(
    readReason('[{"rule":"exec","file":"nodes/run.py","line":12},{"rule":"net","filename":"a.py"},{"rule":"x"}]'),
  ).toEqual({
    kind: 'findings',
    count: 3,
    places: ['nodes/run.py:12', 'a.py'],
  });
});
