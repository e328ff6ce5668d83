/** A measurement as lists name it: "Lämpötila (°C)", or the name alone without a unit. */
export const measurementLabel = (m: {
  measurementName: string;
  measurementUnit?: string | null;
}) => (m.measurementUnit ? `${m.measurementName} (${m.measurementUnit})` : m.measurementName);
