"""The frame every chart of ``caveat stats --html`` is drawn in: its size, a round
y axis with grid lines, and the ``<svg>`` element around the shapes."""

from __future__ import annotations

WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 760, 280, 48, 56, 12


def axis(top: int) -> tuple[int, list[str]]:
    """A round maximum for the y axis and its grid lines and labels."""
    steps = (m * 10**e for e in range(12) for m in (1, 2, 5))
    step = next(s for s in steps if -(-top // s) <= 5)
    high = max(step, -(-top // step) * step)
    plot = HEIGHT - BOTTOM - TOP
    out = []
    for value in range(0, high + 1, step):
        y = TOP + plot - plot * value / high
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{value}</text>'
        )
    return high, out


def svg(name: str, label: str, shapes: list[str]) -> str:
    return (
        f'<svg id="{name}" role="img" aria-label="{label}" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="100%" xmlns="http://www.w3.org/2000/svg">' + "".join(shapes) + "</svg>"
    )
