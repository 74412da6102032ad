"""Split shell text into simple commands, as data; nothing is ever evaluated.

Public API::

    simple_commands(text, dialect="bash") -> list[SimpleCommand]

A ``SimpleCommand`` has ``argv`` (words with quotes and escapes removed),
``assignments`` (leading ``NAME=value`` words), ``redirects`` (``Redirect`` records:
``op`` such as ``>``, ``>>``, ``<<``; ``fd`` as written or ``""``; ``target``; and
``body``, the text of a here-document), ``op`` (the operator that ended it: ``&&``,
``||``, ``;``, ``|``, ``&``, newline, or ``""`` at the end) and ``nested`` (True for
commands found inside ``$(…)``, backticks or ``<(…)``; those come after the command
that contains them, whose word keeps the raw ``$(…)`` text).

``dialect`` is ``"bash"`` (POSIX sh and bash quoting, comments, here-documents) or
``"powershell"`` (single/double quotes with backtick escapes, ``<# #>`` comments,
here-strings, ``$(…)`` sub-expressions; script blocks and parentheses separate
commands). Leading reserved words (``if``, ``then``, ``do``, ``!``, ``{`` …) are
dropped from ``argv``. The lexer is linear in the input per nesting level, and
nesting deeper than ``MAX_DEPTH`` is kept as raw text.
"""

from __future__ import annotations

MAX_DEPTH = 6
# Longer text is cut, and ``unread`` says so: the callers tell the model what was not read.
MAX_INPUT = 2 << 20
# Texts longer than this consume runs of ordinary characters with one ``str.find`` in a
# translated copy whose special characters are NUL (a C-speed scan, not a Python loop).
_FAST = 1 << 12
_SPECIAL = {ord(c): "\0" for c in " \t\r\n\\'\"$`<>&;|(){}"}
_SPECIAL_DQ = {ord(c): "\0" for c in '\\"$`'}
_last: tuple[str, str, list[SimpleCommand]] | None = None

_RESERVED = frozenset(
    {"!", "{", "}", "if", "then", "else", "elif", "fi", "do", "done", "while", "until"}
)
_SPACE = " \t\r"


class Redirect:
    """One redirection; ``body`` is filled for here-documents."""

    __slots__ = ("body", "fd", "op", "target")

    def __init__(self, op: str, fd: str, target: str = "", body: str = "") -> None:
        self.op = op
        self.fd = fd
        self.target = target
        self.body = body

    def __repr__(self) -> str:
        return f"Redirect({self.fd}{self.op} {self.target!r})"


class SimpleCommand:
    """One simple command; treat as read-only."""

    __slots__ = ("argv", "assignments", "nested", "op", "redirects")

    def __init__(
        self,
        argv: list[str],
        assignments: list[str],
        redirects: list[Redirect],
        op: str = "",
        nested: bool = False,
    ) -> None:
        self.argv = argv
        self.assignments = assignments
        self.redirects = redirects
        self.op = op
        self.nested = nested

    def __repr__(self) -> str:
        return f"SimpleCommand({self.argv!r}, redirects={self.redirects!r}, op={self.op!r})"


def simple_commands(text: str, dialect: str = "bash") -> list[SimpleCommand]:
    """The simple commands of ``text`` in order (nested ones after their container).

    The last result is kept: the shell guards of one call split the same command line,
    and a multi-megabyte one costs a lexing each."""
    global _last
    if _last is not None and _last[1] == dialect and _last[0] == text:
        return _last[2]
    out: list[SimpleCommand] = []
    _Lexer(text[:MAX_INPUT], dialect == "powershell", out, 0).run()
    _last = (text, dialect, out)
    return out


def unread(text: str) -> str:
    """What of ``text`` ``simple_commands`` did not read, in words ("" if it read all)."""
    if len(text) <= MAX_INPUT:
        return ""
    return f"characters {MAX_INPUT + 1:,}–{len(text):,}"


def _is_name(word: str) -> bool:
    return bool(word) and not word[0].isdigit() and all(c.isalnum() or c == "_" for c in word)


def match_paren(text: str, i: int, escape: str = "\\") -> int:
    """Index of the ``)`` closing the ``(`` at ``i`` (quotes respected), or len(text)."""
    depth = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == escape:
            i += 2
            continue
        if c == "'":
            end = text.find("'", i + 1)
            i = n if end < 0 else end + 1
            continue
        if c == '"' or (c == "`" and escape != "`"):
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == escape else 1
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return n


