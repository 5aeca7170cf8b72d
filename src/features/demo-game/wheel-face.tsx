import type { MouseEventHandler, PointerEventHandler, Ref } from 'react'
import type { WheelSegment } from './demo-game-content'
import { segmentMiddle, segmentPath } from './wheel-geometry'

// Navy, amber, white, lighter navy: the brand palette, turn and turn about.
const FILLS = ['#0b1f4b', '#ffb020', '#ffffff', '#12306e']
const INKS = ['#ffffff', '#061233', '#0b1f4b', '#ffffff']
// Sixteen bulbs on the rim: zero-length dashes with round caps, every other one white.
const BULB_GAP = (2 * Math.PI * 104) / 8

export interface WheelFaceProps {
  segments: WheelSegment[]
  label: string
  rotorRef?: Ref<SVGGElement>
  won?: number
  onClick?: MouseEventHandler<SVGSVGElement>
  onPointerDown?: PointerEventHandler<SVGSVGElement>
}

/** The wheel as drawn in the prerendered page and in the game: the same SVG, so nothing moves at the swap. */
export function WheelFace({ segments, label, rotorRef, won, onClick, onPointerDown }: WheelFaceProps) {
  const count = segments.length
  return (
    <svg className="wheel" viewBox="-112 -118 224 232" width="224" height="232" role="img" aria-label={`${label} : ${segments.map((segment) => segment.label).join(', ')}`} onClick={onClick} onPointerDown={onPointerDown}>
      <circle r="108" fill="#061233" />
      <g ref={rotorRef} className="wheel__rotor">
        {segments.map((segment, index) => (
          <g key={index}>
            <path className="wheel__segment" d={segmentPath(index, count)} fill={FILLS[index % 4]} data-label={segment.label} />
            <text className="wheel__label" transform={`rotate(${segmentMiddle(index, count)}) translate(0 -60) rotate(-90)`} fill={INKS[index % 4]} textAnchor="middle" dominantBaseline="central">
              {segment.label}
            </text>
          </g>
        ))}
        {won === undefined ? null : (
          <g className="wheel__highlight" fill="none">
            <path d={segmentPath(won, count, 97)} stroke="#061233" strokeWidth="7" />
            <path d={segmentPath(won, count, 97)} stroke="#ffb020" strokeWidth="3.5" />
          </g>
        )}
      </g>
      <g className="wheel__bulbs" fill="none" strokeWidth="5.2" strokeLinecap="round" transform="rotate(-78.75)">
        <circle r="104" stroke="#ffb020" strokeDasharray={`0 ${BULB_GAP}`} />
        <circle r="104" stroke="#ffffff" strokeDasharray={`0 ${BULB_GAP}`} strokeDashoffset={-BULB_GAP / 2} />
      </g>
      <circle className="wheel__hub" r="17" fill="#ffffff" stroke="#061233" strokeWidth="4" />
      <circle className="wheel__hub" r="7" fill="#ffb020" />
      <path className="wheel__pointer" d="M0 -86L-13 -114H13Z" fill="#ffb020" stroke="#061233" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  )
}
