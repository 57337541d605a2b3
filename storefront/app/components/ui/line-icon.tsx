import type { ReactNode, SVGProps } from "react";

/**
 * A decorative line-drawn icon: `size` pixels square, its paths stroked in the text colour on a
 * grid `box` units wide (24 unless given). It is hidden from assistive technology: the control
 * or text beside it carries the meaning. Other SVG attributes (a class, round joins, a fill for an
 * "on" state) pass through.
 */
export function LineIcon({
  size,
  box = 24,
  strokeWidth = 1.5,
  fill = "none",
  children,
  ...rest
}: {
  size: number;
  box?: number;
  children: ReactNode;
} & Omit<SVGProps<SVGSVGElement>, "width" | "height" | "viewBox">) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      fill={fill}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      {...rest}
    >
      {children}
    </svg>
  );
}
