"""The message lint's check that a guard provides every placeholder a message uses:
each variant's built-in sample finding (``caveat.commands.samples``) is run through
the same section choice the hook makes, before and after the tool."""

from __future__ import annotations

from caveat import messages
from caveat.commands.message_sections import PLACEHOLDER
from caveat.commands.message_sections import Problem
from caveat.commands.message_sections import variant_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def provided(
    path: str,
    name: str,
    sections: Mapping[str, str],
    found: Mapping[str, str],
    bound: list[str],
) -> list[Problem]:
    """Placeholders each variant's section uses that the guard's sample lacks."""
    from caveat.commands import samples

    out: list[Problem] = []
    known = {v: s for v, s in samples.for_message(name).items() if not bound or s[0] in bound}
    for heading in sorted(found):
        variant = variant_of(heading)
        if variant and variant not in known:
            out.append(
                Problem(
                    path,
                    heading,
                    f"no sample finding of variant {variant!r} for this message",
                    "add one to the guard's samples (src/caveat/guards/<guard>/samples.py), "
                    "or drop the section if the guard never produces that variant",
                )
            )
    if found and not known:
        out.append(
            Problem(
                path,
                "",
                "no sample finding for this message",
                "add one per variant to the guard's samples (src/caveat/guards/<guard>/samples.py)",
            )
        )
    reported: set[tuple[str, str]] = set()
    for variant, (guard_id, values) in sorted(known.items()):
        for after in (False, True):
            text = messages.advisory(sections, variant, after)
            heading = _heading_of(found, text)
            for used in sorted(set(PLACEHOLDER.findall(text)) - set(values)):
                if (heading, used) in reported:
                    continue
                reported.add((heading, used))
                shown = repr(variant) if variant else "the plain finding"
                out.append(
                    Problem(
                        path,
                        heading,
                        f"placeholder {{{used}}} is not provided by guard {guard_id} "
                        f"(variant {shown})",
                        f"use one of {', '.join(sorted(values)) or '(none)'}, or add a "
                        f"'## {messages.ADVISORY}: {variant}' section without it"
                        if variant
                        else f"use one of {', '.join(sorted(values)) or '(none)'}",
                    )
                )
    return out


def _heading_of(found: Mapping[str, str], text: str) -> str:
    for heading, body in sorted(found.items()):
        if body == text:
            return heading
    return messages.ADVISORY
