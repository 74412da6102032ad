"""The dependency guard: writes to manifests, lockfiles, version catalogs, infra
references, tool pins and installed trees, and shell commands that add, remove or
upgrade dependencies (reference/guard-rules.md §1).

Variants of ``pretooluse-dependency-guard``: ``""`` (a manifest or catalog change,
naming the packages), ``lockfile`` (a hand edit of a lockfile), ``reference`` (an
image, action, module, tool pin or registry setting changed), ``installed`` (a write
into ``node_modules``, ``site-packages`` …), ``unparseable`` (a JSON or TOML manifest
that the change leaves invalid: said so, with only what the edited fragments change,
because a tolerant parser reading a broken file loses the dependencies after the
break and would call them removed) and ``command`` (a shell command: package
managers, and writes to dependency files through redirections, ``tee``, ``mv``/``cp``
onto them and in-place editors — ``sed -i``, ``perl -pi``, ``ruby -i``,
``awk -i inplace``).

This module decides cheaply whether anything can fire — a basename set, suffix and
prefix tests, substring scans — and only then imports the analysis modules (which
bring pathspec and the shell lexer).
"""

from __future__ import annotations

from caveat.event import CELL
from caveat.guards.base import edits_by_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from re import Pattern

    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.event import Finding
    from caveat.guards.base import Context

# Pre-filter data: loaded on every call that reaches this guard; the full
# tables live in the modules beside this one.
# Cheap pre-filter data. Every rule must be reachable through at least one of these.
BASENAMES = frozenset(
    {
        "pyproject.toml", "setup.py", "setup.cfg", "Pipfile", "Pipfile.lock", "pixi.toml",
        "pixi.lock", "environment.yml", "environment.yaml", "poetry.lock", "pdm.lock",
        "uv.lock", "pylock.toml", ".python-version", "runtime.txt", "package.json",
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
        "bun.lock", "bun.lockb", "deno.json", "deno.jsonc", "deno.lock", "package.js",
        "pnpm-workspace.yaml", ".npmrc", ".yarnrc", ".yarnrc.yml", "bunfig.toml", ".nvmrc",
        ".node-version", ".bun-version", "Cargo.toml", "Cargo.lock", "rust-toolchain",
        "rust-toolchain.toml", "go.mod", "go.work", "go.sum", "go.work.sum", "modules.txt",
        "pom.xml", "pom.template.xml", "settings.xml", "extensions.xml",
        "maven-wrapper.properties", "gradle.lockfile", "buildscript-gradle.lockfile",
        "verification-metadata.xml", "gradle-wrapper.properties", "gradle.properties",
        "repositories", "build.properties", "project.clj", "deps.edn", "bb.edn",
        "build.xml", "ivy.xml", "packages.lock.json", "paket.lock", "packages.config",
        "dotnet-tools.json", "paket.dependencies", "global.json", "project.assets.json",
        "Gemfile", "gems.rb", "Gemfile.lock", "gems.locked", ".ruby-version", "Puppetfile",
        "Brewfile", "composer.json", "composer.lock", "Package.swift", "Package.resolved",
        "Podfile", "Podfile.lock", "Cartfile", "Cartfile.resolved", "Mintfile",
        "project.yml", "pubspec.yaml", "pubspec.yml", "pubspec.lock", ".fvmrc",
        "fvm_config.json", "mix.exs", "mix.lock", "gleam.toml", "manifest.toml",
        "rebar.config", "rebar.lock", "cabal.project", "cabal.project.freeze", "stack.yaml",
        "stack.yaml.lock", "package.yaml", "Project.toml", "JuliaProject.toml",
        "Manifest.toml", "JuliaManifest.toml", "renv.lock", "DESCRIPTION", "conan.lock",
        "conanfile.txt", "conanfile.py", "vcpkg.json", "vcpkg-configuration.json",
        "cpanfile", "cpanfile.snapshot", "MODULE.bazel", "MODULE.bazel.lock",
        "maven_install.json", "WORKSPACE", "WORKSPACE.bazel", "WORKSPACE.bzlmod",
        ".bazelversion", "flake.nix", "flake.lock", "devbox.json", "devbox.lock",
        ".terraform.lock.hcl", "terragrunt.hcl", ".tflint.hcl", ".terraform-version",
        ".terragrunt-version", ".opentofu-version", "DOCKERFILE", "Chart.yaml",
        "Chart.yml", "Chart.lock", "requirements.yaml", "values.yaml", "values.yml",
        "helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.lock", "kustomization.yaml",
        "kustomization.yml", "jsonnetfile.json", "jsonnetfile.lock.json", "vendir.yml",
        "vendir.lock.yml", ".devcontainer.json", "devcontainer.json", "action.yml",
        "action.yaml", ".gitlab-ci.yml", ".gitlab-ci.yaml", ".drone.yml", ".travis.yml",
        "bitrise.yml", "buildkite.yml", "cloudbuild.yml", "cloudbuild.yaml",
        ".woodpecker.yml", ".crow.yml", ".vela.yml", "plugins.txt",
        ".pre-commit-config.yaml", ".pre-commit-config.yml", ".gitmodules", ".tool-versions",
        "mise.lock", "mise.toml", ".mise.toml", ".rtx.toml", ".prototools", "galaxy.yml",
        "requirements.yml", "requirements.ansible.yml",
    }
)  # fmt: skip

