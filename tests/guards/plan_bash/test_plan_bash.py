"""The plan-bash guard: shell commands that change plan files, and changes made in plan
mode."""

from __future__ import annotations

import os

import pytest

from caveat.event import Event
from caveat.guards.base import Context
from tests.guards.plan.common import PLAN_MODE
from tests.guards.plan.common import configured
from tests.guards.plan.common import environment
from tests.guards.plan.common import expand
from tests.helpers import check


def run(dirs, command, opts=None):
    """Run the bash guard on one command described by ``opts``."""
    opts = opts or {}
    for folder in opts.get("mkdir", ()):
        os.makedirs(expand(folder, dirs), exist_ok=True)
    powershell = opts.get("shell") == "powershell"
    event = Event(
        opts.get("event", "PreToolUse"),
        tool="PowerShell" if powershell else "Bash",
        command=expand(command, dirs),
        shell="powershell" if powershell else "bash",
        cwd=expand(opts.get("cwd", "{project}"), dirs),
        permission_mode=opts.get("mode", ""),
    )
    env = environment(dirs, opts.get("env"))
    return check("plan-bash", event, Context(event, env, configured(opts.get("plans"))))


A = ".caveat/plans/a.md"

BASH_FIRING = [
    # (command, options, variant, command shown, action, path)
    pytest.param(
        "cat > .caveat/plans/a.md <<'EOF'\n# A\nEOF",
        {},
        "",
        "cat > .caveat/plans/a.md",
        "overwrites",
        A,
        id="heredoc-redirect",
    ),
    pytest.param(
        "echo '- done' >> .caveat/plans/a.md",
        {},
        "",
        "echo '- done' >> .caveat/plans/a.md",
        "appends to",
        A,
        id="append-redirect",
    ),
    pytest.param(
        "printf x 1> .caveat/plans/a.md",
        {},
        "",
        "printf x 1> .caveat/plans/a.md",
        "overwrites",
        A,
        id="fd-redirect",
    ),
    pytest.param(
        "echo x | tee .caveat/plans/a.md",
        {},
        "",
        "tee .caveat/plans/a.md",
        "overwrites",
        A,
        id="tee",
    ),
    pytest.param(
        "echo x | tee -a .caveat/plans/a.md >/dev/null",
        {},
        "",
        "tee -a .caveat/plans/a.md",
        "appends to",
        A,
        id="tee-append",
    ),
    pytest.param(
        "sed -i 's/todo/done/' .caveat/plans/a.md",
        {},
        "",
        "sed -i s/todo/done/ .caveat/plans/a.md",
        "edits in place",
        A,
        id="sed-in-place",
    ),
    pytest.param(
        "sed -i.bak -e 's/a/b/' .caveat/plans/a.md",
        {},
        "",
        "sed -i.bak -e s/a/b/ .caveat/plans/a.md",
        "edits in place",
        A,
        id="sed-in-place-backup-suffix",
    ),
    pytest.param(
        "perl -pi -e 's/a/b/' .caveat/plans/a.md",
        {},
        "",
        "perl -pi -e s/a/b/ .caveat/plans/a.md",
        "edits in place",
        A,
        id="perl-in-place",
    ),
    pytest.param(
        "rm -f .caveat/plans/a.md",
        {},
        "",
        "rm -f .caveat/plans/a.md",
        "deletes",
        A,
        id="rm-f",
    ),
    pytest.param(
        "rm -rf .caveat/plans",
        {},
        "",
        "rm -rf .caveat/plans",
        "deletes",
        ".caveat/plans",
        id="rm-the-folder",
    ),
    pytest.param(
        "rm -rf .caveat",
        {},
        "",
        "rm -rf .caveat",
        "deletes",
        ".caveat",
        id="rm-a-folder-above",
    ),
    pytest.param(
        "mv .caveat/plans/a.md docs/a.md",
        {},
        "",
        "mv .caveat/plans/a.md docs/a.md",
        "moves",
        A,
        id="mv-out",
    ),
    pytest.param(
        "mv draft.md .caveat/plans/a.md",
        {},
        "",
        "mv draft.md .caveat/plans/a.md",
        "moves",
        A,
        id="mv-over",
    ),
    pytest.param(
        "cp template.md .caveat/plans/a.md",
        {},
        "",
        "cp template.md .caveat/plans/a.md",
        "overwrites",
        A,
        id="cp-over",
    ),
    pytest.param(
        "cp notes/*.md .caveat/plans/",
        {},
        "",
        "cp notes/*.md .caveat/plans/",
        "copies into",
        ".caveat/plans",
        id="cp-into-folder",
    ),
    pytest.param(
        "git rm .caveat/plans/a.md",
        {},
        "",
        "git rm .caveat/plans/a.md",
        "deletes",
        A,
        id="git-rm",
    ),
    pytest.param(
        "git rm -r --cached .caveat/plans",
        {},
        "",
        "git rm -r --cached .caveat/plans",
        "removes from git",
        ".caveat/plans",
        id="git-rm-cached",
    ),
    pytest.param(
        "git mv .caveat/plans/a.md .caveat/plans/b.md",
        {},
        "",
        "git mv .caveat/plans/a.md .caveat/plans/b.md",
        "moves",
        ".caveat/plans/a.md, .caveat/plans/b.md",
        id="git-mv",
    ),
    pytest.param(
        "git checkout -- .caveat/plans/a.md",
        {},
        "",
        "git checkout -- .caveat/plans/a.md",
        "overwrites",
        A,
        id="git-checkout-path",
    ),
    pytest.param(
        "git restore .caveat/plans/a.md",
        {},
        "",
        "git restore .caveat/plans/a.md",
        "overwrites",
        A,
        id="git-restore-path",
    ),
    pytest.param(
        "truncate -s 0 .caveat/plans/a.md",
        {},
        "",
        "truncate -s 0 .caveat/plans/a.md",
        "truncates",
        A,
        id="truncate",
    ),
    pytest.param(
        "find .caveat/plans -name '*.bak' -delete",
        {},
        "",
        "find .caveat/plans -name *.bak -delete",
        "deletes",
        ".caveat/plans",
        id="find-delete",
    ),
    pytest.param(
        "sudo rm .caveat/plans/a.md",
        {},
        "",
        "rm .caveat/plans/a.md",
        "deletes",
        A,
        id="sudo-wrapper",
    ),
    pytest.param(
        "bash -c 'rm -f .caveat/plans/a.md'",
        {},
        "",
        "rm -f .caveat/plans/a.md",
        "deletes",
        A,
        id="bash-c-wrapper",
    ),
    pytest.param(
        "cd .caveat/plans && rm a.md",
        {},
        "",
        "rm a.md",
        "deletes",
        A,
        id="cd-then-relative",
    ),
    pytest.param(
        "rm {project}/.caveat/plans/a.md",
        {"cwd": "{home}"},
        "",
        "rm {project}/.caveat/plans/a.md",
        "deletes",
        A,
        id="absolute-path-from-elsewhere",
    ),
    pytest.param(
        "echo $(rm .caveat/plans/a.md)",
        {},
        "",
        "rm .caveat/plans/a.md",
        "deletes",
        A,
        id="command-substitution",
    ),
    pytest.param(
        "rm docs/plans/a.md",
        {"plans": {"folder": "docs/plans"}},
        "",
        "rm docs/plans/a.md",
        "deletes",
        "docs/plans/a.md",
        id="configured-folder",
    ),
    pytest.param(
        "rm a.md b.md c.md d.md",
        {"cwd": "{project}/.caveat/plans"},
        "",
        "rm a.md b.md c.md d.md",
        "deletes",
        ".caveat/plans/a.md, .caveat/plans/b.md, .caveat/plans/c.md and 1 more",
        id="cwd-inside-plans-many-paths",
    ),
    pytest.param(
        "Remove-Item -Path .caveat/plans/a.md",
        {"shell": "powershell"},
        "",
        "Remove-Item -Path .caveat/plans/a.md",
        "deletes",
        A,
        id="powershell-remove-item",
    ),
    pytest.param(
        "Set-Content .caveat/plans/a.md -Value 'x'",
        {"shell": "powershell"},
        "",
        "Set-Content .caveat/plans/a.md -Value x",
        "overwrites",
        A,
        id="powershell-set-content",
    ),
    pytest.param(
        "Add-Content -Path .caveat/plans/a.md -Value 'x'",
        {"shell": "powershell"},
        "",
        "Add-Content -Path .caveat/plans/a.md -Value x",
        "appends to",
        A,
        id="powershell-add-content",
    ),
    pytest.param(
        "cat a.md > .caveat/plans/a.md",
        PLAN_MODE,
        "",
        "cat a.md > .caveat/plans/a.md",
        "overwrites",
        A,
        id="plan-mode-shell-write-to-plans-is-still-a-shell-write",
    ),
    pytest.param(
        "echo hi > out.txt",
        PLAN_MODE,
        "plan-mode",
        "echo hi > out.txt",
        "overwrites",
        "out.txt",
        id="plan-mode-redirect",
    ),
    pytest.param(
        "touch src/new.py",
        PLAN_MODE,
        "plan-mode",
        "touch src/new.py",
        "creates",
        "src/new.py",
        id="plan-mode-touch",
    ),
    pytest.param(
        "mkdir -p build/out",
        PLAN_MODE,
        "plan-mode",
        "mkdir -p build/out",
        "creates",
        "build/out",
        id="plan-mode-mkdir",
    ),
    pytest.param(
        "rm -rf dist",
        PLAN_MODE,
        "plan-mode",
        "rm -rf dist",
        "deletes",
        "dist",
        id="plan-mode-rm",
    ),
    pytest.param(
        "sed -i 's/a/b/' src/app.py",
        PLAN_MODE,
        "plan-mode",
        "sed -i s/a/b/ src/app.py",
        "edits in place",
        "src/app.py",
        id="plan-mode-sed",
    ),
    pytest.param(
        "git add -A",
        PLAN_MODE,
        "plan-mode",
        "git add -A",
        "changes the working tree or history of",
        "{project}",
        id="plan-mode-git-add",
    ),
    pytest.param(
        "git commit -m wip",
        {**PLAN_MODE, "event": "PostToolUse"},
        "plan-mode",
        "git commit -m wip",
        "changes the working tree or history of",
        "{project}",
        id="plan-mode-post-tool-git-commit",
    ),
    pytest.param(
        "Set-Content -Path notes.txt -Value x",
        {**PLAN_MODE, "shell": "powershell"},
        "plan-mode",
        "Set-Content -Path notes.txt -Value x",
        "overwrites",
        "notes.txt",
        id="plan-mode-powershell",
    ),
    pytest.param(
        "cp {home}/.claude/plans/p.md ~/.codex/p.md",
        PLAN_MODE,
        "plan-mode",
        "cp {home}/.claude/plans/p.md ~/.codex/p.md",
        "overwrites",
        "~/.codex/p.md",
        id="plan-mode-copy-out-of-harness-plans",
    ),
]


