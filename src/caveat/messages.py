"""From findings to the text the model reads.

For each finding: the Advisory section of its message (or ``Advisory: <variant>``),
placeholders filled with sanitised values, then ``Full procedure: <path>``. The whole
text is capped at 10,000 characters, with a note of how many advisories were left
out. Parsed messages are cached by content hash in the state folder, so that a firing
hook does not import markdown-it-py each time; a stale or corrupt cache is rebuilt.

A project's override (``.caveat/messages/NAME.md``) is used only when the user trusts
the project's policy (``caveat.trust``), and is bounded like everything the project
holds: one over ``MAX_BYTES`` is refused, a parse runs under a deadline
(``PARSE_S``, remembered as failed for that content when it runs out), and the fill
is linear in the template. Whatever goes wrong, the next file — the bundled message
last — is used, and the fault is logged.
"""

from __future__ import annotations

import os
import time

from caveat.common import state
from caveat.event import POST_TOOL
from caveat.event import VERBATIM

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.event import Finding

LIMIT = 10_000
ADVISORY = "Advisory"
AFTER = "After"
# A finding with this variant injects its whole message (context files such as
# sessionstart.md), less the maintainer parts: comments, front matter, Bindings.
CACHE_FILE = "messages.cache.json"
_CACHE_VERSION = 1
_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def log(message: str) -> None:
    """Say a message file's fault on stderr (loaded only then: off the firing path)."""
    from caveat.common.log import log as say

    say(message)


def bundled_dir() -> str:
    """``messages/`` inside the installed package, else the source checkout's."""
    inside = os.path.join(_PACKAGE, "messages")
    if os.path.isdir(inside):
        return inside
    return os.path.join(os.path.dirname(os.path.dirname(_PACKAGE)), "messages")


