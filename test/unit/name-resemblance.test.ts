import { describe, expect, it } from 'vitest';
import { nameResemblance } from '../../src/services/name-match';

// s. 19: no officer or pound-keeper may buy "directly or indirectly". Initials and short forms of an enrolled
// staff member's name are flagged for the officer to confirm, not silently admitted.
describe('nameResemblance (s. 19 bidder check)', () => {
  it.each([
    ['Suresh Kumar', 'Suresh Kumar', 'same'],
    ['सुरेश कुमार', 'Suresh Kumar', 'same'],
    ['S. Kumar', 'Suresh Kumar', 'short_form'],
    ['S Kumar', 'Suresh Kumar', 'short_form'],
    ['Suresh K.', 'Suresh Kumar', 'short_form'],
    ['Suresh', 'Suresh Kumar', 'short_form'],
    ['Kumar', 'Suresh Kumar', 'short_form'],
    ['Sur. Kumar', 'Suresh Kumar', 'short_form'],
    ['सु. कुमार', 'Suresh Kumar', 'short_form'],
    ['Shri S. Kumar', 'Suresh Kumar', 'short_form'],
    ['R. Kumar', 'Suresh Kumar', 'none'],
    ['S. K.', 'Suresh Kumar', 'none'],
    ['Ramesh Sharma', 'Suresh Kumar', 'none'],
    ['Suresh Kumar Meena', 'Suresh Kumar', 'none'],
    ['Harish Jat', 'Rakesh Yadav', 'none'],
  ] as const)('%s vs %s → %s', (typed, staff, expected) => {
    expect(nameResemblance(typed, staff)).toBe(expected);
  });
});
