import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MAP_ZOOM } from './mapConfig';

export interface LeafletHandle {
  show(longitude: number, latitude: number): void;
  destroy(): void;
}

interface Options {
  tiles: string;
  attribution: string;
  center: { longitude: number; latitude: number };
  onPick(longitude: number, latitude: number): void;
  onTileError(): void;
}

/** The map of the picker (its own chunk: Leaflet loads only when a picker opens). */
export function createLeafletMap(element: HTMLElement, { tiles, attribution, center, onPick, onTileError }: Options): LeafletHandle {
  const map = L.map(element, { zoomControl: true, attributionControl: Boolean(attribution) }).setView([center.latitude, center.longitude], MAP_ZOOM);
  if (tiles) {
    const layer = L.tileLayer(tiles, { maxZoom: 19, attribution });
    let reported = false;
    layer.on('tileerror', () => {
      if (!reported) onTileError();
      reported = true;
    });
    layer.addTo(map);
  }
  let marker: L.CircleMarker | null = null;
  map.on('click', (event: L.LeafletMouseEvent) => onPick(Number(event.latlng.lng.toFixed(6)), Number(event.latlng.lat.toFixed(6))));
  // The dialog sizes the element after the map is made.
  const resize = window.setTimeout(() => map.invalidateSize(), 0);
  return {
    show(longitude, latitude) {
      if (marker) marker.setLatLng([latitude, longitude]);
      else marker = L.circleMarker([latitude, longitude], { radius: 8, color: '#409EFF', fillOpacity: 0.6 }).addTo(map);
      map.setView([latitude, longitude], MAP_ZOOM);
    },
    destroy() {
      window.clearTimeout(resize);
      map.remove();
    },
  };
}
