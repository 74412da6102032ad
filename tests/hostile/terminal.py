"""Hostile text for the terminal: escape sequences in everything caveat prints.

A terminal obeys what it is sent: ``ESC[2K`` erases a line, ``ESC[1A`` climbs one, CR
returns to the line's start, an OSC 8 sequence turns text into a link to elsewhere,
C1 ``\\x9b`` is a one-byte CSI, RLO U+202E shows the rest of a line backwards, and a
newline in a value forges a line of its own. The builders put them where caveat's
commands read them:

- ``audit_log``: planted records with hostile text in every field (time, harness,
  event, tool, path, session, guard id, reason, …), for ``caveat log`` and ``stats``;
- ``hook_record``: a record the real hook writes from a payload whose tool name, file
  path and session id are hostile;
- ``policy_project``: a committed project, its folder name hostile too, with a strict
  rule that erases its own ``strict: true`` line from a raw terminal, an invalid rule,
  a rule file and a message override with hostile names, and a config whose table
  name is hostile;
- ``request_line``: raw HTTP request heads for ``caveat serve``.

``unsafe(text)`` lists the characters that would reach a terminal raw, and
``screen(text)`` is what a terminal shows for ``text``: the lines left after CR,
cursor moves and erases (enough of VT100 for these sequences).
"""

from __future__ import annotations

import json
import os
import unicodedata

from tests.helpers import commit_all
from tests.helpers import hook_payload
from tests.helpers import run_hook

SEQUENCES = {
    "erase line": "\x1b[2K",
    "carriage return": "\r",
    "OSC 8 link": "\x1b]8;;https://example.invalid/\x07click\x1b]8;;\x07",
    "bell": "\x07",
    "C1 CSI": "\x9b1A",
    "right-to-left override": "\u202e",
    "forged line": "\nFORGED 2026-12-01 00:00:00  claude  PreToolUse  all silent",
}
HOSTILE = "evil" + "".join(SEQUENCES.values()) + "end"
NAME = HOSTILE.replace("/", "_")  # the same, as a file name
LINE = HOSTILE.replace("\n", " ").replace("\r", " ")  # the same, on one line of a file
# The same again as a double-quoted front-matter value (its escapes), newline included.
QUOTED = (
    '"'
    + HOSTILE.encode("ascii", "backslashreplace").decode().replace("\n", "\\n").replace("\r", "\\r")
    + '"'
)
# A value the page builder must not let out of its attribute or element: a record's
# first ten characters are its "day".
HTML = '"><b>x</b><script>alert(1)</script>'
ALLOWED = frozenset("\n\t")


