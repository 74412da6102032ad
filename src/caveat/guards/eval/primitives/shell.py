"""Shell primitives: downloaded scripts run, ``eval`` of what is not constant, and
programs installed from a download without a checksum."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

_SHELLS = r"(?:/usr)?(?:/local)?(?:/bin/)?(?P<s>(?:ba|z|k|da|a|fi)?sh)(?![\w.-])"
_DOWNLOAD = r"(?<![\w.-])(?P<d>curl|wget)(?![\w.-])"
_SUDO = r"(?:sudo(?:\s+-[\w-]+)*\s+)?(?:env\s+)?"
_INTERPRETERS = (
    r"(?P<s>python[0-9.]*|pypy3?|node|nodejs|perl|ruby|php|pwsh|powershell|deno|bun)(?![\w.-])"
)
# Any shell or interpreter, without a named group (for ``before`` patterns).
_ANY_SHELL = (
    r"(?:/usr)?(?:/local)?(?:/bin/)?(?:(?:ba|z|k|da|a|fi)?sh|python[0-9.]*|pypy3?|node|nodejs"
    r"|perl|ruby|php|pwsh|powershell|deno|bun)(?![\w.-])"
)
# Only options follow (or a lone ``-``): the program comes from stdin.
_STDIN_PROGRAM = r"(?=(?:[ \t]+-[\w=.-]+)*(?:[ \t]+-(?![\w-])|[ \t]*(?:$|[;&|)\n])))"

TABLE = (
    Primitive(
        id="sh.pipe-shell",
        family="DLEXEC",
        triggers=("curl", "wget"),
        # Anchored on the literal ``|`` (a fast search), then the download looked up
        # earlier in the statement: linear on long pipelines.
        pattern=r"\|(?<!\|\|)(?!\|)\s*" + _SUDO + _SHELLS,
        before=_DOWNLOAD,
        template="{d} | {s}",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        # An interpreter reads its program from stdin when it gets no script, or ``-``:
        # ``curl … | python3 -``. With ``-c``/``-e``/``-m`` or a script file the pipe
        # is data (``curl … | python3 -m json.tool``).
        id="sh.pipe-interpreter",
        family="DLEXEC",
        triggers=("curl", "wget"),
        # Anchored on the interpreter's name (rarer than ``|``); the pipe and the
        # download are looked up before it.
        pattern=_INTERPRETERS + _STDIN_PROGRAM,
        before=(_DOWNLOAD, r"\|(?<!\|\|)\s*" + _SUDO + r"(?:/usr)?(?:/local)?(?:/bin/)?$"),
        template="{d} | {s}",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        id="sh.process-substitution",
        family="DLEXEC",
        triggers=("curl", "wget"),
        pattern=r"<\(\s*(?P<d>curl|wget)(?![\w.-])",
        before=r"(?<![\w.-])(?P<e>(?:sudo\s+)?" + _ANY_SHELL + r"|source|\.)\s+$",
        template="{e} <({d} ...)",
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        id="sh.eval-download",
        family="DLEXEC",
        triggers=("curl", "wget"),
        view="text",
        in_strings=True,
        pattern=r"(?:\$\(|`)\s*(?P<d>curl|wget)(?![\w.-])",
        before=r"(?<![\w.-])(?P<e>eval|" + _ANY_SHELL + r"\s+-[a-z]*[ce])\s+[\"']?$",
        template='{e} "$({d} ...)"',
        alternative="download to a file, verify its checksum or signature, read it, then run it",
    ),
    Primitive(
        # ``sh -c "$CMD"``: the whole script is a variable's value. Anchored on the
        # option (a fast literal search); the shell is looked up just before it.
        id="sh.shell-c-variable",
        family="SHELL",
        triggers=("sh -",),
        view="text",
        pattern=r"-[a-zA-Z]*c[ \t]+(?P<v>\"\$\{?[\w@*#?]+\}?\"|\$\{?[\w@*#?]+\}?)(?=[\s;&|)]|$)",
        before=r"(?<![\w.$/-])" + _SHELLS + r"(?:[ \t]+-[a-zA-Z]+)*[ \t]+$",
        template="{s} -c {v}",
        alternative='run the command directly with its arguments ("$@", an array) '
        "instead of a script held in a variable",
    ),
    Primitive(
        id="sh.iex-download",
        family="DLEXEC",
        triggers=("iex", "Invoke-Expression", "invoke-expression"),
        view="text",
        in_strings=True,
        pattern=r"(?i:(?<![\w-])(?:iwr|irm|invoke-webrequest|invoke-restmethod"
        r"|\.downloadstring)(?![\w-])[^\n;]{0,400}?\|\s*(?:iex|invoke-expression)(?![\w-])"
        r"|(?<![\w$-])(?:iex|invoke-expression)[\s(]{0,8}(?:iwr|irm|invoke-webrequest"
        r"|invoke-restmethod|new-object\s+(?:system\.)?net\.webclient)(?![\w-]))",
        before=r"(?i:(?<![\w-])(?:pwsh|powershell)(?:\.exe)?(?![\w-]))",
        name="iex (downloaded script)",
        alternative="save the script to a file, verify its signature or hash, then run it",
    ),
    Primitive(
        # ``eval "$cmd"``, ``eval $@``: the shell parses a value as code. Command
        # substitutions are left out (``eval "$(ssh-agent -s)"``, ``eval "$(pyenv init -)"``
        # run a local tool's own setup output), and so is getopt's quoted output
        # (``eval set -- "$OPTS"``). Make's ``$(eval ...)`` is not the shell's.
        id="sh.eval-variable",
        family="SHELL",
        triggers=("eval",),
        view="text",
        pattern=r"(?<![\w.$/-])(?<!\$\()eval(?=[ \t]+[^\s#;&|])",
        # an expansion before the statement ends; ``\$`` and ``$$`` are stepped over
        require=(r"^(?:[^$;&|\n\\]|\\[\s\S]|\$\([^()\n]*\)|\$\$)*\$(?:[{@*#?!0-9]|[A-Za-z_])",),
        safe=(r"^\s+set\s+--\s",),
        name="eval of expanded text",
        alternative='run the command directly with its arguments ("$@", an array); '
        "never eval a value",
    ),
    Primitive(
        # ``curl -L <release> -o /usr/local/bin/tool``: a program installed as downloaded,
        # with no sha256sum/shasum/gpg/cosign check in the same command.
        id="sh.download-install",
        family="DLINSTALL",
        triggers=("curl", "wget"),
        view="text",
        # Anchored on the output option naming a bin folder (rare), the download looked
        # up earlier in the same command; the checksum is looked for by ``judge``.
        pattern=r"(?<![\w-])(?:-[a-zA-Z]*[oO][ \t]*|--output(?:-document)?[= \t]+)['\"]?"
        r"(?P<p>(?:/usr(?:/local)?|/opt(?:/[\w.-]+)*)?/s?bin/[\w.+-]+)",
        before=_DOWNLOAD,
        judge="checksum",
        template="{d} into {p}",
        alternative="download to a temporary file, check it against the checksum the "
        "project publishes (sha256sum -c), then install it",
    ),
)
