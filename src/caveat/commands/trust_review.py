"""What ``caveat trust`` shows before it asks: each policy file with its size and
whether it was added, changed or removed since the last trust, and a unified diff of
each added or changed file's text."""

from __future__ import annotations

from caveat.common.term import field
from caveat.trust_snapshot import TEXT_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.trust_snapshot import Snapshot

DIFF_LINES = 200  # diff lines shown per file; the rest are counted


def show(
    root: str,
    snapshot: Snapshot,
    recorded: Mapping[str, object],
    old: Mapping[str, str],
    entry: Mapping[str, object] | None,
) -> str:
    """The files about to be trusted, what changed since the last trust, and diffs.
    Names and texts are the project's: names are ``field``s, and the whole goes out
    through ``caveat.common.term``, so no file can hide a line of itself (or of
    another) from the screen the user trusts from."""
    lines = [f"caveat policy of {field(root)}:"]
    diffs: list[str] = []
    for rel in sorted(set(snapshot.files) | set(recorded)):
        now = snapshot.files.get(rel)
        was = recorded.get(rel)
        name = field(rel)
        if now is None:
            lines.append(f"  {name}  removed")
            continue
        if not isinstance(was, dict):
            status = "added" if entry else "new"
        elif was.get("sha256") == now["sha256"]:
            status = "unchanged"
        else:
            status = "changed"
        lines.append(f"  {name}  {now['size']:,} bytes  {status}")
        if status == "unchanged":
            continue
        text = snapshot.texts.get(rel)
        if text is None:
            diffs.append(f"{name}: not shown (binary or over {TEXT_LIMIT // 1024} KiB)")
        elif status == "changed" and rel not in old:
            diffs.append(f"{name}: changed (its earlier text was not kept)")
        else:
            diffs.append(diff(rel, old.get(rel, "") if status == "changed" else "", text))
    if entry:
        lines.append(f"last trusted {field(entry.get('trusted_at', '(unknown)'))}")
    return "\n".join([*lines, "", *diffs]) if diffs else "\n".join(lines)


def diff(rel: str, before: str, after: str) -> str:
    import difflib

    out = list(
        difflib.unified_diff(
            before.splitlines(),
            after.splitlines(),
            f"a/{field(rel)}" if before else "/dev/null",
            f"b/{field(rel)}",
            lineterm="",
        )
    )
    if len(out) > DIFF_LINES:
        out = [*out[:DIFF_LINES], f"… {len(out) - DIFF_LINES} more lines: read the file"]
    return "\n".join(out)
