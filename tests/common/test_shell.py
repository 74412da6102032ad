"""The shell lexer: words, separators, quotes, redirects, here-documents, nesting."""

from __future__ import annotations

import pytest

from caveat.common.shell import simple_commands


def _argvs(text, dialect="bash"):
    return [cmd.argv for cmd in simple_commands(text, dialect)]


BASH = [
    pytest.param("ls -la", [["ls", "-la"]], id="plain"),
    pytest.param("a && b || c; d | e & f", [["a"], ["b"], ["c"], ["d"], ["e"], ["f"]], id="ops"),
    pytest.param("a\nb\n\nc", [["a"], ["b"], ["c"]], id="newlines"),
    pytest.param("echo 'a  b' \"c $d\" e\\ f", [["echo", "a  b", "c $d", "e f"]], id="quotes"),
    pytest.param('echo "say \\"hi\\""', [["echo", 'say "hi"']], id="escaped-quote"),
    pytest.param("echo a\\\nb", [["echo", "ab"]], id="line-continuation"),
    pytest.param("echo hi # npm i x\nls", [["echo", "hi"], ["ls"]], id="comment"),
    pytest.param("echo a#b", [["echo", "a#b"]], id="hash-inside-word"),
    pytest.param("X=1 Y=2 cmd arg", [["cmd", "arg"]], id="assignments"),
    pytest.param("if true; then npm i a; fi", [["true"], ["npm", "i", "a"]], id="reserved"),
    pytest.param("(cd x && make)", [["cd", "x"], ["make"]], id="subshell"),
    pytest.param(
        "echo $(npm i a) `pip install b`",
        [["echo", "$(npm i a)", "`pip install b`"], ["npm", "i", "a"], ["pip", "install", "b"]],
        id="substitutions",
    ),
    pytest.param(
        'echo "$(uv add c)"', [["echo", "$(uv add c)"], ["uv", "add", "c"]], id="subst-in-quotes"
    ),
    pytest.param("echo $((1 + 2))", [["echo", "$((1 + 2))"]], id="arithmetic-not-recursed"),
    pytest.param("echo ${X:-a b}", [["echo", "${X:-a b}"]], id="parameter"),
    pytest.param("diff <(sort a) b", [["diff", "<(sort a)", "b"], ["sort", "a"]], id="procsub"),
    pytest.param("echo $'a\\'b' c", [["echo", "a'b", "c"]], id="ansi-c-quote"),
]


@pytest.mark.parametrize(("text", "expected"), BASH)
def test_bash_words(text, expected):
    assert _argvs(text) == expected


def test_operators_are_recorded():
    ops = [cmd.op for cmd in simple_commands("a && b || c; d | e")]
    assert ops == ["&&", "||", ";", "|", ""]


def test_nested_commands_are_flagged():
    cmds = simple_commands("echo $(pip install x)")
    assert [c.nested for c in cmds] == [False, True]


def test_redirects():
    (cmd,) = simple_commands("pip freeze > req.txt 2>&1 >>log <in")
    assert cmd.argv == ["pip", "freeze"]
    assert [(r.fd, r.op, r.target) for r in cmd.redirects] == [
        ("", ">", "req.txt"),
        ("2", ">&", "1"),
        ("", ">>", "log"),
        ("", "<", "in"),
    ]
    (cmd,) = simple_commands("cmd &> all.log")
    assert [(r.op, r.target) for r in cmd.redirects] == [("&>", "all.log")]


def test_heredoc_body_is_skipped_and_kept():
    text = "cat > package.json <<'EOF'\nnpm i not-a-command\nEOF\nnpm i real\n"
    cmds = simple_commands(text)
    assert [c.argv for c in cmds] == [["cat"], ["npm", "i", "real"]]
    heredoc = cmds[0].redirects[1]
    assert (heredoc.op, heredoc.target, heredoc.body) == ("<<", "EOF", "npm i not-a-command")


def test_heredoc_dash_strips_tabs():
    cmds = simple_commands("cat <<-END\n\tbody\n\tEND\nls")
    assert [c.argv for c in cmds] == [["cat"], ["ls"]]
    assert cmds[0].redirects[0].body == "\tbody"


