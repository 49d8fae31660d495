import { describe, expect, it } from 'vitest';
import { areaPath, joinAreaPath } from './areaValue';
import { extensionOf, previewKindOf, UNSUPPORTED_CLOSE_MS } from './filePreview';
import { isValidPoint, MAP_RESULT_SIZE, MAP_ZOOM, pointsOf } from './map/mapConfig';
import { normaliseBasePath } from '../shell/micro';

describe('area selector value', () => {
  it('takes a comma-separated string or an array and gives the same path', () => {
    expect(areaPath('44,4403,440305')).toEqual(['44', '4403', '440305']);
    expect(areaPath(['44', '4403', '440305'])).toEqual(['44', '4403', '440305']);
    expect(areaPath(' 11 , 1101 ')).toEqual(['11', '1101']);
  });
  it('treats empty input as nothing chosen and keeps three levels at most', () => {
    expect(areaPath('')).toEqual([]);
    expect(areaPath(undefined)).toEqual([]);
    expect(areaPath(null)).toEqual([]);
    expect(areaPath([])).toEqual([]);
    expect(areaPath('44,,4403')).toEqual(['44', '4403']);
    expect(areaPath('1,2,3,4')).toEqual(['1', '2', '3']);
  });
  it('emits the chosen codes joined by commas', () => {
    expect(joinAreaPath(['44', '4403', '440305'])).toBe('44,4403,440305');
    expect(joinAreaPath(['11'])).toBe('11');
    expect(joinAreaPath(undefined)).toBe('');
    expect(joinAreaPath(areaPath(['44', '4403']))).toBe(joinAreaPath(areaPath('44,4403')));
  });
});

describe('file preview type rules', () => {
  it('shows gif, jpg, jpeg and png as images, mp4 as video, pdf in a frame, whatever the case', () => {
    for (const name of ['a.gif', 'b.jpg', 'c.JPEG', 'd.png']) expect(previewKindOf({ name })).toBe('image');
    expect(previewKindOf({ name: 'clip.MP4' })).toBe('video');
    expect(previewKindOf({ name: 'contract.pdf' })).toBe('pdf');
    expect(previewKindOf({ url: '/files/contract.pdf?token=1#page=2' })).toBe('pdf');
  });
  it('has no preview for other types, which close after 300 ms', () => {
    for (const name of ['notes.docx', 'sheet.xlsx', 'a.webp', 'movie.avi', 'archive.zip', 'README', '.png']) expect(previewKindOf({ name })).toBeNull();
    expect(UNSUPPORTED_CLOSE_MS).toBe(300);
  });
  it('believes a MIME type over the name, and reads it from a data address', () => {
    expect(previewKindOf({ url: 'data:image/png;base64,AAAA' })).toBe('image');
    expect(previewKindOf({ url: 'data:image/webp;base64,AAAA' })).toBeNull();
    expect(previewKindOf({ url: 'blob:x', name: 'renamed.txt', type: 'application/pdf' })).toBe('pdf');
    expect(previewKindOf({ url: 'blob:x', name: 'x.png', type: 'text/html' })).toBeNull();
    expect(extensionOf('https://h/a.b/c.JPG?x=1')).toBe('jpg');
  });
});

describe('map picker', () => {
  it("keeps the spec's zoom and page size", () => {
    expect(MAP_ZOOM).toBe(13);
    expect(MAP_RESULT_SIZE).toBe(10);
  });
  it('reads a Nominatim-style answer as map points and drops entries without coordinates', () => {
    expect(pointsOf([{ lat: '39.9', lon: '116.4', name: '天安门', display_name: '天安门, 东城区, 北京市' }, { name: 'nowhere' }])).toEqual([
      { longitude: 116.4, latitude: 39.9, name: '天安门', formattedAddress: '天安门, 东城区, 北京市' },
    ]);
    expect(pointsOf({ error: 'x' })).toEqual([]);
    expect(isValidPoint(116.4, 39.9)).toBe(true);
    expect(isValidPoint(181, 0)).toBe(false);
    expect(isValidPoint(undefined, 0)).toBe(false);
  });
});

describe('micro-frontend base path', () => {
  it('normalises what the host passes', () => {
    expect(normaliseBasePath(undefined)).toBe('/');
    expect(normaliseBasePath('/portal/console/')).toBe('/portal/console');
    expect(normaliseBasePath('portal')).toBe('/portal');
  });
});
