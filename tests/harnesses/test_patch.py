from __future__ import annotations

import pytest

from caveat.event import DELETE
from caveat.event import HUNK
from caveat.event import WHOLE
from caveat.event import FileEdit
from caveat.harnesses.patch import parse

ADD = "*** Begin Patch\n*** Add File: notes.md\n+# Notes\n+\n+hello\n*** End Patch\n"
UPDATE = (
    "*** Begin Patch\n*** Update File: src/app.py\n@@ def main():\n"
    " x = 1\n-DEBUG = True\n+DEBUG = False\n+import pickle\n"
    "@@\n-old_line\n+new_line\n*** End Patch\n"
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        pytest.param(ADD, (FileEdit("/p/notes.md", "# Notes\n\nhello\n", WHOLE),), id="add"),
        pytest.param(
            UPDATE,
            (
                FileEdit(
                    "/p/src/app.py",
                    "x = 1\nDEBUG = False\nimport pickle",
                    HUNK,
                    "x = 1\nDEBUG = True",
                ),
                FileEdit("/p/src/app.py", "new_line", HUNK, "old_line"),
            ),
            id="update-two-hunks",
        ),
        pytest.param(
            "*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\n",
            (FileEdit("/p/old.txt", "", DELETE),),
            id="delete",
        ),
        pytest.param(
            "*** Begin Patch\n*** Update File: a.py\n*** Move to: b/a.py\n"
            "@@\n-x\n+y\n*** End Patch",
            (FileEdit("/p/b/a.py", "y", HUNK, "x", moved_from="/p/a.py"),),
            id="move-with-change",
        ),
        pytest.param(
            "*** Begin Patch\n*** Update File: a.py\n*** Move to: b.py\n*** End Patch",
            (FileEdit("/p/b.py", "", HUNK, "", moved_from="/p/a.py"),),
            id="pure-move",
        ),
        pytest.param(
            "*** Begin Patch\r\n*** Add File: /abs/x.txt\r\n+a\r\n*** End Patch\r\n",
            (FileEdit("/abs/x.txt", "a\n", WHOLE),),
            id="crlf-and-absolute",
        ),
        pytest.param(
            "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: x\n+1\n*** End Patch\nEOF\n",
            (FileEdit("/p/x", "1\n", WHOLE),),
            id="heredoc-wrapped",
        ),
        pytest.param(
            "*** Begin Patch\n*** Add File: a\n+1\n"
            "*** Update File: b\n@@\n-2\n+3\n*** Delete File: c\n",
            (
                FileEdit("/p/a", "1\n", WHOLE),
                FileEdit("/p/b", "3", HUNK, "2"),
                FileEdit("/p/c", "", DELETE),
            ),
            id="several-files-unterminated",
        ),
        pytest.param("just text", (), id="no-patch"),
        pytest.param("", (), id="empty"),
    ],
)
def test_parse(body, expected):
    assert parse(body, "/p") == expected
