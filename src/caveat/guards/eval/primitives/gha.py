"""GitHub Actions workflows: an expression an attacker can write, expanded into a
``run:`` script; the script itself is read as shell."""

from __future__ import annotations

from caveat.guards.eval.primitives import shell
from caveat.guards.eval.records import Primitive

# Contexts an attacker can write (GitHub's script-injection guidance and actionlint's
# untrusted inputs): everything else in ``github.*`` (event_name, sha, run ids, URLs
# of the repository's own artifacts) is set by GitHub or the repository.
_UNTRUSTED = (
    r"github\.head_ref"
    r"|github\.event\.(?:"
    r"(?:issue|pull_request|discussion)\.(?:title|body)"
    r"|(?:comment|review|review_comment)\.body"
    r"|pull_request\.head\.(?:ref|label|repo\.default_branch)"
    r"|pages(?:\.\*|\[\d+\])\.page_name"
    r"|commits(?:\.\*|\[\d+\]|\.[\w-]+)\.(?:message|author\.(?:email|name))"
    r"|head_commit\.(?:message|author\.(?:email|name))"
    r")"
)

GHA = (
    Primitive(
        id="gha.expression-injection",
        family="SHELL",
        triggers=("github.event", "github.head_ref"),
        view="text",
        in_strings=True,
        # contains()/startsWith()/endsWith() give a boolean: nothing is spliced.
        pattern=r"\$\{\{(?:(?!\}\}|(?i:contains|startswith|endswith)\s*\()[^\n]){0,300}?"
        r"(?<![\w.])(?P<n>" + _UNTRUSTED + r")(?![\w-])",
        words="untrusted workflow input spliced into a script",
        alternative="pass the value through env: (e.g. TITLE: ${{ github.event.issue.title "
        '}}) and use "$TITLE" in the script',
    ),
)

TABLE = GHA + shell.TABLE