@pytest.mark.parametrize(("command", "opts", "variant", "shown", "action", "path"), BASH_FIRING)
def test_bash_fires(dirs, command, opts, variant, shown, action, path):
    findings = run(dirs, command, opts)
    assert len(findings) == 1, findings
    finding = findings[0]
    assert finding.guard == "plan-bash" and finding.message == "pretooluse-bash-plan-guard"
    assert finding.variant == variant
    expected = {"command": expand(shown, dirs), "action": action, "path": expand(path, dirs)}
    assert finding.value_map() == expected
    pre = opts.get("event", "PreToolUse") == "PreToolUse"
    assert finding.deny is (variant == "plan-mode" and pre)


BASH_SILENT = [
    # (command, options)
    pytest.param("ls -la", {}, id="ls"),
    pytest.param("pytest -q", {}, id="pytest"),
    pytest.param("cat .caveat/plans/a.md", {}, id="cat"),
    pytest.param("grep -rn 'Phase 2' .caveat/plans/", {}, id="grep"),
    pytest.param("ls .caveat/plans", {}, id="ls-plans"),
    pytest.param("head -20 .caveat/plans/a.md | less", {}, id="head-less"),
    pytest.param("git log --oneline -- .caveat/plans/", {}, id="git-log"),
    pytest.param("git diff .caveat/plans/a.md", {}, id="git-diff"),
    pytest.param("git add .caveat/plans/a.md", {}, id="git-add-plan"),
    pytest.param("cp .caveat/plans/a.md /tmp/a.md", {}, id="cp-out-of-plans"),
    pytest.param("cat .caveat/plans/a.md > summary.txt", {}, id="redirect-from-plans"),
    pytest.param("echo 'rm .caveat/plans/a.md'", {}, id="quoted-text"),
    pytest.param('git commit -m "rm .caveat/plans/a.md"', {}, id="quoted-in-commit-message"),
    pytest.param("ls # rm .caveat/plans/a.md", {}, id="comment"),
    pytest.param("cat <<'EOF'\nrm .caveat/plans/a.md\nEOF", {}, id="heredoc-body"),
    pytest.param("mkdir -p .caveat/plans/auth", {}, id="mkdir-plans-subfolder"),
    pytest.param("touch .caveat/plans/a.md", {}, id="touch-plan"),
    pytest.param("sed -n '1,5p' .caveat/plans/a.md", {}, id="sed-without-in-place"),
    pytest.param("rm build/plans.txt", {}, id="rm-look-alike-name"),
    pytest.param("rm -rf .caveat/cache", {}, id="rm-sibling-of-plans"),
    pytest.param("rm $PLANS/a.md", {}, id="unknown-variable-path"),
    pytest.param("echo x > .caveat/plans/a.md 2>&1 > /dev/null", {"cwd": ""}, id="no-cwd"),
    pytest.param("rm .caveat/plans/a.md", {"plans": {"folder": "docs/plans"}}, id="other-folder"),
    pytest.param("Get-Content .caveat/plans/a.md", {"shell": "powershell"}, id="powershell-read"),
    pytest.param("ls -la", PLAN_MODE, id="plan-mode-ls"),
    pytest.param("grep -rn TODO src/ | head", PLAN_MODE, id="plan-mode-grep"),
    pytest.param("git status && git log -5 && git diff", PLAN_MODE, id="plan-mode-git-read"),
    pytest.param("pytest -q 2>&1 > /dev/null", PLAN_MODE, id="plan-mode-discard-redirects"),
    pytest.param(
        "cat > {home}/.claude/plans/p.md <<'EOF'\n# Plan\nEOF",
        PLAN_MODE,
        id="plan-mode-harness-plan",
    ),
    pytest.param("echo 'rm -rf /'", PLAN_MODE, id="plan-mode-quoted"),
    pytest.param("git checkout main", {}, id="git-checkout-branch-outside-plan-mode"),
    pytest.param("wc -l .caveat/plans/*.md", {}, id="wc"),
    pytest.param("diff .caveat/plans/a.md .caveat/plans/b.md", {}, id="diff"),
    pytest.param("find .caveat/plans -name '*.md'", {}, id="find-without-delete"),
    pytest.param("rg 'Phase' .caveat/plans", {}, id="rg"),
    pytest.param("tail -n 20 .caveat/plans/a.md", {}, id="tail"),
    pytest.param("cp README.md /tmp/plans-backup.md", {}, id="cp-to-look-alike"),
    pytest.param("git show HEAD:.caveat/plans/a.md", {}, id="git-show"),
]