class _Lexer:
    def __init__(self, text: str, ps: bool, out: list[SimpleCommand], depth: int) -> None:
        self.text = text
        self.ps = ps
        self.esc = "`" if ps else "\\"
        self.out = out
        self.depth = depth
        self.nested: list[SimpleCommand] = []
        self.word: list[str] | None = None
        self.quoted = False
        self.words: list[str] = []
        self.assigns: list[str] = []
        self.redirects: list[Redirect] = []
        self.pending: Redirect | None = None
        self.heredocs: list[tuple[Redirect, bool]] = []
        self.long = len(text) > _FAST
        self._plain = ["", ""]  # the translated copies, outside and inside double quotes

    def _ordinary(self, i: int, quoted: bool = False) -> int:
        """The end of the run of ordinary characters at ``i`` (at least ``i + 1``)."""
        if not self.long:
            return i + 1
        if not self._plain[quoted]:
            self._plain[quoted] = self.text.translate(_SPECIAL_DQ if quoted else _SPECIAL)
        found = self._plain[quoted].find("\0", i + 1)
        return len(self.text) if found < 0 else found

    def _sub(self, inner: str) -> None:
        if self.depth < MAX_DEPTH:
            found: list[SimpleCommand] = []
            _Lexer(inner, self.ps, found, self.depth + 1).run()
            for cmd in found:
                cmd.nested = True
            self.nested.extend(found)

    def _add(self, s: str) -> None:
        if self.word is None:
            self.word = []
        self.word.append(s)

    def _end_word(self) -> None:
        if self.word is None:
            return
        value = "".join(self.word)
        self.word = None
        if self.pending is not None:
            self.pending.target = value
            if self.pending.op in ("<<", "<<-"):
                self.heredocs.append((self.pending, self.pending.op == "<<-"))
            self.pending = None
        elif (
            not self.words
            and not self.quoted
            and "=" in value
            and _is_name(value[: value.find("=")])
        ):
            self.assigns.append(value)
        else:
            self.words.append(value)
        self.quoted = False

    def _end_command(self, op: str) -> None:
        self._end_word()
        words = self.words
        while words and words[0] in _RESERVED:
            words = words[1:]
        if words or self.assigns or self.redirects:
            self.out.append(SimpleCommand(words, self.assigns, self.redirects, op))
        self.out.extend(self.nested)
        self.words, self.assigns, self.redirects, self.nested = [], [], [], []
        self.pending = None

    def _heredoc_bodies(self, i: int) -> int:
        text = self.text
        for redirect, strip in self.heredocs:
            lines: list[str] = []
            while i < len(text):
                end = text.find("\n", i)
                end = len(text) if end < 0 else end
                line = text[i:end]
                i = end + 1
                if (line.lstrip("\t") if strip else line) == redirect.target:
                    break
                lines.append(line)
            redirect.body = "\n".join(lines)
        self.heredocs = []
        return i

    def _quote(self, i: int, q: str) -> int:
        """Consume a quoted string starting at ``i`` (the quote); return the index after."""
        text, n = self.text, len(self.text)
        self.quoted = True
        self._add("")
        j = i + 1
        if q == "'":
            while j < n:
                end = text.find("'", j)
                if end < 0:
                    self._add(text[j:])
                    return n
                self._add(text[j:end])
                if self.ps and text.startswith("''", end):
                    self._add("'")
                    j = end + 2
                    continue
                return end + 1
            return n
        while j < n:
            c = text[j]
            if c == '"':
                if self.ps and text.startswith('""', j):
                    self._add('"')
                    j += 2
                    continue
                return j + 1
            if c == self.esc and j + 1 < n:
                nxt = text[j + 1]
                if self.ps or nxt in '$`"\\\n':
                    self._add("" if nxt == "\n" else nxt)
                else:
                    self._add(c + nxt)
                j += 2
            elif c == "$" and text.startswith("$(", j):
                j = self._dollar_paren(j)
            elif c == "`" and not self.ps:
                j = self._backtick(j)
            else:
                end = self._ordinary(j, quoted=True)
                self._add(text[j:end])
                j = end
        return n

    def _ansi_c(self, j: int) -> int:
        """``$'…'``: backslash escapes the next character; return the index after."""
        text, n = self.text, len(self.text)
        self.quoted = True
        self._add("")
        while j < n and text[j] != "'":
            if text[j] == "\\" and j + 1 < n:
                j += 1
            self._add(text[j])
            j += 1
        return j + 1

    def _dollar_paren(self, i: int) -> int:
        end = match_paren(self.text, i + 1, self.esc)
        raw = self.text[i : end + 1]
        if not raw.startswith("$(("):
            self._sub(self.text[i + 2 : end])
        self._add(raw)
        return end + 1

    def _backtick(self, i: int) -> int:
        j = i + 1
        while j < len(self.text) and self.text[j] != "`":
            j += 2 if self.text[j] == "\\" else 1
        self._sub(self.text[i + 1 : j])
        self._add(self.text[i : j + 1])
        return j + 1

    def _redirect(self, i: int) -> int:
        text = self.text
        fd = ""
        if self.word is not None and not self.quoted:
            joined = "".join(self.word)
            if joined.isdigit() or (self.ps and joined == "*"):
                fd, self.word = joined, None
        self._end_word()
        for op in ("<<<", "<<-", "&>>", "<<", ">>", ">|", ">&", "<&", "<>", "&>", ">", "<"):
            if text.startswith(op, i):
                break
        if op == "<<" and self.ps:
            op = "<"
        self.pending = Redirect(op, fd)
        self.redirects.append(self.pending)
        i += len(op)
        if op in (">&", "<&"):  # 2>&1: the target is glued to the operator
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "-"):
                j += 1
            if j > i:
                self.pending.target = text[i:j]
                self.pending = None
                return j
        return i

    def run(self) -> None:
        text, n, ps = self.text, len(self.text), self.ps
        i = 0
        while i < n:
            c = text[i]
            nxt = text[i + 1] if i + 1 < n else ""
            if c in _SPACE:
                self._end_word()
                i += 1
            elif c == "\n":
                self._end_command("\n")
                i = self._heredoc_bodies(i + 1) if self.heredocs else i + 1
            elif c == self.esc:
                if nxt == "\n" or (nxt == "\r" and text.startswith("\r\n", i + 1)):
                    i += 2 if nxt == "\n" else 3
                else:
                    self._add(nxt)
                    i += 2
            elif c in "'\"":
                i = self._quote(i, c)
            elif c == "#" and self.word is None:
                end = text.find("\n", i)
                i = n if end < 0 else end
            elif ps and c == "<" and nxt == "#":
                end = text.find("#>", i + 2)
                i = n if end < 0 else end + 2
            elif ps and c == "@" and nxt in "'\"" and self.word is None:
                end = text.find("\n" + nxt + "@", i + 2)
                end = n if end < 0 else end + 3
                self._add(text[i:end])
                i = end
            elif c == "$" and nxt == "(":
                i = self._dollar_paren(i)
            elif c == "$" and nxt == "{":
                end = text.find("}", i)
                end = n if end < 0 else end + 1
                self._add(text[i:end])
                i = end
            elif c == "$" and nxt == "'" and not ps:
                i = self._ansi_c(i + 2)
            elif c == "`" and not ps:
                i = self._backtick(i)
            elif c in "<>" and nxt == "(" and not ps:
                end = match_paren(text, i + 1)
                self._sub(text[i + 2 : end])
                self._add(text[i : end + 1])
                i = end + 1
            elif c in "<>" or (c == "&" and nxt == ">"):
                i = self._redirect(i)
            elif c in ";|&" or (c in "(){}" and (ps or c in "()")):
                pair = text[i : i + 2]
                if pair in ("&&", "||", ";;", "|&"):
                    op, i = pair, i + 2
                else:
                    op, i = c, i + 1
                if ps and op == "&" and not self.words and self.word is None:
                    continue  # the call operator: & "C:\tool.exe" args
                self._end_command(op)
            else:
                end = self._ordinary(i)
                self._add(text[i:end])
                i = end
        self._end_command("")


def inner_script(argv: list[str], powershell: bool) -> str | None:
    """The script of ``bash -c '…'`` / ``pwsh -Command …`` (``argv[0]`` is the shell);
    None for ``sh script.sh``, a script file, which is not read."""
    for i, word in enumerate(argv[1:], 1):
        low = word.lower()
        if powershell and low in ("-c", "-command", "-com"):
            return " ".join(argv[i + 1 :])
        if not powershell and word.startswith("-") and not word.startswith("--") and "c" in word:
            return argv[i + 1] if i + 1 < len(argv) else None
        if not powershell and not word.startswith("-"):
            return None
    return None
