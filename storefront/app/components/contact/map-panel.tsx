// A drawn stand-in for a map: no embedded map or iframe (no third-party requests, nothing to
// consent to), just the address over a quiet street plan and a link to OpenStreetMap.

type Props = { storeName: string; addressLines: string[]; mapUrl: string };

export function MapPanel({ storeName, addressLines, mapUrl }: Props) {
  return (
    <figure className="map-panel">
      <svg
        className="map-panel__art"
        viewBox="0 0 400 240"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="400" height="240" className="map-panel__ground" />
        <path className="map-panel__park" d="M250 18h112v78H250z" />
        <path className="map-panel__street map-panel__street--main" d="M-10 150 C90 140 170 120 410 128" />
        <path className="map-panel__street" d="M120 -10 L150 250" />
        <path className="map-panel__street" d="M230 -10 C228 80 240 160 262 250" />
        <path className="map-panel__street" d="M-10 62 L410 44" />
        <path className="map-panel__street" d="M-10 214 L410 196" />
        <path className="map-panel__street" d="M330 -10 L316 250" />
        <g className="map-panel__pin" transform="translate(190 130)">
          <path d="M0 0c-12-14-18-24-18-33a18 18 0 0 1 36 0c0 9-6 19-18 33z" />
          <circle cx="0" cy="-33" r="6" className="map-panel__pin-dot" />
        </g>
      </svg>
      <figcaption className="map-panel__caption">
        <span className="map-panel__name">{storeName || "Atelier London"}</span>
        <span>{addressLines.join(", ")}</span>
        <a className="map-panel__link" href={mapUrl}>
          Open in Maps
        </a>
      </figcaption>
    </figure>
  );
}