SUFFIXES = (
    ".pom", ".gradle", ".gradle.kts", ".versions.toml", ".csproj", ".fsproj", ".vbproj",
    ".vcxproj", ".sqlproj", ".nuspec", ".props", ".targets", ".cake", ".gemspec",
    "-composer.json", ".cabal", ".MODULE.bazel", ".WORKSPACE.bazel", ".bzl", ".tf",
    ".tofu", ".bicep", "ockerfile", "ontainerfile", ".deps.json", "-pipelines.yml",
    ".conda-lock.yml", "conda-lock.yml", ".main.kts", ".sbt", ".pom.xml",
)  # fmt: skip

PREFIXES = (
    "Dockerfile", "dockerfile", "Containerfile", "containerfile", "docker-compose",
    "compose", "pylock.", "azure-pipelines", "values-", "mise.", ".mise.",
)  # fmt: skip

# Substrings of the basename (requirements files come in many spellings).
SUBSTRINGS = ("requirements", "constraints")

# Substrings of the '/'-joined path (tested with a leading '/', as if rooted) that
# put any file under them in a rule: installed and vendored trees.
DIR_PARTS = (
    "/node_modules/", "/site-packages/", "/dist-packages/", ".dist-info/", ".egg-info/",
    "/EGG-INFO/", "/conda-meta/", "/vendor/bundle/", "/Pods/",
)  # fmt: skip

# Folders that hold dependency files of some extensions only: (folder, suffixes).
DIR_SUFFIXES = (
    ("/gradle/", (".toml",)),
    ("/buildSrc/", (".kt",)),
    ("/project/", (".scala",)),
    ("/Formula/", (".rb",)),
    ("/requirements/", (".txt", ".in")),
    ("/mise/", (".toml",)),
    ("/.mise/", (".toml",)),
    ("/.config/mise", (".toml",)),
    ("/.github/", (".yml", ".yaml")),
    ("/.gitea/", (".yml", ".yaml")),
    ("/.forgejo/", (".yml", ".yaml")),
    ("/workflow-templates/", (".yml", ".yaml")),
    ("/.circleci/", (".yml", ".yaml")),
    ("/.azuredevops/", (".yml", ".yaml")),
    ("/.buildkite/", (".yml", ".yaml")),
    ("/.woodpecker/", (".yml", ".yaml")),
    ("/helmfile.d/", (".yaml",)),
    ("/.fvm/", (".json",)),
    ("/obj/", (".json",)),
)

# Words whose presence (lower-cased) lets a command past the cheap pre-filter. Every
# tool and alias above contains one of them.
PREFILTER = (
    "pip",
    "uv ",
    "poetry",
    "pdm",
    "conda",
    "mamba",
    "pixi",
    "npm",
    "yarn",
    "bun",
    "deno",
    "cargo",
    "go ",
    "gem ",
    "bundle",
    "composer",
    "dotnet",
    "paket",
    "nuget",
    "-package",
    "-module",
    "-psresource",
    "gradle",
    "swift",
    "pod ",
    "dart",
    "flutter",
    "mix ",
    "nix",
    "helm",
    "terraform",
    "tofu",
    "apt",
    "dnf",
    "yum",
    "apk ",
    "pacman",
    "yay ",
    "paru ",
    "zypper",
    "brew",
    "port ",
    "snap ",
    "choco",
    "winget",
    "scoop",
)

