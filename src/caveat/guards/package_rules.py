"""Shell commands that change dependencies, as data (reference/guard-rules.md §1.4, §1.5).

``TOOLS`` maps a canonical tool name to a dict:

- ``eco``: the ecosystem it serves;
- ``subs``: sub-command words → ``CLASS:verb``. A key may hold several words
  (``add package``); ``*`` stands for any one word (``dotnet add App.csproj package``);
  ``""`` is the class of a call whose sub-command is none of the others. A ``?`` after
  the class means "only with package arguments, else SYNC" (``npm install`` alone
  installs what is declared). A tool whose sub-commands are flags (``pacman -S``)
  lists them with their dash.
- ``values``: flags that take a separate value (so ``npm --prefix web install zod``
  finds ``install``); ``global``: flags that make the install global; ``upgrade``:
  flags that turn it into an upgrade (and count as an argument for ``?``);
  ``flags``: flags that decide the class whatever the sub-command
  (``gradle --write-locks``); ``local``: flags that make the named packages the
  ones in a local folder (``cargo add x --path ../x``, ``pip install x --no-index
  --find-links dist/``), so nothing comes from a registry; ``named``: per sub-command,
  the flags whose value is a package (``cargo update -p foo``); ``itself``: flags that
  make the tool upgrade itself, and the name it goes by (``gem update --system``).

Classes: DECLARE edits a manifest; LOCK rewrites only the lockfile; ADHOC installs
into an environment without recording it; GLOBAL installs outside the project. SYNC,
EPHEMERAL and READ stay silent (a sub-command missing from ``subs`` is READ).
"""

from __future__ import annotations

DECLARE = "DECLARE"
LOCK = "LOCK"
ADHOC = "ADHOC"
GLOBAL = "GLOBAL"
SILENT = frozenset({"SYNC", "EPHEMERAL", "READ"})

# What each class and verb does, as the advisory's {action}.
ACTIONS = {
    "DECLARE:add": "adds dependencies to the project manifest",
    "DECLARE:remove": "removes dependencies from the project manifest",
    "DECLARE:upgrade": "upgrades dependencies in the project manifest and lockfile",
    "DECLARE:edit": "rewrites the project's dependency requirements",
    "DECLARE:write": "writes a dependency file through the shell",
    "LOCK:lock": "rewrites the lockfile",
    "LOCK:upgrade": "upgrades locked versions in the lockfile",
    "ADHOC:install": "installs packages into the environment without recording them in the project",
    "ADHOC:remove": "removes packages from the environment outside the project's manifest",
    "ADHOC:upgrade": "upgrades packages in the environment without recording it in the project",
    "GLOBAL:install": "installs packages globally, outside the project",
    "GLOBAL:remove": "removes globally installed packages",
    "GLOBAL:upgrade": "upgrades globally installed packages",
}

_NPM_INSTALL = (
    "install",
    "add",
    "i",
    "in",
    "ins",
    "inst",
    "insta",
    "instal",
    "isnt",
    "isnta",
    "isntal",
    "isntall",
)

_NPM_FIELDS = tuple(
    f"{field}{sep}"
    for field in (
        "dependencies",
        "devDependencies",
        "optionalDependencies",
        "peerDependencies",
        "overrides",
    )
    for sep in (".", "[")
)

