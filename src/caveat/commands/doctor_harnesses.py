"""``caveat doctor``'s checks of the harnesses: where caveat is registered, whether
a registration drifted or is doubled, and whether a Claude Code setting or mode keeps
every hook from running (:mod:`caveat.commands.hookgate`)."""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.commands.doctor import Row

# No hook runs until something registers caveat with a harness.
NOTHING = (
    "caveat is registered with no harness, so no hook runs and caveat advises nothing "
    "(none in the user's files, this project's, the projects caveat installed into, "
    "or as an enabled Claude Code plugin); fix: caveat install --harness NAME (caveat "
    "harnesses lists them), or for Claude Code the plugin: claude plugin marketplace "
    "add OWNER/caveat (or a checkout's folder), then claude plugin install caveat@caveat"
)


def harnesses(env: Mapping[str, str], root: str | None) -> list[Row]:
    """Registrations in the user's and this project's harness files, and in the
    projects caveat installed into, and caveat's Claude Code plugin where enabled. A
    drifted one needs attention, and so do none at all and two places registering
    the same harness and event. Where a harness also runs Claude Code's hooks and
    caveat is registered for both, a line names the vendor's switch (not a problem:
    caveat keeps SessionStart from doubling)."""
    from caveat.harnesses import HARNESSES
    from caveat.install import duplicates
    from caveat.install import pluginstate
    from caveat.install.installs import overlaps
    from caveat.install.installs import recorded
    from caveat.install.report import verify
    from caveat.install.resolve import harness

    rows: list[Row] = []
    targets: list[tuple[str, str | None]] = [(name, None) for name in HARNESSES]
    if root:
        targets += [(name, root) for name in HARNESSES]
    for name, path in recorded(env):
        folder = harness(name).project_of(path)
        if folder is not None:
            targets.append((name, folder))
    seen: set[str] = set()
    registered: dict[str, list[str | None]] = {}
    for name, where in targets:
        result = verify(name, env, where)
        if result.path in seen or result.status not in ("installed", "drifted"):
            continue
        seen.add(result.path)
        registered.setdefault(name, []).append(where)
        problem = ""
        if result.status == "drifted":
            problem = f"{name}: drifted in {result.path} (caveat verify --harness {name})"
        rows.append(("harnesses", problem, f"{name}: {result.status} ({result.path})"))
    plugins = pluginstate.enabled(env, root)
    for on in plugins:
        rows.append(("harnesses", "", f"claude: {on.label()}"))
    if "claude" in registered:
        for name, places in registered.items():
            if harness(name).reads_claude:
                for note in overlaps(name, env, places[0]):
                    rows.append(("harnesses", "", f"note: {note}"))
    folders = [where for places in registered.values() for where in places if where]
    for line in duplicates.found(env, [*folders, *([root] if root else [])]):
        rows.append(("harnesses", line, ""))
    if not rows:
        rows.append(("harnesses", NOTHING, ""))
    return rows


def claude_gate(harnesses: list[Row], root: str | None) -> list[Row]:
    """Settings and modes that keep Claude Code from running any of caveat's hooks:
    problems where caveat is registered for Claude Code, else details."""
    from caveat.commands import hookgate

    found = hookgate.rows(os.environ, root)
    if any(detail.startswith("claude: ") for _, _, detail in harnesses):
        return found
    return [(area, "", problem or detail) for area, problem, detail in found]
