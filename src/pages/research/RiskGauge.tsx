// The §9 gauge, drawn in SVG (react-gauge-chart asks for React ≤ 18): 7 levels, arc width 0.15 of the radius,
// colours from red to green, the needle moving to the score after 500 ms over 3000 ms.
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

export const GAUGE_LEVELS = 7;
export const GAUGE_ARC_WIDTH = 0.15;
export const GAUGE_DELAY_MS = 500;
export const GAUGE_DURATION_MS = 3000;
const RED = [234, 67, 53];
const GREEN = [52, 168, 83];
const YELLOW = [251, 188, 5];

/** The colour of level `index` (0 = worst): red to yellow to green. */
export function levelColour(index: number, levels = GAUGE_LEVELS): string {
  const t = levels === 1 ? 1 : index / (levels - 1);
  const [from, to, local] = t < 0.5 ? [RED, YELLOW, t * 2] : [YELLOW, GREEN, (t - 0.5) * 2];
  const mix = from.map((channel, i) => Math.round(channel + (to[i]! - channel) * local));
  return `rgb(${mix.join(', ')})`;
}

const R = 100;
const CX = 120;
const CY = 115;

function point(fraction: number, radius: number): [number, number] {
  const angle = Math.PI * (1 - fraction);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

function segment(from: number, to: number): string {
  const inner = R * (1 - GAUGE_ARC_WIDTH);
  const [x1, y1] = point(from, R);
  const [x2, y2] = point(to, R);
  const [x3, y3] = point(to, inner);
  const [x4, y4] = point(from, inner);
  return `M ${x1} ${y1} A ${R} ${R} 0 0 1 ${x2} ${y2} L ${x3} ${y3} A ${inner} ${inner} 0 0 0 ${x4} ${y4} Z`;
}

export function RiskGauge({ score, label }: { score: number; label?: string }) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setShown(Math.max(0, Math.min(100, score))), GAUGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [score]);
  const gap = 0.006;
  const rotation = -90 + (shown / 100) * 180;
  return (
    <Box sx={{ textAlign: 'center' }}>
      <svg viewBox="0 0 240 130" width="100%" style={{ maxWidth: 280 }} role="img" aria-label={`Risk score ${score} of 100`}>
        {Array.from({ length: GAUGE_LEVELS }, (_, index) => (
          <path key={index} data-testid="gauge-level" d={segment(index / GAUGE_LEVELS + (index ? gap : 0), (index + 1) / GAUGE_LEVELS - (index < GAUGE_LEVELS - 1 ? gap : 0))} fill={levelColour(index)} />
        ))}
        <g style={{ transform: `rotate(${rotation}deg)`, transformOrigin: `${CX}px ${CY}px`, transition: `transform ${GAUGE_DURATION_MS}ms ease-out` }}>
          <polygon points={`${CX - 4},${CY} ${CX + 4},${CY} ${CX},${CY - R * 0.8}`} fill="#464A4F" />
        </g>
        <circle cx={CX} cy={CY} r={7} fill="#464A4F" />
      </svg>
      <Typography variant="h4" component="p">{score}</Typography>
      {label ? <Typography color="text.secondary">{label}</Typography> : null}
    </Box>
  );
}