@pytest.mark.parametrize(("command", "opts"), BASH_SILENT)
def test_bash_silent(dirs, command, opts):
    assert run(dirs, command, opts) == []


# In plan mode, installing, removing or upgrading packages changes the project (its
# manifest, lockfile or environment).
PLAN_MODE_PACKAGES = [
    pytest.param("npm install zod", id="npm-install-package"),
    pytest.param("npm i", id="npm-i-declared"),
    pytest.param("npm ci", id="npm-ci"),
    pytest.param("npm uninstall lodash", id="npm-rm"),
    pytest.param("npm update", id="npm-up"),
    pytest.param("pip install requests", id="pip-install"),
    pytest.param("python3 -m pip install -r requirements.txt", id="python-m-pip-r"),
    pytest.param("pip install -e .", id="pip-editable"),
    pytest.param("sudo pip install httpx", id="sudo-pip"),
    pytest.param("uv add httpx", id="uv-add"),
    pytest.param("uv sync", id="uv-sync"),
    pytest.param("poetry install", id="poetry-install"),
    pytest.param("yarn add react", id="yarn-add"),
    pytest.param("pnpm install", id="pnpm-install"),
    pytest.param("bun add hono", id="bun-add"),
    pytest.param("cargo add serde", id="cargo-add"),
    pytest.param("go get example.com/mod@v1.2.0", id="go-get"),
    pytest.param("go mod tidy", id="go-mod-tidy"),
    pytest.param("bundle install", id="bundle-install"),
    pytest.param("composer require monolog/monolog", id="composer-require"),
    pytest.param("dotnet add package Serilog", id="dotnet-add-package"),
    pytest.param("conda install numpy", id="conda-install"),
    pytest.param("apt-get install -y jq", id="apt-get"),
    pytest.param("brew install ripgrep", id="brew"),
    pytest.param("bash -c 'npm i left-pad'", id="inside-bash-c"),
    pytest.param("cd web && pnpm add zod", id="after-cd"),
]


