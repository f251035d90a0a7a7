/**
 * A title never states as a fact what its speaker said would follow only on a condition the title leaves out, nor gives
 * the participant as the subject of what someone or something else does.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { trueToStatement } from '../../../../src/analysis/local/insight-wording';
import { outcomeOnCondition } from '../../../../src/analysis/local/title-conditions';
import { titleChecker } from '../../../../src/analysis/local/title-check';
import { verbatimTitle } from '../../../../src/analysis/local/verbatim-title';
import { loadWink, type WinkReader } from '../../../../src/analysis/local/wink-model';
import { statementInTurn } from '../helpers/statements';

let wink: WinkReader;
beforeAll(async () => {
  wink = await loadWink();
});

describe('an outcome said on a condition', () => {
  it('is not a claim without its condition', () => {
    expect(trueToStatement('Their research will be inaccurate', 'It is an integral part of my research and if the calculations are wrong, my research will be inaccurate.')).toBe(false);
    expect(trueToStatement('You have lots of customer support', 'If you have lots and lots of paying customers, you have lots of customer support.')).toBe(false);
    expect(trueToStatement('They could force more people to take Android classes', 'If I had a magic wand, we could force more people to take Android classes.')).toBe(false);
    // What the speaker said it was not like.
    expect(trueToStatement("Three years from now they're going to have 10,000 customers", 'When we quit our jobs, it wasn\'t like "Yeah, three years from now we\'re gonna have 10,000 customers".')).toBe(false);
  });

  it('is a claim when it holds anyway, or when the "if" is a way of speaking', () => {
    expect(trueToStatement('They can ask the model for ideas', "If I'm coming up blank, I can ask the model for ideas.")).toBe(true);
    expect(trueToStatement("They're not a huge fan of using AI for customer service", "If you want me to be completely honest, I'm not a huge fan of using AI for customer service.")).toBe(true);
    expect(outcomeOnCondition('If anything, ', 'my concerns will grow')).toBe(false);
    expect(outcomeOnCondition('If the export fails, ', 'we will lose a day')).toBe(true);
  });

  it('is not a sentence in quotation marks either', () => {
    const text = 'It is an integral part of my research and if the calculations are wrong, my research will be inaccurate.';
    const statement = statementInTurn(wink, text, text, 0);
    expect(verbatimTitle(text, [statement], titleChecker(wink))).toBeUndefined();
  });
});

describe('the subject of a claim', () => {
  it('is not the participant when something else does what the claim says', () => {
    // "it would be very helpful and save those in the field vast amounts of time": the AI saves it, not they.
    expect(trueToStatement('They save those in the field vast amounts of time', 'If AI could generate a list of references, it would be very helpful and save those in the field vast amounts of time.')).toBe(false);
    expect(trueToStatement('They save hours on every literature review', 'We save hours on every literature review now.')).toBe(true);
  });
});
