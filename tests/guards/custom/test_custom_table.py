"""The custom guard's larger fixture table, written from the matching rules of
docs/rules.md ("When a rule matches"): event, tools, gitignore-style paths from the git
root (last match decides, ``!`` excludes, a pattern with a ``/`` is anchored, ``**``
crosses folders), and a content regex searched (``re.MULTILINE``) in what the call
introduces. Silent rows include ordinary project code that a team's rule must leave
alone."""

# ruff: noqa: F401, F811  (the root fixture imported from test_custom)

from __future__ import annotations

import pytest

from tests.guards.custom.test_custom import call
from tests.guards.custom.test_custom import check
from tests.guards.custom.test_custom import edit
from tests.guards.custom.test_custom import on_disk
from tests.guards.custom.test_custom import project_rules
from tests.guards.custom.test_custom import put
from tests.guards.custom.test_custom import root
from tests.guards.custom.test_custom import session
from tests.guards.custom.test_custom import shell
from tests.guards.custom.test_custom import write

PY = 'paths: "**/*.py"'
SRC_ONLY = 'paths: "/src/**"'
NOT_VENDORED = 'paths: ["src/**/*.py", "!src/vendored/**"]'
REVERSED = 'paths: ["!src/vendored/**", "src/**/*.py"]'
DIR_ANYWHERE = 'paths: "migrations/"'
# \b: a rule written as plain `print\(` would also match `Blueprint(`.
PRINT = "tools: [Write, Edit]\ncontent: '\\bprint\\('"
TODO_LINE = "content: '^\\s*# TODO'"
CONSOLE = "tools: [Write]\npaths: \"**/*.ts\"\ncontent: 'console\\.log\\('"
SQL_FORMAT = "tools: [Write, Edit]\ncontent: '(?i)execute\\(f\"\\s*select'"
# Not `--force\b`, which `--force-with-lease` would match.
FORCE = "tools: [Bash]\ncontent: '--force(\\s|$)'"
SUDO = "tools: [Bash, PowerShell]\ncontent: '^sudo\\s'"
PUBLISH = "tools: [Bash]\ncontent: '\\b(npm|yarn|pnpm) publish\\b'"
CURL_URL = "tools: [WebFetch]\ncontent: 'http://'"
READ_ENV = 'tools: [Read]\npaths: "**/.env"'
COMPACT = "event: SessionStart\ncontent: '^compact$'"
POST = "event: PostToolUse\ntools: [Bash]\ncontent: 'pytest'"
CASE = "content: '(?i)fixme'"
SECRET_KEY = "tools: [Write]\ncontent: 'SECRET_KEY\\s*=\\s*[\"\\x27]'"
SLEEP = "tools: [Write, Edit]\npaths: \"tests/**\"\ncontent: 'time\\.sleep\\('"

FLASK_VIEW = """from flask import Blueprint, jsonify

bp = Blueprint("users", __name__)


@bp.get("/users/<int:user_id>")
def show(user_id):
    user = repository.find(user_id)
    return jsonify(user.as_dict())
"""
TS_SERVICE = """export async function loadUser(id: string): Promise<User> {
  const response = await fetch(`/api/users/${id}`);
  if (!response.ok) throw new Error(`user ${id}: ${response.status}`);
  return response.json();
}
"""
LOGGING = """import logging

log = logging.getLogger(__name__)


def report(rows):
    log.info("%d rows", len(rows))
"""