# A redirect or ``tee`` into a dependency file: the command must also mention one of
# these for the pre-filter to pass.
REDIRECT_HINTS = (
    "requirements",
    "constraints",
    "package",
    ".toml",
    ".lock",
    "go.mod",
    "go.sum",
    "gemfile",
    "pipfile",
    "pom.xml",
    ".gradle",
    "proj",
    "pubspec",
    "composer",
    "podfile",
    "environment.y",
    ".props",
    "lockfile",
    "shrinkwrap",
    "cpanfile",
    "mix.exs",
)


_SHELLS = frozenset({"Bash", "PowerShell"})
# What writes a file from the shell: redirections, tee, in-place editors, mv and cp.
_SHELL_WRITERS = (">", "tee ", "sed ", "perl ", "ruby ", "awk ", "mv ", "cp ")
_CELL_HINTS = ("pip", "conda", "mamba", "install", "uv ")


def path_may_match(path: str) -> bool:
    """False only when no rule of ``dependency_files`` can match ``path``."""
    norm = path.replace("\\", "/")
    base = norm[norm.rfind("/") + 1 :]
    if base in BASENAMES or base.endswith(SUFFIXES):
        return True
    if base.startswith(PREFIXES):
        return True
    if any(s in base for s in SUBSTRINGS):
        return True
    rooted = norm if norm.startswith("/") else "/" + norm
    if any(part in rooted for part in DIR_PARTS):
        return True
    return any(part in rooted and base.endswith(ends) for part, ends in DIR_SUFFIXES)


def command_may_match(command: str) -> bool:
    """False only when ``command`` names no dependency tool and writes no manifest."""
    low = command.lower()
    if any(word in low for word in PREFILTER):
        return True
    return any(w in low for w in _SHELL_WRITERS) and any(hint in low for hint in REDIRECT_HINTS)


# A command line this long is tested one simple command at a time by ``many_may_match``.
LONG_COMMAND = 64 * 1024


def many_may_match() -> Callable[[str], bool]:
    """``command_may_match`` as three searches instead of sixty: the same answer, for
    the hundreds of thousands of simple commands a long command line can hold."""
    from caveat.common import rx

    def alternation(words: tuple[str, ...]) -> Pattern[str]:
        return rx.compile("|".join(rx.escape(word) for word in words))

    words, writers = alternation(PREFILTER), alternation(_SHELL_WRITERS)
    hints = alternation(REDIRECT_HINTS)

    def keep(command: str) -> bool:
        low = command.lower()
        if words.search(low):
            return True
        return writers.search(low) is not None and hints.search(low) is not None

    return keep


def _pep723_hint(edits: list[FileEdit]) -> bool:
    return any("/// script" in e.text or "/// script" in e.old for e in edits)


def _cell_commands(edits: list[FileEdit]) -> str:
    """The ``!pip install …`` / ``%pip install …`` lines of notebook cells."""
    lines = []
    for edit in edits:
        if edit.kind != CELL or not any(h in edit.text for h in _CELL_HINTS):
            continue
        for line in edit.text.splitlines():
            line = line.strip()
            if line[:1] in ("!", "%"):
                lines.append(line.lstrip("!%"))
    return "\n".join(lines)


def _configured(ctx: Context, path: str, patterns: tuple[str, ...]) -> bool:
    """Whether the project's ``extra_manifests`` patterns name ``path``."""
    from caveat.guards.dependency.files import configured_rule

    return configured_rule(ctx, path, patterns) is not None


def check(event: Event, ctx: Context) -> list[Finding]:
    if event.tool in _SHELLS:
        if not event.command or not command_may_match(event.command):
            return []
        from caveat.guards.dependency.commands import command_findings

        keep = command_may_match if len(event.command) < LONG_COMMAND else many_may_match()
        return command_findings(ctx, event.command, event.tool == "PowerShell", keep)
    findings: list[Finding] = []
    candidates: dict[str, list[FileEdit]] = {}
    cells = ""
    extra = ctx.config.strings("dependency", "extra_manifests")  # [dependency] in config
    for path, edits in edits_by_path(event).items():
        if (
            path_may_match(path)
            or (path.endswith(".py") and _pep723_hint(edits))
            or (extra and _configured(ctx, path, extra))
        ):
            candidates[path] = edits
        elif path.endswith(".ipynb"):
            cells += _cell_commands(edits)
    if candidates:
        from caveat.guards.dependency.files import file_findings

        findings.extend(file_findings(event, ctx, candidates))
    if cells and command_may_match(cells):
        from caveat.guards.dependency.commands import command_findings

        findings.extend(command_findings(ctx, cells, False, command_may_match))
    return findings