TOOLS = {
    "npm": {
        "eco": "npm",
        "subs": {
            **dict.fromkeys(_NPM_INSTALL, "DECLARE?:add"),
            **dict.fromkeys(("uninstall", "unlink", "remove", "rm", "r", "un"), "DECLARE:remove"),
            **dict.fromkeys(("update", "up", "upgrade", "udpate"), "DECLARE:upgrade"),
            **dict.fromkeys(("dedupe", "ddp"), "LOCK:lock"),
            **dict.fromkeys(
                ("ci", "clean-install", "ic", "install-clean", "isntall-clean"), "SYNC"
            ),
            "pkg set": "DECLARE?:add",
            "pkg delete": "DECLARE?:remove",
        },
        # `npm pkg set/delete KEY[=VALUE]` edits package.json by key: only keys under a
        # dependency field count (`npm pkg set name=x` is silent).
        "fields": {
            "pkg set": _NPM_FIELDS,
            "pkg delete": _NPM_FIELDS,
        },
        "values": frozenset(
            {
                "--loglevel",
                "--install-strategy",
                "--fetch-retries",
                "--fetch-timeout",
                "--audit-level",
                "--prefix",
                "-C",
                "--workspace",
                "-w",
                "--registry",
                "--tag",
                "--cache",
                "--userconfig",
                "--omit",
                "--include",
                "--save-prefix",
                "--location",
            }
        ),
        "global": frozenset({"-g", "--global", "--location=global"}),
    },
    "yarn": {
        "eco": "npm",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "up": "DECLARE:upgrade",
            "upgrade": "DECLARE:upgrade",
            "upgrade-interactive": "DECLARE:upgrade",
            "global add": "GLOBAL:install",
            "global remove": "GLOBAL:remove",
            "global upgrade": "GLOBAL:upgrade",
            "install": "SYNC",
            "dlx": "EPHEMERAL",
        },
        "values": frozenset(
            {
                "--network-timeout",
                "--mutex",
                "--cwd",
                "--registry",
                "--modules-folder",
                "--cache-folder",
            }
        ),
    },
    "pnpm": {
        "eco": "npm",
        "subs": {
            "add": "DECLARE:add",
            **dict.fromkeys(("install", "i"), "DECLARE?:add"),
            **dict.fromkeys(("remove", "rm", "uninstall", "un"), "DECLARE:remove"),
            **dict.fromkeys(("update", "up", "upgrade"), "DECLARE:upgrade"),
            "dedupe": "LOCK:lock",
            **dict.fromkeys(("dlx", "exec", "run"), "EPHEMERAL"),
        },
        "values": frozenset(
            {
                "--reporter",
                "--loglevel",
                "--store-dir",
                "-C",
                "--dir",
                "--filter",
                "-F",
                "--registry",
                "--workspace-root",
            }
        ),
        "global": frozenset({"-g", "--global"}),
    },
    "bun": {
        "eco": "npm",
        "subs": {
            **dict.fromkeys(("add", "a"), "DECLARE:add"),
            **dict.fromkeys(("install", "i"), "DECLARE?:add"),
            **dict.fromkeys(("remove", "rm"), "DECLARE:remove"),
            **dict.fromkeys(("update", "upgrade"), "DECLARE:upgrade"),
            "ci": "SYNC",
            "x": "EPHEMERAL",
        },
        "values": frozenset({"--backend", "--cwd", "--registry", "--cache-dir"}),
        "global": frozenset({"-g", "--global"}),
    },
    "deno": {
        "eco": "npm",
        "subs": {
            "add": "DECLARE:add",
            **dict.fromkeys(("install", "i"), "DECLARE?:add"),
            **dict.fromkeys(("remove", "rm", "uninstall"), "DECLARE:remove"),
            "outdated": "READ",
        },
        "values": frozenset({"--config", "-c", "--root", "-n", "--name"}),
        "global": frozenset({"-g", "--global"}),
    },
    "pip": {
        "eco": "PyPI",
        "subs": {"install": "ADHOC?:install", "uninstall": "ADHOC:remove"},
        "values": frozenset(
            {
                "-r",
                "--requirement",
                "-c",
                "--constraint",
                "-e",
                "--editable",
                "-i",
                "--index-url",
                "--extra-index-url",
                "-t",
                "--target",
                "--prefix",
                "-f",
                "--find-links",
                "--python-version",
                "--platform",
                "--root",
                "--src",
                "--cache-dir",
                "--trusted-host",
                "--proxy",
                "--log",
                "--no-binary",
                "--only-binary",
                "--config-settings",
                "-C",
                "--upgrade-strategy",
                "--python",
                "--group",
                # pip's general options that take a value (``pip help install``): the
                # value is never a package (``--progress-bar off``).
                "--progress-bar",
                "--timeout",
                "--retries",
                "--resume-retries",
                "--exists-action",
                "--cert",
                "--client-cert",
                "--implementation",
                "--abi",
                "--report",
                "--root-user-action",
                "--keyring-provider",
                "--use-feature",
                "--use-deprecated",
                "--global-option",
                "--build-option",
                "--log-file",
                "--local-log",
            }
        ),
        "upgrade": frozenset({"-U", "--upgrade"}),
        # Without an index, every package comes from --find-links folders on disk.
        "local": frozenset({"--no-index"}),
    },
    "pip-compile": {
        "eco": "PyPI",
        "subs": {"": "LOCK:lock"},
        "values": frozenset({"-o", "--output-file", "-P", "--upgrade-package"}),
        "upgrade": frozenset({"-U", "--upgrade", "-P", "--upgrade-package"}),
    },
    "uv": {
        "eco": "PyPI",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "lock": "LOCK:lock",
            "pip install": "ADHOC?:install",
            "pip uninstall": "ADHOC:remove",
            "pip compile": "LOCK:lock",
            "tool install": "GLOBAL:install",
            "tool uninstall": "GLOBAL:remove",
            "tool upgrade": "GLOBAL:upgrade",
            "sync": "SYNC",
            "run": "EPHEMERAL",
        },
        # ``uv lock -P foo``: only foo moves
        "named": {"lock": frozenset({"-P", "--upgrade-package"})},
        "values": frozenset(
            {
                "--directory",
                "--project",
                "--package",
                "--python",
                "-p",
                "--group",
                "--extra",
                "--index",
                "--index-url",
                "--default-index",
                "--script",
                "--optional",
                "--with",
                "--from",
                "-r",
                "--requirements",
                "-c",
                "--constraints",
                "--config-file",
                "--upgrade-package",
                "-P",
                "-o",
                "--output-file",
                "--bounds",
                "--index-strategy",
                "--keyring-provider",
                "--resolution",
                "--prerelease",
                "--exclude-newer",
                "--link-mode",
                "--reinstall-package",
                "--refresh-package",
                "--no-binary-package",
                "--no-build-package",
                "--config-setting",
                "-C",
                "--cache-dir",
                "--color",
                "--target",
                "--prefix",
                "--python-platform",
                "--python-version",
                "--find-links",
                "-f",
                "--extra-index-url",
                "--no-binary",
                "--only-binary",
                "--overrides",
                "--build-constraints",
                "-b",
                "--torch-backend",
            }
        ),
        "upgrade": frozenset({"-U", "--upgrade", "-P", "--upgrade-package"}),
        "local": frozenset({"--no-index"}),
    },
    "poetry": {
        "eco": "PyPI",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "lock": "LOCK:lock",
            "install": "SYNC",
            "sync": "SYNC",
            "self add": "GLOBAL:install",
        },
        "values": frozenset(
            {"-C", "--directory", "--project", "-G", "--group", "-E", "--extras", "--source", "-P"}
        ),
    },
    "pipenv": {
        "eco": "PyPI",
        "subs": {
            "install": "DECLARE?:add",
            "uninstall": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "upgrade": "DECLARE:upgrade",
            "lock": "LOCK:lock",
            "sync": "SYNC",
        },
        "values": frozenset({"-r", "--requirements", "--python", "--categories", "-i", "--index"}),
    },
    "pdm": {
        "eco": "PyPI",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "lock": "LOCK:lock",
            "install": "SYNC",
            "sync": "SYNC",
        },
        "values": frozenset({"-G", "--group", "-p", "--project", "-L", "--lockfile"}),
    },
    "conda": {
        "eco": "conda",
        "subs": {
            "install": "ADHOC?:install",
            "create": "ADHOC?:install",
            "remove": "ADHOC:remove",
            "uninstall": "ADHOC:remove",
            "update": "ADHOC:upgrade",
            "upgrade": "ADHOC:upgrade",
            "env update": "SYNC",
            "env create": "SYNC",
        },
        "values": frozenset(
            {"--solver", "-n", "--name", "-p", "--prefix", "-c", "--channel", "-f", "--file"}
        ),
    },
    "pixi": {
        "eco": "conda",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "rm": "DECLARE:remove",
            "upgrade": "DECLARE:upgrade",
            "update": "LOCK:upgrade",
            "lock": "LOCK:lock",
            "global install": "GLOBAL:install",
            "install": "SYNC",
        },
        "values": frozenset({"--manifest-path", "-e", "--environment", "--feature", "-f"}),
    },
    "pipx": {
        "eco": "PyPI",
        "subs": {
            "install": "GLOBAL:install",
            "inject": "GLOBAL:install",
            "uninstall": "GLOBAL:remove",
            "upgrade": "GLOBAL:upgrade",
            "upgrade-all": "GLOBAL:upgrade",
            "run": "EPHEMERAL",
        },
        "values": frozenset({"--python", "--index-url", "--pip-args", "--suffix"}),
    },
    "cargo": {
        "eco": "Cargo",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "rm": "DECLARE:remove",
            "update": "LOCK:upgrade",
            "generate-lockfile": "LOCK:lock",
            "install": "GLOBAL:install",
            "uninstall": "GLOBAL:remove",
        },
        "named": {"update": frozenset({"-p", "--package"})},
        "values": frozenset(
            {
                "--jobs",
                "--message-format",
                "--target-dir",
                "--index",
                "--bin",
                "--example",
                "--manifest-path",
                "-p",
                "--package",
                "--features",
                "-F",
                "--rename",
                "--target",
                "--registry",
                "--git",
                "--branch",
                "--tag",
                "--rev",
                "--path",
                "--vers",
                "--version",
                "--root",
                "-Z",
                "--config",
                "--color",
                "-j",
                "--profile",
                "--precise",
            }
        ),
        "local": frozenset({"--path"}),
    },
    "go": {
        "eco": "Go",
        "subs": {
            "get": "DECLARE?:add",
            "mod tidy": "DECLARE:edit",
            "mod edit": "DECLARE:edit",
            "work use": "DECLARE:edit",
            "work sync": "DECLARE:upgrade",
            "install": "GLOBAL:install",
            "mod download": "SYNC",
        },
        "values": frozenset(
            {"-ldflags", "-gcflags", "-mod", "-p", "-C", "-modfile", "-tags", "-o"}
        ),
        "upgrade": frozenset({"-u", "-u=patch"}),
    },
    "bundle": {
        "eco": "RubyGems",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "lock": "LOCK:lock",
            "install": "SYNC",
        },
        "values": frozenset(
            {
                "--jobs",
                "--retry",
                "--path",
                "--without",
                "--with",
                "--gemfile",
                "--version",
                "-v",
                "--group",
                "-g",
                "--source",
                "--git",
                "--branch",
            }
        ),
    },
    "gem": {
        "eco": "RubyGems",
        "subs": {
            "install": "GLOBAL:install",
            "i": "GLOBAL:install",
            "uninstall": "GLOBAL:remove",
            "update": "GLOBAL:upgrade",
        },
        "itself": {"--system": "rubygems"},
        "values": frozenset(
            {
                "--platform",
                "--bindir",
                "-n",
                "-v",
                "--version",
                "--source",
                "-s",
                "-i",
                "--install-dir",
            }
        ),
    },
    "composer": {
        "eco": "Packagist",
        "subs": {
            "require": "DECLARE:add",
            "req": "DECLARE:add",
            "remove": "DECLARE:remove",
            "rm": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "u": "DECLARE:upgrade",
            "upgrade": "DECLARE:upgrade",
            "global require": "GLOBAL:install",
            "global remove": "GLOBAL:remove",
            "install": "SYNC",
        },
        "values": frozenset({"-d", "--working-dir"}),
    },
    "dotnet": {
        "eco": "NuGet",
        "subs": {
            "add package": "DECLARE:add",
            "add * package": "DECLARE:add",
            "package add": "DECLARE:add",
            "remove package": "DECLARE:remove",
            "remove * package": "DECLARE:remove",
            "package remove": "DECLARE:remove",
            "package update": "DECLARE:upgrade",
            "tool install": "DECLARE:add",
            "tool uninstall": "DECLARE:remove",
            "tool update": "DECLARE:upgrade",
            "restore": "SYNC",
        },
        "values": frozenset(
            {
                "-v",
                "--version",
                "-s",
                "--source",
                "-f",
                "--framework",
                "--package-directory",
                "--project",
                "--tool-path",
            }
        ),
        "global": frozenset({"-g", "--global"}),
    },
    "paket": {
        "eco": "NuGet",
        "subs": {
            "add": "DECLARE:add",
            "remove": "DECLARE:remove",
            "update": "DECLARE:upgrade",
            "install": "SYNC",
            "restore": "SYNC",
        },
        "values": frozenset({"--version", "-V", "--project", "-p", "--group", "-g"}),
    },
    "nuget": {
        "eco": "NuGet",
        "subs": {"install": "ADHOC:install", "update": "ADHOC:upgrade", "restore": "SYNC"},
        "values": frozenset({"-Version", "-Source", "-OutputDirectory"}),
    },
    "install-package": {
        "eco": "NuGet",
        "subs": {"": "DECLARE:add"},
        "values": frozenset({"-version", "-source", "-projectname"}),
    },
    "uninstall-package": {
        "eco": "NuGet",
        "subs": {"": "DECLARE:remove"},
        "values": frozenset({"-projectname"}),
    },
    "update-package": {
        "eco": "NuGet",
        "subs": {"": "DECLARE:upgrade"},
        "values": frozenset({"-version", "-source", "-projectname"}),
    },
    "install-module": {
        "eco": "PowerShell Gallery",
        "subs": {"": "GLOBAL:install"},
        "values": frozenset({"-requiredversion", "-repository", "-scope"}),
    },
    "install-psresource": {
        "eco": "PowerShell Gallery",
        "subs": {"": "GLOBAL:install"},
        "values": frozenset({"-version", "-repository", "-scope"}),
    },
    "update-module": {"eco": "PowerShell Gallery", "subs": {"": "GLOBAL:upgrade"}},
    "uninstall-module": {"eco": "PowerShell Gallery", "subs": {"": "GLOBAL:remove"}},
    "gradle": {
        "eco": "Gradle",
        "subs": {"": "READ"},
        "values": frozenset({"--update-locks", "-p", "--project-dir"}),
        "flags": {
            "--write-locks": "LOCK:lock",
            "--update-locks": "LOCK:upgrade",
            "--write-verification-metadata": "LOCK:lock",
        },
    },
    "swift": {
        "eco": "SwiftPM",
        "subs": {
            "package add-dependency": "DECLARE:add",
            "package add-target-dependency": "DECLARE:add",
            "package update": "LOCK:upgrade",
            "package resolve": "LOCK:lock",
        },
        "values": frozenset(
            {
                "--package-path",
                "--from",
                "--branch",
                "--revision",
                "--exact",
                "--up-to-next-minor-from",
                "--up-to-next-major-from",
                "--to",
                "--type",
                "--package",
            }
        ),
    },
    "pod": {"eco": "CocoaPods", "subs": {"update": "LOCK:upgrade", "install": "SYNC"}},
    "dart": {
        "eco": "Pub",
        "subs": {
            "pub add": "DECLARE:add",
            "pub remove": "DECLARE:remove",
            "pub upgrade": "DECLARE:upgrade",
            "pub global activate": "GLOBAL:install",
            "pub get": "SYNC",
        },
        "values": frozenset({"-C", "--directory"}),
    },
    "mix": {
        "eco": "Hex",
        "subs": {"deps.update": "LOCK:upgrade", "deps.unlock": "LOCK:lock", "deps.get": "SYNC"},
    },
    "nix": {
        "eco": "Nix",
        "subs": {
            "flake update": "LOCK:upgrade",
            "flake lock": "LOCK:lock",
            "profile install": "GLOBAL:install",
            "profile add": "GLOBAL:install",
            "profile remove": "GLOBAL:remove",
            "profile upgrade": "GLOBAL:upgrade",
            "run": "EPHEMERAL",
            "shell": "EPHEMERAL",
        },
    },
    "nix-env": {
        "eco": "Nix",
        "subs": {
            "-i": "GLOBAL:install",
            "--install": "GLOBAL:install",
            "-iA": "GLOBAL:install",
            "-e": "GLOBAL:remove",
            "--uninstall": "GLOBAL:remove",
            "-u": "GLOBAL:upgrade",
            "--upgrade": "GLOBAL:upgrade",
        },
    },
    "helm": {
        "eco": "Helm",
        "subs": {
            "dependency update": "LOCK:upgrade",
            "dep update": "LOCK:upgrade",
            "dep up": "LOCK:upgrade",
            "dependency build": "SYNC",
        },
    },
    "terraform": {
        "eco": "Terraform",
        "subs": {"providers lock": "LOCK:lock", "init": "SYNC"},
        "flags": {"-upgrade": "LOCK:upgrade", "-upgrade=true": "LOCK:upgrade"},
    },
    "apt": {
        "eco": "Debian",
        "subs": {
            "install": "GLOBAL:install",
            "remove": "GLOBAL:remove",
            "purge": "GLOBAL:remove",
            "autoremove": "GLOBAL:remove",
            "upgrade": "GLOBAL:upgrade",
            "dist-upgrade": "GLOBAL:upgrade",
            "full-upgrade": "GLOBAL:upgrade",
        },
        "values": frozenset({"-o", "-t", "--target-release", "-c", "--snapshot", "-S"}),
    },
    "dnf": {
        "eco": "RPM",
        "subs": {
            "install": "GLOBAL:install",
            "remove": "GLOBAL:remove",
            "erase": "GLOBAL:remove",
            "upgrade": "GLOBAL:upgrade",
            "update": "GLOBAL:upgrade",
        },
        "values": frozenset({"--repo", "--enablerepo", "--disablerepo", "--setopt"}),
    },
    "apk": {
        "eco": "Alpine",
        "subs": {"add": "GLOBAL:install", "del": "GLOBAL:remove", "upgrade": "GLOBAL:upgrade"},
        "values": frozenset({"-X", "--repository", "--virtual", "-t", "--root", "-p"}),
    },
    "pacman": {
        "eco": "Arch",
        "subs": {
            "-S": "GLOBAL?:install",
            "--sync": "GLOBAL?:install",
            "-R": "GLOBAL:remove",
            "--remove": "GLOBAL:remove",
            "-U": "GLOBAL:install",
        },
        "upgrade": frozenset({"-u", "--sysupgrade"}),
    },
    "zypper": {
        "eco": "RPM",
        "subs": {
            "install": "GLOBAL:install",
            "in": "GLOBAL:install",
            "remove": "GLOBAL:remove",
            "rm": "GLOBAL:remove",
            "update": "GLOBAL:upgrade",
            "up": "GLOBAL:upgrade",
            "dist-upgrade": "GLOBAL:upgrade",
            "dup": "GLOBAL:upgrade",
        },
        # ``-t pattern``: the kind of what is named, not a package
        "values": frozenset({"-t", "--type", "-r", "--repo", "--from"}),
    },
    "brew": {
        "eco": "Homebrew",
        "subs": {
            "install": "GLOBAL:install",
            "reinstall": "GLOBAL:install",
            "uninstall": "GLOBAL:remove",
            "remove": "GLOBAL:remove",
            "rm": "GLOBAL:remove",
            "upgrade": "GLOBAL:upgrade",
            "bundle": "SYNC",
        },
    },
    "port": {
        "eco": "MacPorts",
        "subs": {
            "install": "GLOBAL:install",
            "uninstall": "GLOBAL:remove",
            "upgrade": "GLOBAL:upgrade",
        },
    },
    "snap": {
        "eco": "Snap",
        "subs": {
            "install": "GLOBAL:install",
            "remove": "GLOBAL:remove",
            "refresh": "GLOBAL:upgrade",
        },
    },
    "choco": {
        "eco": "Chocolatey",
        "subs": {
            "install": "GLOBAL:install",
            "upgrade": "GLOBAL:upgrade",
            "uninstall": "GLOBAL:remove",
        },
    },
    "winget": {
        "eco": "WinGet",
        "subs": {
            "install": "GLOBAL:install",
            "add": "GLOBAL:install",
            "upgrade": "GLOBAL:upgrade",
            "update": "GLOBAL:upgrade",
            "uninstall": "GLOBAL:remove",
        },
        "values": frozenset({"--id", "-v", "--version", "-s", "--source"}),
    },
    "scoop": {
        "eco": "Scoop",
        "subs": {
            "install": "GLOBAL:install",
            "update": "GLOBAL:upgrade",
            "uninstall": "GLOBAL:remove",
        },
    },
}

# Other spellings of the tools above (after the directory and ``.exe`` are dropped).
ALIASES = {
    "pip3": "pip",
    "pip2": "pip",
    "npm.cmd": "npm",
    "yarnpkg": "yarn",
    "mamba": "conda",
    "micromamba": "conda",
    "flutter": "dart",
    "tofu": "terraform",
    "gradlew": "gradle",
    "apt-get": "apt",
    "aptitude": "apt",
    "yum": "dnf",
    "microdnf": "dnf",
    "tdnf": "dnf",
    "yay": "pacman",
    "paru": "pacman",
    "bundler": "bundle",
}

# The wrappers and shells are in ``caveat.common.shellwrap``.
PYTHONS = ("python", "py", "pypy")  # python3, python3.12, py -3 … (prefix match)
# Tools with a ``run`` that executes the rest inside the project environment.
RUNNERS = frozenset({"poetry", "pipenv", "pdm", "uv", "hatch", "rye", "conda"})

# The cheap pre-filter's data lives in the package module (imported on every call).