FIRING = [
    # paths: gitignore rules
    pytest.param(PY, write("src/app/models.py", FLASK_VIEW), "src/app/models.py", id="py-deep"),
    pytest.param(PY, write("setup.py", "x = 1\n"), "setup.py", id="py-at-root"),
    pytest.param(SRC_ONLY, write("src/a/b/c.txt", "x\n"), "src/a/b/c.txt", id="anchored-deep"),
    pytest.param(
        NOT_VENDORED, write("src/app/views.py", FLASK_VIEW), "src/app/views.py", id="not-excluded"
    ),
    pytest.param(
        REVERSED, write("src/vendored/six.py", "x\n"), "src/vendored/six.py", id="last-match-wins"
    ),
    pytest.param(
        DIR_ANYWHERE,
        write("app/migrations/0002.py", "x\n"),
        "app/migrations/0002.py",
        id="dir-anywhere",
    ),
    pytest.param(
        DIR_ANYWHERE, write("migrations/0001.py", "x\n"), "migrations/0001.py", id="dir-at-root"
    ),
    pytest.param(
        'paths: "*.lock"', write("deep/yarn.lock", "x\n"), "deep/yarn.lock", id="basename-glob"
    ),
    pytest.param(
        'paths: "docs/*.md"', write("docs/guide.md", "# Guide\n"), "docs/guide.md", id="one-level"
    ),
    pytest.param(
        'paths: "Dockerfile*"',
        write("Dockerfile.dev", "FROM x\n"),
        "Dockerfile.dev",
        id="prefix-glob",
    ),
    pytest.param(
        READ_ENV, call("Read", {"file_path": "{p}/config/.env"}), "config/.env", id="read-path"
    ),
    # content: what the call introduces
    pytest.param(
        PRINT, write("src/debug.py", "def f(x):\n    print(x)\n"), "src/debug.py", id="print-write"
    ),
    pytest.param(
        PRINT,
        edit("src/a.py", "def f():\n    pass\n", "pass", "print('here')"),
        "src/a.py",
        id="print-edit",
    ),
    pytest.param(
        PRINT,
        on_disk("src/a.py", "a = 1\n", "a = 1\nprint(a)\n"),
        "src/a.py",
        id="print-added-line",
    ),
    pytest.param(
        TODO_LINE, write("src/a.py", "x = 1\n    # TODO: cache\n"), "src/a.py", id="todo-indented"
    ),
    pytest.param(
        CONSOLE,
        write("web/user.ts", TS_SERVICE + "console.log(user)\n"),
        "web/user.ts",
        id="console-ts",
    ),
    pytest.param(
        SQL_FORMAT,
        write("src/db.py", 'cur.execute(f"SELECT * FROM t WHERE id={i}")\n'),
        "src/db.py",
        id="fstring-sql",
    ),
    pytest.param(
        SQL_FORMAT,
        write("src/db.py", 'cur.execute(f"  select 1")\n'),
        "src/db.py",
        id="fstring-sql-case",
    ),
    pytest.param(
        CASE, write("src/a.py", "x = 1  # FixMe later\n"), "src/a.py", id="case-insensitive"
    ),
    pytest.param(
        SECRET_KEY, write("settings.py", "SECRET_KEY = 'dev'\n"), "settings.py", id="secret-key"
    ),
    pytest.param(
        SLEEP,
        write("tests/test_api.py", "import time\ntime.sleep(2)\n"),
        "tests/test_api.py",
        id="sleep-in-tests",
    ),
    # shell commands and other tools
    pytest.param(FORCE, shell("git push --force origin main"), "", id="force"),
    pytest.param(FORCE, shell("helm upgrade app ./chart --force"), "", id="force-last"),
    pytest.param(SUDO, shell("sudo apt-get install -y jq"), "", id="sudo"),
    pytest.param(SUDO, shell("sudo rm -rf /opt/app", tool="PowerShell"), "", id="sudo-powershell"),
    pytest.param(PUBLISH, shell("npm publish --access public"), "", id="npm-publish"),
    pytest.param(PUBLISH, shell("cd pkg && pnpm publish"), "", id="pnpm-publish"),
    pytest.param(PUBLISH, shell("yarn publish --new-version 1.2.0"), "", id="yarn-publish"),
    pytest.param(
        CURL_URL, call("WebFetch", {"url": "http://example.test/x"}), "", id="webfetch-http"
    ),
    pytest.param(
        "tools: [Grep]\ncontent: 'password'",
        call("Grep", {"pattern": "password"}),
        "",
        id="grep-pattern",
    ),
    pytest.param(COMPACT, session("compact"), "", id="after-compaction"),
    pytest.param(
        "event: [PreToolUse, PostToolUse]\ntools: [Bash]", shell("ls"), "", id="event-list"
    ),
    pytest.param(
        "tools: Bash\ncontent: 'kubectl\\s+delete'",
        shell("kubectl   delete pod web-1"),
        "",
        id="scalar-tool",
    ),
    pytest.param(
        "tools: [Bash]\ncontent: 'terraform (apply|destroy)'",
        shell("terraform destroy -auto-approve"),
        "",
        id="alternation",
    ),
]