def unsafe(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on instead of show: controls
    (C0, DEL, C1), format characters (bidi and zero-width), line and paragraph
    separators, lone surrogates; ``\\n`` and ``\\t`` are layout."""
    bad = {"Cc", "Cf", "Zl", "Zp", "Cs"}
    return sorted({c for c in text if c not in ALLOWED and unicodedata.category(c) in bad})


def screen(text: str) -> list[str]:
    """The lines a terminal shows after receiving ``text``: printable characters
    overwrite at the cursor; CR, LF, CSI ``A`` (up), ``B`` (down), ``G`` (column), ``K``
    (erase in line) and ``J`` (erase below) move or erase; OSC strings and other
    controls are not shown."""
    rows: list[list[str]] = [[]]
    row = col = 0
    i = 0
    while i < len(text):
        ch = text[i]
        i += 1
        if ch == "\n":
            row, col = row + 1, 0
            while len(rows) <= row:
                rows.append([])
            continue
        if ch == "\r":
            col = 0
            continue
        if (ch == "\x1b" and text[i : i + 1] == "]") or ch == "\x9d":  # OSC … BEL or ST
            i += 1 if ch == "\x1b" else 0
            while i < len(text) and text[i] != "\x07" and text[i : i + 2] != "\x1b\\":
                i += 1
            i += 1 if text[i : i + 1] == "\x07" else 2
            continue
        if (ch == "\x1b" and text[i : i + 1] == "[") or ch == "\x9b":  # CSI params final
            i += 1 if ch == "\x1b" else 0
            start = i
            while i < len(text) and not ("@" <= text[i] <= "~"):
                i += 1
            params, final = text[start:i], text[i : i + 1]
            i += 1
            n = int(params) if params.isdigit() else 0
            line = rows[row]
            if final == "A":
                row = max(0, row - max(n, 1))
            elif final == "B":
                row += max(n, 1)
                while len(rows) <= row:
                    rows.append([])
            elif final == "G":
                col = max(n, 1) - 1
            elif final == "K":
                if n == 2:
                    rows[row] = []
                elif n == 1:
                    rows[row] = [" "] * col + line[col:]
                else:
                    rows[row] = line[:col]
            elif final == "J":
                rows[row] = line[:col]
                del rows[row + 1 :]
            continue
        if unicodedata.category(ch) in ("Cc", "Cf"):
            continue  # not shown (a bidi control reorders; here it is just dropped)
        line = rows[row]
        while len(line) < col:
            line.append(" ")
        if col < len(line):
            line[col] = ch
        else:
            line.append(ch)
        col += 1
    return ["".join(r).rstrip() for r in rows]


def record(**fields: object) -> dict[str, object]:
    """An audit record in the shape ``caveat.audit`` writes, hostile in every field
    that is text unless ``fields`` say otherwise."""
    base: dict[str, object] = {
        "time": "2026-12-01T08:00:00Z" + HOSTILE,
        "contract": HOSTILE,
        "event": HOSTILE,
        "tool": HOSTILE,
        "project": HOSTILE,
        "path": HOSTILE,
        "session": HOSTILE,
        "guards": [
            {"id": HOSTILE, "outcome": "advised", "ms": 1.0},
            {"id": "eval" + HOSTILE, "outcome": "faulted", "ms": 2.0, "reason": HOSTILE},
        ],
        "received": HOSTILE,
        "failed": HOSTILE,
        "ms": 3.0,
    }
    base.update(fields)
    return base


def audit_log(state_dir: str, records: list[dict[str, object]] | None = None) -> str:
    """Planted records in the state folder's audit log (as a process with the user's
    rights, or a payload through an older caveat, could leave them); the file."""
    folder = os.path.join(state_dir, "audit")
    os.makedirs(folder, mode=0o700, exist_ok=True)
    path = os.path.join(folder, "2026-12-01.jsonl")
    rows = records if records is not None else [record(), record(time=HTML, contract=HTML)]
    with open(path, "a", encoding="ascii") as handle:
        for item in rows:
            handle.write(json.dumps(item, separators=(",", ":")) + "\n")
    return path


def hook_record(project: str) -> None:
    """One real hook call (a fresh process, as a harness runs it) whose payload has a
    hostile tool name, file path and session id; the hook writes its audit record."""
    data = hook_payload(
        project,
        "Write" + HOSTILE,
        {"file_path": os.path.join(project, NAME + ".py"), "content": "x = 1\n"},
        session=HOSTILE,
    )
    done = run_hook(data, "--contract", "claude", cwd=project)
    assert done.returncode == 0, done.stderr


# A strict rule whose ``strict: true`` line erases itself on a raw terminal: the erase
# sequence after the value is a comment, and the comment line below climbs back up
# and erases again, so a user reviewing the file would not see that it denies.
STRICT_RULE = (
    "---\n"
    f"tools: [Write, 'Edit{LINE}', {QUOTED}]\n"
    f"paths: ['src/**', 'x{LINE}', {QUOTED}]\n"
    f"content: {QUOTED}\n"
    "strict: true # \x1b[2K\r\n"
    "# \x1b[1A\x1b[2K\x9b1A\x9b2K\n"
    "---\n"
    f"# harmless {HOSTILE}\n\n"
    f"## Advisory\nAll good.\x1b[2K\r{HOSTILE}\n\n## Procedure\nx\n"
)
INVALID_RULE = f"---\ntools: Write\n{NAME}: [\n---\n# broken\n"


def policy_project(folder: str) -> str:
    """A committed project (its folder name hostile) with hostile ``.caveat/`` policy;
    its root."""
    root = os.path.join(folder, "project-" + NAME)
    files = {
        "src/main.py": "print('hello')\n",
        ".caveat/rules/strict.md": STRICT_RULE,
        f".caveat/rules/{NAME}.md": INVALID_RULE,
        f".caveat/messages/{NAME}.md": f"# {HOSTILE}\n\n## Advisory\n{HOSTILE}\n",
        # A table name can hold any character through TOML's \\u escapes.
        ".caveat/config.toml": (
            '["\\u001b[2K\\r\\u009b1A\\u202eevil\\nFORGED"]\nx = 1\n'
            '[guards]\n"\\u001b]8;;https://example.invalid/\\u0007link" = false\n'
        ),
    }
    for rel, text in files.items():
        path = os.path.join(root, *rel.split("/"))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
    commit_all(root)
    return root


def request_lines() -> list[bytes]:
    """Raw request heads, without a token, whose request line is hostile: the target
    as bytes (a C1 CSI byte, UTF-8 of RLO, ESC sequences, BEL, a lone LF), on a hook
    route (refused 401) and on no route (404)."""
    target = (
        b"/hook/claude/\x1b[2K\r\x1b]8;;https://example.invalid/\x07x\x9b1A\xe2\x80\xaeevil\x07"
    )
    query = b"/hook/claude/PreToolUse?note=\x1b[2K\x1b[1A\x9b2K\xe2\x80\xae\x07"
    return [
        b"POST " + query + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
        b"POST " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}",
        b"GET /health\x1b[2K\nFORGED HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    ]
