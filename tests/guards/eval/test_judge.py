"""Judgments of real code: a pickle round trip of bytes dumped just above, a pytest
fixture importing its own parameter, ``weights_only`` passed through ``**kwargs``,
shell ``eval`` of expanded text, a program downloaded into a bin folder without a
checksum, and a download-and-run line pointed at a new URL."""

from __future__ import annotations

import os

import pytest

from caveat.event import FRAGMENT
from caveat.event import Event
from caveat.event import FileEdit
from tests.guards.eval.test_eval import root  # noqa: F401  (the fixture)
from tests.guards.eval.test_eval import run
from tests.guards.eval.test_eval import shell
from tests.guards.eval.test_eval import summary
from tests.guards.eval.test_eval import write

FIXTURE = "import importlib\nimport pytest\n\n\n@pytest.fixture(params=['json', 'csv'])\n"
INSTALL = "https://github.com/o/kind/releases/download/v0.20.0/kind-linux-amd64"

FIRING = [
    pytest.param(
        "test_a.py",
        "import pickle\n\n\ndef test_load(data):\n    assert pickle.loads(data) == 1\n",
        "pickle.loads",
        "5",
        id="pickle-of-a-parameter",
    ),
    pytest.param(
        "test_a.py",
        "import pickle\n\n\ndef test_load(sock):\n    data = pickle.dumps(1)\n"
        "    data = sock.recv(1024)\n    assert pickle.loads(data) == 1\n",
        "pickle.loads",
        "7",
        id="pickle-rebound-after-dumps",
    ),
    pytest.param(
        "a.py",
        "import pickle\ndata = pickle.dumps(1)\n\n\ndef load(data):\n"
        "    return pickle.loads(data)\n",
        "pickle.loads",
        "6",
        id="pickle-dumps-in-another-scope",
    ),
    pytest.param(
        "conftest.py",
        FIXTURE + "def mod(request):\n    return importlib.import_module(request.node.name)\n",
        "importlib.import_module",
        "7",
        id="import-of-a-node-name",
    ),
    pytest.param(
        "a.py",
        "import torch\n\n\ndef load(path, **kwargs):\n    return torch.load(path, **kwargs)\n",
        "torch.load",
        "5",
        id="torch-kwargs-without-default",
    ),
    pytest.param(
        "a.py",
        "import torch\n\n\ndef load(path, **kwargs):\n"
        "    kwargs.setdefault('weights_only', False)\n    return torch.load(path, **kwargs)\n",
        "torch.load",
        "6",
        id="torch-kwargs-unsafe-default",
    ),
    pytest.param("a.sh", "#!/bin/sh\neval $@\n", "eval of expanded text", "2", id="sh-eval-args"),
    pytest.param(
        "a.sh", '#!/bin/sh\neval "$CMD" || exit 1\n', "eval of expanded text", "2", id="sh-eval-var"
    ),
    pytest.param(
        "a.bash",
        'run() {\n  eval "docker run ${ARGS}"\n}\n',
        "eval of expanded text",
        "2",
        id="sh-eval-braced",
    ),
    pytest.param(
        "a.sh",
        '#!/bin/sh\neval "VALUE=\\"\\$${NAME}\\""\n',
        "eval of expanded text",
        "2",
        id="sh-eval-indirect-expansion",
    ),
    pytest.param(
        "Dockerfile",
        f"FROM debian\nRUN curl -fsSLo /usr/local/bin/kind {INSTALL} \\\n"
        "    && chmod +x /usr/local/bin/kind\n",
        "curl into /usr/local/bin/kind",
        "2",
        id="docker-curl-into-bin",
    ),
    pytest.param(
        "setup.sh",
        f"#!/bin/sh\nsudo wget -q -O /usr/bin/kind {INSTALL}\n",
        "wget into /usr/bin/kind",
        "2",
        id="sh-wget-into-usr-bin",
    ),
    pytest.param(
        "a.py",
        'code = "print(1)"\ncode += input()\nexec(code)\n',
        "exec",
        "3",
        id="constant-extended",
    ),
    pytest.param(
        "a.py",
        'code = "print(1)"\n\n\ndef run(code):\n    exec(code)\n',
        "exec",
        "5",
        id="constant-shadowed-by-a-parameter",
    ),
    pytest.param(
        "a.py", 'exec(code)\ncode = "print(1)"\n', "exec", "1", id="constant-bound-after-the-call"
    ),
    pytest.param("a.py", 'code = f"print({x})"\nexec(code)\n', "exec", "2", id="constant-f-string"),
    pytest.param(
        "a.py",
        'code = "print(1)"\nfor code in sys.argv:\n    exec(code)\n',
        "exec",
        "3",
        id="constant-rebound-by-a-loop",
    ),
    pytest.param(
        "a.js",
        'let code = "1";\n[code, other] = read();\neval(code);\n',
        "eval",
        "3",
        id="constant-destructured",
    ),
    pytest.param(
        "a.rb", 'cmd = "ls #{dir}"\nsystem(cmd)\n', "system", "2", id="constant-interpolated-ruby"
    ),
]


@pytest.mark.parametrize(("name", "text", "primitive", "lines"), FIRING)
def test_firing(root, name, text, primitive, lines):  # noqa: F811
    assert summary(write(root, name, text)) == [(primitive, lines)]