@pytest.mark.parametrize("command", PLAN_MODE_PACKAGES)
def test_plan_mode_package_changes(dirs, command):
    findings = run(dirs, command, PLAN_MODE)
    action = "changes the packages and dependencies of"
    assert [(f.variant, f.value_map()["action"]) for f in findings] == [("plan-mode", action)]
    assert findings[0].deny is True
    assert findings[0].value_map()["path"] == expand("{project}", dirs)


PLAN_MODE_PACKAGES_SILENT = [
    pytest.param("npx prettier --check .", id="npx"),
    pytest.param("uvx ruff check", id="uvx"),
    pytest.param("pnpm dlx create-vite", id="pnpm-dlx"),
    pytest.param("pip list", id="pip-list"),
    pytest.param("pip show requests", id="pip-show"),
    pytest.param("pip freeze", id="pip-freeze"),
    pytest.param("pip --version", id="pip-version"),
    pytest.param("pip install --help", id="pip-install-help"),
    pytest.param("pip install --dry-run requests", id="pip-dry-run"),
    pytest.param("npm install --dry-run zod", id="npm-dry-run"),
    pytest.param("npm outdated", id="npm-outdated"),
    pytest.param("npm ls", id="npm-ls"),
    pytest.param("npm view react versions", id="npm-view"),
    pytest.param("npm test", id="npm-test"),
    pytest.param("npm run lint", id="npm-run"),
    pytest.param("poetry show --tree", id="poetry-show"),
    pytest.param("conda list", id="conda-list"),
    pytest.param("go list -m all", id="go-list"),
    pytest.param("cargo tree", id="cargo-tree"),
    pytest.param("brew list", id="brew-list"),
    pytest.param("apt-cache search jq", id="apt-cache"),
    pytest.param("echo 'npm install zod'", id="quoted"),
    pytest.param("grep -rn 'pip install' docs/", id="grep-pattern"),
]


