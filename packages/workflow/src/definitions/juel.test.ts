import { describe, expect, it } from 'vitest';
import { juelBody, juelToFeel } from './juel.ts';

describe(`conditions in the \${...} form`, () => {
  it.each([
    ['nrOfCompletedInstances / nrOfInstances >= 0.6', 'nrOfCompletedInstances / nrOfInstances >= 0.6'],
    ['nrOfCompletedInstances == nrOfInstances && !rejected', 'nrOfCompletedInstances = nrOfInstances and not(rejected)'],
    ['nrOfActiveInstances le 1 or not (a gt 2)', 'nrOfActiveInstances <= 1 or not( a > 2 )'],
    ["form.result ne 'no' || x div 2 eq null", 'form.result != "no" or x / 2 = null'],
    ['answer == "say \\"no\\""', 'answer = "say \\"no\\""'],
  ])('%s is the FEEL %s', (juel, feel) => {
    expect(juelToFeel(juel)).toEqual({ feel });
  });

  it.each([
    ["execution.getVariable('n') > 1", 'execution.getVariable(): method and function calls are not supported'],
    ['a ? b : c', 'unexpected character at 3'],
    ['empty list', 'empty is not supported'],
    ['n mod 2 == 0', 'mod is not supported'],
    ['list[0] > 1', 'unexpected character at 5'],
    ['!(a) && !3', '! is supported before a name or a bracket only'],
    ['', 'empty expression'],
  ])('%s is refused: %s', (juel, error) => {
    expect(juelToFeel(juel)).toEqual({ error });
  });

  it(`reads the body of \${...} and #{...} only`, () => {
    expect([juelBody(`\${a > 1}`), juelBody(' #{a} '), juelBody('a > 1'), juelBody(`\${a} > \${b}`)]).toEqual(['a > 1', 'a', undefined, `a} > \${b`]);
  });
});
