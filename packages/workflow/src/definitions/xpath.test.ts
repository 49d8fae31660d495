import { describe, expect, it } from 'vitest';
import { xpathToFeel } from './xpath.ts';

const declared = new Map([
  ['approved', 'approved'],
  ['DataObject_1', 'approved'],
  ['clarified', 'clarified'],
  ['amount', 'amount'],
  ['Invoice total', 'Invoice total'],
]);

describe('XPath conditions', () => {
  it.each([
    ["bpmn:getDataObject('approved')", 'approved'],
    ["not(bpmn:getDataObject('approved'))", 'not( approved )'],
    ["bpmn:getDataObject('clarified') = 'yes'", 'clarified = "yes"'],
    ['getDataObject("DataObject_1") != true()', 'approved != true'],
    ["bpmn:getDataObject('Process_1', 'amount') >= 1000 and bpmn:getDataObject('approved')", 'amount >= 1000 and approved'],
    ["bpmn:getDataObject('amount') div 2 < 10 or false()", 'amount / 2 < 10 or false'],
    ["bpmn:getDataObject('clarified') = 'say \"no\"'", 'clarified = "say \\"no\\""'],
  ])('%s is the FEEL %s', (xpath, feel) => {
    expect(xpathToFeel(xpath, declared)).toEqual({ feel });
  });

  it.each([
    ["bpmn:getDataObject('missing')", 'no data object named missing'],
    ["bpmn:getDataObject('Invoice total') > 1", 'data object name Invoice total is not a plain identifier'],
    ['/invoice/approved', 'unexpected character at 1'],
    ['approved', 'approved: paths are not supported, read data with getDataObject'],
    ["count(bpmn:getDataObject('approved'))", 'function count is not supported'],
    ["camunda:getDataObject('approved')", 'function camunda:getDataObject is not supported'],
    ['bpmn:getDataObject(approved)', 'getDataObject takes the data object name as a string'],
    ['true(1)', 'true() takes no argument'],
    ['${approved}', 'unexpected character at 1'],
    ['', 'empty expression'],
  ])('%s is refused: %s', (xpath, error) => {
    expect(xpathToFeel(xpath, declared)).toEqual({ error });
  });
});