def locate(name: str, project_root: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The file for message ``name``: the first of ``candidates``."""
    return candidates(name, project_root, env)[0]


def candidates(
    name: str, project_root: str | None = None, env: Mapping[str, str] | None = None
) -> list[str]:
    """The files that may hold message ``name``, preferred first: a project override
    in ``.caveat/messages/`` when the project has one and the user trusts the
    project's policy (SPEC §7), the copy in the Claude Code plugin caveat runs from
    (``$CLAUDE_PLUGIN_ROOT/messages``, which carries its plugin-form skill index), and
    the bundled copy, which ends the list. An absolute path (a custom rule's own file)
    is taken as it is."""
    if os.path.isabs(name):
        return [name]
    filename = name if name.endswith(".md") else name + ".md"
    found: list[str] = []
    if project_root:
        override = os.path.join(project_root, ".caveat", "messages", filename)
        if os.path.isfile(override):
            from caveat import trust

            if trust.trusted(os.environ if env is None else env, project_root):
                found.append(override)
    plugin = env.get("CLAUDE_PLUGIN_ROOT", "") if env else ""
    if plugin and os.path.isabs(plugin):
        shipped = os.path.join(plugin, "messages", filename)
        if os.path.isfile(shipped):
            found.append(shipped)
    found.append(os.path.join(bundled_dir(), filename))
    return found


# A project override larger than this is refused (the next file is used instead): no
# message needs more, and the parser's time grows with the text. Other files (a
# custom rule's own, the plugin's skill index) may be larger.
MAX_BYTES = 64 * 1024
READ_LIMIT = 1 << 20
_OVERRIDES = f"{os.sep}.caveat{os.sep}messages{os.sep}"  # in the path of every override
# A message is parsed inside this budget; when it runs out the parse is given up, the
# next file is used, and that content is not tried again for ``RETRY_S``.
PARSE_S = 0.5
RETRY_S = 600.0


class MessageStore:
    """Parsed messages for one hook run, backed by the on-disk parse cache."""

    def __init__(self, env: Mapping[str, str]) -> None:
        self._env = env
        self._cache = state.JsonCache(env, CACHE_FILE, _CACHE_VERSION)

    def _shipped(self, path: str) -> bool:
        """Whether ``path`` is one of caveat's own messages (bundled, or the Claude
        Code plugin's copy)."""
        folders = [bundled_dir()]
        plugin = self._env.get("CLAUDE_PLUGIN_ROOT", "")
        if plugin and os.path.isabs(plugin):
            folders.append(os.path.join(plugin, "messages"))
        return any(os.path.dirname(path) == folder for folder in folders)

    def sections(self, path: str) -> dict[str, str] | None:
        """The message's sections, or None when the file is missing, unreadable, too
        large (``MAX_BYTES`` for a project override, else ``READ_LIMIT``) or could not
        be parsed in time."""
        from caveat.common.files import open_regular

        limit = MAX_BYTES if _OVERRIDES in path else READ_LIMIT
        opened = open_regular(path)
        if opened is None:
            log(f"message {path!r} unreadable or not a regular file")
            return None
        fd, size = opened
        try:
            raw = os.read(fd, limit + 1) if size <= limit else b""
        except OSError as exc:
            log(f"message {path!r} unreadable: {exc}")
            return None
        finally:
            os.close(fd)
        if size > limit or len(raw) > limit:
            log(f"message {path!r} is larger than {limit // 1024} KiB; refused")
            return None
        digest = state.digest(raw)
        entry = self._cache.get(path)
        if isinstance(entry, dict) and entry.get("hash") == digest:
            failed = entry.get("failed")
            if isinstance(failed, int) and 0 <= time.time() - failed < RETRY_S:
                return None  # logged when it failed; not tried again yet
            cached = entry.get("sections")
            if isinstance(cached, dict) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in cached.items()
            ):
                return cached
        from caveat.common.budget import Overrun
        from caveat.common.budget import Timer
        from caveat.common.msgparse import parse
        from caveat.common.msgparse import warm

        warm()  # the parser's import is not the file's doing: only the parse is timed
        try:
            # caveat's own messages are never cut short (a loaded machine must not cost
            # the advice); a project's file, override or rule, is.
            with Timer(0.0 if self._shipped(path) else PARSE_S):
                parsed = parse(raw.decode("utf-8", "replace"))
        except Overrun:
            log(f"message {path!r} took over {PARSE_S:g} s to parse; skipped")
            self._cache.put(path, {"hash": digest, "failed": int(time.time())})
            return None
        except Exception as exc:  # RecursionError included
            log(f"message {path!r} could not be parsed: {type(exc).__name__}: {exc}")
            self._cache.put(path, {"hash": digest, "failed": int(time.time())})
            return None
        self._cache.put(path, {"hash": digest, "sections": parsed})
        return parsed

    def save(self) -> None:
        self._cache.save()


def fill(template: str, values: Mapping[str, str]) -> str:
    """Replace ``{name}`` with its sanitised value; ``{{`` and ``}}`` are literal braces.
    A placeholder without a value is left as written (``caveat messages check`` flags
    it)."""
    from caveat.common.sanitize import clean

    out: list[str] = []
    i, n = 0, len(template)
    while i < n:
        ch = template[i]
        if ch == "{":
            if template.startswith("{{", i):
                out.append("{")
                i += 2
                continue
            # A name is a short run of word characters: looking no further than that
            # keeps the fill linear in the template, whatever its braces.
            close = i + 1
            while close < n and close - i <= _NAME_MAX and _is_name_char(template[close]):
                close += 1
            name = template[i + 1 : close]
            if close < n and template[close] == "}" and name and name in values:
                out.append(clean(values[name]))
                i = close + 1
                continue
        elif ch == "}" and template.startswith("}}", i):
            out.append("}")
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


_NAME_MAX = 64


def _is_name_char(ch: str) -> bool:
    return ch == "_" or ch.isalnum()


def advisory(sections: Mapping[str, str], variant: str, after: bool = False) -> str:
    """The section to fill: ``Advisory: <variant>``, else ``Advisory``. After the tool
    has run (a post-tool event) an ``After: <variant>`` or ``After`` section, phrased
    for a change already made, is preferred when the message has one."""
    if variant == VERBATIM:
        from caveat.common.msgparse import BODY

        return sections.get(BODY, "")
    heads = (AFTER, ADVISORY) if after else (ADVISORY,)
    for head in heads:
        if variant:
            chosen = sections.get(f"{head}: {variant}")
            if chosen:
                return chosen
        if head == AFTER and variant and sections.get(f"{ADVISORY}: {variant}"):
            continue  # a variant-specific Advisory beats a generic After
        chosen = sections.get(head, "")
        if chosen:
            return chosen
    return ""


def render(
    findings: list[Finding],
    env: Mapping[str, str],
    project_root: str | None,
    event_name: str = "PreToolUse",
) -> str:
    """The capped text for ``findings`` in order; "" when none could be rendered."""
    after = event_name in POST_TOOL
    store = MessageStore(env)
    units: list[tuple[str, str]] = []  # (advisory text, its message path)
    for finding in findings:
        template, path = "", ""
        # A project override (or plugin copy) that is refused, too slow to parse or
        # without the section gives way to the next file, the bundled one last.
        for path in candidates(finding.message, project_root, env):
            sections = store.sections(path)
            template = advisory(sections, finding.variant, after) if sections else ""
            if template:
                break
        if not template:
            log(f"message {finding.message!r} has no usable Advisory; finding dropped")
            continue
        text = fill(template, finding.value_map()).strip()
        if text:
            # A context file injected whole needs no pointer to itself.
            units.append((text, "" if finding.variant == VERBATIM else path))
    store.save()
    return cap(units)


def _join(units: list[tuple[str, str]]) -> str:
    parts: list[str] = []
    for index, (text, path) in enumerate(units):
        parts.append(text)
        following = units[index + 1][1] if index + 1 < len(units) else None
        if path and following != path:  # one procedure line after a run of a message
            parts.append(f"Full procedure: {path}")
    return "\n\n".join(parts)


def cap(units: list[tuple[str, str]], limit: int = LIMIT) -> str:
    """Join the units, dropping trailing ones (and saying how many) to fit ``limit``."""
    kept = list(units)
    while kept:
        text = _join(kept)
        dropped = len(units) - len(kept)
        if dropped:
            noun = "advisory" if dropped == 1 else "advisories"
            text += (
                f"\n\n[{dropped} more caveat {noun} left out to stay within {limit:,} characters.]"
            )
        if len(text) <= limit:
            return text
        if len(kept) == 1:
            break
        kept.pop()
    if not units:
        return ""
    first = _join(units[:1])
    note = "\n[truncated]"
    if len(units) > 1:
        note = f"\n[truncated; {len(units) - 1} more advisories left out]"
    return first[: limit - len(note)] + note