SILENT = [
    pytest.param(
        "test_a.py",
        "import pickle\n\n\ndef test_round_trip():\n    data = pickle.dumps({'a': 1})\n"
        "    assert pickle.loads(data) == {'a': 1}\n",
        id="pickle-round-trip",
    ),
    pytest.param(
        "test_a.py",
        "import marshal\n\n\ndef test_round_trip():\n    blob = marshal.dumps(code)\n"
        "    other = 1\n    assert marshal.loads(blob) == code\n",
        id="marshal-round-trip",
    ),
    pytest.param(
        "conftest.py",
        FIXTURE + "def mod(request):\n    return importlib.import_module(request.param)\n",
        id="fixture-param-import",
    ),
    pytest.param(
        "a.py",
        "import torch\n\n\ndef load(path, **kwargs):\n"
        "    kwargs.setdefault('weights_only', True)\n    return torch.load(path, **kwargs)\n",
        id="torch-kwargs-setdefault",
    ),
    pytest.param(
        "a.py",
        "import torch\n\n\ndef load(path):\n"
        "    opts = {'map_location': 'cpu', 'weights_only': True}\n"
        "    return torch.load(path, **opts)\n",
        id="torch-kwargs-dict",
    ),
    pytest.param(
        "a.sh",
        '#!/bin/sh\neval "$(ssh-agent -s)"\neval "$(pyenv init - bash)"\neval $(opam env)\n'
        'OPTS=$(getopt -o ab -- "$@")\neval set -- "$OPTS"\neval "echo hello"\n'
        'eval "echo \\$HOME costs \\$5"\n',
        id="sh-eval-known-idioms",
    ),
    pytest.param("Makefile", "$(foreach t,$(T),$(eval $(call rule,$(t))))\n", id="make-eval"),
    pytest.param("a.sh", '#!/bin/sh\necho "eval $x"\n# eval $x\n', id="sh-eval-in-text"),
    pytest.param(
        "Dockerfile",
        f"FROM debian\nRUN curl -fsSLo /usr/local/bin/kind {INSTALL} \\\n"
        '    && echo "$KIND_SHA256  /usr/local/bin/kind" | sha256sum -c - \\\n'
        "    && chmod +x /usr/local/bin/kind\n",
        id="docker-curl-into-bin-checked",
    ),
    pytest.param(
        "Dockerfile",
        f"FROM debian\nRUN curl -fsSLo /tmp/kind {INSTALL}\n",
        id="docker-curl-into-tmp",
    ),
    pytest.param("a.py", 'blah = "print(1)"\neval(blah)\nexec(blah)\n', id="constant-name-python"),
    pytest.param("a.js", "const code = 'x = 1';\neval(code);\n", id="constant-name-js"),
    pytest.param(
        "a.go",
        'package main\n\nimport "os/exec"\n\nfunc main() {\n\tsomeCommand := "w"\n'
        '\texec.Command("/usr/bin/env", "bash", "-c", someCommand).Run()\n}\n',
        id="constant-name-go-last-argument",
    ),
]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):  # noqa: F811
    assert write(root, name, text) == []


def test_command_eval_of_arguments_fires_and_agent_setup_is_silent():
    assert [f.value_map()["primitive"] for f in shell('eval "$@"')] == ["eval of expanded text"]
    assert shell('eval "$(ssh-agent -s)" && ssh-add') == []


def test_command_download_into_bin_is_advised_not_held():
    findings = shell(f"sudo curl -fsSL {INSTALL} -o /usr/local/bin/kind && sudo chmod +x $_")
    assert [(f.value_map()["primitive"], f.hold) for f in findings] == [
        ("curl into /usr/local/bin/kind", False)
    ]
    assert shell(f"curl -fsSL {INSTALL} -o kind && sha256sum -c kind.sha256") == []


def _edit(folder, old, new):
    path = os.path.join(folder, "install.sh")
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\nset -e\n{old}\n")
    edit = FileEdit(path, new, kind=FRAGMENT, old=old)
    return run(Event("PreToolUse", tool="Edit", edits=(edit,), cwd=folder))


def test_changed_pipe_source_url_is_news(root):  # noqa: F811
    findings = _edit(
        root,
        "curl -fsSL https://get.example.org/install.sh | sh",
        "curl -fsSL https://mirror.example.net/install.sh | sh",
    )
    assert [f.value_map()["primitive"] for f in findings] == ["curl | sh"]


def test_same_pipe_source_with_other_flags_is_silent(root):  # noqa: F811
    findings = _edit(
        root,
        "curl -fsSL https://get.example.org/install.sh | sh",
        "curl -sSL https://get.example.org/install.sh | sh -s -- --yes",
    )
    assert findings == []


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        pytest.param("curl -o /usr/bin/x " * 200_000, "sh.download-install", id="many-into-bin"),
        pytest.param(
            "curl x \\\n" * 200_000 + "-o /usr/bin/x\n", "sh.download-install", id="continuations"
        ),
        pytest.param("eval $x; " * 200_000, "sh.eval-variable", id="many-evals"),
        pytest.param("eval " + "$(" * 400_000, None, id="eval-open-substitutions"),
    ],
)
def test_adversarial_shell_is_judged(text, pid):
    """Linear on long lines: each rule is anchored on a literal and bounded windows."""
    from caveat.guards.eval.scan import scan
    from caveat.guards.eval.scan import triggered

    hits = scan(text, "shell", triggered("shell", text))
    assert sorted({h.pid for h in hits}) == ([pid] if pid else [])