SILENT = [
    # paths
    pytest.param(PY, write("README.md", "# App\n"), id="py-not-md"),
    pytest.param(PY, write("src/app.pyc", "x"), id="pyc"),
    pytest.param(SRC_ONLY, write("lib/src/a.txt", "x\n"), id="anchored-elsewhere"),
    pytest.param(NOT_VENDORED, write("src/vendored/six.py", "x\n"), id="excluded"),
    pytest.param(NOT_VENDORED, write("tests/test_a.py", "x\n"), id="outside-src"),
    pytest.param(REVERSED, write("docs/conf.py", "x\n"), id="reversed-outside"),
    pytest.param('paths: "docs/*.md"', write("docs/api/index.md", "# API\n"), id="one-level-only"),
    pytest.param(DIR_ANYWHERE, write("src/migrations.py", "x\n"), id="file-named-like-dir"),
    pytest.param('paths: "*.lock"', write("src/lock.py", "x\n"), id="lock-in-name"),
    pytest.param(
        READ_ENV, call("Read", {"file_path": "{p}/config/.env.example"}), id="read-env-example"
    ),
    pytest.param(READ_ENV, call("Read", {"file_path": "/etc/hosts"}), id="read-outside-root"),
    # content: only what the call introduces
    pytest.param(PRINT, write("src/views.py", FLASK_VIEW), id="flask-view"),
    pytest.param(PRINT, write("src/report.py", LOGGING), id="logging"),
    pytest.param(PRINT, write("src/bp.py", "bp = Blueprint('a', __name__)\n"), id="blueprint"),
    pytest.param(PRINT, write("src/a.py", "def f():\n    pprint.pformat(x)\n"), id="pformat"),
    pytest.param(
        PRINT, write("src/a.py", "# printing is done by the logger\n"), id="printing-word"
    ),
    pytest.param(
        PRINT, edit("src/a.py", "print(1)\nx = 2\n", "x = 2", "x = 3"), id="edit-keeps-print"
    ),
    pytest.param(PRINT, on_disk("src/a.py", "print(1)\n", "print(1)\n\n"), id="existing-print"),
    pytest.param(TODO_LINE, write("src/a.py", 'msg = "# TODO later"\n'), id="todo-in-string"),
    pytest.param(CONSOLE, write("web/user.ts", TS_SERVICE), id="ts-service"),
    pytest.param(CONSOLE, write("web/user.js", "console.log(x)\n"), id="console-js-not-ts"),
    pytest.param(
        SQL_FORMAT,
        write("src/db.py", 'cur.execute("SELECT * FROM t WHERE id = %s", (i,))\n'),
        id="parametrised-sql",
    ),
    pytest.param(CASE, write("src/a.py", "fix_me_later = 1\n"), id="underscore"),
    pytest.param(
        SECRET_KEY,
        write("settings.py", "SECRET_KEY = os.environ['SECRET_KEY']\n"),
        id="secret-from-env",
    ),
    pytest.param(SLEEP, write("src/retry.py", "time.sleep(delay)\n"), id="sleep-outside-tests"),
    pytest.param(SLEEP, write("tests/test_api.py", "asyncio.sleep(0)\n"), id="asyncio-sleep"),
    # shell commands and other tools
    pytest.param(FORCE, shell("git push origin main"), id="plain-push"),
    pytest.param(FORCE, shell("git push --force-with-lease origin main"), id="force-with-lease"),
    pytest.param(SUDO, shell("echo sudo is not used"), id="sudo-word"),
    pytest.param(SUDO, shell("pseudocode --run"), id="pseudo"),
    pytest.param(PUBLISH, shell("npm pack"), id="npm-pack"),
    pytest.param(PUBLISH, shell("npm publishing-notes"), id="publish-prefix"),
    pytest.param(PUBLISH, write("docs/release.md", "Run npm publish.\n"), id="publish-in-a-doc"),
    pytest.param(
        CURL_URL, call("WebFetch", {"url": "https://example.test/x"}), id="webfetch-https"
    ),
    pytest.param(COMPACT, session("startup"), id="startup"),
    pytest.param(COMPACT, session("resume"), id="resume"),
    pytest.param(POST, shell("pytest -q"), id="post-rule-pre-event"),
    pytest.param(
        "tools: Bash\ncontent: 'kubectl\\s+delete'", shell("kubectl get pods"), id="kubectl-get"
    ),
    pytest.param(
        "tools: [Bash]\ncontent: 'terraform (apply|destroy)'",
        shell("terraform plan"),
        id="terraform-plan",
    ),
]


def test_the_table_is_large_enough():
    assert len(FIRING) + 27 >= 60 and len(SILENT) + 26 >= 60  # with test_custom's tables


@pytest.mark.parametrize(("matter", "build", "path"), FIRING)
def test_fires(root, matter, build, path):
    rule = put(project_rules(root), "the-rule.md", matter)
    found = check(build(root))
    assert len(found) == 1, found
    assert found[0].message == rule and found[0].value_map()["path"] == path


@pytest.mark.parametrize(("matter", "build"), SILENT)
def test_silent(root, matter, build):
    put(project_rules(root), "the-rule.md", matter)
    assert check(build(root)) == []