@pytest.mark.parametrize("command", PLAN_MODE_PACKAGES_SILENT)
def test_plan_mode_package_reads_are_silent(dirs, command):
    assert run(dirs, command, PLAN_MODE) == []


@pytest.mark.parametrize("command", ["npm install zod", "pip install requests", "uv sync"])
def test_package_changes_outside_plan_mode_are_left_to_the_dependency_guard(dirs, command):
    assert run(dirs, command) == []


def test_bash_plan_mode_reports_each_change(dirs):
    findings = run(dirs, "echo x > a.txt && rm -f .caveat/plans/a.md && git commit -m x", PLAN_MODE)
    assert [(f.variant, f.value_map()["action"]) for f in findings] == [
        ("plan-mode", "overwrites"),
        ("", "deletes"),
        ("plan-mode", "changes the working tree or history of"),
    ]


def test_bash_big_input_completes(dirs):
    big = "rm .caveat/plans/a.md; " + "ls -la; " * 50_000
    findings = run(dirs, big)
    assert [f.value_map().get("path") for f in findings] == [A, None]
    assert findings[-1].value_map() == {"unread": "simple commands 20,001–50,001"}
    big = "echo .caveat/plans " + "x " * 600_000 + "; rm .caveat/plans/a.md"
    assert [f.value_map()["path"] for f in run(dirs, big)] == [A]  # 1.2 MB: read whole


def test_bash_command_line_too_long_to_read_whole_says_so(dirs):
    from caveat.common.shell import MAX_INPUT

    text = "rm .caveat/plans/a.md; echo " + "x" * MAX_INPUT + "; rm .caveat/plans/b.md"
    findings = run(dirs, text)
    assert [f.variant for f in findings] == ["", "unread"]
    assert findings[-1].value_map() == {"unread": f"characters {MAX_INPUT + 1:,}–{len(text):,}"}
