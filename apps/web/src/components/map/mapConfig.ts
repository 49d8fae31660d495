/** A point chosen on the map. */
export interface MapPoint {
  longitude: number;
  latitude: number;
  formattedAddress: string;
  name: string;
}

/** Spec 000 §9: the map opens at zoom 13; a search shows 10 results. */
export const MAP_ZOOM = 13;
export const MAP_RESULT_SIZE = 10;
/** Where the map opens when no point is chosen yet (Beijing). */
export const MAP_DEFAULT_CENTER = { longitude: 116.397428, latitude: 39.90923 };

export interface MapConfig {
  /** Tile address template (`{z}/{x}/{y}`, optionally `{s}`); '' when the server configured none. */
  tiles: string;
  attribution: string;
  /** Search address (Nominatim-compatible `?q=&format=jsonv2&limit=`); '' when none. */
  geocoder: string;
}

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';

/** The map's addresses, as the server put them in the page (MACRO_MAP_TILE_URL, MACRO_MAP_GEOCODER_URL). */
export function mapConfig(): MapConfig {
  return { tiles: meta('macro-map-tiles'), attribution: meta('macro-map-attribution'), geocoder: meta('macro-map-geocoder') };
}

interface GeocoderHit {
  lat?: string | number;
  lon?: string | number;
  name?: string;
  display_name?: string;
}

/** A Nominatim-style answer as map points; entries without coordinates are dropped. */
export function pointsOf(hits: unknown): MapPoint[] {
  if (!Array.isArray(hits)) return [];
  return (hits as GeocoderHit[]).flatMap((hit) => {
    const longitude = Number(hit.lon);
    const latitude = Number(hit.lat);
    if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return [];
    const formattedAddress = String(hit.display_name ?? '');
    return [{ longitude, latitude, formattedAddress, name: String(hit.name || formattedAddress.split(',')[0] || '') }];
  });
}

/** Searches the configured geocoder: at most MAP_RESULT_SIZE points; throws when it does not answer. */
export async function searchPlaces(geocoder: string, text: string, language: string, signal?: AbortSignal): Promise<MapPoint[]> {
  const url = new URL(geocoder, window.location.href);
  url.searchParams.set('q', text);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', String(MAP_RESULT_SIZE));
  url.searchParams.set('accept-language', language);
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  return pointsOf(await response.json()).slice(0, MAP_RESULT_SIZE);
}

/** Longitude in [-180, 180] and latitude in [-90, 90]. */
export const isValidPoint = (longitude: unknown, latitude: unknown): boolean =>
  typeof longitude === 'number' && typeof latitude === 'number' && Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90;
