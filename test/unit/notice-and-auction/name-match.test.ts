import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameKey, sameName } from '../../../src/services/name-match';
import { romanise } from '../../../src/services/owner-text';

// s. 19: a bidder whose name is an enrolled officer's or pound-keeper's — typed in either script — is refused.

describe('the same name in Devanagari and in Latin letters', () => {
  it.each([
    ['सुरेश कुमार', 'Suresh Kumar'],
    ['श्री सुरेश कुमार', 'shri SURESH kumar'],
    ['रमेश शर्मा', 'Sharma, Ramesh'],
    ['विक्रम सिंह', 'Vikram Singh'],
    ['कमल', 'Kamal'],
    ['कमला', 'Kamla'],
    ['कमला', 'Kamala'],
    ['कमलेश', 'Kamlesh'],
    ['कमलेश', 'Kamalesh'],
    ['मिश्र', 'Mishra'],
    ['लक्ष्मी', 'Lakshmi'],
    ['लक्ष्मी', 'Laxmi'],
    ['गीता', 'Geeta'],
    ['श्याम', 'Shyam'],
    ['राजेन्द्र', 'Rajendra'],
    ['राजेंद्र', 'Rajendra'],
    ['कृष्ण', 'Krishna'],
    ['चंद्र', 'Chandra'],
    ['छाया', 'Chhaya'],
    ['पप्पू', 'Pappu'],
    ['दीपक', 'Deepak'],
    ['भगवान', 'Bhagwan'],
    ['वर्मा', 'Verma'],
    ['गौरव', 'Gaurav'],
    ['कैलाश चंद', 'Kailash Chand'],
    ['अंबिका', 'Ambika'],
    ['भूपेन्द्र', 'Bhupendra'],
    ['गोपाल मीणा', 'Gopal Meena'],
    ['मोहन लाल', 'Mohanlal'],
    ['फ़ारूक़', 'Farooq'],
    ['ज़ाकिर', 'Zakir'],
    ['प्रियंका', 'Priyanka'],
    ['धर्मेन्द्र', 'Dharmendra'],
    ['मेहता', 'Mehta'],
    ['जगदीश', 'Jagadish'],
    ['बलवंत', 'Balwant'],
    ['सुनीता देवी', 'Sunita Devi'],
    ['सीताराम', 'Sitaram'],
    ['रामलाल गुर्जर', 'Ramlal Gurjar'],
  ])('%s ~ %s', (a, b) => {
    expect(sameName(a, b)).toBe(true);
    expect(sameName(b, a)).toBe(true);
  });
});

describe('different names stay different', () => {
  it.each([
    ['कमल', 'Kamla'],
    ['सुरेश', 'Ramesh'],
    ['सीता', 'Gita'],
    ['मोहन', 'Sohan'],
    ['राजेश', 'Rakesh'],
    ['Suresh Kumar', 'Suresh Kumari'],
    ['Suresh Kumar', 'Suresh'],
    ['Anil', 'Sunil'],
    ['राम', 'श्याम'],
    ['Mahesh', 'Naresh'],
  ])('%s ≁ %s', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });

  it('a name of honorifics or punctuation only matches nothing', () => {
    expect(nameKey('Shri ...')).toBe('');
    expect(sameName('श्री', 'Shri')).toBe(false);
    expect(sameName('', '')).toBe(false);
  });
});

describe('Devanagari letters', () => {
  it.each([
    ['कमल', 'kamal', 'Kamal'], // final inherent a is silent
    ['मिश्र', 'mishra', 'Mishra'], // … but sounded after a conjunct
    ['सिंह', 'sinh', 'Singh'],
    ['क़ाज़ी', 'kaazee', 'Kazi'], // the name key folds z = j and long vowels
    ['ऋषि', 'rishi', 'Rishi'],
  ])('%s → %s, the same name as %s', (word, latin, typed) => {
    expect(romanise(word)).toBe(latin);
    expect(nameKey(word)).toBe(nameKey(typed));
  });
});

describe('typing variations never change the key', () => {
  it('case, extra spaces, punctuation, honorifics and word order', () => {
    const word = fc.stringMatching(/^[A-Za-z]{2,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean(), (words, honorific) => {
        const typed = `${honorific ? 'Shri ' : ''}${[...words]
          .reverse()
          .map((w) => w.toUpperCase())
          .join(' ,  ')}.`;
        expect(nameKey(typed)).toBe(nameKey(words.join(' ')));
      }),
    );
  });
});
