/* Running the real bpmn-js modeler in jsdom (tests only). */

/** jsdom draws no SVG: the geometry diagram-js asks of it is stubbed, the modeling is bpmn-js's own. */
export function stubSvgGeometry() {
  const matrix = () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0, inverse: matrix, multiply: matrix, translate: matrix, scale: matrix });
  const list = {
    numberOfItems: 0,
    consolidate: () => null,
    appendItem() {},
    clear() {},
    initialize() {},
    createSVGTransformFromMatrix: (m: unknown) => ({ matrix: m, setMatrix() {} }),
  };
  const svg = globalThis.SVGElement.prototype as unknown as Record<string, unknown>;
  Object.defineProperty(svg, 'transform', { get: () => ({ baseVal: list }), configurable: true });
  Object.assign(svg, {
    getBBox: () => ({ x: 0, y: 0, width: 10, height: 10 }),
    getScreenCTM: matrix,
    getCTM: matrix,
    createSVGMatrix: matrix,
    createSVGTransform: () => ({ matrix: matrix(), setMatrix() {}, setTranslate() {}, setScale() {}, setRotate() {} }),
    createSVGTransformFromMatrix: (m: unknown) => ({ matrix: m, setMatrix() {} }),
    getComputedTextLength: () => 10,
  });
  Object.assign(globalThis, { SVGMatrix: class {} });
}