POWERSHELL = [
    pytest.param(
        "Install-Package X -Version 1", [["Install-Package", "X", "-Version", "1"]], id="cmdlet"
    ),
    pytest.param(
        "npm i a; pip install b", [["npm", "i", "a"], ["pip", "install", "b"]], id="semicolon"
    ),
    pytest.param(
        "& 'C:\\Program Files\\py.exe' -m pip",
        [["C:\\Program Files\\py.exe", "-m", "pip"]],
        id="call-op",
    ),
    pytest.param("Write-Host 'it''s' \"a`\"b\"", [["Write-Host", "it's", 'a"b']], id="quotes"),
    pytest.param(
        "ls | ForEach-Object { npm i $_ }",
        [["ls"], ["ForEach-Object"], ["npm", "i", "$_"]],
        id="script-block",
    ),
    pytest.param("<# npm i a #> npm i b # npm i c", [["npm", "i", "b"]], id="comments"),
    pytest.param("npm i `\n  b", [["npm", "i", "b"]], id="backtick-continuation"),
    pytest.param('echo "$(npm i q)"', [["echo", "$(npm i q)"], ["npm", "i", "q"]], id="subexpr"),
    pytest.param(
        "$x = @'\nnpm i no\n'@\nls", [["$x", "=", "@'\nnpm i no\n'@"], ["ls"]], id="here-string"
    ),
]


@pytest.mark.parametrize(("text", "expected"), POWERSHELL)
def test_powershell_words(text, expected):
    assert _argvs(text, "powershell") == expected


@pytest.mark.parametrize(
    "text", ["", "'", '"', "$(", "`", "$(echo", "a <<", "<<EOF", "\\", "${", "a >", "$((" * 50]
)
def test_malformed_input_does_not_raise(text):
    simple_commands(text)
    simple_commands(text, "powershell")


def test_deep_nesting_and_large_input_stay_bounded():
    deep = "echo " + "$(" * 50 + "x" + ")" * 50
    assert simple_commands(deep)[0].argv[0] == "echo"
    big = "echo " + "a " * 200_000 + "&& npm i x"
    cmds = simple_commands(big)
    assert cmds[-1].argv == ["npm", "i", "x"]


_TRICKY = [
    "echo 'a b' \"c $x d\" e\\ f; git push --force",
    'npm install left-pad && echo "$(git rev-parse HEAD)" | tee out.txt',
    "cat <<EOF > PLAN.md\nline one\nEOF\ngit status",
    "ls `pwd` $'a\\tb' ${HOME}/x 2>&1 >> log &",
    "echo 'unterminated",
    'echo "unterminated $(date',
    "a=1 b='2 3' cmd --opt=\"v w\" # comment ; not a command\nnext",
]


@pytest.mark.parametrize("command", _TRICKY)
@pytest.mark.parametrize("dialect", ["bash", "powershell"])
def test_long_text_fast_path_splits_alike(monkeypatch, command, dialect):
    """Runs of ordinary characters taken at once (texts over ``_FAST``) split as the
    character loop does."""
    from caveat.common import shell

    slow = shell.simple_commands(command, dialect)
    monkeypatch.setattr(shell, "_FAST", 0)
    monkeypatch.setattr(shell, "_last", None)
    fast = shell.simple_commands(command, dialect)
    assert [(c.argv, c.assignments, c.op, c.nested) for c in fast] == [
        (c.argv, c.assignments, c.op, c.nested) for c in slow
    ]
    assert [[(r.op, r.target, r.body) for r in c.redirects] for c in fast] == [
        [(r.op, r.target, r.body) for r in c.redirects] for c in slow
    ]


def test_a_command_after_a_megabyte_of_padding_is_read():
    from caveat.common import shell

    padding = "echo " + "a" * (1 << 20) + " && "
    found = shell.simple_commands(padding + "git push --force")
    assert found[-1].argv == ["git", "push", "--force"]
    assert shell.unread(padding) == ""


def test_text_past_max_input_is_said_unread():
    from caveat.common import shell

    text = "x" * (shell.MAX_INPUT + 10)
    assert shell.unread(text) == f"characters {shell.MAX_INPUT + 1:,}–{len(text):,}"
