"""``caveat messages render NAME``: the exact text the model gets for one finding of a
message, from a sample finding file or the guard's built-in sample.
"""

from __future__ import annotations

import json
import os

from caveat import messages
from caveat.commands.message_sections import is_context
from caveat.commands.message_sections import read
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.event import VERBATIM

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def _load_sample(path: str) -> tuple[dict[str, str], str | None]:
    """A sample finding file: ``{"values": {...}, "variant": "..."}`` or just the
    values mapping. Non-string values are written as JSON."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    if not isinstance(data, dict):
        raise ValueError("a sample finding is a JSON object")
    variant = None
    if isinstance(data.get("values"), dict):
        raw_variant = data.get("variant")
        variant = raw_variant if isinstance(raw_variant, str) else None
        data = data["values"]
    values = {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in data.items()}
    return values, variant


def render(
    name: str,
    sample_path: str | None,
    variant: str | None,
    event: str = "PreToolUse",
    env: Mapping[str, str] | None = None,
    project_root: str | None = None,
) -> str:
    """The exact text the model gets for one finding of message ``name``: the values
    of ``sample_path`` when given, else the built-in sample for ``variant``."""
    from caveat.commands import samples
    from caveat.event import Finding

    name = name.removesuffix(".md")
    env = os.environ if env is None else env
    path = messages.locate(name, project_root)
    if not os.path.isfile(path):
        from caveat.common.names import suggest

        names = [n[:-3] for n in os.listdir(messages.bundled_dir()) if n.endswith(".md")]
        raise LookupError(
            f"no message {name}{suggest(name, names)}: the bundled ones are in "
            f"{messages.bundled_dir()}"
        )
    sections, _ = read(path)
    context = sections is not None and is_context(name, sections)
    values: dict[str, str] = {}
    if sample_path:
        values, named = _load_sample(sample_path)
        variant = variant if variant is not None else named
    variant = variant or (VERBATIM if context else "")
    built_in = samples.find(name, variant)
    guard = built_in[0] if built_in else ""
    if not sample_path and not context:
        if built_in is None:
            known = ", ".join(repr(v) for v in sorted(samples.for_message(name))) or "none"
            raise LookupError(
                f"no built-in sample for {name} variant {variant!r} (built in: {known}); "
                "pass --sample FINDING.json"
            )
        values = built_in[1]
    finding = Finding(values, variant=variant, message=name, guard=guard)
    return messages.render([finding], env, project_root, event)


def run_render(
    name: str, sample: str | None, variant: str | None, after: bool, project: str | None
) -> int:
    from caveat.common.gitctx import git_root

    root = git_root(os.path.abspath(project or os.getcwd()))
    event = "PostToolUse" if after else "PreToolUse"
    try:
        text = render(name, sample, variant, event, os.environ, root)
    except (OSError, ValueError) as exc:
        err(f"caveat messages render: cannot read the sample {field(sample)}: {field(exc)}")
        return 2
    except LookupError as exc:
        err(f"caveat messages render: {field(exc)}")
        return 2
    if not text:
        err(
            f"caveat messages render: {field(name)} has no section to render for this finding "
            "(missing file, or no usable Advisory); run `caveat messages check`"
        )
        return 1
    out(text)  # the text as the model gets it; a control character in it shows
    return 0
